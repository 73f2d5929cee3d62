/* test_f.h - the RV32F directed tests (tests/isa_f): tests/isa/test.h
 * (START, PASS, FAIL, TCHECK, TCHECKR, END_CHECKS, COMMON_TAIL) plus the
 * F CSRs and flag bits. fflags/frm/fcsr are per warp (docs/isa.md). */
#include "test.h"

#define CSR_FFLAGS 0x001
#define CSR_FRM    0x002
#define CSR_FCSR   0x003

#define F_NX 0x01
#define F_UF 0x02
#define F_OF 0x04
#define F_DZ 0x08
#define F_NV 0x10

#define CANON_NAN 0x7fc00000
