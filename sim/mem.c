/* mem.c - the memory system (see mem.h and docs/MEMORY.md). */
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "coalesce.h"
#include "heap.h"
#include "isa.h"
#include "smem.h"
#include "util.h"

/* DRAM time is kept in 1/65536 cycles so that bandwidths that are not a
 * whole number of bytes per cycle queue exactly. */
#define Q 16

struct sm_mem {
	struct cache l1;
	uint64_t *mshr;           /* min-heap of the cycles outstanding L1 misses complete */
	unsigned nmshr;
	uint64_t lsu_free;        /* cycle the LD/ST unit takes its next global transaction */
	uint64_t lsu_q;           /* the same in 1/65536 cycles */
	uint64_t smem_free;       /* cycle the banks take their next pass */
	uint64_t pipe_free;       /* cycle the L1 data pipe takes its next wavefront */
	uint64_t pipe_owed;       /* wavefronts of missed lines not yet taken (data_pipe) */
	uint64_t owed_at;         /* the cycle they were owed in */
	/* this cycle's split loads (mem_global_begin's local): their L1 fills
	 * whose data the L2 has not yet answered, MSHRs taken by them, the
	 * earliest cycle such an answer could come, and whether a deferred
	 * access of the cycle went whole (the later ones go whole too) */
	struct pending_fill {
		uint32_t line;
		struct cache_line *l;  /* the line it filled (NULL: evicted since) */
	} pend[TXN_MAX * 8];
	unsigned npend;
	uint64_t pend_from;
	bool whole;
	struct cache kc;          /* the constant cache (const.cache_size; lines of one sector) */
	uint64_t kc_free;         /* cycle it takes its next request */
	char apart[64];           /* keeps neighbouring SMs' fields off each other's cache
				   * lines (SMs run on different host threads: sim/cycle.c) */
};

struct atomic_slot {
	uint32_t addr;
	bool used;
	uint64_t free;            /* cycle the address's next operation can start */
};

struct memsys {
	const struct gpu_config *c;
	enum coalescing coal;
	struct smem_geom sg;
	bool has_l1, has_l2;
	unsigned mshrs;
	struct sm_mem *sm;
	unsigned nsms;
	struct cache l2;
	uint64_t dram_free;       /* 1/65536 cycles: when DRAM takes its next byte */
	uint64_t dram_num, dram_den; /* 1/65536 cycles per byte = num / den (num 0: unlimited) */
	struct atomic_slot *atab; /* open addressing, power-of-two size */
	size_t acap, an;
};

/* From the opcode table's flags (isa/opcodes.def), once per pc. */
enum mem_class mem_class_of(int op)
{
	unsigned f = isa_ops[op].flags;
	return f & (IF_GLOBAL | IF_LOCAL) ? MC_GLOBAL : f & IF_SHARED ? MC_SHARED : f & IF_CONST ? MC_CONST
	     : f & IF_CMEM ? MC_CMEM : f & IF_WARP ? MC_WARP : f & IF_FENCE ? MC_FENCE : MC_NONE;
}

static bool geometry_ok(unsigned level, int64_t size, int64_t line, int64_t sector, int64_t ways,
			struct sim_refused *why)
{
	if (!size)
		return true;
	enum sim_refusal r = line != TXN_LINE ? REFUSE_TXN_LINE
			   : cache_geometry_error((uint64_t)size, (unsigned)line, (unsigned)sector, (unsigned)ways);
	why->why = r;
	why->level = level;
	return r == REFUSE_NONE;
}

