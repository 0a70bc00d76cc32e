/* func.c - the functional runner (see func.h). */
#include "func.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "util.h"

enum tstate { T_READY, T_BAR, T_WSYNC, T_EXITED };

struct block {
	const struct program *p;
	unsigned nwarps;
	uint32_t nthreads;
	struct exec_warp *warps;
	uint32_t *regs;
	uint32_t *pc;        /* per thread */
	uint8_t *state;      /* per thread, enum tstate */
	uint32_t *wsync;     /* per thread: the mask it waits for at warpsync */
	uint8_t *shared;
	uint32_t id[3];
	uint32_t linear;
};

static void say(struct sim_result *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(struct sim_result *r, const char *fmt, ...)
{
	size_t n = strlen(r->diagnosis);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->diagnosis + n, sizeof r->diagnosis - n, fmt, ap);
	va_end(ap);
}

static const char *file_of(const struct program *p, uint32_t pc)
{
	return pc < p->ncode ? p->files[p->loc[pc].file] : p->files[0];
}

static unsigned line_of(const struct program *p, uint32_t pc)
{
	return pc < p->ncode ? p->loc[pc].line : 0;
}

static void describe_lanes(struct sim_result *r, uint32_t mask)
{
	int first = 1;
	for (int l = 0; l < 32; l++) {
		if (!(mask >> l & 1))
			continue;
		int e = l;
		while (e + 1 < 32 && (mask >> (e + 1) & 1))
			e++;
		if (e > l)
			say(r, "%s%d-%d", first ? "" : ",", l, e);
		else
			say(r, "%s%d", first ? "" : ",", l);
		first = 0;
		l = e;
	}
}

static void fault(const struct block *b, struct gmem *g, unsigned w, uint32_t pc,
		  const struct exec_result *x, struct sim_result *r)
{
	const struct program *p = b->p;
	char text[160];
	disasm_insn(p, &p->code[pc], text, sizeof text);
	r->status = SIM_FAULT;
	const char *what = x->fault == FAULT_MISALIGNED ? "misaligned" : "out-of-bounds";
	say(r, "%s:%u: %s %s access of %u bytes at address 0x%08" PRIx32 "\n", file_of(p, pc),
	    line_of(p, pc), what, x->fault_space == SPACE_SHARED ? "shared" : "global",
	    x->fault_bytes, x->fault_addr);
	say(r, "    block (%u,%u,%u), warp %u, lane %u (thread %u), pc %u: %s\n", b->id[0], b->id[1],
	    b->id[2], w, x->fault_lane, w * 32 + x->fault_lane, pc, text);
	if (x->fault_space == SPACE_SHARED) {
		say(r, "    the block's shared memory is [0x0, 0x%x) (%u bytes)\n", p->shared_bytes,
		    p->shared_bytes);
	} else {
		const struct gmem_buffer *nb = gmem_nearest(g, x->fault_addr);
		if (nb)
			say(r, "    nearest buffer: %s at [0x%08" PRIx32 ", 0x%08" PRIx32 ") (%u bytes)\n",
			    nb->name, nb->base, nb->base + nb->size, nb->size);
	}
}

static void deadlock(const struct block *b, struct sim_result *r)
{
	const struct program *p = b->p;
	r->status = SIM_DEADLOCK;
	say(r, "deadlock in block (%u,%u,%u): no thread can move\n", b->id[0], b->id[1], b->id[2]);
	for (unsigned w = 0; w < b->nwarps; w++) {
		for (int st = T_BAR; st <= T_WSYNC; st++) {
			/* group this warp's waiting lanes by pc */
			uint32_t done = 0;
			for (int l = 0; l < 32; l++) {
				uint32_t t = w * 32 + (uint32_t)l;
				if ((done >> l & 1) || b->state[t] != st)
					continue;
				uint32_t pc = b->pc[t] - 1, mask = 0;
				for (int k = l; k < 32; k++) {
					uint32_t u = w * 32 + (uint32_t)k;
					if (b->state[u] == st && b->pc[u] == b->pc[t])
						mask |= 1u << k;
				}
				done |= mask;
				say(r, "    warp %u threads ", w);
				describe_lanes(r, mask);
				say(r, " wait at %s (%s:%u)\n", st == T_BAR ? "bar.sync" : "warpsync",
				    file_of(p, pc), line_of(p, pc));
			}
		}
	}
}

