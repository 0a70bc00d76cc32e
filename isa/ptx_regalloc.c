/*
 * ptx_regalloc.c - register allocation for translated PTX.
 *
 * PTX names unbounded virtual registers; simt-sim has r0..r254 and p0..p6.
 * Liveness is computed per thread over the control-flow graph (registers are
 * per lane, so divergence does not change it); each virtual register's live
 * range is one interval from its first to its last live position, and
 * intervals are coloured greedily in order of start (optimal for interval
 * graphs). The operands of a .v2/.v4 access form a group that takes 2 or 4
 * consecutive registers aligned to the group size; a register wanted by two
 * different groups is copied. A guarded definition keeps the old value in the
 * lanes it skips, so it does not end the register's previous range. Values
 * never read get rz (or pt).
 */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "ptx_int.h"
#include "util.h"

/* ---- vector groups ------------------------------------------------------- */

static void push(struct vcode *o, unsigned *cap, const struct vinsn *v)
{
	GROW(o->v, *cap, o->n + 1);
	o->v[o->n++] = *v;
}

static int new_vreg(struct pentry *e)
{
	GROW(e->vregs, e->cap_vregs, e->nvregs + 1);
	e->vregs[e->nvregs] = (struct vreg_info){VC_REG, 32, false};
	return (int)e->nvregs++;
}

/* The register groups of an instruction: its wide access's (vgroup) and
 * its register pairs (vdst or vsrc[i] with vhi), each as pointers to its
 * members, and whether the instruction writes it. */
struct igroups {
	int *m[4][4];
	unsigned size[4];
	bool written[4];
	unsigned n;
};

static void insn_groups(struct vinsn *v, struct igroups *g)
{
	g->n = 0;
	if (v->ngroup) {
		for (unsigned i = 0; i < v->ngroup; i++)
			g->m[g->n][i] = &v->vgroup[i];
		g->size[g->n] = v->ngroup;
		g->written[g->n++] = !ptx_is_store(v);
	}
	for (unsigned k = 0; k < 4; k++) {
		if (!(v->pairs >> k & 1))
			continue;
		g->m[g->n][0] = k ? &v->vsrc[k - 1] : &v->vdst;
		g->m[g->n][1] = &v->vhi[k];
		g->size[g->n] = 2;
		g->written[g->n++] = !k;
	}
}

/* Give every group its own registers: where a member already belongs to
 * another group (or repeats), copy through new registers. Returns the group
 * id of every virtual register (-1 none) and each group's members. */
static void split_groups(struct pentry *e, struct vcode *c, int **gid_out, int (**members_out)[4],
			 unsigned **gsize_out, unsigned *ngroups_out)
{
	unsigned ngi = 0;
	for (unsigned pc = 0; pc < c->n; pc++) {
		struct igroups g;
		insn_groups(&c->v[pc], &g);
		ngi += g.n;
	}
	/* copies add at most 4 registers per group access */
	size_t cap_gid = (size_t)e->nvregs + 4 * ngi + 1;
	int *gid = xmalloc(sizeof *gid * cap_gid);
	for (size_t i = 0; i < cap_gid; i++)
		gid[i] = -1;
	int(*members)[4] = NULL;
	unsigned *gsize = NULL;
	unsigned ng = 0, capm = 0, caps = 0;
	struct vcode o;
	memset(&o, 0, sizeof o);
	unsigned cap = 0;
	unsigned *newpc = xcalloc(c->n + 1, sizeof *newpc);
	for (unsigned pc = 0; pc < c->n; pc++) {
		struct vinsn v = c->v[pc];
		newpc[pc] = o.n;
		struct igroups g;
		insn_groups(&v, &g);
		struct vinsn after[4 * 4]; /* copies out of written groups */
		unsigned nafter = 0;
		for (unsigned k = 0; k < g.n; k++) {
			unsigned size = g.size[k];
			/* an existing group with exactly these members, or a pair that is
			 * an aligned half of one (a double of a 128-bit load's two) */
			int same = gid[*g.m[k][0]];
			if (same >= 0) {
				bool eq = gsize[same] == size;
				for (unsigned i = 0; i < size && eq; i++)
					eq = members[same][i] == *g.m[k][i];
				for (unsigned h = 0; !eq && size == 2 && h + 2 <= gsize[same]; h += 2)
					eq = members[same][h] == *g.m[k][0] && members[same][h + 1] == *g.m[k][1];
				if (eq)
					continue;
			}
			bool clash = false;
			for (unsigned i = 0; i < size; i++) {
				if (gid[*g.m[k][i]] >= 0)
					clash = true;
				for (unsigned j = 0; j < i; j++)
					if (*g.m[k][j] == *g.m[k][i])
						clash = true;
			}
			int orig[4];
			for (unsigned i = 0; i < size; i++) {
				orig[i] = *g.m[k][i];
				if (clash)
					*g.m[k][i] = new_vreg(e);
			}
			GROW(members, capm, ng + 1);
			GROW(gsize, caps, ng + 1);
			gsize[ng] = size;
			for (unsigned i = 0; i < size; i++) {
				members[ng][i] = *g.m[k][i];
				gid[*g.m[k][i]] = (int)ng;
			}
			ng++;
			if (!clash)
				continue;
			struct vinsn m;
			memset(&m, 0, sizeof m);
			m.in.op = OP_MOV;
			m.in.guard = ISA_PT;
			m.vsrc[1] = m.vsrc[2] = -1;
			m.vguard = v.vguard;
			m.in.guard_neg = v.in.guard_neg;
			m.target = -1;
			m.stmt = v.stmt;
			for (unsigned i = 0; i < size; i++) {
				m.vdst = g.written[k] ? orig[i] : *g.m[k][i];
				m.vsrc[0] = g.written[k] ? *g.m[k][i] : orig[i];
				if (g.written[k])
					after[nafter++] = m;
				else
					push(&o, &cap, &m);
			}
		}
		push(&o, &cap, &v);
		for (unsigned i = 0; i < nafter; i++)
			push(&o, &cap, &after[i]);
	}
	newpc[c->n] = o.n;
	for (unsigned i = 0; i < e->nlabels; i++)
		c->label_pc[i] = newpc[c->label_pc[i]];
	free(newpc);
	free(c->v);
	c->v = o.v;
	c->n = o.n;
	c->cap = cap;
	*gid_out = gid;
	*members_out = members;
	*gsize_out = gsize;
	*ngroups_out = ng;
}