struct memsys *mem_create(const struct gpu_config *c, struct sim_refused *why)
{
	if (c->l2_size && (c->l2_fetch_bytes % c->l2_sector || (c->l2_fetch_bytes & (c->l2_fetch_bytes - 1)))) {
		why->why = REFUSE_L2_FETCH;
		return NULL;
	}
	if (!geometry_ok(1, c->l1_size, c->l1_line, c->l1_sector, c->l1_assoc, why) ||
	    !geometry_ok(2, c->l2_size, c->l2_line, c->l2_sector, c->l2_assoc, why))
		return NULL;
	if (32 % c->smem_group_lanes) {
		why->why = REFUSE_SMEM_GROUP;
		return NULL;
	}
	if (c->smem_bank_bytes != 4 && c->smem_bank_bytes != 8) {
		why->why = REFUSE_SMEM_BANK;
		return NULL;
	}
	enum sim_refusal kr = cache_geometry_error((uint64_t)c->const_cache_size, (unsigned)c->const_line,
						   (unsigned)c->const_line, (unsigned)c->const_assoc);
	if (kr != REFUSE_NONE) { /* (a size of 0 passes the size test; the line is checked anyway) */
		why->why = REFUSE_CONST_CACHE;
		why->level = kr == REFUSE_CACHE_SIZE; /* which key is at fault: 1 the size, 0 the line */
		return NULL;
	}
	if (32 % c->const_group_lanes) {
		why->why = REFUSE_CONST_GROUP;
		return NULL;
	}
	struct memsys *m = xcalloc(1, sizeof *m);
	m->c = c;
	m->coal = !strcmp(c->coalescing, "halfwarp") ? COAL_HALFWARP
		: !strcmp(c->coalescing, "line") ? COAL_LINE : COAL_SECTOR;
	m->sg = (struct smem_geom){(unsigned)c->smem_banks, (unsigned)c->smem_bank_bytes,
				   (unsigned)c->smem_group_lanes, c->smem_one_broadcast != 0};
	m->has_l1 = c->l1_size > 0;
	m->has_l2 = c->l2_size > 0;
	m->mshrs = (unsigned)c->l1_mshrs;
	m->nsms = (unsigned)c->num_sms;
	m->sm = xcalloc(m->nsms, sizeof *m->sm);
	for (unsigned i = 0; i < m->nsms && m->has_l1; i++) {
		cache_init(&m->sm[i].l1, (uint64_t)c->l1_size, (unsigned)c->l1_line, (unsigned)c->l1_sector,
			   (unsigned)c->l1_assoc);
		m->sm[i].mshr = xcalloc(m->mshrs, sizeof *m->sm[i].mshr);
	}
	for (unsigned i = 0; i < m->nsms && c->const_cache_size; i++)
		cache_init(&m->sm[i].kc, (uint64_t)c->const_cache_size, (unsigned)c->const_line, (unsigned)c->const_line,
			   (unsigned)c->const_assoc);
	if (m->has_l2)
		cache_init(&m->l2, (uint64_t)c->l2_size, (unsigned)c->l2_line, (unsigned)c->l2_sector,
			   (unsigned)c->l2_assoc);
	/* cycles per byte = clock (MHz) / bandwidth (MB/s) */
	m->dram_num = c->dram_bandwidth ? ((uint64_t)c->clock_mhz << Q) : 0;
	m->dram_den = c->dram_bandwidth ? (uint64_t)c->dram_bandwidth : 1;
	return m;
}

void mem_destroy(struct memsys *m)
{
	if (!m)
		return;
	for (unsigned i = 0; i < m->nsms && m->has_l1; i++) {
		cache_free(&m->sm[i].l1);
		free(m->sm[i].mshr);
	}
	for (unsigned i = 0; i < m->nsms && m->c->const_cache_size; i++)
		cache_free(&m->sm[i].kc);
	free(m->sm);
	if (m->has_l2)
		cache_free(&m->l2);
	free(m->atab);
	free(m);
}

/* ---- DRAM: a latency and one bandwidth queue -------------------------------- */

/* Extra cycles a transfer of bytes requested at cycle t waits for the
 * bandwidth; the transfer then holds DRAM for bytes / bandwidth. */
static uint64_t dram_queue(struct memsys *m, uint64_t t, uint64_t bytes, struct sim_stats *st)
{
	if (!m->dram_num)
		return 0;
	uint64_t tq = t << Q, start = m->dram_free > tq ? m->dram_free : tq;
	m->dram_free = start + (bytes * m->dram_num + m->dram_den - 1) / m->dram_den;
	uint64_t wait = (start - tq + (1u << Q) - 1) >> Q;
	st->mem.dram_queue_cycles += wait;
	return wait;
}

static uint64_t dram_read(struct memsys *m, uint64_t t, uint64_t bytes, struct sim_stats *st)
{
	st->mem.dram_read_bytes += bytes;
	return t + (uint64_t)m->c->dram_latency + dram_queue(m, t, bytes, st);
}

static void dram_write(struct memsys *m, uint64_t t, uint64_t bytes, struct sim_stats *st)
{
	st->mem.dram_write_bytes += bytes;
	(void)dram_queue(m, t, bytes, st);
}

/* ---- caches ------------------------------------------------------------------ */

