/* util.c - allocation helpers and file reading. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* The end of a run the host cannot hold: said on stderr (the one message
 * outside the tools' own reporting), then abort, as util.h states. */
static void out_of_memory(size_t n)
{
	fprintf(stderr, "error: out of host memory (an allocation of %zu bytes failed)\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(size && n > SIZE_MAX / size ? SIZE_MAX : n * size);
	return p;
}

void *xcalloc_aligned(size_t n, size_t size, size_t align)
{
	n = n ? n : 1;
	size = size ? size : 1;
	if (n > SIZE_MAX / size)
		out_of_memory(SIZE_MAX);
	size_t bytes = (n * size + align - 1) / align * align;
	void *p = NULL;
	if (posix_memalign(&p, align, bytes))
		out_of_memory(bytes);
	memset(p, 0, bytes);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory(n);
	return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

char *xstrndup(const char *s, size_t n)
{
	char *r = xmalloc(n + 1);
	memcpy(r, s, n);
	r[n] = 0;
	return r;
}

void grow_array(void **arr, unsigned *cap, unsigned need, size_t elem)
{
	if (need <= *cap)
		return;
	unsigned c = *cap ? *cap : 8;
	while (c < need)
		c *= 2;
	*arr = xrealloc(*arr, (size_t)c * elem);
	memset((char *)*arr + (size_t)*cap * elem, 0, (size_t)(c - *cap) * elem);
	*cap = c;
}

char *read_input(const char *path, size_t max, size_t *len, char *why, size_t why_n)
{
	char dummy[8];
	if (!why) {
		why = dummy;
		why_n = sizeof dummy;
	}
	/* opened without blocking: a FIFO would wait for a writer before fstat
	 * could refuse it */
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0) {
		snprintf(why, why_n, "%s", strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(why, why_n, "not a regular file");
		close(fd);
		return NULL;
	}
	FILE *f = fcntl(fd, F_SETFL, 0) == 0 ? fdopen(fd, "rb") : NULL;
	if (!f) {
		snprintf(why, why_n, "%s", strerror(errno));
		close(fd);
		return NULL;
	}
	if ((uint64_t)st.st_size > (uint64_t)max) {
		snprintf(why, why_n, "larger than %zu bytes", max);
		fclose(f);
		return NULL;
	}
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *buf = xmalloc(cap + 1);
	for (;;) { /* the file may grow while read: never past max */
		size_t k = fread(buf + n, 1, cap - n, f);
		n += k;
		if (k == 0 || n > max)
			break;
		if (n == cap)
			buf = xrealloc(buf, (cap *= 2) + 1);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad || n > max) {
		snprintf(why, why_n, bad ? "read error" : "larger than %zu bytes", max);
		free(buf);
		return NULL;
	}
	buf[n] = 0;
	if (len)
		*len = n;
	return buf;
}

char *read_file(const char *path, size_t *len)
{
	return read_input(path, READ_MAX_TEXT, len, NULL, 0);
}
