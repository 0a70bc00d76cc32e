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
 *     other per-warp special registers, or a vote, ballot or active mask
 *     (one answer for the lanes that ask); never from a thread index, a
 *     memory load, an atomic or a shuffle; and not from a register written
 *     on the paths of a branch that may diverge and read or written where
 *     they have met, or outside them (a fixed point from "all uniform").
 *   - The paths meet at the branch's immediate post-dominator; where that is
 *     the kernel's end or an unconditional exit there is nothing to wait
 *     for, and no pair.
 *   - One pair per meeting point: every branch that may diverge and meets
 *     there shares it (a guard around a loop and the loop's own backward
 *     branch, as ptxas writes them). The bssy goes on the first edge by
 *     which the paths are entered that falls through (after a branch that
 *     skips them, before a loop), else before the first jump into them (a
 *     loop entered at its test), so that it runs once per entry; jumps
 *     from inside the paths (a loop's back edge) go past it. The bsync
 *     goes at the meeting point; the paths' own jumps there run it, others
 *     (a later loop's back edge to the same pc) go past it.
 *
 * The divergence models reconverge after the bsync (cfg_ipdom), so each
 * path runs it, as the H100 counts it. Uniform branches (the matmuls' loops
 * over tiles) get none, as in ptxas's code.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "ptx_int.h"
#include "util.h"

/* The pass's working state over c (n instructions). */
struct conv {
	struct pentry *e;
	struct vcode *c;
	uint32_t n;
	struct isa_insn *code; /* c's instructions, branch targets as pcs */
	uint32_t *ipdom;       /* cfg_ipdom of code */
	uint32_t *stack;       /* n entries, for walks */
	uint8_t *varies;       /* per virtual register: may differ between a warp's lanes */
	uint8_t *diverges;     /* per pc: a branch that may diverge */
	uint8_t **taken, **fall; /* per diverging branch: the pcs reachable from each side */
	uint32_t *branch_pc;
	unsigned nbr, cap_br;
};

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
	if (f & (IF_GLOBAL | IF_SHARED | IF_LOCAL))
		return true; /* loads and atomics; a local load reads each thread's own memory */
	return v->in.op == OP_SHFL || v->in.op == OP_MATCH_ANY;
}

/* One answer for every lane that asks, whatever the operands. */
static bool one_answer(const struct vinsn *v)
{
	return v->in.op == OP_VOTE_ALL || v->in.op == OP_VOTE_ANY || v->in.op == OP_BALLOT ||
	       v->in.op == OP_ACTMASK || v->in.op == OP_REDUX || v->in.op == OP_MATCH_ALL;
}

/* The pcs control can go to from pc (at most two), into next. */
static unsigned successors(const struct conv *v, uint32_t pc, uint32_t next[2])
{
	const struct isa_insn *in = &v->code[pc];
	bool uncond = in->guard == ISA_PT && !in->guard_neg;
	unsigned nn = 0;
	if (in->op == OP_BRA) {
		if ((uint32_t)in->off < v->n)
			next[nn++] = (uint32_t)in->off;
		if (!uncond && pc + 1 < v->n)
			next[nn++] = pc + 1;
	} else if ((in->op != OP_EXIT || !uncond) && pc + 1 < v->n) {
		next[nn++] = pc + 1;
	}
	return nn;
}

/* Mark in mark the pcs reachable from start without passing meet. */
static void reach(const struct conv *v, uint32_t start, uint32_t meet, uint8_t *mark)
{
	if (start >= v->n || start == meet || mark[start])
		return;
	unsigned sp = 0;
	mark[start] = 1;
	v->stack[sp++] = start;
	while (sp) {
		uint32_t next[2];
		unsigned nn = successors(v, v->stack[--sp], next);
		for (unsigned i = 0; i < nn; i++)
			if (next[i] != meet && !mark[next[i]]) {
				mark[next[i]] = 1;
				v->stack[sp++] = next[i];
			}
	}
}

/* One sweep of the uniformity rules over the code; true when something
 * changed. */
static bool sweep_values(struct conv *v)
{
	bool changed = false;
	for (uint32_t pc = 0; pc < v->n; pc++) {
		const struct vinsn *x = &v->c->v[pc];
		struct vuses u;
		ptx_uses(x, &u);
		bool var = varies_by_itself(x);
		for (unsigned i = 0; i < u.nr && !var && !one_answer(x); i++)
			var = v->varies[u.r[i]];
		for (unsigned i = 0; i < u.nw; i++)
			if (var && !v->varies[u.w[i]]) {
				v->varies[u.w[i]] = 1;
				changed = true;
			}
		if (x->in.op == OP_BRA && x->vguard >= 0 && !v->diverges[pc] && v->varies[x->vguard]) {
			v->diverges[pc] = 1;
			GROW(v->taken, v->cap_br, v->nbr + 1);
			v->fall = xrealloc(v->fall, v->cap_br * sizeof *v->fall);
			v->branch_pc = xrealloc(v->branch_pc, v->cap_br * sizeof *v->branch_pc);
			v->taken[v->nbr] = xcalloc(v->n, 1);
			v->fall[v->nbr] = xcalloc(v->n, 1);
			v->branch_pc[v->nbr] = pc;
			reach(v, (uint32_t)v->code[pc].off, v->ipdom[pc], v->taken[v->nbr]);
			reach(v, pc + 1, v->ipdom[pc], v->fall[v->nbr]);
			v->nbr++;
			changed = true;
		}
	}
	return changed;
}

/* A register written on the paths of diverging branch k holds one value
 * among the threads running them (a loop counter there is uniform), but
 * not where those paths have met (a pc both sides reach) nor beside a
 * write or read outside them: there it varies. */
static bool sweep_paths(struct conv *v, unsigned k, uint8_t *written)
{
	const uint8_t *t = v->taken[k], *f = v->fall[k];
	unsigned nv = v->e->nvregs ? v->e->nvregs : 1;
	memset(written, 0, nv);
	for (uint32_t pc = 0; pc < v->n; pc++) {
		struct vuses u;
		if (!t[pc] && !f[pc])
			continue;
		ptx_uses(&v->c->v[pc], &u);
		for (unsigned i = 0; i < u.nw; i++)
			written[u.w[i]] = 1;
	}
	bool changed = false;
	for (uint32_t pc = 0; pc < v->n; pc++) {
		bool inside = t[pc] || f[pc], met = t[pc] && f[pc];
		if (inside && !met)
			continue;
		struct vuses u;
		ptx_uses(&v->c->v[pc], &u);
		unsigned look = met ? u.nr : u.nr + u.nw; /* where they met: reads */
		for (unsigned i = 0; i < look; i++) {
			int r = i < u.nr ? u.r[i] : u.w[i - u.nr];
			if (written[r] && !v->varies[r]) {
				v->varies[r] = 1;
				changed = true;
			}
		}
	}
	return changed;
}

/* Where the pair of each meeting point goes. */
struct pair {
	uint32_t meet;   /* bsync before this pc */
	uint32_t entry;  /* bssy before this pc */
	uint8_t *paths;  /* the group's branches and the pcs of their paths */
	uint32_t size;   /* pcs in paths */
};

/* The groups: one per meeting point of diverging branches. */
static unsigned place_pairs(struct conv *v, struct pair **out)
{
	struct pair *p = NULL;
	unsigned np = 0, cap = 0;
	for (unsigned k = 0; k < v->nbr; k++) {
		uint32_t b = v->branch_pc[k], m = v->ipdom[b];
		if (m >= v->n)
			continue;
		const struct isa_insn *at = &v->code[m];
		if (at->op == OP_EXIT && at->guard == ISA_PT && !at->guard_neg)
			continue; /* they meet only to end */
		unsigned g = 0;
		while (g < np && p[g].meet != m)
			g++;
		if (g == np) {
			GROW(p, cap, np + 1);
			p[np++] = (struct pair){m, 0, xcalloc(v->n, 1), 0};
		}
		p[g].paths[b] = 1;
		for (uint32_t pc = 0; pc < v->n; pc++)
			p[g].paths[pc] |= v->taken[k][pc] | v->fall[k][pc];
	}
	/* the entry: the first edge from outside the paths into them that
	 * falls through (the bssy before its target, after a conditional
	 * branch that skips the paths), else the first jump into them (the
	 * bssy before the jump) */
	for (unsigned g = 0; g < np; g++) {
		uint32_t jump = UINT32_MAX;
		p[g].entry = UINT32_MAX;
		for (uint32_t pc = 0; pc < v->n && p[g].entry == UINT32_MAX; pc++) {
			uint32_t next[2];
			if (p[g].paths[pc])
				continue;
			unsigned nn = successors(v, pc, next);
			for (unsigned i = 0; i < nn; i++) {
				bool falls = next[i] == pc + 1 && !(v->code[pc].op == OP_BRA && (uint32_t)v->code[pc].off == pc + 1);
				if (!p[g].paths[next[i]])
					continue;
				if (falls)
					p[g].entry = next[i];
				else if (jump == UINT32_MAX)
					jump = pc;
			}
		}
		if (p[g].entry == UINT32_MAX)
			p[g].entry = jump;
		if (p[g].entry == UINT32_MAX) /* entered only at the kernel's start */
			for (p[g].entry = 0; !p[g].paths[p[g].entry]; p[g].entry++)
				;
		for (uint32_t pc = 0; pc < v->n; pc++)
			p[g].size += p[g].paths[pc];
	}
	*out = p;
	return np;
}

/* The label at new pc at, made if there is none (a jump that must go past
 * an inserted instruction). */
static int label_for(struct conv *v, unsigned at, unsigned stmt)
{
	struct pentry *e = v->e;
	for (unsigned i = 0; i < e->nlabels; i++)
		if (v->c->label_pc[i] == at)
			return (int)i;
	char name[PTX_NAME_MAX];
	for (unsigned k = e->nlabels;; k++) { /* a name no label has, with or without its '$' */
		snprintf(name, sizeof name, "$L__conv%u", k);
		bool taken = false;
		for (unsigned i = 0; i < e->nlabels && !taken; i++) {
			const char *a = e->labels[i].name;
			while (*a == '$')
				a++;
			taken = !strcmp(a, name + 1);
		}
		if (!taken)
			break;
	}
	GROW(e->labels, e->cap_labels, e->nlabels + 1);
	v->c->label_pc = xrealloc(v->c->label_pc, (e->nlabels + 1) * sizeof *v->c->label_pc);
	struct plabel *l = &e->labels[e->nlabels];
	memset(l, 0, sizeof *l);
	memcpy(l->name, name, strlen(name) + 1);
	l->stmt = stmt;
	v->c->label_pc[e->nlabels] = at;
	return (int)e->nlabels++;
}

static struct vinsn barrier(enum isa_op op, unsigned stmt)
{
	struct vinsn x;
	memset(&x, 0, sizeof x);
	x.in.op = (uint8_t)op;
	x.in.guard = ISA_PT;
	x.in.dst = ISA_RZ;
	x.in.src[0] = x.in.src[1] = x.in.src[2] = ISA_RZ;
	x.vdst = x.vsrc[0] = x.vsrc[1] = x.vsrc[2] = x.vguard = -1;
	x.target = -1;
	x.stmt = stmt;
	return x;
}

/* Write the pairs into c: before each old pc its bsync (closing a group)
 * and its bssys (opening groups), then the instruction. The bsync comes
 * first (the paths that meet there run it on their own, then the bssys
 * once, together), unless its group lies inside the group opened there (an
 * if in a loop meeting at the loop's start, a `continue`): then the bssys
 * come first, and the if's paths jump straight to the bsync. Labels stay at
 * the first inserted instruction; each jump goes to the first one it must
 * run, past those it must not: a loop's back edge past its bssy. */
static void insert_pairs(struct conv *v, const struct pair *p, unsigned np)
{
	uint32_t n = v->n;
	int *sync_of = xmalloc(n * sizeof *sync_of);
	unsigned *nssy = xcalloc(n, sizeof *nssy);
	for (uint32_t pc = 0; pc < n; pc++)
		sync_of[pc] = -1;
	/* the groups entered at each pc, the widest first (a loop around a
	 * loop with the same first instruction: the inner one's bssy last,
	 * where the outer one's back edge re-enters it) */
	unsigned *order = xmalloc((np ? np : 1) * sizeof *order), *first = xcalloc(n + 1, sizeof *first);
	for (unsigned g = 0; g < np; g++) {
		sync_of[p[g].meet] = (int)g;
		nssy[p[g].entry]++;
	}
	for (uint32_t pc = 0; pc < n; pc++)
		first[pc + 1] = first[pc] + nssy[pc];
	unsigned *fill = xcalloc(n, sizeof *fill);
	for (unsigned g = 0; g < np; g++) {
		uint32_t at = p[g].entry;
		unsigned i = first[at] + fill[at]++;
		while (i > first[at] && p[order[i - 1]].size < p[g].size) {
			order[i] = order[i - 1];
			i--;
		}
		order[i] = (unsigned)g;
	}
	free(fill);
	unsigned *at_sync = xmalloc(n * sizeof *at_sync), *at_ssy = xmalloc(n * sizeof *at_ssy);
	unsigned *at_insn = xmalloc((n + 1) * sizeof *at_insn), *at_first = xmalloc(n * sizeof *at_first);
	uint8_t *sync_first = xcalloc(n, 1);
	struct vinsn *out = xcalloc(n + 2 * np, sizeof *out);
	unsigned o = 0;
	for (uint32_t pc = 0; pc < n; pc++) {
		unsigned stmt = v->c->v[pc].stmt;
		sync_first[pc] = 1;
		if (sync_of[pc] >= 0 && nssy[pc]) {
			const uint8_t *in = p[sync_of[pc]].paths, *outer = p[order[first[pc]]].paths;
			bool inside = true;
			for (uint32_t q = 0; q < n && inside; q++)
				inside = !in[q] || outer[q];
			sync_first[pc] = !inside;
		}
		at_first[pc] = o;
		for (int pass = 0; pass < 2; pass++) {
			if (pass == !sync_first[pc]) {
				at_sync[pc] = o;
				if (sync_of[pc] >= 0)
					out[o++] = barrier(OP_BSYNC, stmt);
			} else {
				at_ssy[pc] = o;
				for (unsigned k = 0; k < nssy[pc]; k++)
					out[o++] = barrier(OP_BSSY, stmt);
			}
		}
		at_insn[pc] = o;
		out[o++] = v->c->v[pc];
	}
	at_insn[n] = o;
	for (unsigned i = 0; i < v->e->nlabels; i++) /* labels: at the first inserted */
		v->c->label_pc[i] = v->c->label_pc[i] < n ? at_first[v->c->label_pc[i]] : o;
	free(v->c->v);
	v->c->v = out;
	v->c->n = v->c->cap = o;
	/* each jump: a bssy if it comes from outside that group's paths, the
	 * bsync if it is one of that group's paths arriving */
	for (uint32_t pc = 0; pc < n; pc++) {
		struct vinsn *x = &out[at_insn[pc]];
		if (x->in.op != OP_BRA || x->target < 0)
			continue;
		uint32_t t = v->code[pc].off;
		if (t >= n)
			continue;
		bool sync = sync_of[t] >= 0 && p[sync_of[t]].paths[pc];
		unsigned ssy = at_insn[t];
		for (unsigned k = 0; k < nssy[t]; k++)
			if (!p[order[first[t] + k]].paths[pc]) { /* entering this group (and those inside it) */
				ssy = at_ssy[t] + k;
				break;
			}
		unsigned to = sync && (sync_first[t] || ssy == at_insn[t]) ? at_sync[t] : ssy;
		if (to != v->c->label_pc[x->target])
			x->target = label_for(v, to, out[to].stmt);
	}
	free(sync_of);
	free(sync_first);
	free(at_first);
	free(order);
	free(first);
	free(nssy);
	free(at_sync);
	free(at_ssy);
	free(at_insn);
}

void ptx_converge(struct pentry *e, struct vcode *c)
{
	struct conv v;
	memset(&v, 0, sizeof v);
	v.e = e;
	v.c = c;
	v.n = c->n;
	if (!v.n)
		return;
	v.code = xcalloc(v.n, sizeof *v.code);
	for (uint32_t pc = 0; pc < v.n; pc++) {
		v.code[pc] = c->v[pc].in;
		if (c->v[pc].vguard >= 0)
			v.code[pc].guard = 0; /* guarded (a virtual predicate until allocation) */
		if (v.code[pc].op == OP_BRA)
			v.code[pc].off = c->v[pc].target >= 0 ? (int32_t)c->label_pc[c->v[pc].target] : (int32_t)v.n;
	}
	v.ipdom = xcalloc(v.n, sizeof *v.ipdom);
	cfg_ipdom(v.code, v.n, v.ipdom);
	unsigned nv = e->nvregs ? e->nvregs : 1;
	v.varies = xcalloc(nv, 1);
	v.diverges = xcalloc(v.n, 1);
	v.stack = xcalloc(v.n, sizeof *v.stack);
	uint8_t *written = xcalloc(nv, 1);
	for (bool changed = true; changed;) {
		changed = sweep_values(&v);
		for (unsigned k = 0; k < v.nbr; k++)
			changed |= sweep_paths(&v, k, written);
	}
	struct pair *p = NULL;
	unsigned np = place_pairs(&v, &p);
	if (np)
		insert_pairs(&v, p, np);
	for (unsigned g = 0; g < np; g++)
		free(p[g].paths);
	free(p);
	for (unsigned k = 0; k < v.nbr; k++) {
		free(v.taken[k]);
		free(v.fall[k]);
	}
	free(v.taken);
	free(v.fall);
	free(v.branch_pc);
	free(written);
	free(v.stack);
	free(v.diverges);
	free(v.varies);
	free(v.ipdom);
	free(v.code);
}
