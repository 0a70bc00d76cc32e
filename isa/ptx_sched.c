/*
 * ptx_sched.c - the front end's instruction scheduling, as ptxas schedules:
 * within each basic block, loads (global, shared, local, constant) and the arithmetic
 * that computes their addresses move up, as early as their operands allow,
 * so that a block's loads are in flight together instead of each waiting
 * for the arithmetic on the one before. PTX keeps nvcc's source order (a
 * load, a load, the fma that uses them, the next loads...); ptxas issues
 * the loads of an unrolled loop body first and the fmas after, and an
 * in-order simulator that kept the PTX order would wait a memory latency
 * per fma. The H100's SASS of naive_mm.cu issues 13 LDGs before the first
 * FFMA in the loop body (docs/data/cuda-h100/sass.txt). Likewise the
 * compare a block's closing branch reads, and the arithmetic it reads (a
 * loop's counter), move up, so that the branch does not wait on them: the
 * H100's SASS of branch_cost.cu's loops counts and compares first, then
 * runs the chain of multiply-adds, then branches
 * (docs/data/xval-h100/branch-cost.txt).
 *
 * What moves and what it passes, so that the code means what it meant:
 *   - a load, or an arithmetic instruction (no memory, branch, barrier,
 *     warp operation, sleep or special register) that a later load of the
 *     block or its closing conditional branch reads, directly or through
 *     other such instructions;
 *   - never above an instruction it depends on (one writing what it reads,
 *     reading or writing what it writes; a guarded write counts as a read
 *     of what it writes, since its skipped lanes keep the old value);
 *   - a load never above a store, an atomic, a fence, a barrier, a warp
 *     operation or a sleep (memory order); loads pass loads;
 *   - nothing crosses a branch, an exit or a label a branch lands on
 *     (blocks stay as they are, so the reconvergence points do not move);
 *     a label nothing branches to any more (if-conversion left it) is
 *     crossed, as ptxas schedules predicated code as one block;
 *   - a load may pass a store to another state space (global, shared and
 *     local never alias: generic addresses are refused; nothing stores to
 *     constant memory);
 *   - nothing moves across a read of the clock (%clock, %clock64,
 *     %globaltimer), so that it times what the PTX puts on each side.
 * Moved instructions keep their order among themselves. Before moving, a
 * register written again later in the same block gets a fresh virtual
 * register for each earlier value (renamed up to its next write), as
 * ptxas renames: the unrolled copies of a loop body reuse nvcc's registers,
 * and without renaming the second copy's loads could not pass the first
 * copy's fmas. A guarded write continues the value before it (its skipped
 * lanes keep that value), so it writes whatever register that value was
 * given; a value the block did not start keeps its name.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"
#include "util.h"

static bool is_load(const struct vinsn *v)
{
	unsigned f = isa_ops[v->in.op].flags;
	return (f & IF_MEM) && (f & (IF_GLOBAL | IF_SHARED | IF_CMEM | IF_LOCAL)) && !(f & (IF_STORE | IF_ATOMIC));
}

/* Arithmetic with no effect but its destination. */
static bool is_pure(const struct vinsn *v)
{
	unsigned f = isa_ops[v->in.op].flags;
	if (f & (IF_MEM | IF_BRANCH | IF_SYNC | IF_WARP | IF_FENCE))
		return false;
	return v->in.op != OP_S2R && v->in.op != OP_EXIT && v->in.op != OP_BRA;
}

/* Ends a block: nothing moves across it. */
static bool ends_block(const struct vinsn *v) { return v->in.op == OP_BRA || v->in.op == OP_EXIT; }

/* Memory order: may load m pass a? Not a store, atomic, fence, barrier,
 * warp operation or sleep, except a store to another state space (global,
 * shared and local never alias: the front end refuses generic addresses; no
 * store reaches constant memory). */
static bool orders_memory(const struct vinsn *m, const struct vinsn *a)
{
	const unsigned spaces = IF_GLOBAL | IF_SHARED | IF_LOCAL | IF_CMEM;
	unsigned f = isa_ops[a->in.op].flags, fm = isa_ops[m->in.op].flags;
	if ((f & (IF_ATOMIC | IF_FENCE | IF_SYNC | IF_WARP)) || a->in.op == OP_NANOSLEEP)
		return true;
	if (!(f & IF_STORE))
		return false;
	return (f & spaces) == (fm & spaces);
}