/* ---- liveness ------------------------------------------------------------ */

#define WORDS(n) (((n) + 63) / 64)

static void set_bit(uint64_t *s, int i) { s[i / 64] |= 1ull << (i % 64); }
static void clr_bit(uint64_t *s, int i) { s[i / 64] &= ~(1ull << (i % 64)); }

/* The branch target of a bra, as a pc. */
static unsigned target_pc(const struct vcode *c, const struct vinsn *v) { return c->label_pc[v->target]; }

bool ptx_regalloc(struct pentry *e, struct vcode *c)
{
	int *gid;
	int(*members)[4];
	unsigned *gsize, ng;
	split_groups(e, c, &gid, &members, &gsize, &ng);
	unsigned n = c->n, nv = e->nvregs, W = WORDS(nv ? nv : 1);
	/* basic blocks */
	uint8_t *leader = xcalloc(n + 1, 1);
	leader[0] = 1;
	for (unsigned pc = 0; pc < n; pc++) {
		const struct vinsn *v = &c->v[pc];
		if (v->in.op == OP_BRA) {
			leader[target_pc(c, v)] = 1;
			leader[pc + 1] = 1;
		} else if (v->in.op == OP_EXIT) {
			leader[pc + 1] = 1;
		}
	}
	unsigned nb = 0;
	unsigned *bstart = xcalloc(n + 1, sizeof *bstart), *blk = xcalloc(n + 1, sizeof *blk);
	for (unsigned pc = 0; pc < n; pc++) {
		if (leader[pc])
			bstart[nb++] = pc;
		blk[pc] = nb - 1;
	}
	bstart[nb] = n;
	blk[n] = nb; /* "kernel exit" */
	uint64_t *in = xcalloc((size_t)nb * W, 8), *out = xcalloc((size_t)nb * W, 8);
	uint64_t *live = xcalloc(W, 8);
	struct vuses u;
	/* which guarded writes keep an earlier value in the lanes they skip:
	 * those to a register that some earlier write may reach (a forward
	 * may-analysis); a guarded write nothing reaches leaves those lanes
	 * undefined, as the branch it came from did, and ends no range */
	uint8_t *keep = xcalloc(n + 1, 1);
	{
		uint64_t *din = xcalloc((size_t)nb * W, 8), *cur = xcalloc(W, 8);
		for (bool grew = true; grew;) {
			grew = false;
			for (unsigned b = 0; b < nb; b++) {
				memcpy(cur, &din[(size_t)b * W], W * 8);
				unsigned last = bstart[b + 1] - 1;
				for (unsigned pc = bstart[b]; pc <= last; pc++) {
					ptx_uses(&c->v[pc], &u);
					for (unsigned i = 0; i < u.nw; i++)
						set_bit(cur, u.w[i]);
				}
				const struct vinsn *lv = &c->v[last];
				unsigned succ[2], ns = 0;
				if (!((lv->in.op == OP_EXIT || lv->in.op == OP_BRA) && lv->vguard < 0) && b + 1 < nb)
					succ[ns++] = b + 1;
				if (lv->in.op == OP_BRA && blk[target_pc(c, lv)] < nb)
					succ[ns++] = blk[target_pc(c, lv)];
				for (unsigned k = 0; k < ns; k++)
					for (unsigned w = 0; w < W; w++) {
						uint64_t *d = &din[(size_t)succ[k] * W + w];
						if ((*d | cur[w]) != *d) {
							*d |= cur[w];
							grew = true;
						}
					}
			}
		}
		for (unsigned b = 0; b < nb; b++) {
			memcpy(cur, &din[(size_t)b * W], W * 8);
			for (unsigned pc = bstart[b]; pc < bstart[b + 1]; pc++) {
				ptx_uses(&c->v[pc], &u);
				for (unsigned i = 0; i < u.nw; i++) {
					if (u.partial && (cur[u.w[i] / 64] >> (u.w[i] % 64) & 1))
						keep[pc] |= (uint8_t)(1u << i);
					set_bit(cur, u.w[i]);
				}
			}
		}
		free(din);
		free(cur);
	}
	bool changed = true;
	while (changed) {
		changed = false;
		for (unsigned b = nb; b-- > 0;) {
			unsigned last = bstart[b + 1] - 1;
			const struct vinsn *lv = &c->v[last];
			memset(live, 0, W * 8);
			bool falls = !((lv->in.op == OP_EXIT || lv->in.op == OP_BRA) && lv->vguard < 0);
			if (falls && b + 1 < nb)
				for (unsigned w = 0; w < W; w++)
					live[w] |= in[(size_t)(b + 1) * W + w];
			if (lv->in.op == OP_BRA) {
				unsigned tb = blk[target_pc(c, lv)];
				if (tb < nb)
					for (unsigned w = 0; w < W; w++)
						live[w] |= in[(size_t)tb * W + w];
			}
			memcpy(&out[(size_t)b * W], live, W * 8);
			for (unsigned pc = last + 1; pc-- > bstart[b];) {
				ptx_uses(&c->v[pc], &u);
				for (unsigned i = 0; i < u.nw; i++)
					if (!(keep[pc] >> i & 1))
						clr_bit(live, u.w[i]);
				for (unsigned i = 0; i < u.nr; i++)
					set_bit(live, u.r[i]);
			}
			if (memcmp(live, &in[(size_t)b * W], W * 8)) {
				memcpy(&in[(size_t)b * W], live, W * 8);
				changed = true;
			}
		}
	}
	/* intervals: every position where a register is live in, or written */
	int *start = xmalloc(sizeof *start * (nv ? nv : 1)), *end = xmalloc(sizeof *end * (nv ? nv : 1));
	bool *read = xcalloc(nv ? nv : 1, 1);
	for (unsigned i = 0; i < nv; i++) {
		start[i] = (int)n + 1;
		end[i] = -1;
	}
#define EXTEND(r, pos)                         \
	do {                                   \
		if ((pos) < start[r])          \
			start[r] = (pos);      \
		if ((pos) > end[r])            \
			end[r] = (pos);        \
	} while (0)
	for (unsigned b = 0; b < nb; b++) {
		memcpy(live, &out[(size_t)b * W], W * 8);
		unsigned last = bstart[b + 1] - 1;
		/* live out: alive through the end of the block */
		for (unsigned w = 0; w < W; w++)
			for (uint64_t m = live[w]; m; m &= m - 1) {
				int r = (int)(w * 64 + (unsigned)__builtin_ctzll(m));
				EXTEND(r, (int)last + 1);
			}
		for (unsigned pc = last + 1; pc-- > bstart[b];) {
			ptx_uses(&c->v[pc], &u);
			for (unsigned i = 0; i < u.nw; i++)
				EXTEND(u.w[i], (int)pc);
			for (unsigned i = 0; i < u.nw; i++)
				if (!(keep[pc] >> i & 1))
					clr_bit(live, u.w[i]);
			for (unsigned i = 0; i < u.nr; i++) {
				set_bit(live, u.r[i]);
				read[u.r[i]] = true;
			}
			for (unsigned w = 0; w < W; w++)
				for (uint64_t m = live[w]; m; m &= m - 1) {
					int r = (int)(w * 64 + (unsigned)__builtin_ctzll(m));
					EXTEND(r, (int)pc);
				}
		}
	}
	/* groups take the union of their members' intervals */
	int *gstart = xmalloc(sizeof *gstart * (ng ? ng : 1)), *gend = xmalloc(sizeof *gend * (ng ? ng : 1));
	for (unsigned g = 0; g < ng; g++) {
		gstart[g] = (int)n + 1;
		gend[g] = -1;
		for (unsigned i = 0; i < gsize[g]; i++) {
			int r = members[g][i];
			if (start[r] < gstart[g])
				gstart[g] = start[r];
			if (end[r] > gend[g])
				gend[g] = end[r];
		}
	}
	/* units in order of start: registers (not in a group) and groups */
	unsigned nu = 0;
	int *unit = xmalloc(sizeof *unit * (nv + ng + 1)); /* >= 0 register, < 0: group -1-g */
	int *ustart = xmalloc(sizeof *ustart * (nv + ng + 1));
	for (unsigned r = 0; r < nv; r++)
		if (gid[r] < 0 && end[r] >= 0 && (read[r]))
			unit[nu++] = (int)r;
	for (unsigned g = 0; g < ng; g++)
		unit[nu++] = -1 - (int)g;
	for (unsigned i = 0; i < nu; i++)
		ustart[i] = unit[i] >= 0 ? start[unit[i]] : gstart[-1 - unit[i]];
	/* insertion sort is too slow for big kernels: sort indices by start */
	int *order = xmalloc(sizeof *order * (nu + 1));
	{
		unsigned maxs = n + 2;
		unsigned *cnt = xcalloc(maxs + 1, sizeof *cnt);
		for (unsigned i = 0; i < nu; i++)
			cnt[ustart[i] + 1]++;
		for (unsigned s = 1; s <= maxs; s++)
			cnt[s] += cnt[s - 1];
		for (unsigned i = 0; i < nu; i++)
			order[cnt[ustart[i]]++] = (int)i;
		free(cnt);
	}
	int *map = xmalloc(sizeof *map * (nv ? nv : 1));
	for (unsigned r = 0; r < nv; r++)
		map[r] = -1; /* rz / pt */
	int busy_r[ISA_MAX_REGS], busy_p[ISA_NUM_PREDS];
	for (int i = 0; i < ISA_MAX_REGS; i++)
		busy_r[i] = -1;
	for (int i = 0; i < ISA_NUM_PREDS; i++)
		busy_p[i] = -1;
	/* copies: a mov whose source's range ends where the destination's
	 * begins can give the destination the source's register; the mov then
	 * moves a register onto itself and is removed (as ptxas leaves no copy
	 * of a parameter behind cvta.to.global) */
	int *copy_src = xmalloc(sizeof *copy_src * (nv ? nv : 1));
	for (unsigned r = 0; r < nv; r++)
		copy_src[r] = -1;
	for (unsigned pc = 0; pc < n; pc++) {
		const struct vinsn *v = &c->v[pc];
		if (v->in.op == OP_MOV && !v->in.imm_src && v->vsrc[0] >= 0 && v->vdst >= 0 &&
		    start[v->vdst] == (int)pc && end[v->vsrc[0]] == (int)pc && gid[v->vdst] < 0 && gid[v->vsrc[0]] < 0)
			copy_src[v->vdst] = v->vsrc[0];
	}
	bool ok = true;
	int maxr = -1, maxp = -1;
	for (unsigned oi = 0; oi < nu && ok; oi++) {
		int un = unit[order[oi]];
		int s = ustart[order[oi]];
		if (un >= 0 && e->vregs[un].cls == VC_PRED) {
			int p = 0;
			while (p < ISA_NUM_PREDS && busy_p[p] >= s)
				p++;
			if (p == ISA_NUM_PREDS) {
				ok = ptx_err(e, &e->stmts[c->v[s < (int)n ? s : (int)n - 1].stmt], 0,
					     "more than %d predicates are live here (simt-sim has p0..p%d)", ISA_NUM_PREDS,
					     ISA_NUM_PREDS - 1);
				break;
			}
			busy_p[p] = end[un];
			map[un] = p;
			if (p > maxp)
				maxp = p;
			continue;
		}
		unsigned k = un >= 0 ? 1 : gsize[-1 - un];
		int en = un >= 0 ? end[un] : gend[-1 - un];
		int r = -1;
		if (un >= 0 && copy_src[un] >= 0 && map[copy_src[un]] >= 0 && busy_r[map[copy_src[un]]] == s)
			r = map[copy_src[un]];
		for (int base = 0; base + (int)k <= ISA_MAX_REGS && r < 0; base += (int)k) {
			bool free_ = true;
			for (unsigned i = 0; i < k && free_; i++)
				free_ = busy_r[base + (int)i] < s;
			if (free_)
				r = base;
		}
		if (r < 0) {
			ok = ptx_err(e, &e->stmts[c->v[s < (int)n ? s : (int)n - 1].stmt], 0,
				     "more than %d registers are live here (simt-sim has r0..r%d)", ISA_MAX_REGS,
				     ISA_MAX_REGS - 1);
			break;
		}
		for (unsigned i = 0; i < k; i++)
			busy_r[r + (int)i] = en;
		if (un >= 0) {
			map[un] = r;
		} else {
			for (unsigned i = 0; i < k; i++)
				map[members[-1 - un][i]] = r + (int)i;
		}
		if (r + (int)k - 1 > maxr)
			maxr = r + (int)k - 1;
	}
	/* drop the moves of a register onto itself */
	if (ok) {
		bool *drop = xcalloc(n + 1, 1);
		for (unsigned pc = 0; pc < n; pc++) {
			const struct vinsn *v = &c->v[pc];
			drop[pc] = v->in.op == OP_MOV && !v->in.imm_src && v->vsrc[0] >= 0 && v->vdst >= 0 &&
				   map[v->vdst] >= 0 && map[v->vdst] == map[v->vsrc[0]];
		}
		ptx_compact(e, c, drop);
		n = c->n;
		free(drop);
	}
	/* rewrite */
	for (unsigned pc = 0; pc < n && ok; pc++) {
		struct vinsn *v = &c->v[pc];
		struct isa_insn *in = &v->in;
		const struct isa_fmtinfo *fi = &isa_fmts[isa_ops[in->op].fmt];
		in->guard = v->vguard >= 0 ? (uint8_t)map[v->vguard] : ISA_PT;
		if (v->vguard >= 0 && map[v->vguard] < 0)
			in->guard = ISA_PT; /* never happens: a guard is read */
		if (fi->dst == SLOT_REG)
			in->dst = v->ngroup && !ptx_is_store(v) ? (uint8_t)map[v->vgroup[0]]
				  : v->vdst >= 0 && map[v->vdst] >= 0 ? (uint8_t)map[v->vdst] : ISA_RZ;
		else if (fi->dst == SLOT_PRED)
			in->dst = v->vdst >= 0 && map[v->vdst] >= 0 ? (uint8_t)map[v->vdst] : ISA_PT;
		else
			in->dst = 0;
		for (int i = 0; i < 3; i++) {
			bool imm = in->imm_src == i + 1 || in->imm2_src == i + 1;
			switch (fi->src[i]) {
			case SLOT_NONE:
				in->src[i] = 0;
				break;
			case SLOT_SPECIAL:
				break;
			case SLOT_PRED:
				if (v->vsrc[i] >= 0)
					in->src[i] = map[v->vsrc[i]] >= 0 ? (uint8_t)map[v->vsrc[i]] : ISA_PT;
				break;
			default:
				if (imm)
					in->src[i] = 0;
				else if (i == 1 && v->ngroup && ptx_is_store(v))
					in->src[i] = (uint8_t)map[v->vgroup[0]];
				else
					in->src[i] = v->vsrc[i] >= 0 && map[v->vsrc[i]] >= 0 ? (uint8_t)map[v->vsrc[i]] : ISA_RZ;
			}
		}
		if (in->op == OP_BRA)
			in->off = (int32_t)target_pc(c, v);
		if (!isa_valid(in))
			ok = ptx_err(e, &e->stmts[v->stmt], 0, "internal error: the translation of this statement is not a valid instruction");
	}
	e->k->nregs = maxr >= 0 ? (unsigned)maxr + 1 : 1;
	e->k->npreds = (unsigned)(maxp + 1);
	free(map);
	free(copy_src);
	free(order);
	free(unit);
	free(ustart);
	free(gstart);
	free(gend);
	free(read);
	free(start);
	free(end);
	free(live);
	free(keep);
	free(in);
	free(out);
	free(bstart);
	free(blk);
	free(leader);
	free(gid);
	free(members);
	free(gsize);
	return ok;
}
