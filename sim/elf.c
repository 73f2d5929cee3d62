/* elf.c - ELF32 little-endian RISC-V loader (see elf.h). */
#define _POSIX_C_SOURCE 200809L
#include "elf.h"
#include "weft.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    EHDR_SIZE = 52,
    PHDR_SIZE = 32,
    SHDR_SIZE = 40,
    SYM_SIZE = 16,
    PT_LOAD = 1,
    SHT_SYMTAB = 2,
    SHT_NOBITS = 8,
    ET_EXEC = 2,
    EM_RISCV = 243,
    EF_RISCV_RVC = 0x1,
    STT_SECTION = 3,
    STT_FILE = 4,
    STB_GLOBAL = 1,
    STB_WEAK = 2,
};

static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static int fail(char *err, size_t errlen, int code, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int fail(char *err, size_t errlen, int code, const char *path, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (err && errlen)
        snprintf(err, errlen, "%s: %s", path, msg);
    return code;
}

/* Read the whole file into a malloc'd buffer. */
static int read_file(const char *path, uint8_t **data, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, errlen, WEFT_E_ELF, path, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return fail(err, errlen, WEFT_E_INTERNAL, path, "out of host memory");
    }
    for (;;) {
        if (n == cap) {
            if (cap > ((size_t)1 << 30)) {
                free(buf);
                fclose(f);
                return fail(err, errlen, WEFT_E_ELF, path, "file larger than 1 GiB");
            }
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return fail(err, errlen, WEFT_E_INTERNAL, path, "out of host memory");
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno;
                free(buf);
                fclose(f);
                return fail(err, errlen, WEFT_E_ELF, path, "read error: %s", strerror(e));
            }
            break;
        }
    }
    fclose(f);
    *data = buf;
    *len = n;
    return 0;
}

void weft_elf_free(weft_elf_t *elf)
{
    if (!elf)
        return;
    free(elf->syms);
    free(elf->strtab);
    memset(elf, 0, sizeof *elf);
}

/* The section header table of the ELF image d (len bytes): its offset in
 * *shoff and entry count in *shnum (0: no sections, e.g. stripped). Returns
 * 0, or WEFT_E_ELF with a message when the table is malformed. */
static int section_table(const uint8_t *d, size_t len, uint32_t *shoff, uint16_t *shnum,
                         const char *path, char *err, size_t errlen)
{
    uint16_t shentsize = rd16(d + 46);
    *shoff = rd32(d + 32);
    *shnum = rd16(d + 48);
    if (*shoff == 0 || *shnum == 0) {
        *shnum = 0;
        return 0;
    }
    if (shentsize != SHDR_SIZE)
        return fail(err, errlen, WEFT_E_ELF, path, "bad section header size %u (expected %u)",
                    shentsize, SHDR_SIZE);
    if ((uint64_t)*shoff + (uint64_t)*shnum * SHDR_SIZE > len)
        return fail(err, errlen, WEFT_E_ELF, path,
                    "truncated file: section header table at 0x%x (%u entries) beyond end (%zu bytes)",
                    *shoff, *shnum, len);
    return 0;
}

