# tiny.S - a minimal program, assembled in several wrong ways to test the ELF
# loader's checks (see model.mk).
    .globl _start
_start:
    li a0, 1
    li a1, 0x10000004
    sw a0, 0(a1)
1:  j 1b
