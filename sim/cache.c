/* cache.c - set-associative sector cache, LRU (see cache.h). */
#include "cache.h"

#include <stdlib.h>

#include "util.h"

enum sim_refusal cache_geometry_error(uint64_t size, unsigned line, unsigned sector, unsigned ways)
{
	if (line & (line - 1))
		return REFUSE_LINE_POW2;
	if (sector > line || line % sector || line / sector > 8 || (sector & (sector - 1)))
		return REFUSE_SECTOR;
	if (size % ((uint64_t)line * ways))
		return REFUSE_CACHE_SIZE;
	return REFUSE_NONE;
}

void cache_init(struct cache *c, uint64_t size, unsigned line, unsigned sector, unsigned ways)
{
	c->line = line;
	c->sector = sector;
	c->ways = ways;
	c->sets = (unsigned)(size / ((uint64_t)line * ways));
	c->line_shift = (unsigned)__builtin_ctz(line);
	c->lines = xcalloc((size_t)c->sets * ways, sizeof *c->lines);
	c->tick = 0;
}

void cache_free(struct cache *c)
{
	free(c->lines);
	c->lines = NULL;
}

uint8_t cache_sectors(const struct cache *c, uint32_t addr, uint32_t bytes)
{
	uint32_t off = addr & (c->line - 1);
	unsigned first = off / c->sector, last = (off + bytes - 1) / c->sector;
	return (uint8_t)(((2u << last) - 1) & ~((1u << first) - 1));
}

static struct cache_line *find(struct cache *c, uint32_t addr, struct cache_line **set_out)
{
	uint32_t la = addr >> c->line_shift;
	uint32_t set = la % c->sets, tag = la / c->sets;
	struct cache_line *set_lines = &c->lines[(size_t)set * c->ways];
	*set_out = set_lines;
	for (unsigned w = 0; w < c->ways; w++)
		if (set_lines[w].valid && set_lines[w].tag == tag)
			return &set_lines[w];
	return NULL;
}

struct cache_line *cache_find(struct cache *c, uint32_t addr)
{
	struct cache_line *set;
	return find(c, addr, &set);
}

struct cache_probe cache_probe(struct cache *c, uint32_t addr, uint8_t sectors)
{
	struct cache_line *set;
	struct cache_line *l = find(c, addr, &set);
	struct cache_probe r = {0, 0, l};
	if (!l)
		return r;
	r.present = l->valid & sectors;
	r.ready = l->ready;
	if (r.present)
		l->used = ++c->tick;
	return r;
}

unsigned cache_fill(struct cache *c, uint32_t addr, uint8_t sectors, uint64_t ready, int dirty)
{
	struct cache_line *set;
	struct cache_line *l = find(c, addr, &set);
	unsigned evicted = 0;
	if (!l) {
		l = &set[0];
		for (unsigned w = 0; w < c->ways; w++) {
			if (!set[w].valid) {
				l = &set[w];
				break;
			}
			if (set[w].used < l->used)
				l = &set[w];
		}
		evicted = l->valid ? (unsigned)__builtin_popcount(l->dirty) : 0;
		l->tag = (addr >> c->line_shift) / c->sets;
		l->valid = l->dirty = 0;
		l->ready = 0;
		l->copy = 0;
	}
	l->valid |= sectors;
	if (dirty)
		l->dirty |= sectors;
	if (ready > l->ready)
		l->ready = ready;
	l->used = ++c->tick;
	return evicted;
}

void cache_invalidate(struct cache *c, uint32_t addr, uint8_t sectors)
{
	struct cache_line *set;
	struct cache_line *l = find(c, addr, &set);
	if (l) {
		l->valid &= (uint8_t)~sectors;
		l->dirty &= (uint8_t)~sectors;
	}
}

void cache_invalidate_all(struct cache *c)
{
	for (size_t i = 0; i < (size_t)c->sets * c->ways; i++) {
		c->lines[i].valid = 0;
		c->lines[i].dirty = 0;
	}
}
