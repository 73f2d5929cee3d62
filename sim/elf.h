/* elf.h - ELF32 little-endian RISC-V loader for Weft kernels and bare
 * programs. Internal to sim/.
 *
 * weft_elf_load() reads the whole file, validates it (magic, class, data
 * encoding, version, type, machine, program and section header tables,
 * every PT_LOAD segment inside device RAM and outside the stack region) and
 * only then copies the PT_LOAD segments into RAM (filesz bytes from the
 * file, zero fill up to memsz). A file that fails validation leaves RAM
 * untouched. Symbols of .symtab are kept for weft_elf_symbol().
 */
#ifndef WEFT_ELF_H
#define WEFT_ELF_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    const char *name;     /* points into the owned string table */
    uint32_t value;
    uint32_t size;
    unsigned char type;   /* STT_* */
    unsigned char global; /* STB_GLOBAL or STB_WEAK */
} weft_elf_sym_t;

typedef struct {
    uint32_t entry;          /* e_entry */
    uint32_t lo, hi;         /* lowest and highest (exclusive) loaded address */
    unsigned nsegments;      /* PT_LOAD segments with memsz > 0 */
    weft_elf_sym_t *syms;
    size_t nsyms;
    char *strtab;            /* owned copy of the symbol string table */
} weft_elf_t;

/* Where a segment may go: [ram_base, ram_base + load_limit) must hold it
 * (load_limit = RAM size minus the stack region). */
typedef struct {
    uint8_t *ram;
    uint32_t ram_base;
    uint32_t ram_size;
    uint32_t load_limit;
} weft_elf_target_t;

/* Load path into target. On success fills *elf (free with weft_elf_free)
 * and returns 0. On failure returns WEFT_E_ELF (bad or missing file) or
 * WEFT_E_INTERNAL (out of host memory) and writes a message to err. */
int weft_elf_load(weft_elf_t *elf, const char *path, const weft_elf_target_t *target,
                  char *err, size_t errlen);
void weft_elf_free(weft_elf_t *elf);

/* Look up a defined symbol (global binding preferred over local). Returns 1
 * and sets *value when found, 0 otherwise. */
int weft_elf_symbol(const weft_elf_t *elf, const char *name, uint32_t *value);

/* The divergence mode an ELF asks for (issue 16, docs/isa.md "Divergence
 * modes"): the contents of its section .weft.divergence ("ipdom" or "minpc",
 * up to a NUL or newline; the build adds it to the plain-C kernels with
 * objcopy --add-section). Returns the mode's code (WEFT_DIVERGENCE_*), -1
 * when the file has no such section or cannot be read as an ELF (the loader
 * reports that), or -2 with a message in err when the section holds
 * something else. */
int weft_elf_divergence(const char *path, char *err, size_t errlen);

#endif