/* Read .symtab (if any) into elf->syms. */
static int load_symbols(weft_elf_t *elf, const uint8_t *d, size_t len, const char *path,
                        char *err, size_t errlen)
{
    uint32_t shoff;
    uint16_t shnum;
    int rc = section_table(d, len, &shoff, &shnum, path, err, errlen);
    if (rc != 0 || shnum == 0)
        return rc; /* malformed, or stripped: no symbols */
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = d + shoff + (size_t)i * SHDR_SIZE;
        if (rd32(sh + 4) != SHT_SYMTAB)
            continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20), link = rd32(sh + 24);
        uint32_t entsize = rd32(sh + 36);
        if (entsize != SYM_SIZE)
            return fail(err, errlen, WEFT_E_ELF, path, "bad symbol entry size %u", entsize);
        if ((uint64_t)off + size > len)
            return fail(err, errlen, WEFT_E_ELF, path, "truncated file: symbol table beyond end");
        if (link >= shnum)
            return fail(err, errlen, WEFT_E_ELF, path, "symbol table links to bad section %u", link);
        const uint8_t *sl = d + shoff + (size_t)link * SHDR_SIZE;
        if (rd32(sl + 4) == SHT_NOBITS)
            return fail(err, errlen, WEFT_E_ELF, path, "symbol string table has no data");
        uint32_t stroff = rd32(sl + 16), strsize = rd32(sl + 20);
        if ((uint64_t)stroff + strsize > len)
            return fail(err, errlen, WEFT_E_ELF, path, "truncated file: string table beyond end");
        if (strsize == 0 || d[stroff + strsize - 1] != 0)
            return fail(err, errlen, WEFT_E_ELF, path, "string table not NUL-terminated");
        size_t nsym = size / SYM_SIZE;
        elf->strtab = malloc(strsize);
        elf->syms = calloc(nsym ? nsym : 1, sizeof *elf->syms);
        if (!elf->strtab || !elf->syms)
            return fail(err, errlen, WEFT_E_INTERNAL, path, "out of host memory");
        memcpy(elf->strtab, d + stroff, strsize);
        size_t k = 0;
        for (size_t s = 0; s < nsym; s++) {
            const uint8_t *e = d + off + s * SYM_SIZE;
            uint32_t name = rd32(e), value = rd32(e + 4), ssize = rd32(e + 8);
            unsigned info = e[12];
            uint16_t shndx = rd16(e + 14);
            if (name == 0 || shndx == 0)
                continue; /* unnamed or undefined */
            if ((info & 0xf) == STT_SECTION || (info & 0xf) == STT_FILE)
                continue;
            if (name >= strsize)
                return fail(err, errlen, WEFT_E_ELF, path, "symbol %zu name offset out of range", s);
            elf->syms[k].name = elf->strtab + name;
            elf->syms[k].value = value;
            elf->syms[k].size = ssize;
            elf->syms[k].type = (unsigned char)(info & 0xf);
            elf->syms[k].global = (info >> 4) == STB_GLOBAL || (info >> 4) == STB_WEAK;
            k++;
        }
        elf->nsyms = k;
        return 0; /* one symbol table per file */
    }
    return 0;
}

