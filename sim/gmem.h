/*
 * gmem.h - the kernel's global memory: named buffers at fixed addresses in
 * a 32-bit address space.
 *
 * Buffers are placed from GMEM_BASE upward, each 256-byte aligned and
 * followed by an unmapped gap of at least 256 bytes, so that running off the
 * end of one buffer faults instead of reaching the next. Address 0 (NULL)
 * and everything below GMEM_BASE is unmapped.
 */
#ifndef SIMT_GMEM_H
#define SIMT_GMEM_H

#include <stdbool.h>
#include <stdint.h>

#define GMEM_BASE 0x00100000u
#define GMEM_ALIGN 256u

struct gmem_buffer {
	char name[48];
	uint32_t base; /* address */
	uint32_t size; /* bytes */
	uint8_t *data; /* owned */
	bool uninit;   /* not filled by the workload (initcheck tracks its words) */
	bool readonly; /* constant memory: ldk reads it, a store or atomic faults */
};

struct gmem {
	struct gmem_buffer *bufs;
	unsigned n, cap;
	uint32_t next; /* next free address */
	/* translation cache: index of the last buffer hit (atomic, relaxed:
	 * SMs on several host threads translate at once; any index stored is
	 * a buffer's, and the hit is checked) */
	_Atomic unsigned last;
};

void gmem_init(struct gmem *g);
void gmem_free(struct gmem *g);

/* Add a zeroed buffer of size bytes. Returns its index, or
 * GMEM_NO_ADDRESSES when the 32-bit address space is exhausted, or
 * GMEM_NO_HOST_MEMORY when the host cannot allocate it. */
#define GMEM_NO_ADDRESSES (-1)
#define GMEM_NO_HOST_MEMORY (-2)
int gmem_add(struct gmem *g, const char *name, uint32_t size) __attribute__((warn_unused_result));

/* The buffer holding address addr: its host data, with its first address
 * in *base, its size in bytes in *size and whether it is constant memory in
 * *readonly (unless readonly is NULL); NULL (nothing set) where addr is in
 * no buffer. ctx is the
 * struct gmem (the exec_gmem callback shape). */
uint8_t *gmem_region(void *ctx, uint32_t addr, uint32_t *base, uint32_t *size, bool *readonly);

/* For fault messages: the buffer containing addr, else the nearest one
 * below it, else the first; NULL if there are none. */
const struct gmem_buffer *gmem_nearest(const struct gmem *g, uint32_t addr);

#endif
