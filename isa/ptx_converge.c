/*
 * ptx_converge.c - ptxas's convergence barriers. For a branch whose lanes
 * may go different ways and whose paths meet again before the kernel ends,
 * ptxas (sm_70 and later) writes BSSY ahead of the branch and BSYNC where
 * the paths meet, and every path's threads run that BSYNC on their own: the
 * H100 executes both, and they cost issues (docs/data/cuda-h100/sass.txt,
 * src_*.csv). Before Volta the same pair was SSY and a sync (.S) at the end
 * of each path (seed 002). This pass writes them as bssy and bsync:
 *
 *   - A branch may diverge unless its predicate is warp-uniform: computed
 *     only from kernel parameters, immediates, %ctaid/%nctaid/%ntid and the
 *     other per-warp special registers, votes and ballots, never from a
 *     thread index, a memory load or a shuffle, and not from a register
 *     written on the paths of a branch that may diverge and read or
 *     written outside them (a fixed point from "all uniform").
 *   - The paths meet at the branch's immediate post-dominator; where that is
 *     the kernel's end or an unconditional exit there is nothing to wait
 *     for, and no pair.
 *   - One pair per meeting point: every branch that may diverge and meets
 *     there shares it (a guard around a loop and the loop's own backward
 *     branch, as ptxas writes them); bssy goes where their paths are
 *     entered (before a loop, so that it runs once per entry, not once per
 *     iteration), bsync at the meeting point, where the branches and the
 *     fall-through reach it.
 *
 * The divergence models reconverge after the bsync (cfg_ipdom), so each
 * path runs it, as the H100 counts it. Uniform branches (the matmuls' loops
 * over tiles) get none, as in ptxas's code.
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "ptx_int.h"
#include "util.h"

/* Special registers with one value for a whole warp. */
static bool warp_uniform_special(unsigned sr)
{
	switch (sr) {
	case SR_TID_X: case SR_TID_Y: case SR_TID_Z: case SR_LANEID:
	case SR_LANEMASK_EQ: case SR_LANEMASK_LT: case SR_LANEMASK_LE:
	case SR_LANEMASK_GT: case SR_LANEMASK_GE:
		return false;
	default:
		return true;
	}
}

/* Whether v's result can differ between a warp's lanes whatever its
 * operands are. */
static bool varies_by_itself(const struct vinsn *v)
{
	unsigned f = isa_ops[v->in.op].flags;
	if (v->in.op == OP_S2R)
		return !warp_uniform_special(v->in.src[0]);
	if (v->in.op == OP_LDC)
		return false;
	if (f & (IF_GLOBAL | IF_SHARED))
		return true; /* loads and atomics */
	return v->in.op == OP_SHFL || v->in.op == OP_MATCH_ANY;
}

/* The pcs reachable from branch b's successors before reaching meet (the
 * paths between the branch and where they meet), into in_region. */
static void mark_region(const struct isa_insn *code, uint32_t n, uint32_t b, uint32_t meet,
			uint8_t *in_region, uint32_t *stack)
{
	unsigned sp = 0;
	uint32_t starts[2] = {b + 1, (uint32_t)code[b].off};
	for (int i = 0; i < 2; i++)
		if (starts[i] < n && starts[i] != meet && !in_region[starts[i]]) {
			in_region[starts[i]] = 1;
			stack[sp++] = starts[i];
		}
	while (sp) {
		uint32_t pc = stack[--sp];
		const struct isa_insn *in = &code[pc];
		bool uncond = in->guard == ISA_PT && !in->guard_neg;
		uint32_t next[2];
		unsigned nn = 0;
		if (in->op == OP_BRA) {
			next[nn++] = (uint32_t)in->off;
			if (!uncond)
				next[nn++] = pc + 1;
		} else if (in->op != OP_EXIT || !uncond) {
			next[nn++] = pc + 1;
		}
		for (unsigned i = 0; i < nn; i++)
			if (next[i] < n && next[i] != meet && !in_region[next[i]]) {
				in_region[next[i]] = 1;
				stack[sp++] = next[i];
			}
	}
}

