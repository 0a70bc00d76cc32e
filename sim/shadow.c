/* shadow.c - racecheck and initcheck shadow state (see shadow.h). */
#include "shadow.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* warpsync releases remembered per warp: an access this many releases old
 * is taken as synchronised with every later one (no report). */
#define WS_RING 64u

/* One recorded access of a word. */
struct acc {
	uint64_t block;   /* linear block id */
	uint32_t pc;
	uint32_t epoch;   /* the block's barrier count at the access */
	uint32_t wgen;    /* the warp's warpsync release count at the access */
	uint16_t tid;     /* thread in the block */
	uint16_t valid;
};

struct word {
	struct acc w;     /* the last write */
	struct acc r1;    /* the last read since that write */
	struct acc r2;    /* the last read by a thread other than r1's since that write */
};

struct block_check {
	struct word *words;   /* racecheck: per shared word */
	uint8_t *init;        /* initcheck: per shared word, written since the block started */
	uint32_t epoch;
	uint32_t wgen[32];            /* per warp of the block */
	uint32_t ring[32][WS_RING];   /* per warp: lanes released together, by release count */
};

struct shadow {
	unsigned checks;
	bool its;
	unsigned gran;               /* bytes a shadow word covers: 4, or 1 where the program
				      * has byte or half-word accesses (lanes writing the
				      * bytes of one word do not race) */
	uint32_t nwords;             /* shadow words of a block's shared memory */
	struct block_check *blocks;  /* per SM, per block slot */
	size_t nblocks;
	unsigned per_sm;
	uint8_t **ginit;             /* initcheck: per buffer, per word written (NULL: filled) */
	struct word **gwords;        /* racecheck of global memory: per buffer, per word */
	unsigned nbufs;
	uint64_t *seen;              /* reported keys, open addressing (0: empty) */
	size_t seen_cap, seen_n;
};

struct shadow *shadow_create(const struct sim *s, unsigned checks)
{
	struct shadow *c = xcalloc(1, sizeof *c);
	c->checks = checks;
	c->its = s->its;
	c->gran = 4;
	for (uint32_t pc = 0; pc < s->p->ncode; pc++)
		if (isa_is_narrow(&s->p->code[pc]))
			c->gran = 1;
	c->nwords = (s->p->shared_bytes + c->gran - 1) / c->gran;
	c->per_sm = s->occ.blocks;
	c->nblocks = (size_t)s->nsms * c->per_sm;
	c->blocks = xcalloc(c->nblocks ? c->nblocks : 1, sizeof *c->blocks);
	for (size_t i = 0; i < c->nblocks; i++) {
		if (checks & CHECK_RACE)
			c->blocks[i].words = xcalloc(c->nwords ? c->nwords : 1, sizeof(struct word));
		if (checks & CHECK_INIT)
			c->blocks[i].init = xcalloc(c->nwords ? c->nwords : 1, 1);
	}
	c->nbufs = s->g->n;
	if (checks & CHECK_INIT) {
		c->ginit = xcalloc(c->nbufs ? c->nbufs : 1, sizeof *c->ginit);
		for (unsigned i = 0; i < c->nbufs; i++)
			if (s->g->bufs[i].uninit)
				c->ginit[i] = xcalloc(s->g->bufs[i].size / c->gran + 1, 1);
	}
	if (checks & CHECK_RACE_GLOBAL) {
		c->gwords = xcalloc(c->nbufs ? c->nbufs : 1, sizeof *c->gwords);
		for (unsigned i = 0; i < c->nbufs; i++)
			c->gwords[i] = xcalloc(s->g->bufs[i].size / c->gran + 1, sizeof(struct word));
	}
	c->seen_cap = 1024;
	c->seen = xcalloc(c->seen_cap, sizeof *c->seen);
	return c;
}

void shadow_free(struct shadow *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nblocks; i++) {
		free(c->blocks[i].words);
		free(c->blocks[i].init);
	}
	free(c->blocks);
	for (unsigned i = 0; i < c->nbufs; i++) {
		free(c->ginit ? c->ginit[i] : NULL);
		free(c->gwords ? c->gwords[i] : NULL);
	}
	free(c->ginit);
	free(c->gwords);
	free(c->seen);
	free(c);
}

/* Has key (never 0: pcs above bit 4, a nonzero tag below) been reported?
 * Marks it. */
