/* util.h - allocation helpers. Allocation failure aborts: there is no
 * sensible recovery inside the simulator and no caller can act on it. */
#ifndef SIMT_UTIL_H
#define SIMT_UTIL_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grow *arr (of elem-sized items, *cap allocated) to hold at least need. */
void grow_array(void **arr, unsigned *cap, unsigned need, size_t elem);
#define GROW(arr, cap, need) grow_array((void **)&(arr), &(cap), (need), sizeof *(arr))

/* Read a whole file; NULL (errno set) on failure. *len gets its size. */
char *read_file(const char *path, size_t *len);

#endif