static void run_block(struct block *b, struct gmem *g, const uint32_t *args,
		      const struct func_opts *o, struct exec_env *env, struct sim_result *r)
{
	const struct program *p = b->p;
	uint32_t nt = b->nthreads;
	for (uint32_t t = 0; t < b->nwarps * 32; t++) {
		b->pc[t] = 0;
		b->state[t] = t < nt ? T_READY : T_EXITED;
		b->wsync[t] = 0;
	}
	memset(b->regs, 0, sizeof(uint32_t) * b->nwarps * p->nregs * 32);
	memset(b->shared, 0, p->shared_bytes);
	for (unsigned w = 0; w < b->nwarps; w++) {
		memset(b->warps[w].preds, 0, sizeof b->warps[w].preds);
		b->warps[w].preds[ISA_PT] = ~0u;
	}
	(void)args;
	uint64_t quiet = 0; /* warp instructions since the last progress event */
	struct exec_result x;
	for (;;) {
		bool issued = false;
		for (unsigned w = 0; w < b->nwarps; w++) {
			struct exec_warp *wp = &b->warps[w];
			uint32_t *pc = &b->pc[w * 32];
			uint8_t *st = &b->state[w * 32];
			/* run this warp until it blocks, or for a slice */
			for (int slice = 0; slice < 256; slice++) {
				uint32_t ready = 0, minpc = UINT32_MAX;
				for (int l = 0; l < 32; l++)
					if (st[l] == T_READY) {
						ready |= 1u << l;
						if (pc[l] < minpc)
							minpc = pc[l];
					}
				if (!ready)
					break;
				uint32_t group = 0;
				for (int l = 0; l < 32; l++)
					if ((ready >> l & 1) && pc[l] == minpc)
						group |= 1u << l;
				const struct isa_insn *in = &p->code[minpc];
				env->clock = r->stats.warp_insns;
				exec_insn(in, wp, env, group, &x);
				if (x.fault) {
					fault(b, g, w, minpc, &x, r);
					return;
				}
				issued = true;
				r->stats.warp_insns++;
				r->stats.thread_insns += (uint64_t)__builtin_popcount(group);
				r->stats.op_count[in->op]++;
				bool progress = x.mem_written;
				for (int l = 0; l < 32; l++) {
					if (!(group >> l & 1))
						continue;
					bool on = x.exec_mask >> l & 1;
					if (in->op == OP_BRA && (x.taken >> l & 1)) {
						pc[l] = (uint32_t)in->off;
						continue;
					}
					pc[l] = minpc + 1;
					if (!on)
						continue;
					if (in->op == OP_EXIT) {
						st[l] = T_EXITED;
						progress = true;
					} else if (in->op == OP_BAR) {
						st[l] = T_BAR;
						progress = true;
					} else if (in->op == OP_WARPSYNC) {
						st[l] = T_WSYNC;
						b->wsync[w * 32 + (uint32_t)l] = x.sync_mask | (1u << l);
						progress = true;
					}
				}
				quiet = progress ? 0 : quiet + 1;
				if (o->livelock_window && quiet > o->livelock_window) {
					r->status = SIM_NO_PROGRESS;
					say(r, "no forward progress in block (%u,%u,%u): %" PRIu64
					       " warp instructions without a store, atomic, exit or barrier\n",
					    b->id[0], b->id[1], b->id[2], quiet);
					say(r, "    warp %u is at pc %u (%s:%u)\n", w, minpc, file_of(p, minpc),
					    line_of(p, minpc));
					return;
				}
				if (o->max_steps && r->stats.warp_insns >= o->max_steps) {
					r->status = SIM_NO_PROGRESS;
					say(r, "stopped after the limit of %" PRIu64 " warp instructions\n",
					    o->max_steps);
					return;
				}
			}
		}
		/* releases: warp syncs, then the block barrier */
		bool released = false;
		for (unsigned w = 0; w < b->nwarps; w++) {
			uint8_t *st = &b->state[w * 32];
			for (int l = 0; l < 32; l++) {
				if (st[l] != T_WSYNC)
					continue;
				uint32_t need = b->wsync[w * 32 + (uint32_t)l], ok = 1;
				for (int k = 0; k < 32 && ok; k++)
					if ((need >> k & 1) && st[k] != T_WSYNC && st[k] != T_EXITED)
						ok = 0;
				if (ok) {
					for (int k = 0; k < 32; k++)
						if ((need >> k & 1) && st[k] == T_WSYNC)
							st[k] = T_READY;
					released = true;
				}
			}
		}
		uint32_t at_bar = 0, live = 0;
		for (uint32_t t = 0; t < nt; t++) {
			if (b->state[t] != T_EXITED)
				live++;
			if (b->state[t] == T_BAR)
				at_bar++;
		}
		if (live == 0)
			return;
		if (at_bar == live) {
			for (uint32_t t = 0; t < nt; t++)
				b->state[t] = T_READY;
			released = true;
		}
		if (!issued && !released) {
			deadlock(b, r);
			return;
		}
	}
}

