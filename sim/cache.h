/*
 * cache.h - a set-associative sector cache with LRU replacement: the tag
 * store of an L1 or the L2 (data lives in global memory; a cache only
 * decides timing). Each line holds up to 8 sectors, each valid or not and
 * dirty or not; a line remembers when its latest fill arrives, so that a
 * request for a sector still in flight waits for that fill (an MSHR merge)
 * instead of asking again.
 *
 * Addresses are byte addresses; times are cycles.
 */
#ifndef SIMT_CACHE_H
#define SIMT_CACHE_H

#include <stdint.h>

#include "refusal.h"

struct cache_line {
	uint32_t tag;     /* line address / sets */
	uint8_t valid;    /* sectors present or being filled */
	uint8_t dirty;    /* sectors written and not yet written back */
	/* the L2's two partitions (mem.c, l2.far_cycles): the sectors the
	 * partition that is not the line's home holds a copy of, the latest
	 * arriving at copy_ready */
	uint8_t copy;
	uint64_t ready;   /* cycle the latest fill of a sector of this line arrives */
	uint64_t used;    /* LRU stamp: higher is more recent */
	uint64_t copy_ready;
};

struct cache {
	unsigned sets, ways;
	unsigned line, sector;     /* bytes */
	unsigned line_shift;       /* log2(line) */
	struct cache_line *lines;  /* sets x ways; valid == 0 is an empty way */
	uint64_t tick;
};

/* What a request for some sectors of one line found. */
struct cache_probe {
	uint8_t present;  /* requested sectors valid (maybe still in flight) */
	uint64_t ready;   /* when the line's latest fill arrives */
	struct cache_line *line; /* the line, NULL if the cache holds none of it */
};

/* Geometry was checked by cache_geometry_error. */
void cache_init(struct cache *c, uint64_t size, unsigned line, unsigned sector, unsigned ways);
void cache_free(struct cache *c);

/* REFUSE_NONE if the geometry is usable, else what is wrong with it
 * (REFUSE_LINE_POW2, REFUSE_SECTOR or REFUSE_CACHE_SIZE; gpu.h). */
enum sim_refusal cache_geometry_error(uint64_t size, unsigned line, unsigned sector, unsigned ways);

/* The sectors of [addr, addr + bytes) within addr's line (bytes > 0, the
 * range inside one line). */
uint8_t cache_sectors(const struct cache *c, uint32_t addr, uint32_t bytes);

/* The line of addr if the cache holds any of it (not a use), else NULL. */
struct cache_line *cache_find(struct cache *c, uint32_t addr);

/* Look up the line of addr; counts as a use (LRU) when anything is present. */
struct cache_probe cache_probe(struct cache *c, uint32_t addr, uint8_t sectors);

/* Make sectors of addr's line valid (allocating the line, with no copy,
 * evicting the LRU way of its set if needed), arriving at cycle ready,
 * dirty if dirty.
 * Returns the number of dirty sectors evicted (to be written back). */
unsigned cache_fill(struct cache *c, uint32_t addr, uint8_t sectors, uint64_t ready, int dirty);

/* Drop sectors of addr's line if present (a write that bypasses the cache). */
void cache_invalidate(struct cache *c, uint32_t addr, uint8_t sectors);

/* Drop every line (a fence that invalidates the L1). */
void cache_invalidate_all(struct cache *c);

#endif
