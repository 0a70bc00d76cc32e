/*
 * diagnose.c - the text of deadlock, livelock and fault diagnoses and of
 * warnings, written into the sim_result for the frontend to print.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core.h"

static void vappend(char *buf, size_t size, const char *fmt, va_list ap)
{
	size_t n = strlen(buf);
	if (n + 1 < size)
		vsnprintf(buf + n, size - n, fmt, ap);
}

void diag_say(struct sim_result *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vappend(r->diagnosis, sizeof r->diagnosis, fmt, ap);
	va_end(ap);
}

void diag_warn(struct sim_result *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vappend(r->warnings, sizeof r->warnings, fmt, ap);
	va_end(ap);
}

/* "1,3,5,...,31" for an arithmetic progression of 4 or more, else ranges:
 * "0-15,20". Thread numbers are base + lane. */
void diag_threads(char *buf, size_t n, uint32_t mask, unsigned base)
{
	int lanes[32], k = 0;
	for (int l = 0; l < 32; l++)
		if (mask >> l & 1)
			lanes[k++] = l;
	buf[0] = 0;
	if (!k)
		return;
	int step = k > 1 ? lanes[1] - lanes[0] : 0;
	bool ap = k >= 4 && step > 1;
	for (int i = 2; i < k && ap; i++)
		ap = lanes[i] - lanes[i - 1] == step;
	if (ap) {
		snprintf(buf, n, "%u,%u,%u,...,%u", base + lanes[0], base + lanes[1], base + lanes[2],
			 base + lanes[k - 1]);
		return;
	}
	size_t len = 0;
	for (int i = 0; i < k; i++) {
		int j = i;
		while (j + 1 < k && lanes[j + 1] == lanes[j] + 1)
			j++;
		int w = j > i ? snprintf(buf + len, n - len, "%s%u-%u", i ? "," : "", base + lanes[i], base + lanes[j])
			      : snprintf(buf + len, n - len, "%s%u", i ? "," : "", base + lanes[i]);
		if (w < 0 || (size_t)w >= n - len)
			return;
		len += (size_t)w;
		i = j;
	}
}

const char *diag_where(const struct program *p, uint32_t pc, char *buf, size_t n)
{
	if (pc < p->ncode)
		snprintf(buf, n, "%s:%u (pc %u)", p->files[p->loc[pc].file], p->loc[pc].line, pc);
	else
		snprintf(buf, n, "the kernel's end");
	return buf;
}

struct parked_ctx {
	struct sim *s;
	struct warp *w;
	const char *label; /* "missing" in a deadlock, "parked" in a livelock */
};

static void parked(void *ctx, uint32_t mask, uint32_t pc, const char *why)
{
	struct parked_ctx *c = ctx;
	uint32_t m = mask & c->w->live_lanes & ~c->w->bar_mask & ~c->w->ws_lanes;
	if (!m)
		return;
	char who[160];
	diag_threads(who, sizeof who, m, c->w->warp_in_block * 32);
	const struct program *p = c->s->p;
	diag_say(c->s->r, "    %s: threads %s of warp %u are %s, waiting at line %u (pc %u: %s)\n", c->label, who,
		 c->w->warp_in_block, why, pc < p->ncode ? p->loc[pc].line : 0, pc,
		 pc < p->ncode ? p->src_text[pc] : "end");
}

void diag_deadlock(struct sim *s, struct block *b, const char *why)
{
	struct sim_result *r = s->r;
	if (s->stop)
		return;
	s->stop = true;
	r->status = SIM_DEADLOCK;
	const struct program *p = s->p;
	char where[160], who[160];
	uint32_t pc = UINT32_MAX;
	for (unsigned i = 0; i < b->nwarps && pc == UINT32_MAX; i++)
		if (b->warps[i]->live && b->warps[i]->bar_mask)
			pc = b->warps[i]->bar_pc;
	diag_say(r, "deadlock: block (%u,%u,%u) on SM %u at cycle %" PRIu64 ": %s\n", b->id[0], b->id[1],
		 b->id[2], b->sm->id, s->now, why);
	if (pc != UINT32_MAX)
		diag_say(r, "    barrier: bar.sync at %s, sm.barrier = %s\n", diag_where(p, pc, where, sizeof where),
			 s->c->barrier);
	for (unsigned i = 0; i < b->nwarps; i++) {
		struct warp *w = b->warps[i];
		if (!w->live)
			continue;
		if (w->bar_mask) {
			diag_threads(who, sizeof who, w->bar_mask, w->warp_in_block * 32);
			diag_say(r, "    waiting: warp %u threads %s at %s\n", w->warp_in_block, who,
				 diag_where(p, w->bar_pc, where, sizeof where));
		}
		if (w->ws_lanes) {
			diag_threads(who, sizeof who, w->ws_lanes, w->warp_in_block * 32);
			diag_say(r, "    waiting: warp %u threads %s at warpsync %s\n", w->warp_in_block, who,
				 diag_where(p, w->ws_pc, where, sizeof where));
		}
		if (w->runnable) {
			diag_threads(who, sizeof who, w->mask, w->warp_in_block * 32);
			diag_say(r, "    running: warp %u threads %s at %s\n", w->warp_in_block, who,
				 diag_where(p, w->pc, where, sizeof where));
		}
		struct parked_ctx c = {s, w, "missing"};
		s->simt->parked(w->simt, parked, &c);
	}
	uint32_t done = 0;
	for (unsigned i = 0; i < b->nwarps; i++)
		done += (uint32_t)__builtin_popcount(b->warps[i]->exited);
	if (done)
		diag_say(r, "    exited: %u threads\n", done);
}

