/*
 * ptx_unroll.c - ptxas's unrolling of counted loops (docs/CUDA.md,
 * "Translation rules").
 *
 * For a loop of unknown trip count nvcc unrolls the body 4 times and leaves a
 * main loop that counts a register down to zero by a constant step, then a
 * remainder loop marked `.pragma "nounroll"`. ptxas unrolls that main loop
 * again. Here a loop of one basic block
 *
 *     H:  body (one `iadd cnt, cnt, -s`, no other use of cnt)
 *         isetp.ne p, cnt, 0
 *         @p bra H
 *
 * becomes
 *
 *     H:  isetp.gt.s32 p, cnt, 3s ; @!p bra R
 *     U:  body x4, its constant increments merged (below)
 *         isetp.gt.s32 p, cnt, 3s ; @p bra U
 *         isetp.ne p, cnt, 0      ; @!p bra X
 *     R:  the original loop, its branch to R
 *     X:
 *
 * Exact: 4 steps from cnt > 3s (signed) pass no zero and cannot overflow,
 * so the 3 exit tests left out would all have continued; any other count
 * runs the original loop. p leaves the loop false, as before.
 *
 * In the 4 copies, `iadd x, x, imm` sinks to the end of the block and merges
 * with the next one (as ptxas folds an induction variable's steps): a memory
 * access based on x takes the increment into its offset, an `iadd y, x, z`
 * passes it on to y, an `iadd y, x, imm` into its immediate; any other read,
 * or a guarded instruction, makes the add first; an `iadd y, a, b` that
 * would recompute what y already holds goes. At the end each register
 * still owed an increment gets one add, unless the loop writes it before
 * reading it and nothing outside the loop reads it.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"
#include "util.h"

#define UNROLL 4
#define UNROLL_MAX_BODY 64 /* instructions in the body of a loop unrolled */

struct loop {
	unsigned head, br; /* first instruction of the body, the back branch */
	int label;         /* the head's label */
	int cnt, p;        /* the counter, the loop predicate */
	int32_t step;      /* s > 0 */
};

/* `iadd x, x, imm`, unguarded: x's constant step, or 0. */
static int32_t self_step(const struct vinsn *v)
{
	if (v->in.op != OP_IADD || v->vguard >= 0 || v->ngroup || v->vdst < 0 ||
	    v->vsrc[0] != v->vdst || v->in.imm_src != 2)
		return 0;
	return (int32_t)v->in.imm;
}

static bool is_zero_src(const struct vinsn *v, int slot)
{
	if (v->in.imm_src == slot + 1)
		return v->in.imm == 0;
	return v->vsrc[slot] < 0 && v->in.src[slot] == ISA_RZ && v->in.imm2_src != slot + 1;
}

static bool find_loop(const struct pentry *e, const struct vcode *c, const uint8_t *lab, unsigned br,
		      struct loop *L)
{
	const struct vinsn *b = &c->v[br];
	if (b->in.op != OP_BRA || b->vguard < 0 || b->in.guard_neg || b->target < 0)
		return false;
	unsigned h = c->label_pc[b->target];
	if (h >= br || br - h < 3 || br - h - 1 > UNROLL_MAX_BODY)
		return false;
	if (e->stmts[e->labels[b->target].stmt].nounroll)
		return false;
	const struct vinsn *t = &c->v[br - 1];
	if (t->in.op != OP_ISETP || t->in.mod[0] != CMP_NE || t->vguard >= 0 || t->vdst != b->vguard ||
	    t->vsrc[0] < 0 || t->in.imm_src == 1 || !is_zero_src(t, 1))
		return false;
	L->head = h;
	L->br = br;
	L->label = b->target;
	L->cnt = t->vsrc[0];
	L->p = b->vguard;
	L->step = 0;
	for (unsigned k = h; k <= br; k++)
		if (k > h && lab[k])
			return false;
	for (unsigned k = h; k + 1 < br; k++) {
		const struct vinsn *v = &c->v[k];
		if ((isa_ops[v->in.op].flags & (IF_BRANCH | IF_SYNC | IF_WARP)) || v->in.op == OP_EXIT)
			return false;
		if (ptx_reads(v, L->p) || ptx_writes(v, L->p))
			return false;
		int32_t s = self_step(v);
		if (ptx_writes(v, L->cnt)) {
			if (L->step || v->vdst != L->cnt || s >= 0 || s < -(1 << 28))
				return false;
			L->step = -s;
		} else if (ptx_reads(v, L->cnt)) {
			return false;
		}
	}
	return L->step > 0;
}