static bool in_list(const int *l, unsigned n, int r)
{
	for (unsigned i = 0; i < n; i++)
		if (l[i] == r)
			return true;
	return false;
}

/* A read of the clock (%clock, %clock64, %globaltimer): nothing moves
 * across it, so that it times the code the PTX puts on each side. */
static bool reads_time(const struct vinsn *v)
{
	return v->in.op == OP_S2R &&
	       (v->in.src[0] == SR_CLOCK || v->in.src[0] == SR_CLOCK64 || v->in.src[0] == SR_GLOBALTIMER);
}

/* May m move above a (a just before it)? */
static bool may_pass(const struct vinsn *m, const struct vinsn *a)
{
	if (ends_block(a) || reads_time(a) || reads_time(m) || (is_load(m) && orders_memory(m, a)))
		return false;
	struct vuses um, ua;
	ptx_uses(m, &um);
	ptx_uses(a, &ua);
	/* (a guarded write also reads what it writes; a write of the same
	 * register by the other is refused below anyway) */
	for (unsigned i = 0; i < ua.nw; i++)
		if (in_list(um.r, um.nr, ua.w[i]) || in_list(um.w, um.nw, ua.w[i]))
			return false; /* m reads or rewrites what a writes */
	for (unsigned i = 0; i < um.nw; i++)
		if (in_list(ua.r, ua.nr, um.w[i]))
			return false; /* a reads what m writes */
	return true;
}

static int fresh(struct pentry *e, int like)
{
	GROW(e->vregs, e->cap_vregs, e->nvregs + 1);
	e->vregs[e->nvregs] = e->vregs[like];
	return (int)e->nvregs++;
}

/* Rename, in c->v[start..end), every value of a register that the block
 * writes again later (map: scratch, one entry per virtual register). */
static void rename_block(struct pentry *e, struct vcode *c, unsigned start, unsigned end, int *map)
{
	unsigned nv = e->nvregs;
	for (unsigned r = 0; r < nv; r++)
		map[r] = -1;
	/* unguarded writes per register in the block: each starts a value; a
	 * guarded write continues the value before it (its skipped lanes keep
	 * it), so it writes whatever register that value has */
	unsigned *left = xcalloc(nv ? nv : 1, sizeof *left); /* unguarded writes still to come */
	for (unsigned pc = start; pc < end; pc++) {
		struct vuses u;
		ptx_uses(&c->v[pc], &u);
		for (unsigned i = 0; i < u.nw && !u.partial; i++)
			left[u.w[i]]++;
	}
	for (unsigned pc = start; pc < end; pc++) {
		struct vinsn *v = &c->v[pc];
		const struct isa_fmtinfo *fi = &isa_fmts[isa_ops[v->in.op].fmt];
		bool store = ptx_is_store(v);
		/* reads first */
		if (v->vguard >= 0 && map[v->vguard] >= 0)
			v->vguard = map[v->vguard];
		for (int i = 0; i < 3; i++)
			if (v->vsrc[i] >= 0 && fi->src[i] != SLOT_NONE && fi->src[i] != SLOT_SPECIAL &&
			    v->in.imm_src != i + 1 && v->in.imm2_src != i + 1) {
				if (map[v->vsrc[i]] >= 0)
					v->vsrc[i] = map[v->vsrc[i]];
				if ((v->pairs >> (i + 1) & 1) && map[v->vhi[i + 1]] >= 0)
					v->vhi[i + 1] = map[v->vhi[i + 1]];
			}
		if (store)
			for (unsigned i = 0; i < v->ngroup; i++)
				if (map[v->vgroup[i]] >= 0)
					v->vgroup[i] = map[v->vgroup[i]];
		/* then writes (as ptx_uses names them: a wide load's group, else
		 * vdst): a value written again later in the block gets its own
		 * register */
		int *w[5];
		unsigned nw = 0;
		if (v->pairs & 1)
			w[nw++] = &v->vhi[0];
		if (v->ngroup && !store)
			for (unsigned i = 0; i < v->ngroup; i++)
				w[nw++] = &v->vgroup[i];
		else if (!v->ngroup && v->vdst >= 0)
			w[nw++] = &v->vdst;
		bool partial = v->vguard >= 0;
		for (unsigned i = 0; i < nw; i++) {
			int r = *w[i];
			if (r < 0 || (unsigned)r >= nv)
				continue;
			if (partial) { /* into the current value's register */
				if (map[r] >= 0)
					*w[i] = map[r];
				continue;
			}
			left[r]--;
			if (left[r] > 0) {
				map[r] = fresh(e, r);
				*w[i] = map[r];
			} else {
				map[r] = -1; /* its last value in the block: keeps its name */
			}
		}
	}
	free(left);
}

