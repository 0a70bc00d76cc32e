/*
 * heap.h - a binary min-heap of 64-bit keys in a caller's array: the L1's
 * MSHRs (completion cycles, mem.c) and the SM-major schedule's events
 * (smmajor.c). heap_push adds v (the array holds at least *n + 1);
 * heap_pop drops the least, h[0]. Small: defined here, inlined.
 */
#ifndef SIMT_HEAP_H
#define SIMT_HEAP_H

#include <stdint.h>

static inline void heap_push(uint64_t *h, unsigned *n, uint64_t v)
{
	unsigned i = (*n)++;
	while (i && h[(i - 1) / 2] > v) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = v;
}

static inline void heap_pop(uint64_t *h, unsigned *n)
{
	uint64_t v = h[--*n];
	unsigned i = 0;
	for (;;) {
		unsigned c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1] < h[c])
			c++;
		if (h[c] >= v)
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = v;
}

#endif