void ptx_converge(struct pentry *e, struct vcode *c)
{
	uint32_t n = c->n;
	if (!n)
		return;
	/* the code with branch targets as pcs, for the CFG */
	struct isa_insn *code = xcalloc(n, sizeof *code);
	for (uint32_t pc = 0; pc < n; pc++) {
		code[pc] = c->v[pc].in;
		if (c->v[pc].vguard >= 0)
			code[pc].guard = 0; /* guarded (a virtual predicate until allocation) */
		if (code[pc].op == OP_BRA)
			code[pc].off = c->v[pc].target >= 0 ? (int32_t)c->label_pc[c->v[pc].target] : (int32_t)n;
	}
	uint32_t *ipdom = xcalloc(n, sizeof *ipdom);
	cfg_ipdom(code, n, ipdom);
	unsigned nv = e->nvregs ? e->nvregs : 1;
	uint8_t *varies = xcalloc(nv, 1);
	uint8_t *diverges = xcalloc(n, 1);
	uint32_t *stack = xcalloc(n, sizeof *stack);
	/* the paths of each branch found to diverge (one map of n per branch) */
	uint8_t **regions = NULL;
	unsigned nregions = 0, cap_regions = 0;
	uint8_t *wr_in = xcalloc(nv, 1);
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t pc = 0; pc < n; pc++) {
			const struct vinsn *v = &c->v[pc];
			struct vuses u;
			ptx_uses(v, &u);
			bool var = varies_by_itself(v);
			for (unsigned i = 0; i < u.nr && !var; i++)
				var = varies[u.r[i]];
			for (unsigned i = 0; i < u.nw; i++)
				if (var && !varies[u.w[i]]) {
					varies[u.w[i]] = 1;
					changed = true;
				}
			if (v->in.op == OP_BRA && v->vguard >= 0 && !diverges[pc] && varies[v->vguard]) {
				diverges[pc] = 1;
				GROW(regions, cap_regions, nregions + 1);
				regions[nregions] = xcalloc(n, 1);
				mark_region(code, n, pc, ipdom[pc], regions[nregions], stack);
				nregions++;
				changed = true;
			}
		}
		/* A register written on the paths of a branch that may diverge
		 * holds one value among the threads running them (a loop counter
		 * there is uniform), but not where the paths have met, or beside
		 * a write elsewhere: written in a region and read or written
		 * outside it, it varies. */
		for (unsigned k = 0; k < nregions; k++) {
			const uint8_t *in = regions[k];
			memset(wr_in, 0, nv);
			for (uint32_t pc = 0; pc < n; pc++) {
				struct vuses u;
				if (!in[pc])
					continue;
				ptx_uses(&c->v[pc], &u);
				for (unsigned i = 0; i < u.nw; i++)
					wr_in[u.w[i]] = 1;
			}
			for (uint32_t pc = 0; pc < n; pc++) {
				struct vuses u;
				if (in[pc])
					continue;
				ptx_uses(&c->v[pc], &u);
				for (unsigned i = 0; i < u.nr + u.nw; i++) {
					int r = i < u.nr ? u.r[i] : u.w[i - u.nr];
					if (wr_in[r] && !varies[r]) {
						varies[r] = 1;
						changed = true;
					}
				}
			}
		}
	}
	for (unsigned k = 0; k < nregions; k++)
		free(regions[k]);
	free(regions);
	free(wr_in);
	/* one pair per meeting point: bssy where the paths of its branches are
	 * entered (before a loop, not in it), bsync where they meet */
	uint8_t *bssy_at = xcalloc(n, 1), *bsync_at = xcalloc(n, 1), *skip = xcalloc(n, 1);
	uint8_t *seen = xcalloc(n + 1, 1), *reg = xcalloc(n, 1);
	unsigned added = 0;
	for (uint32_t pc = 0; pc < n; pc++) {
		uint32_t m = ipdom[pc];
		if (!diverges[pc] || m >= n || seen[m])
			continue;
		const struct isa_insn *at = &code[m];
		if (at->op == OP_EXIT && at->guard == ISA_PT && !at->guard_neg)
			continue; /* they meet only to end */
		seen[m] = 1;
		memset(reg, 0, n);
		for (uint32_t b = pc; b < n; b++)
			if (diverges[b] && ipdom[b] == m) {
				reg[b] = 1;
				mark_region(code, n, b, m, reg, stack);
			}
		uint32_t entry = 0;
		while (!reg[entry])
			entry++;
		/* a loop's own jumps back to its start do not enter it again */
		for (uint32_t b = entry; b < n; b++)
			if (reg[b] && code[b].op == OP_BRA && (uint32_t)code[b].off == entry)
				skip[entry] = 1;
		bssy_at[entry] = 1;
		bsync_at[m] = 1;
		added += 2;
	}
	if (added) {
		/* where each old pc's labels go: to the bsync or bssy put before
		 * it (what jumps there runs it), past a bssy that a loop's jump
		 * back must not run again */
		unsigned *newpc = xcalloc(n + 1, sizeof *newpc);
		struct vinsn *v = xcalloc(n + added, sizeof *v);
		unsigned o = 0;
		for (uint32_t pc = 0; pc < n; pc++) {
			newpc[pc] = o;
			for (int k = 0; k < 2; k++) {
				if (!(k == 0 ? bsync_at[pc] : bssy_at[pc]))
					continue;
				struct vinsn *x = &v[o++];
				x->in.op = (uint8_t)(k == 0 ? OP_BSYNC : OP_BSSY);
				x->in.guard = ISA_PT;
				x->in.dst = ISA_RZ;
				x->in.src[0] = x->in.src[1] = x->in.src[2] = ISA_RZ;
				x->vdst = x->vsrc[0] = x->vsrc[1] = x->vsrc[2] = x->vguard = -1;
				x->target = -1;
				x->stmt = c->v[pc].stmt;
			}
			if (skip[pc] && !bsync_at[pc])
				newpc[pc] = o;
			v[o++] = c->v[pc];
		}
		newpc[n] = o;
		for (unsigned i = 0; i < e->nlabels; i++)
			c->label_pc[i] = newpc[c->label_pc[i]];
		free(c->v);
		c->v = v;
		c->n = c->cap = o;
		free(newpc);
	}
	free(reg);
	free(skip);
	free(bssy_at);
	free(bsync_at);
	free(seen);
	free(stack);
	free(diverges);
	free(varies);
	free(ipdom);
	free(code);
}