/* ---- increments sunk through a block ------------------------------------- */

/* The last `iadd y, a, b` of registers written to y, by the generations
 * (write counts) of y, a and b just after it. */
struct sum {
	int a, b;
	unsigned ga, gb, gy;
};

struct sink {
	struct vinsn *out;
	unsigned n, cap;
	int64_t *pend;  /* per virtual register: the increment it is owed */
	unsigned *gen;  /* per virtual register: writes so far */
	struct sum *sum; /* per virtual register */
};

static void put(struct sink *s, const struct vinsn *v)
{
	GROW(s->out, s->cap, s->n + 1);
	s->out[s->n++] = *v;
	struct vuses u;
	ptx_uses(v, &u);
	for (unsigned i = 0; i < u.nw; i++)
		s->gen[u.w[i]]++;
}

/* y = a + b would recompute what y holds: the same sum, none of the three
 * written since. */
static bool same_sum(const struct sink *s, int y, int a, int b)
{
	const struct sum *m = &s->sum[y];
	return m->gy && m->gy == s->gen[y] && ((m->a == a && m->b == b) || (m->a == b && m->b == a)) &&
	       m->ga == s->gen[m->a] && m->gb == s->gen[m->b];
}

/* The add owed to r, made now (as an instruction of statement stmt). */
static void settle(struct sink *s, int r, unsigned stmt)
{
	if (!s->pend[r])
		return;
	struct vinsn a;
	memset(&a, 0, sizeof a);
	a.in.op = OP_IADD;
	a.in.guard = ISA_PT;
	a.in.dst = ISA_RZ;
	a.in.src[0] = a.in.src[1] = a.in.src[2] = ISA_RZ;
	a.vdst = a.vsrc[0] = r;
	a.vsrc[1] = a.vsrc[2] = a.vguard = -1;
	a.in.imm_src = 2;
	a.in.imm = (uint32_t)(int32_t)s->pend[r];
	a.target = -1;
	a.stmt = stmt;
	put(s, &a);
	s->pend[r] = 0;
}

static bool fits32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

static void sink_one(struct sink *s, struct vinsn v)
{
	struct vuses u;
	ptx_uses(&v, &u);
	const struct isa_fmtinfo *fi = &isa_fmts[isa_ops[v.in.op].fmt];
	int32_t st = self_step(&v);
	if (st && fits32(s->pend[v.vdst] + st)) {
		s->pend[v.vdst] += st;
		return;
	}
	if (v.vguard >= 0) { /* its writes keep old values in lanes it skips */
		for (unsigned i = 0; i < u.nr; i++)
			settle(s, u.r[i], v.stmt);
		for (unsigned i = 0; i < u.nw; i++)
			settle(s, u.w[i], v.stmt);
		put(s, &v);
		return;
	}
	bool plain_add = v.in.op == OP_IADD && !v.ngroup && v.vdst >= 0;
	if (plain_add && v.in.imm_src == 0 && v.in.imm2_src == 0 && v.vsrc[0] >= 0 && v.vsrc[1] >= 0) {
		int64_t owed = s->pend[v.vsrc[0]] + s->pend[v.vsrc[1]];
		if (v.vsrc[0] == v.vsrc[1])
			owed = 2 * s->pend[v.vsrc[0]];
		if (fits32(owed)) {
			int y = v.vdst, a = v.vsrc[0], b = v.vsrc[1];
			if (!same_sum(s, y, a, b) || y == a || y == b) {
				put(s, &v);
				s->sum[y] = (struct sum){a, b, s->gen[a], s->gen[b], s->gen[y]};
			}
			s->pend[y] = owed;
			return;
		}
	}
	if (plain_add && v.in.imm_src == 2 && v.vsrc[0] >= 0 && v.vsrc[0] != v.vdst &&
	    fits32((int64_t)(int32_t)v.in.imm + s->pend[v.vsrc[0]])) {
		v.in.imm = (uint32_t)(int32_t)((int64_t)(int32_t)v.in.imm + s->pend[v.vsrc[0]]);
		put(s, &v);
		s->pend[v.vdst] = 0;
		return;
	}
	/* a base register read only as the base: into the offset */
	if (fi->has_off && fi->src[0] == SLOT_ADDR && v.vsrc[0] >= 0 && s->pend[v.vsrc[0]]) {
		int base = v.vsrc[0];
		unsigned nbase = 0;
		for (unsigned i = 0; i < u.nr; i++)
			nbase += u.r[i] == base;
		if (nbase == 1 && !ptx_writes(&v, base) && fits32((int64_t)v.in.off + s->pend[base])) {
			v.in.off = (int32_t)((int64_t)v.in.off + s->pend[base]);
			ptx_uses(&v, &u);
			for (unsigned i = 0; i < u.nr; i++)
				if (u.r[i] != base)
					settle(s, u.r[i], v.stmt);
			put(s, &v);
			for (unsigned i = 0; i < u.nw; i++)
				s->pend[u.w[i]] = 0;
			return;
		}
	}
	for (unsigned i = 0; i < u.nr; i++)
		settle(s, u.r[i], v.stmt);
	put(s, &v);
	for (unsigned i = 0; i < u.nw; i++)
		s->pend[u.w[i]] = 0;
}