static bool seen(struct shadow *c, uint64_t key)
{
	if (2 * (c->seen_n + 1) > c->seen_cap) {
		uint64_t *old = c->seen;
		size_t ocap = c->seen_cap;
		c->seen_cap *= 2;
		c->seen = xcalloc(c->seen_cap, sizeof *c->seen);
		c->seen_n = 0;
		for (size_t i = 0; i < ocap; i++)
			if (old[i])
				seen(c, old[i]);
		free(old);
	}
	size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (c->seen_cap - 1);
	while (c->seen[i]) {
		if (c->seen[i] == key)
			return true;
		i = (i + 1) & (c->seen_cap - 1);
	}
	c->seen[i] = key;
	c->seen_n++;
	return false;
}

static struct block_check *bc_of(const struct sim *s, const struct block *b)
{
	return &s->chk->blocks[(size_t)b->sm->id * s->chk->per_sm + (size_t)(b - b->sm->blocks)];
}

void shadow_block_start(struct sim *s, struct block *b)
{
	struct shadow *c = s->chk;
	struct block_check *bc = bc_of(s, b);
	if (bc->words)
		memset(bc->words, 0, (size_t)c->nwords * sizeof *bc->words);
	if (bc->init)
		memset(bc->init, 0, c->nwords);
	bc->epoch = 0;
	memset(bc->wgen, 0, sizeof bc->wgen);
	memset(bc->ring, 0, sizeof bc->ring);
}

void shadow_barrier(struct sim *s, struct block *b)
{
	bc_of(s, b)->epoch++;
}

void shadow_warpsync(struct sim *s, struct warp *w, uint32_t lanes)
{
	struct block_check *bc = bc_of(s, w->blk);
	unsigned wi = w->warp_in_block;
	uint32_t g = ++bc->wgen[wi];
	bc->ring[wi][g % WS_RING] = lanes;
}

/* Is the earlier access a ordered before thread tid of block blk's access
 * now (bc: that block's state)? Threads of different blocks never are. */
static bool ordered(const struct shadow *c, const struct block_check *bc, const struct acc *a, unsigned tid,
		    uint64_t blk)
{
	if (!a->valid)
		return true;
	if (a->block != blk)
		return false;
	if (a->tid == tid || a->epoch != bc->epoch)
		return true;
	unsigned wi = tid / 32;
	if (a->tid / 32 != wi)
		return false; /* threads of different warps: only a barrier orders them */
	if (!c->its)
		return true; /* one warp's lanes run in lockstep on the reconvergence stack */
	uint32_t g = bc->wgen[wi];
	if (g - a->wgen >= WS_RING)
		return true;
	uint32_t both = 1u << (a->tid % 32) | 1u << (tid % 32);
	for (uint32_t k = a->wgen + 1; k - a->wgen <= g - a->wgen; k++)
		if ((bc->ring[wi][k % WS_RING] & both) == both)
			return true;
	return false;
}

static void race(struct sim *s, struct warp *w, unsigned kind, const struct acc *then, unsigned lane, uint32_t pc,
		 uint32_t addr, enum mem_space space)
{
	if (seen(s->chk, (uint64_t)then->pc << 32 | (uint64_t)pc << 4 | (1 + kind)))
		return;
	struct sim_report rep = report_of(w, HAZ_RACE);
	rep.why = (uint8_t)kind;
	rep.space = (uint8_t)space;
	rep.block2 = then->block;
	rep.lanes = 1u << lane;
	rep.pc = pc;
	rep.warp2 = then->tid / 32u;
	rep.lanes2 = 1u << (then->tid % 32u);
	rep.pc2 = then->pc;
	rep.addr = addr;
	rep.bytes = s->chk->gran;
	rep.cycle = s->now;
	report_finding(s, &rep);
}

static void uninit(struct sim *s, struct warp *w, enum mem_space space, unsigned lane, uint32_t pc, uint32_t addr)
{
	if (seen(s->chk, (uint64_t)pc << 4 | (4 + (unsigned)space)))
		return;
	struct sim_report rep = report_of(w, HAZ_UNINIT);
	rep.space = (uint8_t)space;
	rep.lanes = 1u << lane;
	rep.pc = pc;
	rep.addr = addr;
	rep.bytes = s->chk->gran;
	rep.cycle = s->now;
	report_finding(s, &rep);
}

/* The buffer holding addr (buffers lie in ascending address order). */
static int buffer_of(const struct gmem *g, uint32_t addr)
{
	unsigned lo = 0, hi = g->n;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (g->bufs[mid].base <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || addr - g->bufs[lo - 1].base >= g->bufs[lo - 1].size)
		return -1;
	return (int)lo - 1;
}

/* The shadow word of lane's k-th granule (gran bytes from addr), or NULL
 * (outside shared memory or every buffer). */