/* A transaction's 32-byte sectors as sectors of cache c (line 128 bytes). */
static uint8_t sectors_of(const struct cache *c, uint8_t s32)
{
	uint8_t s = 0;
	for (unsigned i = 0; i < 4; i++)
		if (s32 >> i & 1)
			s |= (uint8_t)(1u << (i * TXN_SECTOR / c->sector));
	return s;
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* ---- the L2's two partitions (l2.far_cycles > 0) ------------------------------
 *
 * As on an H100 (docs/MEMORY.md): a line's home partition alternates every
 * 8 KB of address (L2_SIDE_SHIFT; measured, docs/data/xval-h100/l2-sides.txt)
 * and each SM sits beside one partition, the two SMs of a TPC together, TPCs
 * alternating (the H100's own order differs, by its floorplan; half of the
 * SMs on each side either way). A read from the side that is not the line's
 * home crosses to the home partition and back, l2.far_cycles more, whether it
 * hits there or goes on to DRAM, and leaves a copy of its sectors on its
 * side: later reads of them from that side are near (waiting for the copy
 * while it is on its way, as an MSHR merge). Writes and atomics are made at
 * the home partition: from the far side they cross too; an atomic, or a
 * write from the home side, drops the copy of its sectors (a far write
 * updates it). Copies take no capacity of their own, and go with their
 * home line when it is evicted. */
#define L2_SIDE_SHIFT 13

static bool far_side(const struct memsys *m, unsigned sm, uint32_t line)
{
	return m->c->l2_far_cycles && ((sm >> 1) & 1) != ((line >> L2_SIDE_SHIFT) & 1);
}

/* Data of a transaction at SM sm, reading from the L2 (or DRAM) at t; dirty:
 * an atomic's read-modify-write. */
static uint64_t l2_read(struct memsys *m, unsigned sm, const struct txn *x, uint64_t t, bool dirty,
			struct sim_stats *st)
{
	if (!m->has_l2)
		return dram_read(m, t, x->bytes, st);
	uint8_t want = sectors_of(&m->l2, x->sectors);
	bool far = far_side(m, sm, x->line);
	struct cache_probe p = cache_probe(&m->l2, x->line, want);
	uint64_t hit = t + (uint64_t)m->c->l2_latency;
	if (far && !dirty && p.line && (p.line->copy & want) == want) { /* near: this side's copy */
		st->mem.l2_hits++;
		return max64(hit, p.line->copy_ready);
	}
	uint64_t cross = far ? (uint64_t)m->c->l2_far_cycles : 0;
	if (far)
		st->mem.l2_far_sectors += txn_sectors(x);
	uint64_t done;
	if (p.present == want) {
		st->mem.l2_hits++;
		if (dirty)
			cache_fill(&m->l2, x->line, want, p.ready, 1);
		done = max64(hit, p.ready) + cross;
	} else {
		st->mem.l2_misses++;
		/* DRAM is read in aligned blocks of l2.fetch_bytes around each missing sector */
		uint8_t need = want & (uint8_t)~p.present, per = (uint8_t)(m->c->l2_fetch_bytes / m->l2.sector);
		if (per > 1) {
			uint8_t grow = 0, blk = (uint8_t)((1u << per) - 1);
			for (unsigned i = 0; i < 8; i += per)
				if (need & (blk << i))
					grow |= (uint8_t)(blk << i);
			uint8_t all = (uint8_t)((1u << (TXN_LINE / m->l2.sector)) - 1);
			need = grow & all & (uint8_t)~p.present;
		}
		uint64_t fill = dram_read(m, t, (uint64_t)__builtin_popcount(need) * m->l2.sector, st);
		unsigned ev = cache_fill(&m->l2, x->line, need, fill, dirty);
		if (ev)
			dram_write(m, t, (uint64_t)ev * m->l2.sector, st);
		if (dirty && p.present)
			cache_fill(&m->l2, x->line, p.present, p.ready, 1);
		done = (p.present ? max64(fill, p.ready) : fill) + cross;
	}
	if (m->c->l2_far_cycles && (far || dirty)) {
		/* the probe's line, or the one the miss just allocated */
		struct cache_line *l = p.line ? p.line : cache_find(&m->l2, x->line);
		if (dirty) {
			l->copy &= (uint8_t)~want; /* changed at home: the copy of these is stale */
		} else {
			l->copy_ready = l->copy ? max64(l->copy_ready, done) : done;
			l->copy |= want;
		}
	}
	return done;
}

/* A load transaction through the L1 at *t (bypass: the L2's alone, for ldg.cg);
 * *t moves on while the MSHRs are full; *fetched: whether its line came from
 * the L2 (an L1 miss or a bypass, not a hit or a hit on a fill in flight). */
static uint64_t load_txn(struct memsys *m, unsigned sm, const struct txn *x, bool bypass, uint64_t *t,
			 bool *fetched, struct sim_stats *st)
{
	struct sm_mem *ms = &m->sm[sm];
	*fetched = true;
	if (!m->has_l1)
		return l2_read(m, sm, x, *t, false, st);
	if (bypass) {
		st->mem.l1_bypassed++;
		return l2_read(m, sm, x, *t, false, st);
	}
	uint8_t want = sectors_of(&ms->l1, x->sectors);
	struct cache_probe p = cache_probe(&ms->l1, x->line, want);
	uint64_t hit = *t + (uint64_t)m->c->l1_latency;
	if (p.present == want) {
		if (p.ready > *t)
			st->mem.l1_pending_hits++;
		else
			st->mem.l1_hits++;
		*fetched = false;
		return max64(hit, p.ready);
	}
	st->mem.l1_misses++;
	/* an MSHR: drop the completed ones; if none is free, wait for the first to complete */
	uint64_t *h = ms->mshr;
	while (ms->nmshr && h[0] <= *t)
		heap_pop(h, &ms->nmshr);
	if (ms->nmshr == m->mshrs) {
		st->mem.l1_mshr_full_cycles += h[0] - *t;
		*t = h[0];
		heap_pop(h, &ms->nmshr);
	}
	uint64_t done = l2_read(m, sm, x, *t, false, st);
	cache_fill(&ms->l1, x->line, want & (uint8_t)~p.present, done, 0);
	heap_push(h, &ms->nmshr, done);
	return p.present ? max64(done, p.ready) : done;
}

/* A store transaction: the L1 writes through, allocating only local
 * memory's sectors (the CUDA guide: local memory is cached in the L1 and L2;
 * on an H200 a local load right after the store hits, and every store
 * reaches the L2: docs/MEMORY.md); the L2 is write-back and allocates the
 * written sectors without reading them. */
static uint64_t store_txn(struct memsys *m, unsigned sm, const struct txn *x, bool local, uint64_t t,
			  struct sim_stats *st)
{
	if (local && m->has_l1)
		cache_fill(&m->sm[sm].l1, x->line, sectors_of(&m->sm[sm].l1, x->sectors), t, 0);
	if (!m->has_l2) {
		dram_write(m, t, x->bytes, st);
		return t + (uint64_t)m->c->dram_latency;
	}
	bool far = far_side(m, sm, x->line);
	uint64_t done = t + (uint64_t)m->c->l2_latency + (far ? (uint64_t)m->c->l2_far_cycles : 0);
	unsigned ev = cache_fill(&m->l2, x->line, sectors_of(&m->l2, x->sectors), done, 1);
	if (ev)
		dram_write(m, t, (uint64_t)ev * m->l2.sector, st);
	if (far)
		st->mem.l2_far_sectors += txn_sectors(x);
	else if (m->c->l2_far_cycles) /* written at home: the far copy of these sectors is stale */
		cache_find(&m->l2, x->line)->copy &= (uint8_t)~sectors_of(&m->l2, x->sectors);
	return done;
}

/* ---- atomics: serialised per address where they execute ----------------------- */

static struct atomic_slot *atomic_slot(struct memsys *m, uint32_t addr)
{
	if (2 * (m->an + 1) > m->acap) {
		size_t ocap = m->acap;
		struct atomic_slot *old = m->atab;
		m->acap = ocap ? 2 * ocap : 1024;
		m->atab = xcalloc(m->acap, sizeof *m->atab);
		m->an = 0;
		for (size_t i = 0; i < ocap; i++)
			if (old[i].used)
				*atomic_slot(m, old[i].addr) = old[i];
		free(old);
	}
	size_t i = (addr * 0x9e3779b1u) & (m->acap - 1);
	while (m->atab[i].used && m->atab[i].addr != addr)
		i = (i + 1) & (m->acap - 1);
	if (!m->atab[i].used) {
		m->atab[i] = (struct atomic_slot){addr, true, 0};
		m->an++;
	}
	return &m->atab[i];
}

/* Lanes of mask on one address run one after the other, each for cycles,
 * starting once the data is there (at) and the address is free. */
static uint64_t atomic_serialise(struct memsys *m, const uint32_t *addr, uint32_t mask, uint64_t at,
				 uint64_t cycles, struct sim_stats *st)
{
	uint64_t done = at;
	st->mem.atomic_ops += (uint64_t)__builtin_popcount(mask);
	for (uint32_t r = mask; r; r &= r - 1) {
		int l = __builtin_ctz(r);
		uint32_t same = 0;
		for (uint32_t q = r; q; q &= q - 1)
			if (addr[__builtin_ctz(q)] == addr[l])
				same |= 1u << __builtin_ctz(q);
		bool first = true;
		for (int k = 0; k < l; k++)
			if ((mask >> k & 1) && addr[k] == addr[l])
				first = false;
		if (!first)
			continue; /* counted with the lowest lane on its address */
		unsigned n = (unsigned)__builtin_popcount(same);
		struct atomic_slot *a = atomic_slot(m, addr[l]);
		uint64_t start = max64(at, a->free);
		st->mem.atomic_serialised += n - 1 + (start > at ? 1 : 0);
		a->free = start + n * cycles;
		done = max64(done, a->free);
	}
	return done;
}

/* ---- per class ------------------------------------------------------------------ */

/* The L1 data pipe (mem.data_pipe_per_cycle): an access of waves wavefronts
 * arriving at now takes its turn; returns how long it waited, by which its
 * data comes later. Wavefronts owed by an earlier cycle's missed lines
 * (global_rest) take the pipe first: only from the next cycle on, so that a
 * cycle's accesses see the same pipe whether an SM's global accesses are
 * made at issue or after every SM's cycle (sim/cycle.c). */
static uint64_t data_pipe(struct memsys *m, struct sm_mem *ms, unsigned waves, uint64_t now,
			  struct sim_stats *st)
{
	uint64_t per = (uint64_t)m->c->data_pipe_per_cycle;
	if (!per || !waves)
		return 0;
	if (ms->pipe_owed && now > ms->owed_at) {
		ms->pipe_free = max64(ms->pipe_free, ms->owed_at + 1) + (ms->pipe_owed + per - 1) / per;
		ms->pipe_owed = 0;
	}
	uint64_t start = max64(now, ms->pipe_free);
	ms->pipe_free = start + (waves + per - 1) / per;
	st->mem.data_pipe_wavefronts += waves;
	st->mem.data_pipe_wait_cycles += start - now;
	return start - now;
}

/* The wavefronts a global load or store takes in the data pipe at issue:
 * the passes its words need over the banks, as a shared access's (the L1
 * and shared memory are one array; two lanes on one word share it, two
 * lines' words in one bank take two), whatever lines they lie in. A load
 * whose lines miss takes one wavefront per missed line at the least
 * (global_rest). Atomics: none. Measured on an H100, docs/MEMORY.md. */
static unsigned global_waves(const struct memsys *m, const struct mem_request *rq)
{
	if (rq->is_atomic || !m->c->data_pipe_per_cycle)
		return 0;
	return smem_global_passes(&m->sg, rq->addr, rq->mask, rq->bytes);
}

/* A global access of n transactions: the run's counts. */
static void count_access(struct mem_stats *s, const struct mem_request *rq, unsigned n)
{
	s->global_accesses++;
	s->local_accesses += rq->local;
	s->global_transactions += n;
	s->global_bytes_requested += (rq->mask == ~0u ? 32u : (uint64_t)__builtin_popcount(rq->mask)) * rq->bytes;
}

/* After a global access: its LD/ST path free from lsu_q (1/65536 cycles);
 * a missed line's data passes the pipe on its own, so the wavefronts its
 * fetched lines need beyond its own waves are owed (data_pipe). */
static void lsu_after(struct sm_mem *ms, uint64_t lsu_q, unsigned fetched, unsigned waves, uint64_t now,
		      struct mem_stats *s)
{
	ms->lsu_q = lsu_q;
	ms->lsu_free = (lsu_q + (1u << Q) - 1) >> Q;
	if (waves && fetched > waves) {
		ms->pipe_owed += fetched - waves;
		ms->owed_at = now;
		s->data_pipe_wavefronts += fetched - waves;
	}
}

/* A global access's transactions through the LD/ST path, L1, L2, DRAM and
 * the atomic units; b: its transactions, its wavefronts and its wait for
 * the data pipe at issue. */
static struct mem_timing global_rest(struct memsys *m, unsigned sm, const struct mem_request *rq,
				     const struct mem_begun *b, uint64_t now, struct sim_stats *st)
{
	struct sm_mem *ms = &m->sm[sm];
	const struct txn *x = b->x;
	unsigned n = b->n, fetched = 0;
	struct mem_stats *s = &st->mem;
	count_access(s, rq, n);
	/* the LD/ST path spends mem.lsu_line_mcycles on each transaction, then
	 * lsu_request_mcycles on the request (1/65536 cycles here); a full MSHR
	 * table holds it (and every later transaction) back */
	uint64_t line_q = ((uint64_t)m->c->lsu_line_mcycles << Q) / 1000;
	uint64_t req_q = ((uint64_t)m->c->lsu_request_mcycles << Q) / 1000;
	uint64_t base = max64(now << Q, ms->lsu_q), done = now, data = now;
	for (unsigned i = 0; i < n; i++) {
		uint64_t t = (base + i * line_q) >> Q, t0 = t;
		s->global_sectors += txn_sectors(&x[i]);
		if (rq->local)
			s->local_sectors += txn_sectors(&x[i]);
		s->global_bytes += x[i].bytes;
		if (rq->is_atomic) {
			if (m->has_l1)
				cache_invalidate(&ms->l1, x[i].line, sectors_of(&ms->l1, x[i].sectors));
			data = max64(data, l2_read(m, sm, &x[i], t, true, st));
		} else if (rq->is_store) {
			done = max64(done, store_txn(m, sm, &x[i], rq->local, t, st));
		} else {
			bool f;
			done = max64(done, load_txn(m, sm, &x[i], rq->bypass_l1, &t, &f, st));
			fetched += f;
			base += (t - t0) << Q;
		}
	}
	lsu_after(ms, base + n * line_q + req_q, fetched, b->waves, now, s);
	if (rq->is_atomic)
		done = atomic_serialise(m, rq->addr, rq->mask, data, (uint64_t)m->c->atomic_cycles, st);
	else
		done += b->pipe_wait;
	return (struct mem_timing){done, ms->lsu_free, 0};
}

/* The fewest cycles after it asks the L2 that a read's data can come. */
static uint64_t l2_least(const struct memsys *m)
{
	uint64_t dram = (uint64_t)m->c->dram_latency, l2 = (uint64_t)m->c->l2_latency;
	return m->has_l2 && l2 < dram ? l2 : dram;
}

/* Whether load b (no transaction yet made) can take its L1 part at issue
 * with every decision what global_rest would make when its turn comes:
 * no line it touches has a fill of this cycle still waiting for the L2 or
 * is touched twice by it, none of its transactions comes late enough that
 * such a fill's data, or that of one of its own earlier transactions,
 * could have come (an MSHR freed), and the MSHRs cannot fill up (no wait
 * for one). Each transaction counts as a miss here: an earlier one's fill
 * may evict its line. MSHRs already free at a transaction's time are
 * dropped, as global_rest would drop them by then or at its next miss. */
static bool can_split(struct memsys *m, struct sm_mem *ms, const struct mem_begun *b, uint64_t base,
		      uint64_t line_q)
{
	if (ms->npend + b->n > TXN_MAX * 8)
		return false;
	uint64_t own_from = NEVER; /* the earliest data of its own transactions */
	for (unsigned i = 0; i < b->n; i++) {
		const struct txn *x = &b->x[i];
		uint64_t t = (base + i * line_q) >> Q;
		if ((ms->npend && t >= ms->pend_from) || t >= own_from)
			return false;
		struct cache_line *l = cache_find(&ms->l1, x->line);
		for (unsigned k = 0; k < ms->npend && l; k++)
			if (ms->pend[k].l == l)
				return false;
		for (unsigned j = 0; j < i; j++)
			if (b->x[j].line == x->line)
				return false;
		while (ms->nmshr && ms->mshr[0] <= t)
			heap_pop(ms->mshr, &ms->nmshr);
		if (ms->nmshr + ms->npend + i >= m->mshrs)
			return false;
		if (t + l2_least(m) < own_from)
			own_from = t + l2_least(m);
	}
	return true;
}

/* A fill of this cycle's split loads evicted by a fill of line l's way. */
static void pending_evicted(struct sm_mem *ms, const struct cache_line *l, uint32_t line)
{
	for (unsigned k = 0; k < ms->npend; k++)
		if (ms->pend[k].l == l && ms->pend[k].line != line)
			ms->pend[k].l = NULL;
}

/* A split load's L1 part (can_split said yes): global_rest's, but a miss
 * only noted, its fill's data and its MSHR left to mem_global_end. */
static void split_local(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
			struct sim_stats *st, struct mem_begun *b, uint64_t base, uint64_t line_q)
{
	struct sm_mem *ms = &m->sm[sm];
	struct mem_stats *s = &st->mem;
	unsigned n = b->n;
	count_access(s, rq, n);
	b->split = true;
	b->done = now;
	b->nmiss = 0;
	for (unsigned i = 0; i < n; i++) {
		const struct txn *x = &b->x[i];
		uint64_t t = (base + i * line_q) >> Q;
		s->global_sectors += txn_sectors(x);
		if (rq->local)
			s->local_sectors += txn_sectors(x);
		s->global_bytes += x->bytes;
		uint8_t want = sectors_of(&ms->l1, x->sectors);
		struct cache_probe p = cache_probe(&ms->l1, x->line, want);
		if (p.present == want) {
			if (p.ready > t)
				s->l1_pending_hits++;
			else
				s->l1_hits++;
			b->done = max64(b->done, max64(t + (uint64_t)m->c->l1_latency, p.ready));
			continue;
		}
		s->l1_misses++;
		cache_fill(&ms->l1, x->line, want & (uint8_t)~p.present, 0, 0);
		struct cache_line *l = cache_find(&ms->l1, x->line);
		pending_evicted(ms, l, x->line);
		struct miss *q = &b->miss[b->nmiss++];
		*q = (struct miss){t, (uint8_t)i, (uint8_t)ms->npend, p.present != 0, p.ready};
		ms->pend[ms->npend++] = (struct pending_fill){x->line, l};
		if (t + l2_least(m) < ms->pend_from || ms->npend == 1)
			ms->pend_from = t + l2_least(m);
	}
	uint64_t req_q = ((uint64_t)m->c->lsu_request_mcycles << Q) / 1000;
	lsu_after(ms, base + n * line_q + req_q, b->nmiss, b->waves, now, s);
	b->busy = ms->lsu_free;
}

void mem_global_begin(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
		      struct sim_stats *st, struct mem_begun *b, bool local)
{
	struct sm_mem *ms = &m->sm[sm];
	b->n = coalesce(m->coal, rq->addr, rq->mask, rq->bytes, b->x);
	b->waves = global_waves(m, rq);
	b->pipe_wait = data_pipe(m, ms, b->waves, now, st);
	b->split = false;
	if (!local)
		return;
	uint64_t line_q = ((uint64_t)m->c->lsu_line_mcycles << Q) / 1000;
	uint64_t base = max64(now << Q, ms->lsu_q);
	if (!ms->whole && m->has_l1 && !rq->is_atomic && !rq->is_store && !rq->bypass_l1 &&
	    can_split(m, ms, b, base, line_q))
		split_local(m, sm, rq, now, st, b, base, line_q);
	else
		ms->whole = true;
}

/* A split load's L2 part, in SM order: each miss's read, its fill's data
 * and its MSHR; then the load's answer, as global_rest's. */
static struct mem_timing split_end(struct memsys *m, unsigned sm, const struct mem_begun *b,
				   struct sim_stats *st)
{
	struct sm_mem *ms = &m->sm[sm];
	uint64_t done = b->done;
	for (unsigned k = 0; k < b->nmiss; k++) {
		const struct miss *q = &b->miss[k];
		uint64_t d = l2_read(m, sm, &b->x[q->i], q->t, false, st);
		struct cache_line *l = ms->pend[q->pend].l;
		if (l && d > l->ready)
			l->ready = d;
		heap_push(ms->mshr, &ms->nmshr, d);
		done = max64(done, q->partial ? max64(d, q->prior) : d);
	}
	return (struct mem_timing){done + b->pipe_wait, b->busy, 0};
}

struct mem_timing mem_global_end(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
				 const struct mem_begun *b, struct sim_stats *st)
{
	if (b->split)
		return split_end(m, sm, b, st);
	return global_rest(m, sm, rq, b, now, st);
}

void mem_global_cycle_end(struct memsys *m, unsigned sm)
{
	m->sm[sm].npend = 0;
	m->sm[sm].whole = false;
}

/* A global access whole: its two parts back to back. */
static struct mem_timing global_access(struct memsys *m, unsigned sm, const struct mem_request *rq,
				       uint64_t now, struct sim_stats *st)
{
	struct mem_begun b;
	mem_global_begin(m, sm, rq, now, st, &b, false);
	return mem_global_end(m, sm, rq, now, &b, st);
}

uint64_t mem_fence(struct memsys *m, unsigned sm, unsigned scope, uint64_t now)
{
	if (scope == SCOPE_CTA)
		return now + (uint64_t)m->c->fence_cta_cycles;
	if (m->has_l1 && m->c->fence_invalidates_l1)
		cache_invalidate_all(&m->sm[sm].l1);
	return now + (uint64_t)(scope == SCOPE_SYS ? m->c->fence_sys_cycles : m->c->fence_gpu_cycles);
}

struct mem_timing mem_shared(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
			     struct smem_memo *memo, struct sim_stats *st)
{
	struct sm_mem *ms = &m->sm[sm];
	const struct smem_cost *hit = smem_memo_hit(memo, rq->site, &m->sg, rq->addr, rq->mask, rq->bytes, rq->is_atomic);
	struct smem_cost c = hit ? *hit : smem_memo_fill(memo, rq->site, &m->sg, rq->addr, rq->mask, rq->bytes, rq->is_atomic);
	struct mem_stats *s = &st->mem;
	s->shared_accesses++;
	s->shared_passes += c.passes;
	s->shared_bank_conflicts += c.passes - c.ideal;
	uint64_t per = rq->is_atomic ? (uint64_t)m->c->atomic_shared_cycles : (uint64_t)m->c->smem_cycles_per_pass;
	if (rq->is_atomic)
		s->atomic_ops += (uint64_t)__builtin_popcount(rq->mask);
	/* the first pass takes the banks for a cycle, each further one for
	 * bank (per for atomics); the warp's own data come back at per a pass,
	 * after its previous shared access's (rq->not_before), without holding
	 * the banks from other warps (measured on an H100: lsu_share,
	 * docs/MEMORY.md) */
	uint64_t bank = rq->is_atomic ? per : (uint64_t)m->c->smem_bank_cycles_per_pass;
	uint64_t start = max64(now, ms->smem_free);
	uint64_t extra = c.passes ? (c.passes - 1) * per : 0;
	ms->smem_free = start + (c.passes ? 1 + (c.passes - 1) * bank : 0);
	uint64_t mine = max64(start, rq->not_before);
	uint64_t own = mine + (c.passes ? 1 : 0) + extra;
	uint64_t done = c.passes ? mine + (uint64_t)m->c->shared_latency + extra : now;
	/* wavefronts: a pass each, and 128-bit lanes at least two (an H100's
	 * LDS.128 takes two even when every lane reads one address) */
	unsigned waves = c.passes;
	if (c.passes && rq->bytes == 16 && waves < 2)
		waves = 2;
	done += data_pipe(m, ms, waves, start, st);
	return (struct mem_timing){done, ms->smem_free, own};
}

/* Constant memory (ldk; docs/MEMORY.md), as the CUDA guide describes it: a
 * warp's access is split per lane group (const.group_lanes: half-warps on
 * cc 1.x) and within a group into one request per distinct address (a word,
 * or an aligned 8 or 16 bytes); the SM's constant cache serves the requests
 * one after another, const.request_cycles each, later warps' behind them. A
 * request that hits is ready const.latency after its turn; one that
 * misses reads its line from device memory, const.miss_latency more, and a
 * later request for that line waits for the fill. The access holds no other
 * part of the SM's memory path. */
static struct mem_timing const_access(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
				      struct sim_stats *st)
{
	struct sm_mem *ms = &m->sm[sm];
	const struct gpu_config *c = m->c;
	unsigned g = (unsigned)c->const_group_lanes;
	uint64_t per = (uint64_t)c->const_request_cycles, hit = (uint64_t)c->const_hit_latency;
	uint64_t miss = (uint64_t)c->const_miss_latency;
	uint32_t wmask = rq->bytes < 4 ? ~3u : ~0u; /* narrow accesses: their word */
	uint64_t t = max64(now, ms->kc_free), done = now;
	unsigned n = 0;
	st->mem.const_accesses++;
	for (unsigned base = 0; base < ISA_WARP_SIZE; base += g) {
		uint32_t grp = rq->mask & (g == ISA_WARP_SIZE ? ~0u : ((1u << g) - 1) << base);
		uint32_t seen[ISA_WARP_SIZE];
		unsigned ns = 0;
		for (uint32_t r = grp; r; r &= r - 1) {
			uint32_t a = rq->addr[__builtin_ctz(r)] & wmask;
			unsigned k = 0;
			while (k < ns && seen[k] != a)
				k++;
			if (k < ns)
				continue;
			seen[ns++] = a;
			uint64_t ti = t + n++ * per, ready = ti + hit;
			struct cache_probe p = {0, 0, NULL};
			if (c->const_cache_size)
				p = cache_probe(&ms->kc, a, 1);
			if (p.present) {
				st->mem.const_hits++;
				ready = max64(ti, p.ready) + hit;
			} else {
				st->mem.const_misses++;
				ready += miss;
				if (c->const_cache_size)
					cache_fill(&ms->kc, a, 1, ti + miss, 0);
			}
			done = max64(done, ready);
		}
	}
	st->mem.const_requests += n;
	ms->kc_free = t + n * per;
	return (struct mem_timing){done, now, 0};
}

struct mem_timing mem_access(struct memsys *m, unsigned sm, const struct mem_request *rq, uint64_t now,
			     struct smem_memo *memo, struct sim_stats *st)
{
	switch (rq->cls) {
	case MC_GLOBAL: return global_access(m, sm, rq, now, st);
	case MC_SHARED: return mem_shared(m, sm, rq, now, memo, st);
	case MC_CONST: return (struct mem_timing){now + (uint64_t)m->c->const_latency, now, 0};
	case MC_CMEM: return const_access(m, sm, rq, now, st);
	case MC_WARP: return (struct mem_timing){now + (uint64_t)m->c->warp_op_latency, now, 0};
	default: return (struct mem_timing){now, now, 0};
	}
}
