/*
 * ptx_peep.c - peephole rewrites of translated PTX, the ones ptxas makes
 * that change how many instructions a warp executes (docs/CUDA.md,
 * "Translation rules"):
 *
 *   - 32-bit shared loads of one base at offsets o, o+4, o+8, o+12 in one
 *     basic block become one 128-bit load (64-bit for two) when the base is
 *     known to be 16-byte (8-byte) aligned and nothing between them stores
 *     to shared memory, synchronises, or touches their registers;
 *   - a forward branch over a short block of plain instructions becomes
 *     those instructions guarded by the opposite condition (if-conversion);
 *   - a multiply (or left shift) whose product only one following add
 *     reads becomes an imad at the add.
 *
 * Each keeps the program's results exactly; only the count and order of
 * instructions change.
 */
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"
#include "util.h"

bool ptx_is_store(const struct vinsn *v) { return isa_ops[v->in.op].fmt == FMT_M_R; }

uint8_t *ptx_multi_defs(const struct pentry *e, const struct vcode *c)
{
	uint8_t *n = xcalloc(e->nvregs ? e->nvregs : 1, 1);
	for (unsigned pc = 0; pc < c->n; pc++) {
		struct vuses u;
		ptx_uses(&c->v[pc], &u);
		for (unsigned i = 0; i < u.nw; i++)
			if (n[u.w[i]] < 2)
				n[u.w[i]]++;
	}
	for (unsigned i = 0; i < e->nvregs; i++)
		n[i] = n[i] > 1;
	return n;
}

void ptx_uses(const struct vinsn *v, struct vuses *u)
{
	u->nr = u->nw = 0;
	const struct isa_fmtinfo *fi = &isa_fmts[isa_ops[v->in.op].fmt];
	if (v->vguard >= 0)
		u->r[u->nr++] = v->vguard;
	for (int i = 0; i < 3; i++)
		if (v->vsrc[i] >= 0 && fi->src[i] != SLOT_NONE && fi->src[i] != SLOT_SPECIAL &&
		    v->in.imm_src != i + 1 && v->in.imm2_src != i + 1) {
			u->r[u->nr++] = v->vsrc[i];
			if (v->pairs >> (i + 1) & 1)
				u->r[u->nr++] = v->vhi[i + 1];
		}
	if (v->pairs & 1)
		u->w[u->nw++] = v->vhi[0];
	if (v->ngroup) {
		for (unsigned i = 0; i < v->ngroup; i++) {
			if (ptx_is_store(v))
				u->r[u->nr++] = v->vgroup[i];
			else
				u->w[u->nw++] = v->vgroup[i];
		}
	} else if (v->vdst >= 0) {
		u->w[u->nw++] = v->vdst;
	}
	u->partial = v->vguard >= 0;
}

bool ptx_reads(const struct vinsn *v, int r)
{
	struct vuses u;
	ptx_uses(v, &u);
	for (unsigned i = 0; i < u.nr; i++)
		if (u.r[i] == r)
			return true;
	return false;
}

bool ptx_writes(const struct vinsn *v, int r)
{
	struct vuses u;
	ptx_uses(v, &u);
	for (unsigned i = 0; i < u.nw; i++)
		if (u.w[i] == r)
			return true;
	return false;
}

void ptx_compact(struct pentry *e, struct vcode *c, const bool *drop)
{
	unsigned *newpc = xcalloc(c->n + 1, sizeof *newpc);
	unsigned o = 0;
	for (unsigned pc = 0; pc < c->n; pc++) {
		newpc[pc] = o;
		if (!drop[pc])
			c->v[o++] = c->v[pc];
	}
	newpc[c->n] = o;
	for (unsigned i = 0; i < e->nlabels; i++)
		c->label_pc[i] = newpc[c->label_pc[i]];
	c->n = o;
	free(newpc);
}

/* is_label[pc]: a label marks pc (a basic block may start there). */
static uint8_t *label_marks(const struct pentry *e, const struct vcode *c)
{
	uint8_t *m = xcalloc(c->n + 1, 1);
	for (unsigned i = 0; i < e->nlabels; i++)
		m[c->label_pc[i]] = 1;
	return m;
}

/* ---- alignment ----------------------------------------------------------- */

#define ALIGN_TOP 31 /* log2: a multiple of 2^31 (0 counts as one) */

static unsigned ctz32(uint32_t v) { return v ? (unsigned)__builtin_ctz(v) : ALIGN_TOP; }
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }

/* log2 of the largest power of two known to divide each register's value,
 * over all its definitions (a fixed point from "any"). */