/* ---- the rewrite ----------------------------------------------------------- */

static struct vinsn mk(enum isa_op op, unsigned stmt)
{
	struct vinsn v;
	memset(&v, 0, sizeof v);
	v.in.op = (uint8_t)op;
	v.in.guard = ISA_PT;
	v.in.dst = isa_fmts[isa_ops[op].fmt].dst == SLOT_PRED ? ISA_PT : ISA_RZ;
	v.in.src[0] = v.in.src[1] = v.in.src[2] = ISA_RZ;
	v.vdst = v.vsrc[0] = v.vsrc[1] = v.vsrc[2] = v.vguard = -1;
	v.target = -1;
	v.stmt = stmt;
	return v;
}

static struct vinsn cmp_imm(const struct loop *L, int cmp, int32_t imm, unsigned stmt)
{
	struct vinsn v = mk(OP_ISETP, stmt);
	v.in.mod[0] = (uint8_t)cmp;
	v.in.mod[1] = ITYPE_S32;
	v.vdst = L->p;
	v.vsrc[0] = L->cnt;
	v.in.imm_src = 2;
	v.in.imm = (uint32_t)imm;
	return v;
}

static struct vinsn branch(const struct loop *L, bool neg, int target, unsigned stmt)
{
	struct vinsn v = mk(OP_BRA, stmt);
	v.vguard = L->p;
	v.in.guard_neg = neg;
	v.target = target;
	return v;
}

/* A new label named after the loop's: its index. */
static int new_label(struct pentry *e, struct vcode *c, const struct loop *L, const char *suffix)
{
	GROW(e->labels, e->cap_labels, e->nlabels + 1);
	c->label_pc = xrealloc(c->label_pc, (e->nlabels + 1) * sizeof *c->label_pc);
	struct plabel *l = &e->labels[e->nlabels];
	*l = e->labels[L->label];
	size_t n = strlen(l->name), sl = strlen(suffix);
	if (n + sl < sizeof l->name)
		memcpy(l->name + n, suffix, sl + 1);
	c->label_pc[e->nlabels] = 0;
	return (int)e->nlabels++;
}

/* Registers the loop writes before it reads them (in the body's order) and
 * nothing outside [head, br] reads: their owed increments die with them. */