/* Schedule with each moving instruction passing at most limit others
 * (0: no limit). */
static void schedule(struct pentry *e, struct vcode *c, unsigned limit)
{
	if (c->n < 2)
		return;
	bool *leader = xcalloc(c->n + 1, sizeof *leader);
	leader[0] = true;
	/* a block starts where a branch lands; a label nothing branches to
	 * (left by if-conversion) starts none */
	for (unsigned pc = 0; pc < c->n; pc++) {
		int t = c->v[pc].in.op == OP_BRA ? c->v[pc].target : -1;
		if (t >= 0 && (unsigned)t < e->nlabels && c->label_pc[t] <= c->n)
			leader[c->label_pc[t]] = true;
	}
	for (unsigned pc = 0; pc + 1 < c->n; pc++)
		if (ends_block(&c->v[pc]))
			leader[pc + 1] = true;
	bool *moves = xcalloc(c->n, sizeof *moves);
	bool *bmoves = xcalloc(c->n, sizeof *bmoves); /* moves for the closing branch only */
	for (unsigned start = 0; start < c->n;) {
		unsigned end = start + 1;
		while (end < c->n && !leader[end])
			end++;
		int *map = xcalloc(e->nvregs ? e->nvregs : 1, sizeof *map);
		rename_block(e, c, start, end, map);
		free(map);
		unsigned nvr = e->nvregs ? e->nvregs : 1;
		uint8_t *want = xcalloc(nvr, 1);  /* read by a moving load's chain */
		uint8_t *wantb = xcalloc(nvr, 1); /* read by the closing branch's chain */
		/* what moves: the loads, and backwards from them the arithmetic
		 * whose results a moving instruction reads; and the closing
		 * conditional branch's compare and the arithmetic it reads (the
		 * branch itself stays) */
		for (unsigned pc = end; pc-- > start;) {
			const struct vinsn *v = &c->v[pc];
			struct vuses u;
			ptx_uses(v, &u);
			bool feeds = false, feedsb = false;
			for (unsigned i = 0; i < u.nw; i++)
				if (u.w[i] >= 0 && (unsigned)u.w[i] < e->nvregs) {
					feeds |= want[u.w[i]] != 0;
					feedsb |= wantb[u.w[i]] != 0;
				}
			moves[pc] = is_load(v) || (feeds && is_pure(v));
			bmoves[pc] = !moves[pc] && feedsb && is_pure(v);
			bool branch = pc == end - 1 && v->in.op == OP_BRA && v->vguard >= 0;
			uint8_t *w = moves[pc] ? want : bmoves[pc] || branch ? wantb : NULL;
			if (w) {
				for (unsigned i = 0; i < u.nr; i++)
					if (u.r[i] >= 0 && (unsigned)u.r[i] < e->nvregs)
						w[u.r[i]] = 1;
				/* a guarded write's skipped lanes keep the value before
				 * it: what wrote that value moves with it */
				for (unsigned i = 0; i < u.nw && u.partial; i++)
					if (u.w[i] >= 0 && (unsigned)u.w[i] < e->nvregs)
						w[u.w[i]] = 1;
			}
			moves[pc] |= bmoves[pc];
		}
		/* in order, each moving instruction goes up past what it may; one
		 * moving for the branch stays an instruction below one it reads
		 * (ptxas fills the latency between a counter and its compare) */
		for (unsigned pc = start + 1; pc < end; pc++) {
			if (!moves[pc])
				continue;
			unsigned to = pc;
			while (to > start && !moves[to - 1] && (!limit || pc - to < limit) &&
			       may_pass(&c->v[pc], &c->v[to - 1]))
				to--;
			if (bmoves[pc] && to > start && to < pc && !may_pass(&c->v[pc], &c->v[to - 1]))
				to++;
			/* moved ones keep their order: stop below the last one that
			 * moved (it is at to - 1 when the loop stopped on it) */
			if (to == pc)
				continue;
			struct vinsn m = c->v[pc];
			bool bm = bmoves[pc];
			memmove(&c->v[to + 1], &c->v[to], (pc - to) * sizeof *c->v);
			c->v[to] = m;
			memmove(&moves[to + 1], &moves[to], (pc - to) * sizeof *moves);
			memmove(&bmoves[to + 1], &bmoves[to], (pc - to) * sizeof *bmoves);
			moves[to] = true;
			bmoves[to] = bm;
		}
		free(wantb);
		free(want);
		start = end;
	}
	free(moves);
	free(bmoves);
	free(leader);
}

