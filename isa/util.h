/* util.h - allocation helpers. Allocation failure says so on stderr and
 * aborts: there is no sensible recovery inside the simulator and no caller
 * can act on it. (The one large allocation an input sizes, a workload's
 * buffers, is checked by its caller: gmem_add.) */
#ifndef SIMT_UTIL_H
#define SIMT_UTIL_H

#include <stddef.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* n zeroed items of size bytes starting on an align-byte boundary (a power
 * of two, a multiple of sizeof(void *)), for types aligned to the host's
 * cache lines; freed with free(). */
void *xcalloc_aligned(size_t n, size_t size, size_t align);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grow *arr (of elem-sized items, *cap allocated) to hold at least need. */
void grow_array(void **arr, unsigned *cap, unsigned need, size_t elem);
#define GROW(arr, cap, need) grow_array((void **)&(arr), &(cap), (need), sizeof *(arr))

/* The one reader of input files (workloads, includes, configs, data and
 * check files, GPU answers): a whole regular file of at most max bytes,
 * NUL-terminated (*len bytes before the terminator, which may themselves
 * hold NULs: callers that read text refuse them). On failure NULL, and why
 * (at most why_n bytes) says what went wrong: the system's message, "not a
 * regular file" (a directory, a device, a pipe) or "larger than N bytes". */
char *read_input(const char *path, size_t max, size_t *len, char *why, size_t why_n);

#define READ_MAX_TEXT ((size_t)64 << 20) /* workloads, includes, configs (bytes) */

/* read_input with READ_MAX_TEXT and no message (tests and tools). */
char *read_file(const char *path, size_t *len);

#endif
