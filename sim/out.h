/* out.h - output files written safely (issue 19, D1/D4/D6).
 *
 * A regular output file is written to a temporary file in the same
 * directory (PATH.tmp.PID.N) and renamed over PATH only by weft_out_commit,
 * so PATH (which may be an input of the run) is never emptied before the run
 * has read its inputs, and a reader never sees half a file. A path that
 * exists and is not a regular file (/dev/null, /dev/full, a FIFO, a
 * terminal) is written directly. Every write error is sticky in the FILE and
 * checked at commit (fflush, ferror, fclose, rename).
 *
 * Also the escapers for the report formats: JSON strings (RFC 8259) and CSV
 * fields (RFC 4180). */
#ifndef WEFT_OUT_H
#define WEFT_OUT_H

#include <stdio.h>

typedef struct {
    FILE *f;        /* write here between open and commit/abort */
    char *path;     /* the final path */
    char *tmp;      /* the temporary path, NULL when written directly */
} weft_out_t;

/* Opens o for path; returns o->f or NULL (errno set, nothing created). */
FILE *weft_out_open(weft_out_t *o, const char *path);
/* Flushes, checks, closes and renames; returns 0, or -1 with a message
 * "cannot write PATH: reason" in msg (the temporary file is removed). */
int weft_out_commit(weft_out_t *o, char *msg, size_t len);
/* Closes and removes the temporary file (PATH is left as it was). */
void weft_out_abort(weft_out_t *o);

/* 1 when a and b name the same existing file (same device and inode). */
int weft_same_file(const char *a, const char *b);

/* s as a JSON string with its quotes ("null" for NULL). */
void weft_json_str(FILE *f, const char *s);
/* s as a CSV field, quoted when it holds a comma, quote, CR or LF. */
void weft_csv_field(FILE *f, const char *s);

#endif