void diag_livelock(struct sim *s)
{
	struct sim_result *r = s->r;
	s->stop = true;
	r->status = SIM_NO_PROGRESS;
	const struct program *p = s->p;
	diag_say(r, "no forward progress: for %" PRIu64 " cycles (sim.livelock_window = %lld) warps kept issuing but no store or atomic changed memory, no load returned a new value, no thread exited, none arrived at a barrier, and every warp that issued came back to a state it had been in (the same pc, mask and registers)\n",
		 s->now - s->last_progress, (long long)s->c->livelock_window);
	unsigned shown = 0, total = 0;
	for (unsigned i = 0; i < s->nsms; i++)
		for (unsigned k = 0; k < (unsigned)s->c->max_warps; k++) {
			struct warp *w = &s->sms[i].slots[k];
			if (!w->live)
				continue;
			if (w->spin_epoch != s->progress_epoch)
				continue;
			total++;
			if (shown >= 8)
				continue;
			shown++;
			char who[160];
			diag_threads(who, sizeof who, w->mask, w->warp_in_block * 32);
			/* name the loop: the last back edge taken since progress stopped */
			bool loop = w->loop_epoch == s->progress_epoch;
			uint32_t lo = loop ? w->loop_lo : w->spin_lo, hi = loop ? w->loop_hi : w->spin_hi;
			diag_say(r, "    spinning: block (%u,%u,%u) warp %u (SM %u), threads %s, %s pcs %u..%u (%s:%u-%u)\n",
				 w->blk->id[0], w->blk->id[1], w->blk->id[2], w->warp_in_block, i, who,
				 loop ? "in the loop over" : "over", lo, hi, p->files[p->loc[lo].file],
				 p->loc[lo].line, p->loc[hi].line);
			struct parked_ctx c = {s, w, "parked"};
			s->simt->parked(w->simt, parked, &c);
		}
	if (total > shown)
		diag_say(r, "    ... and %u more spinning warps\n", total - shown);
}

void diag_fault(struct sim *s, struct warp *w, uint32_t pc, const struct exec_result *x)
{
	struct sim_result *r = s->r;
	const struct program *p = s->p;
	const struct block *b = w->blk;
	r->status = SIM_FAULT;
	char text[160];
	disasm_insn(p, &p->code[pc], text, sizeof text);
	diag_say(r, "%s:%u: %s %s access of %u bytes at address 0x%08" PRIx32 "\n", p->files[p->loc[pc].file],
		 p->loc[pc].line, x->fault == FAULT_MISALIGNED ? "misaligned" : "out-of-bounds",
		 x->fault_space == SPACE_SHARED ? "shared" : "global", x->fault_bytes, x->fault_addr);
	diag_say(r, "    SM %u, block (%u,%u,%u), warp %u, lane %u (thread %u), pc %u: %s\n", b->sm->id,
		 b->id[0], b->id[1], b->id[2], w->warp_in_block, x->fault_lane,
		 w->warp_in_block * 32 + x->fault_lane, pc, text);
	if (x->fault_space == SPACE_SHARED) {
		diag_say(r, "    the block's shared memory is [0x0, 0x%x) (%u bytes)\n", p->shared_bytes,
			 p->shared_bytes);
	} else {
		const struct gmem_buffer *nb = gmem_nearest(s->g, x->fault_addr);
		if (nb)
			diag_say(r, "    nearest buffer: %s at [0x%08" PRIx32 ", 0x%08" PRIx32 ") (%u bytes)\n",
				 nb->name, nb->base, nb->base + nb->size, nb->size);
	}
}

/* Nothing issued for a whole window although nothing is deadlocked: warps
 * are ready but their scheduler never picks them (a policy that starves). */
void diag_starved(struct sim *s)
{
	struct sim_result *r = s->r;
	s->stop = true;
	r->status = SIM_NO_PROGRESS;
	diag_say(r, "no forward progress: no warp issued an instruction for %" PRIu64
		    " cycles (sim.livelock_window = %lld) although some could (sm.scheduler = %s starves them)\n",
		 s->starved, (long long)s->c->livelock_window, s->c->scheduler);
	unsigned shown = 0;
	for (unsigned i = 0; i < s->nsms && shown < 8; i++)
		for (unsigned k = 0; k < (unsigned)s->c->max_warps && shown < 8; k++) {
			struct warp *w = &s->sms[i].slots[k];
			if (!w->live || w->stall != STALL_NOT_SELECTED)
				continue;
			shown++;
			char where[160];
			diag_say(r, "    never selected: block (%u,%u,%u) warp %u (SM %u, scheduler %u) ready at %s\n",
				 w->blk->id[0], w->blk->id[1], w->blk->id[2], w->warp_in_block, i, w->subp,
				 diag_where(s->p, w->pc, where, sizeof where));
		}
}