static unsigned *alignments(const struct pentry *e, const struct vcode *c)
{
	unsigned nv = e->nvregs ? e->nvregs : 1;
	unsigned *al = xmalloc(sizeof *al * nv);
	for (unsigned i = 0; i < nv; i++)
		al[i] = ALIGN_TOP;
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned pc = 0; pc < c->n; pc++) {
			const struct vinsn *v = &c->v[pc];
			struct vuses u;
			ptx_uses(v, &u);
			if (u.nw != 1 || v->ngroup || e->vregs[u.w[0]].cls != VC_REG)
				continue;
			const struct isa_insn *in = &v->in;
			/* the alignment of source slot i */
#define SA(i) (in->imm_src == (i) + 1 ? ctz32(in->imm)                                 \
	       : in->imm2_src == (i) + 1 ? ctz32((uint32_t)in->off)                     \
	       : v->vsrc[i] < 0 ? ALIGN_TOP : al[v->vsrc[i]])
			unsigned a;
			switch (in->op) {
			case OP_MOV: a = SA(0); break;
			case OP_IADD:
			case OP_ISUB: a = umin(SA(0), SA(1)); break;
			case OP_IMUL: a = umin(SA(0) + SA(1), ALIGN_TOP); break;
			case OP_IMAD: a = umin(umin(SA(0) + SA(1), ALIGN_TOP), SA(2)); break;
			case OP_SHL:
				a = in->imm_src == 2 ? umin(SA(0) + (in->imm & 31), ALIGN_TOP) : 0;
				break;
			case OP_AND: a = umin(ALIGN_TOP, SA(0) > SA(1) ? SA(0) : SA(1)); break;
			default: a = 0;
			}
#undef SA
			if (a < al[u.w[0]]) {
				al[u.w[0]] = a;
				changed = true;
			}
		}
	}
	return al;
}

/* ---- shared loads into vector loads -------------------------------------- */

static bool plain_lds(const struct vinsn *v)
{
	return v->in.op == OP_LDS && v->in.mod[0] == WIDTH_32 && v->vguard < 0 && !v->ngroup && v->vdst >= 0;
}

/* Does anything in (i, j) stop load j from moving up to i? */
static bool blocks_move(const struct vcode *c, const uint8_t *lab, const bool *drop, unsigned i, unsigned j,
			int base)
{
	const struct vinsn *lj = &c->v[j];
	for (unsigned k = i + 1; k <= j; k++) {
		if (lab[k])
			return true; /* another block */
		if (k == j)
			break;
		if (drop[k])
			continue;
		const struct vinsn *v = &c->v[k];
		unsigned fl = isa_ops[v->in.op].flags;
		if ((fl & (IF_BRANCH | IF_SYNC | IF_FENCE)) || ((fl & IF_SHARED) && (fl & (IF_STORE | IF_ATOMIC))))
			return true;
		if (ptx_reads(v, lj->vdst) || ptx_writes(v, lj->vdst) || ptx_writes(v, base))
			return true;
	}
	return false;
}

static void vectorize_lds(struct pentry *e, struct vcode *c)
{
	unsigned *al = alignments(e, c);
	uint8_t *lab = label_marks(e, c);
	bool *drop = xcalloc(c->n + 1, 1);
	for (unsigned i = 0; i < c->n; i++) {
		struct vinsn *v = &c->v[i];
		if (drop[i] || !plain_lds(v))
			continue;
		int base = v->vsrc[0];
		unsigned balign = base < 0 ? ALIGN_TOP : al[base];
		for (unsigned width = 4; width >= 2; width /= 2) {
			unsigned bytes = width * 4;
			if (balign < (width == 4 ? 4u : 3u) || v->in.off % (int32_t)bytes)
				continue;
			unsigned at[4] = {i, 0, 0, 0};
			unsigned found = 1;
			for (unsigned k = 1; k < width; k++) {
				for (unsigned j = i + 1; j < c->n && !lab[j]; j++) {
					const struct vinsn *w = &c->v[j];
					if (drop[j] || !plain_lds(w) || w->vsrc[0] != base || w->in.off != v->in.off + (int32_t)(4 * k))
						continue;
					at[k] = j;
					break;
				}
				if (!at[k])
					break;
				found++;
			}
			if (found < width)
				continue;
			bool ok = true;
			for (unsigned k = 1; k < width && ok; k++) {
				int d = c->v[at[k]].vdst;
				ok = d != base && !blocks_move(c, lab, drop, i, at[k], base);
				for (unsigned m = 0; m < k && ok; m++)
					ok = c->v[at[m]].vdst != d;
			}
			if (!ok)
				continue;
			v->in.mod[0] = width == 4 ? WIDTH_128 : WIDTH_64;
			v->ngroup = width;
			for (unsigned k = 0; k < width; k++) {
				v->vgroup[k] = c->v[at[k]].vdst;
				if (k)
					drop[at[k]] = true;
			}
			v->vdst = -1;
			break;
		}
	}
	ptx_compact(e, c, drop);
	free(drop);
	free(lab);
	free(al);
}

