/*
 * cfg.c - basic blocks and post-dominators (Cooper, Harvey and Kennedy, "A
 * Simple, Fast Dominance Algorithm", run on the reversed CFG rooted at a
 * virtual exit node).
 */
#include "cfg.h"

#include <stdbool.h>
#include <stdlib.h>

#include "util.h"

static int guarded(const struct isa_insn *in) { return in->guard != ISA_PT || in->guard_neg; }

void cfg_leaders(const struct isa_insn *code, uint32_t n, uint8_t *leader)
{
	for (uint32_t pc = 0; pc < n; pc++)
		leader[pc] = pc == 0;
	for (uint32_t pc = 0; pc < n; pc++) {
		const struct isa_insn *in = &code[pc];
		if (in->op == OP_BRA && (uint32_t)in->off < n)
			leader[in->off] = 1;
		if ((in->op == OP_BRA || in->op == OP_EXIT) && pc + 1 < n)
			leader[pc + 1] = 1;
	}
}

void cfg_ipdom(const struct isa_insn *code, uint32_t n, uint32_t *ipdom)
{
	if (n == 0)
		return;
	uint8_t *leader = xmalloc(n);
	cfg_leaders(code, n, leader);
	uint32_t *block_of = xmalloc(sizeof(uint32_t) * n);
	uint32_t nb = 0;
	for (uint32_t pc = 0; pc < n; pc++) {
		if (leader[pc])
			nb++;
		block_of[pc] = nb - 1;
	}
	uint32_t *start = xmalloc(sizeof(uint32_t) * (nb + 1));
	for (uint32_t pc = 0; pc < n; pc++)
		if (leader[pc])
			start[block_of[pc]] = pc;
	start[nb] = n;
	const uint32_t EXIT = nb;
	/* successors: at most two per block, plus a virtual edge to EXIT */
	uint32_t (*succ)[3] = xmalloc(sizeof(uint32_t[3]) * nb);
	uint8_t *nsucc = xcalloc(nb, 1);
	for (uint32_t b = 0; b < nb; b++) {
		const struct isa_insn *last = &code[start[b + 1] - 1];
		uint32_t fall = start[b + 1] < n ? block_of[start[b + 1]] : EXIT;
		if (last->op == OP_BRA) {
			if (!(last->guard == ISA_PT && last->guard_neg)) /* @!pt bra never branches */
				succ[b][nsucc[b]++] = block_of[last->off];
			if (guarded(last))
				succ[b][nsucc[b]++] = fall;
		} else if (last->op == OP_EXIT) {
			if (!(last->guard == ISA_PT && last->guard_neg))
				succ[b][nsucc[b]++] = EXIT;
			if (guarded(last))
				succ[b][nsucc[b]++] = fall;
		} else {
			succ[b][nsucc[b]++] = fall;
		}
	}
	/* Blocks that can never reach an exit (endless loops) get a virtual edge
	 * to EXIT, so that they are post-dominated by it rather than left out. */
	uint32_t *pcount = NULL, *pred = NULL, *po = NULL, *order = NULL;
	uint32_t cnt = 0;
	const uint32_t NONE = UINT32_MAX;
	for (int pass = 0; pass < 2; pass++) {
		free(pcount);
		free(pred);
		free(po);
		free(order);
		/* predecessors (edges of the reversed graph), CSR layout */
		pcount = xcalloc(nb + 2, sizeof(uint32_t));
		for (uint32_t b = 0; b < nb; b++)
			for (int i = 0; i < nsucc[b]; i++)
				pcount[succ[b][i] + 1]++;
		for (uint32_t v = 1; v <= nb + 1; v++)
			pcount[v] += pcount[v - 1];
		pred = xmalloc(sizeof(uint32_t) * (pcount[nb + 1] + 1));
		uint32_t *fill = xcalloc(nb + 1, sizeof(uint32_t));
		for (uint32_t b = 0; b < nb; b++)
			for (int i = 0; i < nsucc[b]; i++) {
				uint32_t v = succ[b][i];
				pred[pcount[v] + fill[v]++] = b;
			}
		free(fill);
		/* postorder of the reversed graph from EXIT (iterative DFS) */
		po = xmalloc(sizeof(uint32_t) * (nb + 1)); /* node -> postorder number */
		order = xmalloc(sizeof(uint32_t) * (nb + 1));
		uint32_t *stack = xmalloc(sizeof(uint32_t) * (nb + 1));
		uint32_t *it = xcalloc(nb + 1, sizeof(uint32_t));
		uint8_t *seen = xcalloc(nb + 1, 1);
		for (uint32_t v = 0; v <= nb; v++)
			po[v] = NONE;
		uint32_t sp = 0;
		cnt = 0;
		stack[sp++] = EXIT;
		seen[EXIT] = 1;
		while (sp) {
			uint32_t v = stack[sp - 1];
			if (pcount[v] + it[v] < pcount[v + 1]) {
				uint32_t w = pred[pcount[v] + it[v]++];
				if (!seen[w]) {
					seen[w] = 1;
					stack[sp++] = w;
				}
			} else {
				sp--;
				po[v] = cnt;
				order[cnt++] = v;
			}
		}
		bool all = true;
		for (uint32_t b2 = 0; b2 < nb; b2++)
			if (!seen[b2]) {
				succ[b2][nsucc[b2]++] = EXIT;
				all = false;
			}
		free(stack);
		free(it);
		free(seen);
		if (all)
			break;
	}
	uint32_t *idom = xmalloc(sizeof(uint32_t) * (nb + 1));
	for (uint32_t v = 0; v <= nb; v++)
		idom[v] = NONE;
	idom[EXIT] = EXIT;
	for (int changed = 1; changed;) {
		changed = 0;
		/* reverse postorder, skipping the root (last in postorder) */
		for (uint32_t k = cnt - 1; k-- > 0;) {
			uint32_t b = order[k];
			uint32_t nid = NONE;
			for (int i = 0; i < nsucc[b]; i++) {
				uint32_t s = succ[b][i];
				if (idom[s] == NONE)
					continue;
				if (nid == NONE) {
					nid = s;
					continue;
				}
				uint32_t x = s, y = nid;
				while (x != y) {
					while (po[x] < po[y])
						x = idom[x];
					while (po[y] < po[x])
						y = idom[y];
				}
				nid = x;
			}
			if (nid != idom[b]) {
				idom[b] = nid;
				changed = 1;
			}
		}
	}
	for (uint32_t pc = 0; pc < n; pc++) {
		uint32_t d = idom[block_of[pc]];
		ipdom[pc] = (d == NONE || d == EXIT) ? n : start[d];
		/* a bsync where the paths meet is run by each path's threads on
		 * their own (as the H100 counts it): they meet after it */
		while (ipdom[pc] < n && code[ipdom[pc]].op == OP_BSYNC)
			ipdom[pc]++;
	}
	free(leader);
	free(block_of);
	free(start);
	free(succ);
	free(nsucc);
	free(pcount);
	free(pred);
	free(po);
	free(order);
	free(idom);
}

