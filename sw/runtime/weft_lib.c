/* weft_lib.c - console output and the memory functions GCC may call.
 *
 * Every function here is divergence-safe: the threads of a warp may pass
 * different arguments (different strings, numbers or lengths). Data-dependent
 * loops use WEFT_WHILE and data-dependent output uses WEFT_IF; fixed-length
 * loops are warp-uniform.
 *
 * Build with -fno-tree-loop-distribute-patterns (sw/sw.mk) so GCC does not
 * turn the loops of memset/memcpy into calls to themselves.
 */
#include "weft_device.h"

void weft_print(const char *s)
{
    WEFT_WHILE(*s != 0) {
        weft_putchar(*s);
        s++;
    } WEFT_ENDWHILE
}

void weft_puts(const char *s)
{
    weft_print(s);
    weft_putchar('\n');
}

/* Ten decimal digits, most significant first, leading zeros suppressed. */
void weft_print_udec(uint32_t v)
{
    char d[10];
    uint32_t started = 0;

    for (int i = 9; i >= 0; i--) {
        d[i] = (char)('0' + v % 10u);
        v /= 10u;
    }
    for (int i = 0; i < 10; i++) {
        started |= (uint32_t)(d[i] != '0') | (uint32_t)(i == 9);
        WEFT_IF(started) {
            weft_putchar(d[i]);
        } WEFT_ENDIF
    }
}

void weft_print_dec(int32_t v)
{
    const uint32_t neg = (uint32_t)v >> 31;
    const uint32_t mag = ((uint32_t)v ^ (0u - neg)) + neg; /* |v|, also for INT32_MIN */

    WEFT_IF(neg) {
        weft_putchar('-');
    } WEFT_ENDIF
    weft_print_udec(mag);
}

void weft_print_hex(uint32_t v)
{
    weft_putchar('0');
    weft_putchar('x');
    for (int sh = 28; sh >= 0; sh -= 4) {
        const uint32_t nib = (v >> sh) & 15u;
        weft_putchar((int)weft_select(nib < 10u, '0' + nib, 'a' - 10u + nib));
    }
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *p = dst;
    unsigned char *const end = p + n;

    WEFT_WHILE(p != end) {
        *p++ = (unsigned char)c;
    } WEFT_ENDWHILE
    return dst;
}

void *memcpy(void *restrict dst, const void *restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    unsigned char *const end = d + n;

    WEFT_WHILE(d != end) {
        *d++ = *s++;
    } WEFT_ENDWHILE
    return dst;
}

/* Copies forward or backward; the direction may differ between threads. */
void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;

    WEFT_IF((uintptr_t)d <= (uintptr_t)s) {
        size_t i = 0;
        WEFT_WHILE(i != n) {
            d[i] = s[i];
            i++;
        } WEFT_ENDWHILE
    } WEFT_ELSE {
        size_t i = n;
        WEFT_WHILE(i != 0) {
            i--;
            d[i] = s[i];
        } WEFT_ENDWHILE
    } WEFT_ENDIF
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    size_t i = 0;
    uint32_t diff = 0;

    WEFT_WHILE((i != n) & (diff == 0)) {
        diff = (uint32_t)x[i] - (uint32_t)y[i];
        i++;
    } WEFT_ENDWHILE
    return (int)diff;
}