/* ---- if-conversion ------------------------------------------------------- */

#define IFCONV_MAX 6 /* instructions a converted branch may skip */

static void if_convert(struct pentry *e, struct vcode *c)
{
	uint8_t *lab = label_marks(e, c);
	bool *drop = xcalloc(c->n + 1, 1);
	for (unsigned i = 0; i < c->n; i++) {
		struct vinsn *b = &c->v[i];
		if (b->in.op != OP_BRA || b->vguard < 0 || drop[i])
			continue;
		unsigned t = c->label_pc[b->target];
		if (t <= i + 1 || t - i - 1 > IFCONV_MAX)
			continue;
		bool ok = true;
		for (unsigned k = i + 1; k < t && ok; k++) {
			const struct vinsn *v = &c->v[k];
			unsigned fl = isa_ops[v->in.op].flags;
			ok = !lab[k] && v->vguard < 0 && !(fl & (IF_BRANCH | IF_SYNC | IF_WARP | IF_FENCE | IF_ATOMIC)) &&
			     !ptx_writes(v, b->vguard);
		}
		if (!ok)
			continue;
		for (unsigned k = i + 1; k < t; k++) {
			c->v[k].vguard = b->vguard;
			c->v[k].in.guard_neg = (uint8_t)!b->in.guard_neg;
		}
		drop[i] = true;
	}
	ptx_compact(e, c, drop);
	free(drop);
	free(lab);
}

/* ---- branches ------------------------------------------------------------ */

static int label_at(const struct pentry *e, const struct vcode *c, unsigned pc)
{
	for (unsigned i = 0; i < e->nlabels; i++)
		if (c->label_pc[i] == pc)
			return (int)i;
	return -1;
}

/* A branch to an exit exits (`@p exit`, as ptxas writes `@P0 EXIT`); a
 * guarded branch over an unconditional one turns around (`@p bra A; bra B;
 * A:` is `@!p bra B`); a branch to the next instruction goes. */
static void simplify_branches(struct pentry *e, struct vcode *c)
{
	bool *drop = xcalloc(c->n + 1, 1);
	for (unsigned i = 0; i < c->n; i++) {
		struct vinsn *b = &c->v[i];
		if (b->in.op != OP_BRA || drop[i])
			continue;
		unsigned t = c->label_pc[b->target];
		if (t < c->n && c->v[t].in.op == OP_EXIT && c->v[t].vguard < 0) {
			b->in.op = OP_EXIT;
			b->target = -1;
			continue;
		}
		if (b->vguard >= 0 && i + 2 < c->n && t == i + 2 && c->v[i + 1].in.op == OP_BRA &&
		    c->v[i + 1].vguard < 0 && label_at(e, c, i + 1) < 0) {
			b->target = c->v[i + 1].target;
			b->in.guard_neg ^= 1;
			drop[i + 1] = true;
			continue;
		}
		if (t == i + 1)
			drop[i] = true;
	}
	ptx_compact(e, c, drop);
	free(drop);
}

/* ---- multiply-add -------------------------------------------------------- */