static struct word *word_of(struct sim *s, struct block_check *bc, bool shared, uint32_t addr, unsigned k,
			    uint32_t *wa)
{
	struct shadow *c = s->chk;
	*wa = addr + c->gran * k;
	if (shared)
		return *wa / c->gran < c->nwords ? &bc->words[*wa / c->gran] : NULL;
	int bi = buffer_of(s->g, *wa);
	return bi < 0 ? NULL : &c->gwords[bi][(*wa - s->g->bufs[bi].base) / c->gran];
}

/* racecheck: every lane's words are checked against what earlier
 * instructions recorded, then recorded (lanes of one instruction are not
 * compared with each other). */
static void race_access(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x, unsigned words,
			bool store, bool shared)
{
	struct shadow *c = s->chk;
	struct block_check *bc = bc_of(s, w->blk);
	enum mem_space space = shared ? SPACE_SHARED : SPACE_GLOBAL;
	uint64_t blk = w->blk->linear;
	unsigned base = w->warp_in_block * 32;
	uint32_t wa;
	for (uint32_t r = x->exec_mask; r; r &= r - 1) {
		unsigned lane = (unsigned)__builtin_ctz(r), tid = base + lane;
		for (unsigned k = 0; k < words; k++) {
			const struct word *wd = word_of(s, bc, shared, x->addr[lane], k, &wa);
			if (!wd)
				continue;
			if (!ordered(c, bc, &wd->w, tid, blk))
				race(s, w, store ? RACE_WAW : RACE_RAW, &wd->w, lane, pc, wa, space);
			if (store) {
				if (!ordered(c, bc, &wd->r1, tid, blk))
					race(s, w, RACE_WAR, &wd->r1, lane, pc, wa, space);
				else if (!ordered(c, bc, &wd->r2, tid, blk))
					race(s, w, RACE_WAR, &wd->r2, lane, pc, wa, space);
			}
		}
	}
	for (uint32_t r = x->exec_mask; r; r &= r - 1) {
		unsigned lane = (unsigned)__builtin_ctz(r);
		struct acc a = {blk, pc, bc->epoch, bc->wgen[w->warp_in_block], (uint16_t)(base + lane), 1};
		for (unsigned k = 0; k < words; k++) {
			struct word *wd = word_of(s, bc, shared, x->addr[lane], k, &wa);
			if (!wd)
				continue;
			if (store) {
				wd->w = a;
				memset(&wd->r1, 0, sizeof wd->r1);
				memset(&wd->r2, 0, sizeof wd->r2);
			} else {
				if (wd->r1.valid && (wd->r1.tid != a.tid || wd->r1.block != a.block))
					wd->r2 = wd->r1;
				wd->r1 = a;
			}
		}
	}
}

static void init_track(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x, unsigned words,
		       bool shared, bool reads, bool writes)
{
	struct shadow *c = s->chk;
	struct block_check *bc = bc_of(s, w->blk);
	for (uint32_t r = x->exec_mask; r; r &= r - 1) {
		unsigned lane = (unsigned)__builtin_ctz(r);
		uint32_t addr = x->addr[lane];
		uint8_t *bits = NULL;
		uint32_t first = 0, limit = 0;
		if (shared) {
			bits = bc->init;
			first = addr / c->gran;
			limit = c->nwords;
		} else {
			int bi = buffer_of(s->g, addr);
			if (bi < 0 || !c->ginit[bi])
				continue;
			bits = c->ginit[bi];
			first = (addr - s->g->bufs[bi].base) / c->gran;
			limit = s->g->bufs[bi].size / c->gran;
		}
		for (unsigned k = 0; k < words && first + k < limit; k++) {
			if (reads && !bits[first + k])
				uninit(s, w, shared ? SPACE_SHARED : SPACE_GLOBAL, lane, pc, addr + c->gran * k);
			if (writes)
				bits[first + k] = 1;
		}
	}
}

void shadow_access(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x)
{
	const struct deps *d = &s->deps[pc];
	bool shared = d->mclass == MC_SHARED;
	if ((!shared && d->mclass != MC_GLOBAL) || !x->exec_mask || (isa_ops[s->p->code[pc].op].flags & IF_LOCAL))
		return; /* (local memory: no other thread reaches it; it starts zeroed) */
	unsigned words = isa_access_bytes(&s->p->code[pc]) / s->chk->gran; /* granules (an atomic's 4 bytes) */
	if (s->chk->checks & CHECK_INIT)
		init_track(s, w, pc, x, words, shared, !d->store || d->atomic, d->store || d->atomic);
	if (!d->atomic && ((shared && (s->chk->checks & CHECK_RACE)) || (!shared && (s->chk->checks & CHECK_RACE_GLOBAL))))
		race_access(s, w, pc, x, words, d->store, shared);
}