int weft_elf_load(weft_elf_t *elf, const char *path, const weft_elf_target_t *t,
                  char *err, size_t errlen)
{
    memset(elf, 0, sizeof *elf);
    uint8_t *d = NULL;
    size_t len = 0;
    int rc = read_file(path, &d, &len, err, errlen);
    if (rc)
        return rc;

    rc = WEFT_E_ELF;
    if (len < 4 || memcmp(d, "\177ELF", 4) != 0) {
        fail(err, errlen, rc, path, "not an ELF file (bad magic)");
        goto out;
    }
    if (len < EHDR_SIZE) {
        fail(err, errlen, rc, path, "truncated file: %zu bytes, ELF header needs %d", len, EHDR_SIZE);
        goto out;
    }
    if (d[4] != 1) {
        fail(err, errlen, rc, path, "ELF class %u is not ELFCLASS32 (a 64-bit file?)", d[4]);
        goto out;
    }
    if (d[5] != 1) {
        fail(err, errlen, rc, path, "ELF data encoding %u is not little-endian", d[5]);
        goto out;
    }
    if (d[6] != 1 || rd32(d + 20) != 1) {
        fail(err, errlen, rc, path, "unsupported ELF version");
        goto out;
    }
    uint16_t type = rd16(d + 16), machine = rd16(d + 18);
    if (machine != EM_RISCV) {
        fail(err, errlen, rc, path, "machine %u is not RISC-V (%d)", machine, EM_RISCV);
        goto out;
    }
    if (type != ET_EXEC) {
        fail(err, errlen, rc, path, "ELF type %u is not an executable (ET_EXEC); link the program", type);
        goto out;
    }
    uint32_t flags = rd32(d + 36);
    if (flags & EF_RISCV_RVC) {
        fail(err, errlen, rc, path,
             "uses compressed instructions (RVC), which Weft does not implement; compile with -march=rv32im");
        goto out;
    }
    uint32_t entry = rd32(d + 24), phoff = rd32(d + 28);
    uint16_t phentsize = rd16(d + 42), phnum = rd16(d + 44);
    if (phnum == 0) {
        fail(err, errlen, rc, path, "no program headers");
        goto out;
    }
    if (phentsize != PHDR_SIZE) {
        fail(err, errlen, rc, path, "bad program header size %u (expected %d)", phentsize, PHDR_SIZE);
        goto out;
    }
    if ((uint64_t)phoff + (uint64_t)phnum * PHDR_SIZE > len) {
        fail(err, errlen, rc, path, "truncated file: program headers at 0x%x (%u entries) beyond end (%zu bytes)",
             phoff, phnum, len);
        goto out;
    }

    /* Pass 1: validate every PT_LOAD segment. */
    uint64_t ram_lo = t->ram_base, load_end = (uint64_t)t->ram_base + t->load_limit;
    uint64_t ram_end = (uint64_t)t->ram_base + t->ram_size;
    uint64_t lo = UINT64_MAX, hi = 0;
    int entry_ok = 0;
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = d + phoff + (size_t)i * PHDR_SIZE;
        if (rd32(ph) != PT_LOAD)
            continue;
        uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12);
        uint32_t filesz = rd32(ph + 16), memsz = rd32(ph + 20);
        if (memsz == 0)
            continue;
        if ((paddr >> 24) == (WEFT_SMEM_BASE >> 24)) {   /* __shared__ variables: per core, not loaded */
            if (filesz) {
                fail(err, errlen, rc, path, "segment %u: initialised data in shared memory (0x%08x) is not supported",
                     i, paddr);
                goto out;
            }
            if ((uint64_t)(paddr & 0xffffffu) + memsz > WEFT_SMEM_BYTES) {
                fail(err, errlen, rc, path, "segment %u: %u bytes of shared variables exceed the %u of shared memory",
                     i, memsz, WEFT_SMEM_BYTES);
                goto out;
            }
            continue;
        }
        if (filesz > memsz) {
            fail(err, errlen, rc, path, "segment %u: filesz 0x%x > memsz 0x%x", i, filesz, memsz);
            goto out;
        }
        if ((uint64_t)off + filesz > len) {
            fail(err, errlen, rc, path,
                 "truncated file: segment %u data [0x%x, 0x%llx) beyond end of file (%zu bytes)", i,
                 off, (unsigned long long)off + filesz, len);
            goto out;
        }
        uint64_t a = paddr, e = (uint64_t)paddr + memsz;
        if (a < ram_lo || e > ram_end) {
            fail(err, errlen, rc, path,
                 "segment %u [0x%08x, 0x%08llx) outside device RAM [0x%08x, 0x%08llx)", i, paddr,
                 (unsigned long long)e, t->ram_base, (unsigned long long)ram_end);
            goto out;
        }
        if (e > load_end) {
            fail(err, errlen, rc, path,
                 "segment %u [0x%08x, 0x%08llx) overlaps the stack region at 0x%08llx", i, paddr,
                 (unsigned long long)e, (unsigned long long)load_end);
            goto out;
        }
        if (a < lo)
            lo = a;
        if (e > hi)
            hi = e;
        if (entry >= a && entry < e)
            entry_ok = 1;
        elf->nsegments++;
    }
    if (elf->nsegments == 0) {
        fail(err, errlen, rc, path, "no loadable segment");
        goto out;
    }
    if (!entry_ok || (entry & 3)) {
        fail(err, errlen, rc, path, "entry point 0x%08x is not a word address inside a loaded segment", entry);
        goto out;
    }
    rc = load_symbols(elf, d, len, path, err, errlen);
    if (rc)
        goto out;

    /* Pass 2: copy. */
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = d + phoff + (size_t)i * PHDR_SIZE;
        if (rd32(ph) != PT_LOAD)
            continue;
        uint32_t off = rd32(ph + 4), paddr = rd32(ph + 12);
        uint32_t filesz = rd32(ph + 16), memsz = rd32(ph + 20);
        if (memsz == 0 || (paddr >> 24) == (WEFT_SMEM_BASE >> 24))
            continue;
        uint8_t *dst = t->ram + (paddr - t->ram_base);
        memcpy(dst, d + off, filesz);
        memset(dst + filesz, 0, memsz - filesz);
    }
    elf->entry = entry;
    elf->lo = (uint32_t)lo;
    elf->hi = (uint32_t)hi; /* <= load_end <= 2^32 - 1 checked by the caller's config */
    rc = 0;