static void fuse_imad(struct pentry *e, struct vcode *c)
{
	unsigned nv = e->nvregs ? e->nvregs : 1;
	unsigned *nread = xcalloc(nv, sizeof *nread);
	uint8_t *multi = ptx_multi_defs(e, c);
	for (unsigned pc = 0; pc < c->n; pc++) {
		struct vuses u;
		ptx_uses(&c->v[pc], &u);
		for (unsigned k = 0; k < u.nr; k++)
			nread[u.r[k]]++;
		if (u.partial)
			for (unsigned k = 0; k < u.nw; k++)
				nread[u.w[k]] += multi[u.w[k]];
	}
	uint8_t *lab = label_marks(e, c);
	bool *drop = xcalloc(c->n + 1, 1);
	for (unsigned i = 0; i < c->n; i++) {
		struct vinsn *m = &c->v[i];
		bool mul = m->in.op == OP_IMUL, shl = m->in.op == OP_SHL && m->in.imm_src == 2 && m->in.imm < 32;
		if ((!mul && !shl) || m->vguard >= 0 || m->vdst < 0 || nread[m->vdst] != 1 || m->in.imm_src == 1)
			continue;
		int t = m->vdst;
		for (unsigned j = i + 1; j < c->n && !lab[j]; j++) {
			struct vinsn *a = &c->v[j];
			if (!ptx_reads(a, t)) {
				/* the product's inputs must not change before the add */
				if ((m->vsrc[0] >= 0 && ptx_writes(a, m->vsrc[0])) ||
				    (m->in.imm_src != 2 && m->vsrc[1] >= 0 && ptx_writes(a, m->vsrc[1])) ||
				    (isa_ops[a->in.op].flags & IF_BRANCH))
					break;
				continue;
			}
			if (a->in.op != OP_IADD || a->vguard >= 0)
				break;
			int ts = -1; /* the add's slot that reads the product */
			if (a->vsrc[0] == t && a->in.imm_src != 1)
				ts = 0;
			else if (a->vsrc[1] == t && a->in.imm_src != 2)
				ts = 1;
			if (ts < 0)
				break;
			int other = 1 - ts;
			struct vinsn f = *a;
			f.in.op = OP_IMAD;
			f.in.imm_src = f.in.imm2_src = 0;
			f.in.imm = 0;
			f.in.off = 0;
			f.vsrc[0] = m->vsrc[0];
			f.vsrc[1] = -1;
			f.vsrc[2] = -1;
			/* b: the multiplier (a register or an immediate) */
			if (shl) {
				f.in.imm_src = 2;
				f.in.imm = 1u << m->in.imm;
			} else if (m->in.imm_src == 2) {
				f.in.imm_src = 2;
				f.in.imm = m->in.imm;
			} else {
				f.vsrc[1] = m->vsrc[1];
			}
			/* c: the add's other operand */
			if (a->in.imm_src == (uint8_t)(other + 1)) {
				if (f.in.imm_src) {
					f.in.imm2_src = 3;
					f.in.off = (int32_t)a->in.imm;
				} else {
					f.in.imm_src = 3;
					f.in.imm = a->in.imm;
				}
			} else {
				f.vsrc[2] = a->vsrc[other];
			}
			*a = f;
			drop[i] = true;
			break;
		}
	}
	ptx_compact(e, c, drop);
	free(drop);
	free(lab);
	free(nread);
	free(multi);
}

/* ---- dead code ----------------------------------------------------------- */

/* Remove instructions whose only effect is a register nobody reads (the
 * movs of constants folded into their users, the low word of a mul.wide
 * only shifted right), until none is left. Memory, control, barrier and warp
 * instructions always stay. */
void ptx_dce(struct pentry *e, struct vcode *c)
{
	bool *read = xcalloc(e->nvregs ? e->nvregs : 1, 1);
	for (bool changed = true; changed;) {
		changed = false;
		memset(read, 0, e->nvregs ? e->nvregs : 1);
		uint8_t *multi = ptx_multi_defs(e, c);
		struct vuses u;
		for (unsigned pc = 0; pc < c->n; pc++) {
			ptx_uses(&c->v[pc], &u);
			for (unsigned i = 0; i < u.nr; i++)
				read[u.r[i]] = true;
			if (u.partial) /* a guarded write keeps an earlier value: it reads it */
				for (unsigned i = 0; i < u.nw; i++)
					read[u.w[i]] |= multi[u.w[i]];
		}
		free(multi);
		bool *drop = xcalloc(c->n + 1, 1);
		for (unsigned pc = 0; pc < c->n; pc++) {
			const struct vinsn *v = &c->v[pc];
			unsigned fl = isa_ops[v->in.op].flags;
			bool pure = !(fl & (IF_MEM | IF_BRANCH | IF_SYNC | IF_WARP)) && !v->ngroup;
			bool hi_read = (v->pairs & 1) && read[v->vhi[0]]; /* a pair's high word alone read */
			if (pure && !hi_read && (v->vdst < 0 || !read[v->vdst]))
				drop[pc] = changed = true;
		}
		ptx_compact(e, c, drop);
		free(drop);
	}
	free(read);
}

void ptx_peephole(struct pentry *e, struct vcode *c)
{
	ptx_dce(e, c);
	fuse_imad(e, c);
	vectorize_lds(e, c);
	simplify_branches(e, c);
	if_convert(e, c);
	ptx_dce(e, c);
}