static uint8_t *loop_local(const struct pentry *e, const struct vcode *c, const struct loop *L)
{
	unsigned nv = e->nvregs ? e->nvregs : 1;
	uint8_t *st = xcalloc(nv, 1); /* 0 unseen, 1 written first, 2 read first */
	for (unsigned k = L->head; k <= L->br; k++) {
		struct vuses u;
		ptx_uses(&c->v[k], &u);
		for (unsigned i = 0; i < u.nr; i++)
			if (!st[u.r[i]])
				st[u.r[i]] = 2;
		for (unsigned i = 0; i < u.nw; i++)
			if (!st[u.w[i]])
				st[u.w[i]] = u.partial ? 2 : 1;
	}
	for (unsigned k = 0; k < c->n; k++) {
		if (k >= L->head && k <= L->br)
			continue;
		struct vuses u;
		ptx_uses(&c->v[k], &u);
		for (unsigned i = 0; i < u.nr; i++)
			st[u.r[i]] = 2;
	}
	for (unsigned i = 0; i < nv; i++)
		st[i] = st[i] == 1;
	return st;
}

/* Unroll loop L; returns the pc just after it. */
static unsigned unroll(struct pentry *e, struct vcode *c, const struct loop *L)
{
	unsigned h = L->head, br = L->br, stmt = c->v[br - 1].stmt;
	unsigned body = br - 1 - h; /* without the test and the branch */
	int lu = new_label(e, c, L, "_x4");
	int lr = new_label(e, c, L, "_rest");
	int lx = new_label(e, c, L, "_done");
	int32_t limit = 3 * L->step;

	unsigned nv = e->nvregs ? e->nvregs : 1;
	struct sink s = {NULL, 0, 0, xcalloc(nv, sizeof(int64_t)), xcalloc(nv, sizeof(unsigned)),
			 xcalloc(nv, sizeof(struct sum))};
	for (unsigned k = 0; k < h; k++)
		put(&s, &c->v[k]);
	struct vinsn g = cmp_imm(L, CMP_GT, limit, stmt);
	put(&s, &g);
	g = branch(L, true, lr, stmt);
	put(&s, &g);
	unsigned upc = s.n;
	for (unsigned rep = 0; rep < UNROLL; rep++)
		for (unsigned k = h; k < h + body; k++)
			sink_one(&s, c->v[k]);
	uint8_t *local = loop_local(e, c, L);
	for (unsigned r = 0; r < e->nvregs; r++)
		if (!local[r] || r == (unsigned)L->cnt)
			settle(&s, (int)r, stmt);
	free(local);
	g = cmp_imm(L, CMP_GT, limit, stmt);
	put(&s, &g);
	g = branch(L, false, lu, stmt);
	put(&s, &g);
	g = cmp_imm(L, CMP_NE, 0, stmt);
	put(&s, &g);
	g = branch(L, true, lx, stmt);
	put(&s, &g);
	unsigned rpc = s.n;
	for (unsigned k = h; k <= br; k++)
		put(&s, &c->v[k]);
	s.out[s.n - 1].target = lr;
	unsigned xpc = s.n;
	for (unsigned k = br + 1; k < c->n; k++)
		put(&s, &c->v[k]);

	unsigned grow = xpc - (br + 1);
	for (unsigned i = 0; i < e->nlabels; i++)
		if (c->label_pc[i] > br)
			c->label_pc[i] += grow;
	c->label_pc[lu] = upc;
	c->label_pc[lr] = rpc;
	c->label_pc[lx] = xpc;
	free(c->v);
	c->v = s.out;
	c->n = s.n;
	c->cap = s.cap;
	free(s.pend);
	free(s.gen);
	free(s.sum);
	return xpc;
}

void ptx_unroll(struct pentry *e, struct vcode *c)
{
	for (unsigned br = 0; br < c->n; br++) {
		const struct vinsn *b = &c->v[br];
		if (b->in.op != OP_BRA || b->vguard < 0 || b->target < 0 || c->label_pc[b->target] >= br)
			continue;
		uint8_t *lab = xcalloc(c->n + 1, 1);
		for (unsigned i = 0; i < e->nlabels; i++)
			lab[c->label_pc[i]] = 1;
		struct loop L;
		bool found = find_loop(e, c, lab, br, &L);
		free(lab);
		if (found)
			br = unroll(e, c, &L) - 1;
	}
}