/* Does code[pc] bring in a value other threads or time can change? (Not a
 * local load: only its own thread writes its local memory.) */
static bool outside_value(const struct isa_insn *in)
{
	unsigned f = isa_ops[in->op].flags;
	if ((f & IF_MEM) && (f & (IF_GLOBAL | IF_SHARED)) && !(f & IF_STORE))
		return true; /* a load or an atomic */
	return in->op == OP_S2R &&
	       (in->src[0] == SR_CLOCK || in->src[0] == SR_CLOCK64 || in->src[0] == SR_GLOBALTIMER);
}

/* The loop [t, b]: does it sleep (SPIN_SLEEP), or does leaving it depend on
 * an outside value (SPIN_YIELD)? */
static enum cfg_spin_kind loop_spins(const struct isa_insn *code, uint32_t t, uint32_t b)
{
	uint8_t reg[256] = {0};
	uint8_t pred = 0;
	for (uint32_t pc = t; pc <= b; pc++) {
		const struct isa_insn *in = &code[pc];
		if (in->op == OP_NANOSLEEP)
			return SPIN_SLEEP;
		if (in->op == OP_ATOMS_CAST)
			return SPIN_NONE; /* ptxas's own loop around a compare and store: no YIELD (opcodes.def) */
		bool leaves = (in->op == OP_BRA && ((uint32_t)in->off < t || (uint32_t)in->off > b || pc == b)) ||
			      in->op == OP_EXIT;
		if (leaves && guarded(in))
			pred |= (uint8_t)(1u << in->guard);
	}
	/* what the leaving conditions read, back through the loop's
	 * instructions (around the loop: to a fixed point) */
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t pc = t; pc <= b; pc++) {
			const struct isa_insn *in = &code[pc];
			struct isa_deps d;
			isa_deps(in, &d);
			bool feeds = d.pwrite >= 0 && (pred >> d.pwrite & 1);
			for (unsigned i = 0; i < d.nwrite && !feeds; i++)
				feeds = reg[d.write[i]];
			if (!feeds)
				continue;
			if (outside_value(in))
				return SPIN_YIELD;
			for (unsigned i = 0; i < d.nread; i++)
				if (!reg[d.read[i]]) {
					reg[d.read[i]] = 1;
					changed = true;
				}
			if (d.pread & ~pred) {
				pred |= d.pread;
				changed = true;
			}
		}
	}
	return SPIN_NONE;
}

void cfg_spin(const struct isa_insn *code, uint32_t n, uint8_t *spin)
{
	for (uint32_t pc = 0; pc < n; pc++) {
		const struct isa_insn *in = &code[pc];
		bool back = in->op == OP_BRA && (uint32_t)in->off <= pc;
		spin[pc] = (uint8_t)(back ? loop_spins(code, (uint32_t)in->off, pc) : SPIN_NONE);
	}
}