out:
    free(d);
    if (rc)
        weft_elf_free(elf);
    return rc;
}

int weft_elf_symbol(const weft_elf_t *elf, const char *name, uint32_t *value)
{
    const weft_elf_sym_t *local = NULL;
    for (size_t i = 0; i < elf->nsyms; i++) {
        if (strcmp(elf->syms[i].name, name) != 0)
            continue;
        if (elf->syms[i].global) {
            *value = elf->syms[i].value;
            return 1;
        }
        if (!local)
            local = &elf->syms[i];
    }
    if (local) {
        *value = local->value;
        return 1;
    }
    return 0;
}

int weft_elf_divergence(const char *path, char *err, size_t errlen)
{
    uint8_t *d = NULL;
    size_t len = 0;
    char ignore[8];
    if (read_file(path, &d, &len, ignore, sizeof ignore))
        return -1;
    int mode = -1;
    if (len < EHDR_SIZE || memcmp(d, "\177ELF", 4) != 0 || d[4] != 1 || d[5] != 1)
        goto out;
    /* a malformed table is the loader's error to report: here only "no note" */
    uint32_t shoff;
    uint16_t shnum, shstrndx = rd16(d + 50);
    if (section_table(d, len, &shoff, &shnum, path, ignore, sizeof ignore) != 0 || shnum == 0 ||
        shstrndx >= shnum)
        goto out;
    const uint8_t *strsh = d + shoff + (size_t)shstrndx * SHDR_SIZE;
    uint32_t stroff = rd32(strsh + 16), strsize = rd32(strsh + 20);
    if ((uint64_t)stroff + strsize > len)
        goto out;
    static const char want[] = ".weft.divergence";
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = d + shoff + (size_t)i * SHDR_SIZE;
        uint32_t nm = rd32(sh);
        if (nm >= strsize || strsize - nm < sizeof want || memcmp(d + stroff + nm, want, sizeof want) != 0)
            continue;
        uint32_t off = rd32(sh + 16), size = rd32(sh + 20);
        if (rd32(sh + 4) == SHT_NOBITS || (uint64_t)off + size > len) {
            mode = fail(err, errlen, -2, path, "section %s lies outside the file", want);
            goto out;
        }
        char v[16];
        size_t n = 0;
        while (n < size && n < sizeof v - 1 && d[off + n] && d[off + n] != '\n')
            v[n] = (char)d[off + n], n++;
        v[n] = 0;
        if (strcmp(v, "ipdom") == 0)
            mode = WEFT_DIVERGENCE_IPDOM;
        else if (strcmp(v, "minpc") == 0)
            mode = WEFT_DIVERGENCE_MINPC;
        else
            mode = fail(err, errlen, -2, path, "section %s holds '%s'; expected ipdom or minpc", want, v);
        goto out;
    }
out:
    free(d);
    return mode;
}