static struct vcode copy_code(const struct pentry *e, const struct vcode *c)
{
	struct vcode t = *c;
	t.v = xmalloc((c->n ? c->n : 1) * sizeof *t.v);
	if (c->n)
		memcpy(t.v, c->v, c->n * sizeof *t.v);
	t.cap = c->n;
	/* label_pc holds one pc per label of e */
	t.label_pc = xmalloc((e->nlabels ? e->nlabels : 1) * sizeof *t.label_pc);
	if (e->nlabels)
		memcpy(t.label_pc, c->label_pc, e->nlabels * sizeof *t.label_pc);
	return t;
}

/* The registers c allocates to, tried on a copy (e and c unchanged);
 * UINT32_MAX when the allocation fails. */
static unsigned regs_of(struct pentry *e, const struct vcode *c)
{
	struct vcode t = copy_code(e, c);
	unsigned nv = e->nvregs, nregs = e->k->nregs, npreds = e->k->npreds;
	struct diag scratch, *d = e->d;
	memset(&scratch, 0, sizeof scratch);
	e->d = &scratch;
	unsigned n = ptx_regalloc(e, &t) ? e->k->nregs : UINT32_MAX;
	e->d = d;
	e->nvregs = nv;
	e->k->nregs = nregs;
	e->k->npreds = npreds;
	free(t.v);
	free(t.label_pc);
	return n;
}

/* ptxas schedules within a register budget. Here: the least restricted
 * schedule (no limit, then each moving instruction passing at most 8, 4,
 * 2, 1 others) whose allocation needs no more registers than the larger of
 * the unscheduled code's and 32, the count ptxas gives the seed's matmuls
 * on sm_90 (docs/data/cuda-h100/ptxas.txt); else the code as it was. The
 * budget keeps the occupancy of the front end's own allocation (the G80's
 * count) where the unscheduled code had it. On a uniform-datapath target
 * (compute capability 7.5 and later) ptxas reads the parameters from the
 * constant bank and keeps warp-uniform values such as the shared arrays'
 * addresses in uniform registers, outside its per-thread count, where the
 * front end's ISA spends a per-thread register on each: there the 32 grow
 * by one per parameter and per shared array. */
void ptx_schedule(struct pentry *e, struct vcode *c, unsigned target_cc)
{
	if (c->n < 2)
		return;
	unsigned base = regs_of(e, c);
	if (base == UINT32_MAX)
		return; /* the allocation fails anyway: it reports why */
	unsigned least = 32;
	if (target_cc >= 75)
		least += e->k->nparams + e->k->nshared;
	unsigned budget = base > least ? base : least;
	static const unsigned limits[] = {0, 8, 4, 2, 1};
	for (unsigned i = 0; i < sizeof limits / sizeof limits[0]; i++) {
		unsigned nv = e->nvregs;
		struct vcode t = copy_code(e, c);
		schedule(e, &t, limits[i]);
		if (regs_of(e, &t) <= budget) {
			free(c->v);
			free(c->label_pc);
			*c = t;
			return;
		}
		e->nvregs = nv; /* drop the trial's renamed registers */
		free(t.v);
		free(t.label_pc);
	}
}