void func_run(const struct program *p, struct gmem *g, const uint32_t *args,
	      const struct func_opts *o, struct sim_result *r)
{
	memset(r, 0, sizeof *r);
	struct block b;
	memset(&b, 0, sizeof b);
	b.p = p;
	b.nthreads = p->block[0] * p->block[1] * p->block[2];
	b.nwarps = (b.nthreads + 31) / 32;
	b.warps = xcalloc(b.nwarps, sizeof *b.warps);
	b.regs = xcalloc((size_t)b.nwarps * p->nregs * 32, sizeof(uint32_t));
	b.pc = xcalloc((size_t)b.nwarps * 32, sizeof(uint32_t));
	b.state = xcalloc((size_t)b.nwarps * 32, 1);
	b.wsync = xcalloc((size_t)b.nwarps * 32, sizeof(uint32_t));
	b.shared = xcalloc(p->shared_bytes ? p->shared_bytes : 1, 1);
	for (unsigned w = 0; w < b.nwarps; w++) {
		b.warps[w].regs = b.regs + (size_t)w * p->nregs * 32;
		b.warps[w].nregs = p->nregs;
		b.warps[w].warp_in_block = w;
	}
	struct exec_env env;
	memset(&env, 0, sizeof env);
	memcpy(env.nctaid, p->grid, sizeof env.nctaid);
	memcpy(env.ntid, p->block, sizeof env.ntid);
	env.shared = b.shared;
	env.shared_size = p->shared_bytes;
	env.args = args;
	env.nargs = p->nargs;
	env.gmem.translate = gmem_translate;
	env.gmem.ctx = g;
	uint32_t nsms = o->num_sms ? o->num_sms : 1;
	uint64_t linear = 0;
	for (uint32_t z = 0; z < p->grid[2] && r->status == SIM_DONE; z++)
		for (uint32_t y = 0; y < p->grid[1] && r->status == SIM_DONE; y++)
			for (uint32_t xx = 0; xx < p->grid[0] && r->status == SIM_DONE; xx++, linear++) {
				b.id[0] = env.ctaid[0] = xx;
				b.id[1] = env.ctaid[1] = y;
				b.id[2] = env.ctaid[2] = z;
				env.smid = (uint32_t)(linear % nsms);
				run_block(&b, g, args, o, &env, r);
				if (r->status == SIM_DONE)
					r->stats.blocks++;
			}
	free(b.warps);
	free(b.regs);
	free(b.pc);
	free(b.state);
	free(b.wsync);
	free(b.shared);
}
