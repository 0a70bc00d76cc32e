/* gmem.c - global memory buffers. */
#include "gmem.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

void gmem_init(struct gmem *g)
{
	memset(g, 0, sizeof *g);
	g->next = GMEM_BASE;
}

void gmem_free(struct gmem *g)
{
	for (unsigned i = 0; i < g->n; i++)
		free(g->bufs[i].data);
	free(g->bufs);
	memset(g, 0, sizeof *g);
}

int gmem_add(struct gmem *g, const char *name, uint32_t size)
{
	uint64_t base = g->next;
	uint64_t end = base + size;
	uint64_t next = (end + 2 * GMEM_ALIGN - 1) / GMEM_ALIGN * GMEM_ALIGN;
	if (next > UINT32_MAX)
		return GMEM_NO_ADDRESSES;
	uint8_t *data = calloc(size ? size : 1, 1); /* (sized by the input: a failure is the input's error) */
	if (!data)
		return GMEM_NO_HOST_MEMORY;
	GROW(g->bufs, g->cap, g->n + 1);
	struct gmem_buffer *b = &g->bufs[g->n];
	memset(b, 0, sizeof *b);
	size_t nl = strlen(name);
	memcpy(b->name, name, nl < sizeof b->name ? nl : sizeof b->name - 1);
	b->base = (uint32_t)base;
	b->size = size;
	b->data = data;
	g->next = (uint32_t)next;
	return (int)g->n++;
}

uint8_t *gmem_region(void *ctx, uint32_t addr, uint32_t *base, uint32_t *size, bool *readonly)
{
	struct gmem *g = ctx;
	if (g->n == 0)
		return NULL;
	const struct gmem_buffer *b = &g->bufs[atomic_load_explicit(&g->last, memory_order_relaxed)];
	if (addr - b->base < b->size) {
		*base = b->base;
		*size = b->size;
		if (readonly)
			*readonly = b->readonly;
		return b->data;
	}
	for (unsigned i = 0; i < g->n; i++) {
		b = &g->bufs[i];
		if (addr - b->base < b->size) {
			atomic_store_explicit(&g->last, i, memory_order_relaxed);
			*base = b->base;
			*size = b->size;
			if (readonly)
				*readonly = b->readonly;
			return b->data;
		}
	}
	return NULL;
}

const struct gmem_buffer *gmem_nearest(const struct gmem *g, uint32_t addr)
{
	const struct gmem_buffer *best = g->n ? &g->bufs[0] : NULL;
	for (unsigned i = 0; i < g->n; i++)
		if (g->bufs[i].base <= addr)
			best = &g->bufs[i];
	return best;
}
