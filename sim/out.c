/* out.c - output files written safely, JSON and CSV escaping (out.h). */
#define _POSIX_C_SOURCE 200809L
#include "out.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void out_free(weft_out_t *o)
{
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    o->f = NULL;
}

FILE *weft_out_open(weft_out_t *o, const char *path)
{
    static unsigned counter;
    memset(o, 0, sizeof *o);
    struct stat st;
    int direct = stat(path, &st) == 0 && !S_ISREG(st.st_mode);
    o->path = strdup(path);
    if (!o->path) return NULL;
    if (direct) {
        o->f = fopen(path, "w");
        if (!o->f) { int e = errno; out_free(o); errno = e; }
        return o->f;
    }
    size_t n = strlen(path) + 48;
    o->tmp = malloc(n);
    if (!o->tmp) { out_free(o); errno = ENOMEM; return NULL; }
    snprintf(o->tmp, n, "%s.tmp.%ld.%u", path, (long)getpid(), counter++);
    int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0) { int e = errno; out_free(o); errno = e; return NULL; }
    o->f = fdopen(fd, "w");
    if (!o->f) { int e = errno; close(fd); unlink(o->tmp); out_free(o); errno = e; }
    return o->f;
}

int weft_out_commit(weft_out_t *o, char *msg, size_t len)
{
    if (!o->f) return 0;
    int err = 0;
    if (fflush(o->f) != 0 || ferror(o->f)) err = errno ? errno : EIO;
    if (fclose(o->f) != 0 && !err) err = errno ? errno : EIO;
    o->f = NULL;
    if (!err && o->tmp && rename(o->tmp, o->path) != 0) err = errno;
    if (err) {
        snprintf(msg, len, "cannot write %s: %s", o->path, strerror(err));
        if (o->tmp) unlink(o->tmp);
    }
    out_free(o);
    return err ? -1 : 0;
}

void weft_out_abort(weft_out_t *o)
{
    if (o->f) fclose(o->f);
    if (o->tmp) unlink(o->tmp);
    out_free(o);
}

int weft_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b) return 0;
    if (strcmp(a, b) == 0) return 1;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

void weft_json_str(FILE *f, const char *s)
{
    if (!s) { fputs("null", f); return; }
    putc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\r': fputs("\\r", f); break;
        case '\t': fputs("\\t", f); break;
        case '\b': fputs("\\b", f); break;
        case '\f': fputs("\\f", f); break;
        default:
            if (*p < 0x20 || *p == 0x7f) fprintf(f, "\\u%04x", *p);
            else putc(*p, f); /* UTF-8 bytes pass through */
        }
    }
    putc('"', f);
}

void weft_csv_field(FILE *f, const char *s)
{
    if (!s) return;
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, f); return; }
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"') putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}
