/*
 * ptx_select.c - instruction selection: each PTX statement becomes one simt
 * instruction where the ISA has one (most do), or a short exact sequence.
 * Whatever the ISA cannot express exactly is refused with "not supported".
 *
 * Rules (docs/CUDA.md): cvta.to.global and 64-bit <-> 32-bit integer cvt are
 * register moves (the global space is 32-bit); 64-bit integer registers hold
 * their low word, so add/sub/mul.lo/mul.wide/mad.wide/shl/and/or/xor/not are
 * accepted on them and shr/div/setp/64-bit loads are refused; [symbol+k]
 * addresses of shared arrays and [param] loads fold into the instruction.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pformat.h"
#include "ptx_int.h"
#include "util.h"

struct sel {
	struct pentry *e;
	struct vcode *c;
	const struct stmt *s;
	unsigned si;
	char mods[12][24]; /* the statement's mnemonic split at '.' */
	unsigned nmods;
	bool ftz;          /* the statement had .ftz (taken out of mods: do_stmt_ftz) */
	int tmp_base;      /* virtual registers made here start at e->nvregs */
	unsigned ntmp;
	struct vreg_info *tmp; /* their classes */
	unsigned cap_tmp;
	/* labels a statement's own loop needs (atom64_shared_loop): the label,
	 * and the pc it marks */
	struct {
		int label;
		unsigned pc;
	} *syn;
	unsigned nsyn, cap_syn;
	/* facts about the entry's registers, from a first pass */
	bool *is_const;    /* defined once, by a mov of an immediate */
	uint32_t *cval;    /* ... that immediate's bits */
	int *hi;           /* a 64-bit register defined only by mul.wide and read by
			    * shr.u64/s64: the register holding its high word, or -1 */
	bool *addr;        /* a 64-bit register that only ever holds a global address
			    * (a pointer parameter plus offsets): its high word is 0 */
	uint8_t *zext;     /* every definition is a load of 8 or 16 bits zero-extended
			    * (ld.u8/.b8/.u16/.b16): those bits, else 0 */
	uint8_t *sext;     /* ... sign-extended (ld.s8/.s16) */
	int *ffs;          /* a brev.b32 result read only by bfind.shiftamt.u32 (nvcc's
			    * __ffs): the register holding ffs of brev's source, or -1 */
	int *palias;       /* a predicate set once, before the first label, as a copy,
			    * negation or xor with a constant of another: that one ... */
	uint8_t *palias_neg; /* ... negated (1) or not (0); -1 in palias: none */
	int8_t *pconst;    /* a predicate set once to a constant: 0 or 1; -1 none */
	int *fold_base;    /* a register that is another plus a constant, both set once
			    * before the first label: that other register, or -1 ... */
	int64_t *fold_off; /* ... and the constant (addresses fold it into their offset) */
	bool *ptr;         /* a 64-bit register only ever holding a pointer into global memory
			    * (made by cvta to or from global, or a module variable's address,
			    * plus or minus an integer, or a choice of two): its high word is 0
			    * (stricter than addr: a 64-bit parameter may hold any integer) */
	bool *from_mem;    /* a 64-bit register whose value may come from memory (a 64-bit load
			    * or atomic, or what is made from one): not known to be no pointer */
	bool *genlocal;    /* a 64-bit register only ever holding a generic address of local
			    * memory (cvta.local, plus constants): printf's argument buffer, and
			    * nothing else may read it */
	int *hi64;         /* a 64-bit register stored whole to local memory (printf's double,
			    * long and pointer arguments) and made by cvt: the register holding
			    * its high word, else -1 */
	bool *hi_zero;     /* a 64-bit register whose high word is read and always 0 (made only
			    * by zero-extending cvt or mov of a constant below 2^32): no
			    * register for it, rz */
	bool *hi_bad;      /* ... one whose high word is not known (not a global address, and
			    * some definition not such a cvt) */
	/* printf's call block: its parameters' values by name (st.param), and
	 * the call's return value (ld.param of it: printf's) */
	struct {
		char name[PTX_NAME_MAX];
		struct opnd val;
	} cparam[PTX_MAX_OPNDS];
	unsigned ncparam;
	char cret[PTX_NAME_MAX];
	uint32_t cret_val;
};

/* ---- helpers ------------------------------------------------------------- */

static unsigned stmt_defs(const struct stmt *s, int *out);

static bool has(const struct sel *x, const char *m)
{
	for (unsigned i = 1; i < x->nmods; i++)
		if (!strcmp(x->mods[i], m))
			return true;
	return false;
}

/* The refusal of a 64-bit value's high word where it is not known
 * (hi_facts: a conversion from f32, a 64-bit mul.hi, a struct's field). */
#define HI_UNKNOWN                                                                                         \
	"a 64-bit value whose high word is not known is not supported (a 64-bit register holds its low word, " \
	"and a register for its high word where that is known: docs/CUDA.md, \"64-bit integers\")"

/* The statement's type: its last modifier (.s32, .f32, ...). */
static const char *ty(const struct sel *x) { return x->nmods > 1 ? x->mods[x->nmods - 1] : ""; }

static bool nsup(struct sel *x, const char *what)
{
	return ptx_err(x->e, x->s, 0, "%s: %s not supported", x->s->op, what);
}

static bool opnd_err(struct sel *x, unsigned i, const char *what)
{
	return ptx_err(x->e, x->s, x->s->o[i].col, "%s: operand %u: %s", x->s->op, i + 1, what);
}

static int new_tmp(struct sel *x, enum vclass cls)
{
	GROW(x->tmp, x->cap_tmp, x->ntmp + 1);
	x->tmp[x->ntmp] = (struct vreg_info){cls, 32, false};
	return x->tmp_base + (int)x->ntmp++;
}

static const struct vreg_info *vinfo(const struct sel *x, int v)
{
	return v < x->tmp_base ? &x->e->vregs[v] : &x->tmp[v - x->tmp_base];
}

static struct vinsn *emit(struct sel *x, enum isa_op op)
{
	struct vcode *c = x->c;
	GROW(c->v, c->cap, c->n + 1);
	struct vinsn *v = &c->v[c->n++];
	memset(v, 0, sizeof *v);
	v->in.op = (uint8_t)op;
	v->in.guard = ISA_PT;
	v->in.dst = ISA_RZ;
	v->in.src[0] = v->in.src[1] = v->in.src[2] = ISA_RZ;
	v->vdst = v->vsrc[0] = v->vsrc[1] = v->vsrc[2] = -1;
	v->vguard = x->s->guard;
	v->in.guard_neg = x->s->guard_neg;
	if (v->vguard >= 0 && v->vguard < (int)x->e->nvregs && x->palias && x->palias[v->vguard] >= 0) {
		v->in.guard_neg ^= x->palias_neg[v->vguard];
		v->vguard = x->palias[v->vguard];
	} else if (v->vguard >= 0 && v->vguard < (int)x->e->nvregs && x->pconst && x->pconst[v->vguard] >= 0 &&
		   (x->pconst[v->vguard] ^ x->s->guard_neg)) {
		v->vguard = -1; /* a guard that always holds */
		v->in.guard_neg = 0;
	}
	v->target = -1;
	v->stmt = x->si;
	if (isa_fmts[isa_ops[op].fmt].dst == SLOT_PRED)
		v->in.dst = ISA_PT;
	return v;
}

static bool need_ops(struct sel *x, unsigned n)
{
	if (x->s->no != n)
		return ptx_err(x->e, x->s, 0, "%s takes %u operands, found %u", x->s->op, n, x->s->no);
	return true;
}

/* Operand i as a register of class cls: its virtual register. */
static bool reg_opnd(struct sel *x, unsigned i, enum vclass cls, int *out)
{
	const struct opnd *o = &x->s->o[i];
	if (o->kind != PO_REG || o->reg2 >= 0)
		return opnd_err(x, i, cls == VC_PRED ? "expected a predicate register" : "expected a register");
	if (vinfo(x, o->reg)->cls != cls)
		return opnd_err(x, i, cls == VC_PRED ? "expected a predicate register, found a data register"
						     : "expected a data register, found a predicate");
	if (o->neg)
		return opnd_err(x, i, "'!' is only allowed on a predicate source");
	*out = o->reg;
	return true;
}

static bool dst_reg(struct sel *x, struct vinsn *v, unsigned i)
{
	if (x->s->o[i].kind == PO_SINK) {
		v->vdst = -1;
		return true;
	}
	return reg_opnd(x, i, VC_REG, &v->vdst);
}

static bool dst_pred(struct sel *x, struct vinsn *v, unsigned i)
{
	if (x->s->o[i].kind == PO_SINK) {
		v->vdst = -1;
		return true;
	}
	return reg_opnd(x, i, VC_PRED, &v->vdst);
}

static bool imm_fits(int64_t val, bool is64)
{
	return is64 || (val >= INT32_MIN && val <= (int64_t)UINT32_MAX);
}

/* An unguarded op writing a new register (*reg), inserted just before *vp,
 * the instruction last emitted, which moves down one (*vp follows it).
 * Returns the inserted instruction for its operands to be set. */
static struct vinsn *insert_before(struct sel *x, struct vinsn **vp, enum isa_op op, int *reg)
{
	struct vinsn saved = **vp;
	x->c->n--;
	struct vinsn *b = emit(x, op);
	b->vguard = -1;
	b->in.guard_neg = 0;
	*reg = b->vdst = new_tmp(x, VC_REG);
	GROW(x->c->v, x->c->cap, x->c->n + 1);
	x->c->v[x->c->n++] = saved;
	*vp = &x->c->v[x->c->n - 1];
	return &x->c->v[x->c->n - 2];
}

/* Put a 32-bit immediate into source slot: in imm, or as the second
 * immediate in off when the format allows, else through a mov into a new
 * register. */
static bool put_imm(struct sel *x, struct vinsn **vp, unsigned slot, uint32_t bits)
{
	struct vinsn *v = *vp;
	if (!v->in.imm_src) {
		v->in.imm_src = (uint8_t)(slot + 1);
		v->in.imm = bits;
		return true;
	}
	if (!v->in.imm2_src && !isa_fmts[isa_ops[v->in.op].fmt].has_off) {
		v->in.imm2_src = (uint8_t)(slot + 1);
		v->in.off = (int32_t)bits;
		return true;
	}
	/* the immediate through a mov into a new register, before v */
	int t;
	struct vinsn *m = insert_before(x, vp, OP_MOV, &t);
	m->in.imm_src = 1;
	m->in.imm = bits;
	(*vp)->vsrc[slot] = t;
	return true;
}

/* Source operand i of the statement into slot: a register, or an immediate
 * (float: an 0f constant; integer: a literal that fits the type). */
static bool src_opnd(struct sel *x, struct vinsn **vp, unsigned slot, unsigned i, bool fl, bool is64)
{
	const struct opnd *o = &x->s->o[i];
	switch (o->kind) {
	case PO_REG:
		/* a register that only ever holds one constant: the constant, where
		 * the instruction has room for an immediate (as ptxas folds it) */
		if (o->reg < (int)x->e->nvregs && x->is_const[o->reg] && !o->neg && o->reg2 < 0 &&
		    isa_fmts[isa_ops[(*vp)->in.op].fmt].src[slot] == SLOT_SRC &&
		    (!(*vp)->in.imm_src || (!(*vp)->in.imm2_src && !isa_fmts[isa_ops[(*vp)->in.op].fmt].has_off)))
			return put_imm(x, vp, slot, x->cval[o->reg]);
		return reg_opnd(x, i, VC_REG, &(*vp)->vsrc[slot]);
	case PO_FIMM:
		if (!fl && !is64 && 0)
			return opnd_err(x, i, "a float constant in an integer instruction");
		return put_imm(x, vp, slot, (uint32_t)o->imm);
	case PO_DIMM:
		return opnd_err(x, i, "an f64 constant (0d) in an instruction that is not an f64 one");
	case PO_IMM:
		if (fl)
			return opnd_err(x, i, "an integer literal in a float instruction (write 0fXXXXXXXX)");
		if (!imm_fits(o->imm, is64))
			return opnd_err(x, i, "immediate does not fit in 32 bits");
		return put_imm(x, vp, slot, (uint32_t)o->imm);
	case PO_SPECIAL:
		return opnd_err(x, i, "special registers are read with mov");
	case PO_NAME:
		return opnd_err(x, i, "a symbol as an operand is not supported (only mov takes a shared array's address)");
	default:
		return opnd_err(x, i, "expected a register or an immediate");
	}
}

/* Predicate source operand i into slot (may be negated). */
static bool psrc_opnd(struct sel *x, struct vinsn *v, unsigned slot, unsigned i)
{
	const struct opnd *o = &x->s->o[i];
	if (o->kind == PO_IMM) {
		/* a constant predicate: pt, or !pt for false (0 is false, any other
		 * integer true: nvcc writes mov.pred %p, -1) */
		v->vsrc[slot] = -1;
		v->in.src[slot] = ISA_PT;
		if (o->imm == 0)
			v->in.pneg |= (uint8_t)(1u << slot);
		return true;
	}
	if (o->kind != PO_REG || vinfo(x, o->reg)->cls != VC_PRED)
		return opnd_err(x, i, "expected a predicate");
	int r = o->reg;
	bool neg = o->neg;
	if (r < (int)x->e->nvregs && x->pconst[r] >= 0) { /* a constant: pt or !pt */
		v->vsrc[slot] = -1;
		v->in.src[slot] = ISA_PT;
		if (!(x->pconst[r] ^ neg))
			v->in.pneg |= (uint8_t)(1u << slot);
		return true;
	}
	if (r < (int)x->e->nvregs && x->palias[r] >= 0) {
		neg ^= x->palias_neg[r];
		r = x->palias[r];
	}
	v->vsrc[slot] = r;
	if (neg)
		v->in.pneg |= (uint8_t)(1u << slot);
	return true;
}

static int find_param(const struct sel *x, const char *name)
{
	const struct ptx_kernel *k = x->e->k;
	for (unsigned i = 0; i < k->nparams; i++)
		if (!strcmp(k->params[i].name, name))
			return (int)i;
	return -1;
}

/* A module-scope variable: its index (its address is hidden argument word
 * nwords + index), or -1. */
static int find_global(const struct sel *x, const char *name)
{
	const struct ptx_kernel *k = x->e->k;
	for (unsigned i = 0; i < k->nglobals; i++)
		if (!strcmp(k->globals[i].name, name))
			return (int)i;
	return -1;
}

/* Insert, before instruction *vp, an ldc of global variable g's address
 * into a new register; returns it (*vp moves down one). */
static int global_addr(struct sel *x, struct vinsn **vp, int g)
{
	int t;
	struct vinsn *l = insert_before(x, vp, OP_LDC, &t);
	l->in.off = (int32_t)((x->e->k->nwords + (unsigned)g) * 4);
	return t;
}

static int find_local(const struct sel *x, const char *name)
{
	for (unsigned i = 0; i < x->e->nlocals; i++)
		if (!strcmp(x->e->local_names[i], name))
			return (int)i;
	return -1;
}

static int find_shared(const struct sel *x, const char *name)
{
	const struct ptx_kernel *k = x->e->k;
	for (unsigned i = 0; i < k->nshared; i++)
		if (!strcmp(x->e->shared_names[i], name))
			return (int)i;
	return -1;
}

/* An address operand of an access to state space sp ("global", "shared",
 * "local", "const") into v: base register in src[0], offset in off. A
 * module-scope variable's address comes from an ldc inserted before v; a
 * shared or local variable's is its offset in its space. */
static bool addr_opnd(struct sel *x, struct vinsn **vp, unsigned i, const char *sp)
{
	struct vinsn *v = *vp;
	const struct opnd *o = &x->s->o[i];
	bool shared = !strcmp(sp, "shared"), local = !strcmp(sp, "local");
	if (o->kind != PO_ADDR)
		return opnd_err(x, i, "expected an address [reg + offset]");
	int64_t off = o->imm;
	int lv = o->name[0] ? find_local(x, o->name) : -1;
	if (lv >= 0) {
		if (!local)
			return opnd_err(x, i, "a local variable's address in a non-local access");
		off += x->e->local_off[lv];
	} else if (local && o->name[0]) {
		return opnd_err(x, i, "unknown local variable");
	}
	int gv = o->name[0] && !shared && !local ? find_global(x, o->name) : -1;
	if (gv >= 0) {
		if (off < INT32_MIN || off > INT32_MAX)
			return opnd_err(x, i, "address offset does not fit in 32 bits");
		int t = global_addr(x, vp, gv);
		(*vp)->vsrc[0] = t;
		(*vp)->in.off = (int32_t)off;
		return true;
	}
	if (o->name[0] && !local) {
		int sh = find_shared(x, o->name);
		if (sh < 0) {
			if (find_param(x, o->name) >= 0)
				return opnd_err(x, i, "a parameter's address is only read with ld.param");
			return opnd_err(x, i, shared ? "unknown shared variable" : "unknown variable");
		}
		if (!shared)
			return opnd_err(x, i, "a shared variable's address in a non-shared access");
		off += x->e->k->shared[sh].offset;
	}
	if (off < INT32_MIN || off > INT32_MAX)
		return opnd_err(x, i, "address offset does not fit in 32 bits");
	int base = o->reg;
	if (base >= 0 && base < (int)x->e->nvregs && x->fold_base[base] >= 0) {
		off += x->fold_off[base];
		base = x->fold_base[base];
	}
	if (off < INT32_MIN || off > INT32_MAX)
		return opnd_err(x, i, "address offset does not fit in 32 bits");
	v->vsrc[0] = base;
	v->in.off = (int32_t)off;
	return true;
}

/* ---- type classes -------------------------------------------------------- */

static bool is_t(const char *t, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(t, *list))
			return true;
	return false;
}

static const char *const T32[] = {"b32", "u32", "s32", NULL};
static const char *const T64[] = {"b64", "u64", "s64", NULL};
static const char *const T16[] = {"b16", "u16", "s16", NULL};

static struct vinsn *op3(struct sel *x, enum isa_op op, int d, int a, int b, int mod0)
{
	struct vinsn *v = emit(x, op);
	v->vdst = d;
	v->vsrc[0] = a;
	v->vsrc[1] = b;
	if (mod0 >= 0)
		v->in.mod[0] = (uint8_t)mod0;
	return v;
}

static struct vinsn *opi(struct sel *x, enum isa_op op, int d, int a, uint32_t imm, int mod0)
{
	struct vinsn *v = op3(x, op, d, a, -1, mod0);
	put_imm(x, &v, 1, imm);
	return v;
}

/* ---- 8- and 16-bit values ------------------------------------------------ */

/* A .b16/.u16/.s16 register is a 32-bit register whose low 16 bits are the
 * value; the high bits are whatever the last write left (an add's carry,
 * a load's extension). What only the low bits decide (add, sub, mul.lo,
 * mad.lo, the bitwise operations, shl, a store, a truncating cvt) reads it
 * as it is; what depends on the whole value (a compare, min, max, shr,
 * div, rem, mul.wide, mul.hi, abs, a widening cvt) reads it extended from
 * bits, with sign or zeros, as the instruction's type says. */
static uint32_t extend(uint32_t v, unsigned bits, bool sign)
{
	if (bits >= 32)
		return v;
	uint32_t m = (1u << bits) - 1;
	v &= m;
	return sign && (v >> (bits - 1)) ? v | ~m : v;
}

/* Operand i is an immediate or a register holding one constant: *val. */
static bool const_opnd(const struct sel *x, unsigned i, uint32_t *val)
{
	const struct opnd *o = &x->s->o[i];
	if (o->kind == PO_IMM) {
		*val = (uint32_t)o->imm;
		return true;
	}
	if (o->kind == PO_REG && o->reg < (int)x->e->nvregs && x->is_const[o->reg] && !o->neg && o->reg2 < 0) {
		*val = x->cval[o->reg];
		return true;
	}
	return false;
}

/* Whether register r already holds its low bits extended as asked (every
 * write a load that extends them so). */
static bool extended(const struct sel *x, int r, unsigned bits, bool sign)
{
	if (r >= (int)x->e->nvregs)
		return false;
	if (x->zext[r] && (sign ? x->zext[r] < bits : x->zext[r] <= bits))
		return true;
	return sign && x->sext[r] && x->sext[r] <= bits;
}

/* Source operand i, extended from bits (sign: with its sign bit, else
 * zeros), into source slot of *vp, the instruction last emitted: a
 * constant extended here, a register through an and (zeros) or a shl and
 * a shr.s32 (sign) inserted before *vp. */
static bool src_ext(struct sel *x, struct vinsn **vp, unsigned slot, unsigned i, unsigned bits, bool sign)
{
	uint32_t val;
	if (const_opnd(x, i, &val))
		return put_imm(x, vp, slot, extend(val, bits, sign));
	int r, t;
	if (!reg_opnd(x, i, VC_REG, &r))
		return false;
	if (extended(x, r, bits, sign)) {
		(*vp)->vsrc[slot] = r;
		return true;
	}
	if (!sign) {
		struct vinsn *a = insert_before(x, vp, OP_AND, &t);
		a->vsrc[0] = r;
		a->in.imm_src = 2;
		a->in.imm = (1u << bits) - 1;
	} else {
		int u;
		struct vinsn *h = insert_before(x, vp, OP_SHL, &u);
		h->vsrc[0] = r;
		h->in.imm_src = 2;
		h->in.imm = 32 - bits;
		struct vinsn *l = insert_before(x, vp, OP_SHR, &t);
		l->in.mod[0] = ITYPE_S32;
		l->vsrc[0] = u;
		l->in.imm_src = 2;
		l->in.imm = 32 - bits;
	}
	(*vp)->vsrc[slot] = t;
	return true;
}

/* Source operand i extended from bits into a new register (a constant
 * through a mov). */
static bool ext_vreg(struct sel *x, unsigned i, unsigned bits, bool sign, int *out)
{
	struct vinsn *m = emit(x, OP_MOV);
	m->vguard = -1;
	m->in.guard_neg = 0;
	m->vdst = *out = new_tmp(x, VC_REG);
	uint32_t val;
	if (const_opnd(x, i, &val)) {
		m->in.imm_src = 1;
		m->in.imm = extend(val, bits, sign);
		return true;
	}
	/* the mov becomes the extension itself */
	int r;
	if (!reg_opnd(x, i, VC_REG, &r))
		return false;
	if (extended(x, r, bits, sign)) { /* the register as it is */
		x->c->n--;
		*out = r;
		return true;
	}
	if (!sign) {
		m->in.op = OP_AND;
		m->vsrc[0] = r;
		m->in.imm_src = 2;
		m->in.imm = (1u << bits) - 1;
		return true;
	}
	int u = *out;
	m->in.op = OP_SHL;
	m->vsrc[0] = r;
	m->in.imm_src = 2;
	m->in.imm = 32 - bits;
	struct vinsn *l = emit(x, OP_SHR);
	l->vguard = -1;
	l->in.guard_neg = 0;
	l->in.mod[0] = ITYPE_S32;
	l->vsrc[0] = u;
	l->vdst = *out = new_tmp(x, VC_REG);
	l->in.imm_src = 2;
	l->in.imm = 32 - bits;
	return true;
}

/* A 16-bit integer instruction whose result depends on more than its
 * operands' low 16 bits (add, sub, mul.lo, mad.lo, the bitwise operations
 * and shl are the 32-bit ones, see do_stmt): min, max, shr, mul.wide,
 * mad.wide, mul.hi, abs. */
static bool do_int16(struct sel *x, const char *b, const char *t)
{
	bool sign = t[0] == 's';
	int ity = sign ? ITYPE_S32 : ITYPE_U32;
	if (!strcmp(b, "min") || !strcmp(b, "max")) {
		if (x->nmods != 2 || !strcmp(t, "b16"))
			return nsup(x, "this form is");
		if (!need_ops(x, 3))
			return false;
		struct vinsn *v = emit(x, b[1] == 'a' ? OP_IMAX : OP_IMIN);
		v->in.mod[0] = (uint8_t)ity;
		return dst_reg(x, v, 0) && src_ext(x, &v, 0, 1, 16, sign) && src_ext(x, &v, 1, 2, 16, sign);
	}
	if (!strcmp(b, "shr")) {
		if (x->nmods != 2)
			return nsup(x, "this form is");
		if (!need_ops(x, 3))
			return false;
		struct vinsn *v = emit(x, OP_SHR);
		v->in.mod[0] = (uint8_t)ity;
		return dst_reg(x, v, 0) && src_ext(x, &v, 0, 1, 16, sign) && src_opnd(x, &v, 1, 2, false, false);
	}
	if (!strcmp(b, "abs")) {
		if (x->nmods != 2 || strcmp(t, "s16"))
			return nsup(x, "this type is");
		if (!need_ops(x, 2))
			return false;
		struct vinsn *v = emit(x, OP_IABS);
		return dst_reg(x, v, 0) && src_ext(x, &v, 0, 1, 16, true);
	}
	/* mul and mad */
	bool mad = b[1] == 'a', w = has(x, "wide"), hi = has(x, "hi");
	if (!strcmp(t, "b16") || x->nmods != 3 || (!w && !hi) || (mad && hi))
		return nsup(x, "this form is");
	if (!need_ops(x, mad ? 4 : 3))
		return false;
	/* the 32-bit product of the extended operands is exact */
	struct vinsn *v = emit(x, mad ? OP_IMAD : OP_IMUL);
	int prod = -1;
	if (hi)
		v->vdst = prod = new_tmp(x, VC_REG);
	else if (!dst_reg(x, v, 0))
		return false;
	if (!src_ext(x, &v, 0, 1, 16, sign) || !src_ext(x, &v, 1, 2, 16, sign) ||
	    (mad && !src_opnd(x, &v, 2, 3, false, false)))
		return false;
	if (!hi)
		return true;
	v = op3(x, OP_SHR, -1, prod, -1, ity);
	put_imm(x, &v, 1, 16);
	return dst_reg(x, v, 0);
}

/* ---- statements ---------------------------------------------------------- */

static const struct {
	const char *name;
	int sr; /* enum isa_special, or -1 */
} specials[] = {
	{"%tid.x", SR_TID_X},       {"%tid.y", SR_TID_Y},         {"%tid.z", SR_TID_Z},
	{"%ntid.x", SR_NTID_X},     {"%ntid.y", SR_NTID_Y},       {"%ntid.z", SR_NTID_Z},
	{"%ctaid.x", SR_CTAID_X},   {"%ctaid.y", SR_CTAID_Y},     {"%ctaid.z", SR_CTAID_Z},
	{"%nctaid.x", SR_NCTAID_X}, {"%nctaid.y", SR_NCTAID_Y},   {"%nctaid.z", SR_NCTAID_Z},
	{"%laneid", SR_LANEID},     {"%warpid", SR_WARPID},       {"%smid", SR_SMID},
	{"%clock", SR_CLOCK},       {"%clock64", SR_CLOCK},       {"%lanemask_eq", SR_LANEMASK_EQ},
	{"%lanemask_lt", SR_LANEMASK_LT}, {"%lanemask_le", SR_LANEMASK_LE},
	{"%lanemask_gt", SR_LANEMASK_GT}, {"%lanemask_ge", SR_LANEMASK_GE},
	{"%globaltimer", SR_GLOBALTIMER}, {"%globaltimer_lo", SR_GLOBALTIMER},
};

/* mov.b32 d, {lo, hi} (two 16-bit registers into one word: a prmt of
 * their low half-words, as ptxas writes it) and mov.b32 {lo, hi}, a (its
 * halves: lo the word as it is, its high bits don't care; hi the word
 * shifted down). */
static bool mov_pack(struct sel *x)
{
	const struct opnd *d = &x->s->o[0], *a = &x->s->o[1];
	if (d->kind == PO_VEC) {
		if (d->nvec != 2 || a->kind != PO_REG)
			return opnd_err(x, 0, "expected {lo, hi} from one register");
		int src;
		if (!reg_opnd(x, 1, VC_REG, &src))
			return false;
		for (unsigned k = 0; k < 2; k++) {
			if (d->vec[k] < 0)
				continue; /* _ */
			if (vinfo(x, d->vec[k])->cls != VC_REG)
				return opnd_err(x, 0, "expected data registers");
			struct vinsn *v = op3(x, k ? OP_SHR : OP_MOV, d->vec[k], src, -1, k ? ITYPE_U32 : -1);
			if (k)
				put_imm(x, &v, 1, 16);
		}
		return true;
	}
	if (a->nvec != 2 || a->vec[0] < 0 || a->vec[1] < 0)
		return opnd_err(x, 1, "expected {lo, hi}: two registers");
	for (unsigned k = 0; k < 2; k++)
		if (vinfo(x, a->vec[k])->cls != VC_REG)
			return opnd_err(x, 1, "expected data registers");
	struct vinsn *v = op3(x, OP_PRMT, -1, a->vec[0], a->vec[1], -1);
	put_imm(x, &v, 2, 0x5410); /* bytes 0, 1 of lo, then 0, 1 of hi */
	return dst_reg(x, v, 0);
}

static bool hi_word(const struct sel *x, int r, int *h);

/* mov.b64 {a, b}, d: d's low word to a, its high word to b (nvcc's view of
 * a double's or long's two words); a `_` takes nothing. */
static bool mov_unpack64(struct sel *x)
{
	const struct opnd *d = &x->s->o[0];
	int r, h;
	if (d->nvec != 2 || !reg_opnd(x, 1, VC_REG, &r))
		return d->nvec != 2 ? opnd_err(x, 0, "expected {a, b}") : false;
	if (vinfo(x, r)->bits != 64)
		return opnd_err(x, 1, "expected a 64-bit register");
	if (!hi_word(x, r, &h))
		return opnd_err(x, 1, HI_UNKNOWN);
	for (unsigned j = 0; j < 2; j++) {
		if (d->vec[j] < 0)
			continue;
		if (vinfo(x, d->vec[j])->cls != VC_REG || vinfo(x, d->vec[j])->bits != 32)
			return opnd_err(x, 0, "expected 32-bit data registers");
		struct vinsn *v = emit(x, OP_MOV);
		v->vdst = d->vec[j];
		v->vsrc[0] = j ? h : r; /* (h -1: rz, a high word of 0) */
	}
	return true;
}

static bool do_mov(struct sel *x)
{
	if (!need_ops(x, 2))
		return false;
	const char *t = ty(x);
	const struct opnd *a = &x->s->o[1];
	if (!strcmp(t, "pred")) {
		struct vinsn *v = emit(x, OP_PLOP);
		v->in.mod[0] = LOGIC_AND;
		v->in.src[1] = ISA_PT;
		return dst_pred(x, v, 0) && psrc_opnd(x, v, 0, 1);
	}
	if (!is_t(t, T32) && !is_t(t, T64) && strcmp(t, "f32") && strcmp(t, "b16") && strcmp(t, "u16") &&
	    strcmp(t, "s16"))
		return nsup(x, "this type is");
	if ((x->s->o[0].kind == PO_VEC || a->kind == PO_VEC) && !strcmp(t, "b32"))
		return mov_pack(x);
	if (x->s->o[0].kind == PO_VEC && a->kind == PO_REG && !strcmp(t, "b64"))
		return mov_unpack64(x);
	if (x->s->o[0].kind == PO_VEC || a->kind == PO_VEC)
		return nsup(x, "packing and unpacking registers ({...}) other than two 16-bit halves of a .b32 is");
	if (a->kind == PO_SPECIAL) {
		for (unsigned i = 0; i < sizeof specials / sizeof specials[0]; i++)
			if (!strcmp(a->name, specials[i].name)) {
				if ((!strcmp(a->name, "%clock64") || !strcmp(a->name, "%globaltimer")) && !is_t(t, T64))
					return nsup(x, "a 64-bit special register into a 32-bit register is");
				struct vinsn *v = emit(x, OP_S2R);
				v->in.src[0] = (uint8_t)specials[i].sr;
				return dst_reg(x, v, 0);
			}
		return opnd_err(x, 1, "this special register is not supported");
	}
	struct vinsn *v = emit(x, OP_MOV);
	if (!dst_reg(x, v, 0))
		return false;
	int lv = a->kind == PO_NAME ? find_local(x, a->name) : -1;
	if (lv >= 0) { /* nvcc's mov of %SPL (a kernel's .local shadows module-scope names) */
		v->in.imm_src = 1;
		v->in.imm = x->e->local_off[lv];
		return true;
	}
	if (a->kind == PO_NAME && find_global(x, a->name) >= 0) {
		if (!is_t(t, T64))
			return nsup(x, "a variable's address in a 32-bit register is");
		v->in.op = OP_LDC; /* its address: the hidden argument */
		v->in.off = (int32_t)((x->e->k->nwords + (unsigned)find_global(x, a->name)) * 4);
		return true;
	}
	if (a->kind == PO_NAME) {
		int sh = find_shared(x, a->name);
		if (sh < 0)
			return opnd_err(x, 1, find_param(x, a->name) >= 0 ? "a parameter's address is not supported (use ld.param)"
								      : "only shared and local arrays' addresses can be moved into a register");
		v->in.imm_src = 1;
		v->in.imm = x->e->k->shared[sh].offset;
		return true;
	}
	if (!src_opnd(x, &v, 0, 1, false, is_t(t, T64)))
		return false;
	return true; /* (a 64-bit value's high word: do_int64) */
}

/* PTX's state spaces an ld/st/atom may name. */
static const char *const state_spaces[] = {"global", "shared", "param", "local", "const", NULL};

/* Space of an ld/st/atom: "global", "shared", "param", "local", "const";
 * NULL for generic (the first named, where more are: nspaces). */
static const char *space(const struct sel *x)
{
	for (unsigned i = 1; i < x->nmods; i++)
		for (unsigned k = 0; state_spaces[k]; k++)
			if (!strcmp(x->mods[i], state_spaces[k]))
				return state_spaces[k];
	return NULL;
}

/* How many state spaces an ld/st/atom names (PTX allows one). */
static unsigned nspaces(const struct sel *x)
{
	unsigned n = 0;
	for (unsigned i = 1; i < x->nmods; i++)
		for (unsigned k = 0; state_spaces[k]; k++)
			n += !strcmp(x->mods[i], state_spaces[k]);
	return n;
}

/* The simt load or store of space sp ("global", "shared", "local" or
 * "const"). */
static enum isa_op ldst_op(const char *sp, bool store)
{
	if (!strcmp(sp, "shared"))
		return store ? OP_STS : OP_LDS;
	if (!strcmp(sp, "local"))
		return store ? OP_STL : OP_LDL;
	if (!strcmp(sp, "const"))
		return OP_LDK; /* (a store was refused) */
	return store ? OP_STG : OP_LDG;
}

/* Modifiers an ld/st may carry that change nothing in this model. */
static bool mods_ok(struct sel *x, const char *const *allowed)
{
	for (unsigned i = 1; i < x->nmods; i++) {
		const char *m = x->mods[i];
		if (is_t(m, allowed) || !strncmp(m, "L1::", 4) || !strncmp(m, "L2::", 4))
			continue;
		char what[64];
		snprintf(what, sizeof what, "the modifier .%s is", m);
		return nsup(x, what);
	}
	return true;
}

/* An 8- or 16-bit ld/st (char, short, uchar4 data): ldg/lds .u8 .s8
 * .u16 .s16 and stg/sts .u8 .u16. A vector load is one load of the whole
 * vector (2, 4 or 8 bytes, aligned to its size as PTX requires) and each
 * element extended out of it; a vector store, its elements packed by prmt
 * and one store of the whole vector, as a GPU accesses a uchar4 or short2
 * (one instruction: it coalesces as a word). */
static bool ldst_narrow(struct sel *x, bool store, const char *sp, unsigned vn)
{
	const char *t = ty(x);
	unsigned esz = t[1] == '8' ? 1 : 2, bits = 8 * esz;
	bool sign = t[0] == 's' && !store; /* b and u: zero-extended */
	enum isa_width nw = esz == 1 ? (sign ? WIDTH_S8 : WIDTH_U8) : (sign ? WIDTH_S16 : WIDTH_U16);
	if (!strcmp(sp, "local") && vn * esz > 4)
		return nsup(x, "a local vector of 8/16-bit elements wider than 32 bits is");
	enum isa_op op = ldst_op(sp, store);
	unsigned m = store ? 0 : 1, r = store ? 1 : 0;
	const struct opnd *d = &x->s->o[r];
	if (vn == 1 && d->kind == PO_VEC)
		return opnd_err(x, r, "a vector operand needs .v2 or .v4");
	if (vn > 1 && (d->kind != PO_VEC || d->nvec != vn))
		return opnd_err(x, r, vn == 4 ? "expected {a, b, c, d}" : "expected {a, b}");
	bool cg = op == OP_LDG && (has(x, "cg") || has(x, "cv") || has(x, "volatile") || has(x, "gpu") || has(x, "sys"));
	if (store && vn > 1) { /* the elements packed (prmt), one store of the vector */
		for (unsigned i = 0; i < vn; i++)
			if (d->vec[i] < 0)
				return opnd_err(x, r, "'_' in a stored vector");
			else if (vinfo(x, d->vec[i])->cls != VC_REG)
				return opnd_err(x, r, "expected data registers");
		int w[2] = {-1, -1};
		for (unsigned k = 0; k < (vn * esz + 3) / 4; k++) { /* each word of the vector */
			const int *e = &d->vec[k * 4 / esz];
			struct vinsn *p;
			if (esz == 2 || vn == 2) { /* two halves, or (v2.u8) two bytes */
				p = op3(x, OP_PRMT, w[k] = new_tmp(x, VC_REG), e[0], e[1], -1);
				put_imm(x, &p, 2, esz == 2 ? 0x5410 : 0x0040);
				continue;
			}
			int lo = new_tmp(x, VC_REG), hi = new_tmp(x, VC_REG);
			p = op3(x, OP_PRMT, lo, e[0], e[1], -1);
			put_imm(x, &p, 2, 0x0040);
			p = op3(x, OP_PRMT, hi, e[2], e[3], -1);
			put_imm(x, &p, 2, 0x0040);
			p = op3(x, OP_PRMT, w[k] = new_tmp(x, VC_REG), lo, hi, -1);
			put_imm(x, &p, 2, 0x5410);
		}
		unsigned total = vn * esz; /* 2, 4 or 8 bytes, aligned to it (PTX) */
		struct vinsn *v = emit(x, op);
		v->in.mod[0] = total == 2 ? WIDTH_U16 : total == 4 ? WIDTH_32 : WIDTH_64;
		if (!addr_opnd(x, &v, m, sp))
			return false;
		if (total == 8) { /* the two words as a group, as a .v2.u32 store's */
			v->ngroup = 2;
			v->vgroup[0] = w[0];
			v->vgroup[1] = w[1];
		} else {
			v->vsrc[1] = w[0];
		}
		return true;
	}
	if (store) {
		for (unsigned i = 0; i < vn; i++) {
			struct vinsn *v = emit(x, op);
			v->in.mod[0] = (uint8_t)nw;
			if (!addr_opnd(x, &v, m, sp))
				return false;
			v->in.off += (int32_t)(i * esz);
			if (vn > 1) {
				v->vsrc[1] = d->vec[i];
				if (d->vec[i] < 0)
					return opnd_err(x, r, "'_' in a stored vector");
			} else if (d->kind == PO_IMM) {
				if (d->imm != 0)
					return opnd_err(x, r, "a store of a constant other than 0 is not supported");
				v->vsrc[1] = -1; /* rz */
			} else if (!reg_opnd(x, r, VC_REG, &v->vsrc[1])) {
				return false;
			}
		}
		return true;
	}
	struct vinsn *v = emit(x, op);
	if (cg)
		v->in.mod[1] = CACHE_CG;
	if (!addr_opnd(x, &v, m, sp))
		return false;
	if (vn == 1) {
		v->in.mod[0] = (uint8_t)nw;
		return dst_reg(x, v, 0);
	}
	unsigned total = vn * esz; /* 2, 4 or 8 bytes */
	int w[2] = {new_tmp(x, VC_REG), -1};
	v->in.mod[0] = total == 2 ? WIDTH_U16 : total == 4 ? WIDTH_32 : WIDTH_64;
	if (total == 8) {
		w[1] = new_tmp(x, VC_REG);
		v->ngroup = 2;
		v->vgroup[0] = w[0];
		v->vgroup[1] = w[1];
	} else {
		v->vdst = w[0];
	}
	for (unsigned i = 0; i < vn; i++) {
		int g = d->vec[i];
		if (g < 0)
			continue; /* _ */
		if (vinfo(x, g)->cls != VC_REG)
			return opnd_err(x, r, "expected data registers");
		int src = w[i * esz / 4];
		unsigned sh = (i * bits) % 32;
		if (sign) { /* the element's top bit to bit 31, then back with its sign */
			if (sh + bits < 32) {
				int u = new_tmp(x, VC_REG);
				opi(x, OP_SHL, u, src, 32 - bits - sh, -1);
				src = u;
			}
			opi(x, OP_SHR, g, src, 32 - bits, ITYPE_S32);
		} else if (sh == 0) {
			opi(x, OP_AND, g, src, (1u << bits) - 1, -1);
		} else if (sh + bits == 32) {
			opi(x, OP_SHR, g, src, sh, ITYPE_U32);
		} else {
			int u = new_tmp(x, VC_REG);
			opi(x, OP_SHR, u, src, sh, ITYPE_U32);
			opi(x, OP_AND, g, u, (1u << bits) - 1, -1);
		}
	}
	return true;
}

/* A .v2/.v4 local access of 32-bit elements: one ldl or stl a word, as
 * local memory is interleaved by 32-bit word (the GPU's LDL.64/.128 and
 * STL.64/.128 are one instruction each). */
static bool ldst_local_vector(struct sel *x, bool store, unsigned vn)
{
	unsigned m = store ? 0 : 1, r = store ? 1 : 0;
	const struct opnd *d = &x->s->o[r];
	if (d->kind != PO_VEC || d->nvec != vn)
		return opnd_err(x, r, vn == 4 ? "expected {a, b, c, d}" : "expected {a, b}");
	/* PTX reads the address once: an element loaded into the address's
	 * register is loaded last, after the others have read it */
	int base = x->s->o[m].kind == PO_ADDR ? x->s->o[m].reg : -1;
	unsigned order[4], n = 0;
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < vn; i++)
			if ((!store && base >= 0 && d->vec[i] == base) == (pass == 1))
				order[n++] = i;
	for (unsigned k = 0; k < vn; k++) {
		unsigned i = order[k];
		int g = d->vec[i];
		if (g < 0) {
			if (store)
				return opnd_err(x, r, "'_' in a stored vector");
			continue; /* _: nothing loaded */
		}
		if (vinfo(x, g)->cls != VC_REG)
			return opnd_err(x, r, "expected data registers");
		struct vinsn *v = emit(x, store ? OP_STL : OP_LDL);
		v->in.mod[0] = WIDTH_32;
		if (!addr_opnd(x, &v, m, "local"))
			return false;
		if ((int64_t)v->in.off + 4 * i > INT32_MAX)
			return opnd_err(x, m, "address offset does not fit in 32 bits");
		v->in.off += (int32_t)(4 * i);
		if (store)
			v->vsrc[1] = g;
		else
			v->vdst = g;
	}
	return true;
}

/* Argument word w (read with ldc at 4w), holding a value of type held (a
 * narrow one extended as its type says: .arg), read as type t into
 * virtual register d (-1: nothing): a narrow read of another width or
 * signedness extends again. */
static bool param_word(struct sel *x, unsigned w, enum ptx_ptype held, const char *t, int d)
{
	bool narrow = t[1] == '8' || t[1] == '1';
	unsigned pb = ptx_ptype_narrow_bits(held), tb = narrow ? (t[1] == '8' ? 8 : 16) : 32;
	bool ts = t[0] == 's';
	if (pb && !narrow)
		return nsup(x, "a load wider than its parameter is");
	struct vinsn *v = emit(x, OP_LDC);
	v->in.off = (int32_t)(w * 4);
	if (!narrow || (tb == pb && ts == ptx_ptype_signed(held))) {
		v->vdst = d;
		return true;
	}
	int u = new_tmp(x, VC_REG);
	v->vdst = u;
	if (!ts) {
		opi(x, OP_AND, d, u, (1u << tb) - 1, -1);
		return true;
	}
	int h = new_tmp(x, VC_REG);
	opi(x, OP_SHL, h, u, 32 - tb, -1);
	opi(x, OP_SHR, d, h, 32 - tb, ITYPE_S32);
	return true;
}

/* ld.param: a scalar parameter's argument word, or (a parameter passed as
 * bytes) the words of the fields it reads (ptx_param_words), one ldc each. */
/* st.param of printf's call block: the value a parameter of the call gets
 * (the call reads it) */
static bool call_arg(struct sel *x)
{
	const struct opnd *p = &x->s->o[0], *v = &x->s->o[1];
	if (strcmp(ty(x), "b64") && strcmp(ty(x), "b32"))
		return nsup(x, "this call parameter's type is");
	if (p->imm != 0)
		return opnd_err(x, 0, "an offset into a call's parameter is not supported");
	if (x->s->guard >= 0)
		return nsup(x, "a guarded st.param is");
	unsigned i = 0;
	while (i < x->ncparam && strcmp(x->cparam[i].name, p->name))
		i++;
	if (i == PTX_MAX_OPNDS)
		return nsup(x, "a call with this many parameters is");
	if (i == x->ncparam)
		x->ncparam++;
	snprintf(x->cparam[i].name, sizeof x->cparam[i].name, "%s", p->name);
	x->cparam[i].val = *v;
	return true;
}

static bool ld_param(struct sel *x, bool store, unsigned vn)
{
	const char *t = ty(x);
	const struct opnd *po = &x->s->o[store ? 0 : 1];
	if (po->kind == PO_ADDR && po->name[0] && po->reg < 0 && find_param(x, po->name) < 0) {
		if (store)
			return call_arg(x);
		if (x->cret[0] && !strcmp(po->name, x->cret)) {
			/* printf's return value: the number of its arguments (the CUDA
			 * guide's "Formatted Output"), known from its format */
			if (vn != 1 || po->imm != 0)
				return opnd_err(x, 1, "expected [the call's return value]");
			struct vinsn *v = emit(x, OP_MOV);
			v->in.imm_src = 1;
			v->in.imm = x->cret_val;
			return x->s->o[0].kind == PO_SINK || dst_reg(x, v, 0);
		}
	}
	bool narrow = t[1] == '8' || t[1] == '1';
	if (store || !(is_t(t, T32) || is_t(t, T64) || !strcmp(t, "f32") || !strcmp(t, "f64") || narrow))
		return nsup(x, "this parameter access is");
	const struct opnd *o = &x->s->o[1];
	if (o->kind != PO_ADDR || !o->name[0] || o->reg >= 0)
		return opnd_err(x, 1, "expected [parameter]");
	int pi = find_param(x, o->name);
	if (pi < 0)
		return opnd_err(x, 1, "unknown parameter");
	const struct ptx_param *p = &x->e->k->params[pi];
	if (p->type != PTX_P_BYTES) {
		if (vn != 1)
			return nsup(x, "a vector read of a scalar parameter is");
		if (o->imm != 0)
			return opnd_err(x, 1, "an offset into a parameter is not supported");
		int d = -1;
		if (x->s->o[0].kind != PO_SINK && !reg_opnd(x, 0, VC_REG, &d))
			return false;
		return param_word(x, p->word, p->type, t, d);
	}
	const struct opnd *dv = &x->s->o[0];
	if (vn == 1 && dv->kind == PO_VEC)
		return opnd_err(x, 0, "a vector operand needs .v2 or .v4");
	if (vn > 1 && (dv->kind != PO_VEC || dv->nvec != vn))
		return opnd_err(x, 0, vn == 4 ? "expected {a, b, c, d}" : "expected {a, b}");
	unsigned sz = narrow ? (t[1] == '8' ? 1 : 2) : is_t(t, T64) ? 8 : 4;
	for (unsigned j = 0; j < vn; j++) {
		int d = -1;
		if (vn == 1 && dv->kind != PO_SINK && !reg_opnd(x, 0, VC_REG, &d))
			return false;
		if (vn > 1) {
			d = dv->vec[j];
			if (d < 0)
				continue; /* _: nothing loaded (the field still has its word) */
			if (vinfo(x, d)->cls != VC_REG)
				return opnd_err(x, 0, "expected data registers");
		}
		uint32_t off = (uint32_t)o->imm + j * sz; /* (ptx_param_words checked it) */
		unsigned f = 0;
		while (f < p->nfields && p->fields[f].offset != off)
			f++;
		if (f == p->nfields) /* (every read is a field) */
			return opnd_err(x, 1, "a field no read declares");
		if (!param_word(x, p->word + f, p->fields[f].type, t, d))
			return false;
	}
	return true;
}

/* st.local.{u64,s64,b64,f64}[.v2] [a], v: each value's low word, then its
 * high word, 32 bits a store as local memory is interleaved (printf's
 * argument buffer: nvcc's doubles, longs and pointers); the high word of a
 * global address is 0 (the global space is 32-bit), of a cvt's result the
 * register it made (hi64) */
static bool st_local64(struct sel *x, unsigned vn)
{
	if (vn > 2)
		return nsup(x, "a .v4 of 64-bit values is");
	const struct opnd *d = &x->s->o[1];
	int regs[2];
	if (vn == 1 && d->kind == PO_REG)
		regs[0] = d->reg;
	else if (vn == 2 && d->kind == PO_VEC && d->nvec == 2 && d->vec[0] >= 0 && d->vec[1] >= 0)
		regs[0] = d->vec[0], regs[1] = d->vec[1];
	else if (vn == 1 && (d->kind == PO_IMM || d->kind == PO_FIMM) && d->imm == 0)
		regs[0] = -1; /* a zero */
	else
		return opnd_err(x, 1, vn == 2 ? "expected {a, b}" : "expected a register");
	for (unsigned j = 0; j < vn; j++) {
		int g = regs[j], hi = -1;
		if (g >= 0) {
			if (vinfo(x, g)->cls != VC_REG || vinfo(x, g)->bits != 64)
				return opnd_err(x, 1, "expected 64-bit data registers");
			if (g < (int)x->e->nvregs && (x->ptr[g] || x->hi_zero[g]))
				hi = -1; /* a pointer into global memory, a zero-extended value: 0 */
			else if (g < (int)x->e->nvregs && x->hi64[g] >= 0 && !x->hi_bad[g])
				hi = x->hi64[g];
			else
				return opnd_err(x, 1, HI_UNKNOWN);
		}
		for (unsigned half = 0; half < 2; half++) {
			struct vinsn *v = emit(x, OP_STL);
			v->in.mod[0] = WIDTH_32;
			if (!addr_opnd(x, &v, 0, "local"))
				return false;
			if ((int64_t)v->in.off + 8 * j + 4 * half > INT32_MAX)
				return opnd_err(x, 0, "address offset does not fit in 32 bits");
			v->in.off += (int32_t)(8 * j + 4 * half);
			v->vsrc[1] = g < 0 ? -1 : half ? hi : g;
		}
	}
	return true;
}

/* ld.local.{u64,s64,b64}[.v2] d, [a]: each value's low word, and its high
 * word where something reads it (hi_facts), 32 bits a load as st_local64
 * stores them (local memory is interleaved by word); PTX reads the address
 * once, so a word loaded into the address's register is loaded last. */
static bool ld_local64(struct sel *x, unsigned vn)
{
	if (vn > 2)
		return nsup(x, "a .v4 of 64-bit values is");
	const struct opnd *d = &x->s->o[0];
	int regs[2] = {-1, -1};
	if (vn == 1 && d->kind == PO_REG)
		regs[0] = d->reg;
	else if (vn == 2 && d->kind == PO_VEC && d->nvec == 2)
		regs[0] = d->vec[0], regs[1] = d->vec[1];
	else
		return opnd_err(x, 0, vn == 2 ? "expected {a, b}" : "expected a register");
	int dst[4];
	unsigned at[4], n = 0;
	for (unsigned j = 0; j < vn; j++) {
		int g = regs[j];
		if (g < 0)
			continue; /* _ */
		if (vinfo(x, g)->cls != VC_REG || vinfo(x, g)->bits != 64)
			return opnd_err(x, 0, "expected 64-bit data registers");
		int hi = g < (int)x->e->nvregs ? x->hi64[g] : -1;
		for (unsigned half = 0; half < (hi >= 0 ? 2u : 1u); half++) {
			dst[n] = half ? hi : g;
			at[n++] = 8 * j + 4 * half;
		}
	}
	int base = x->s->o[1].kind == PO_ADDR ? x->s->o[1].reg : -1;
	for (unsigned pass = 0; pass < 2; pass++)
		for (unsigned k = 0; k < n; k++) {
			if ((base >= 0 && dst[k] == base) != (pass == 1))
				continue;
			struct vinsn *v = emit(x, OP_LDL);
			v->in.mod[0] = WIDTH_32;
			if (!addr_opnd(x, &v, 1, "local"))
				return false;
			if ((int64_t)v->in.off + at[k] > INT32_MAX)
				return opnd_err(x, 1, "address offset does not fit in 32 bits");
			v->in.off += (int32_t)at[k];
			v->vdst = dst[k];
		}
	return true;
}

/* The one statement defining register r, or -1 (none, or more). */
static int only_def(const struct sel *x, int r)
{
	int found = -1;
	for (unsigned i = 0; i < x->e->nstmts; i++) {
		int d[8];
		unsigned nd = stmt_defs(&x->e->stmts[i], d);
		for (unsigned k = 0; k < nd; k++)
			if (d[k] == r) {
				if (found >= 0)
					return -1;
				found = (int)i;
			}
	}
	return found;
}

/* call.uni (retval0), vprintf, (param0, param1): printf. The format is a
 * string constant nvcc emits ($str, a module-scope .global with its bytes);
 * it says how many bytes of arguments the buffer at param1 holds
 * (isa/pformat.h), and how many arguments printf returns. */
static bool do_call(struct sel *x)
{
	const struct stmt *s = x->s;
	if (s->no < 2 || s->o[1].kind != PO_NAME || strcmp(s->o[1].name, "vprintf"))
		return ptx_err(x->e, s, 0, "%s: calls to device functions are not supported (nvcc inlines them at -O3; mark them __forceinline__)", s->op);
	if (s->no != 4)
		return nsup(x, "a call of vprintf without its two arguments is");
	const struct opnd *val[2] = {NULL, NULL};
	for (unsigned a = 0; a < 2; a++)
		for (unsigned i = 0; i < x->ncparam; i++)
			if (!strcmp(x->cparam[i].name, s->o[2 + a].name))
				val[a] = &x->cparam[i].val;
	if (!val[0] || !val[1])
		return opnd_err(x, val[0] ? 3 : 2, "a call's parameter no st.param set");
	/* the format: cvta.global of the address of a string constant */
	const struct ptx_global *gl = NULL;
	int fd = val[0]->kind == PO_REG ? only_def(x, val[0]->reg) : -1;
	if (fd >= 0 && !strcmp(x->e->stmts[fd].op, "cvta.global.u64") && x->e->stmts[fd].o[1].kind == PO_REG) {
		int md = only_def(x, x->e->stmts[fd].o[1].reg);
		const struct stmt *m = md >= 0 ? &x->e->stmts[md] : NULL;
		int g = m && (!strcmp(m->op, "mov.u64") || !strcmp(m->op, "mov.b64")) && m->o[1].kind == PO_NAME
			? find_global(x, m->o[1].name) : -1;
		if (g >= 0 && m->o[1].imm == 0)
			gl = &x->e->k->globals[g];
	}
	if (!gl || gl->constant)
		return nsup(x, "printf of a format that is not a string literal is");
	struct pf_format pf;
	size_t at = 0;
	const char *why = NULL;
	if (!pf_parse((const char *)gl->init, gl->size, &pf, &at, &why)) {
		/* the format as C would write it (\n for a newline), cut at 60 */
		char shown[80];
		size_t k = 0;
		for (size_t i = 0; i < gl->size && gl->init[i] && k < 60; i++) {
			unsigned char ch = gl->init[i];
			if (ch == '\n' || ch == '\t' || ch == '"' || ch == '\\') {
				shown[k++] = '\\';
				shown[k++] = ch == '\n' ? 'n' : ch == '\t' ? 't' : (char)ch;
			} else {
				shown[k++] = ch >= 32 && ch < 127 ? (char)ch : '?';
			}
		}
		shown[k] = 0;
		return ptx_err(x->e, s, 0, "%s vprintf: the format \"%s\"%s: %s (at its character %zu)", s->op, shown,
			       k >= 60 ? "..." : "", why, at + 1);
	}
	uint32_t bytes = pf.bytes, nconv = pf.nconv;
	pf_free(&pf);
	/* the arguments: a generic address of local memory (nvcc's depot), or
	 * 0 when there are none */
	int base = -1;
	if (val[1]->kind == PO_REG && val[1]->reg < (int)x->e->nvregs && x->genlocal[val[1]->reg])
		base = val[1]->reg;
	else if (!(val[1]->kind == PO_IMM && val[1]->imm == 0))
		return nsup(x, "printf's arguments other than nvcc's local buffer are");
	if (base < 0 && bytes)
		return nsup(x, "printf with conversions and no arguments is");
	struct vinsn *v = emit(x, OP_PRINTF);
	v->vsrc[0] = base;
	v->vsrc[1] = val[0]->reg;
	put_imm(x, &v, 2, base < 0 ? 0 : bytes);
	snprintf(x->cret, sizeof x->cret, "%s", s->o[0].kind == PO_NAME ? s->o[0].name : "");
	x->cret_val = nconv;
	x->ncparam = 0;
	return true;
}

/* Whether the statement reads a generic address of local memory where it
 * may (a copy, an add of a constant, the st.param passing it to printf);
 * an error if it reads one anywhere else. */
static bool genlocal_reads_ok(struct sel *x)
{
	const struct stmt *s = x->s;
	bool copy = ((!strcmp(s->op, "add.u64") || !strcmp(s->op, "add.s64")) && s->no == 3 &&
		     (s->o[1].kind == PO_IMM || s->o[2].kind == PO_IMM)) ||
		    ((!strcmp(s->op, "mov.u64") || !strcmp(s->op, "mov.b64")) && s->no == 2) ||
		    (!strcmp(s->op, "st.param.b64") && s->no == 2);
	for (unsigned k = 0; k < s->no; k++) {
		const struct opnd *o = &s->o[k];
		int r = o->kind == PO_REG && k > 0 ? o->reg : o->kind == PO_ADDR ? o->reg : -1;
		if (r >= 0 && r < (int)x->e->nvregs && x->genlocal[r] && !copy)
			return opnd_err(x, k, "a generic address of local memory (cvta.local) is supported only as "
					      "printf's argument buffer");
	}
	return true;
}

/* The register holding the high word of 64-bit register r where it is
 * stored whole: hi64 (made for it by hi_facts), or -1 for 0 (a global
 * address, a zero-extended value). False where it is not known. */
static bool hi_word(const struct sel *x, int r, int *h)
{
	*h = -1;
	if (r >= (int)x->e->nvregs || x->ptr[r] || x->hi_zero[r])
		return true;
	*h = x->hi64[r] >= 0 ? x->hi64[r] : x->hi[r];
	return *h >= 0 && !x->hi_bad[r];
}

/* ld/st.{global,shared,const}.{u64,s64,b64}[.v2]: one access of 8 or 16
 * bytes, as ptxas's LDG.E.64/.128 (the address aligned to it, or a fault),
 * its data a group of registers, each value's low word then its high word
 * (little-endian). A load's high word goes to the register hi_facts made
 * where something reads it, else to a scratch one; a store's comes from
 * hi_word, a zero (a global address's) through a register set to 0, as the
 * GPU's register pair needs one. */
static bool ldst64(struct sel *x, bool store, const char *sp, unsigned vn)
{
	if (vn > 2)
		return nsup(x, "a .v4 of 64-bit values is");
	unsigned r = store ? 1 : 0, m = store ? 0 : 1;
	const struct opnd *d = &x->s->o[r];
	int lo[2] = {-1, -1};
	uint64_t imm = 0;
	bool is_imm = false;
	if (vn == 1 && d->kind == PO_REG) {
		if (!reg_opnd(x, r, VC_REG, &lo[0]))
			return false;
	} else if (vn == 1 && store && (d->kind == PO_IMM || d->kind == PO_DIMM)) {
		is_imm = true;
		imm = (uint64_t)d->imm;
	} else if (vn == 2 && d->kind == PO_VEC && d->nvec == 2) {
		for (unsigned j = 0; j < 2; j++) {
			lo[j] = d->vec[j];
			if (lo[j] < 0 && store)
				return opnd_err(x, r, "'_' in a stored vector");
			if (lo[j] >= 0 && vinfo(x, lo[j])->cls != VC_REG)
				return opnd_err(x, r, "expected data registers");
		}
	} else {
		return opnd_err(x, r, vn == 2 ? "expected {a, b}" : store ? "expected a register or an integer constant"
										: "expected a register");
	}
	int group[4];
	for (unsigned j = 0; j < vn; j++) {
		int h = -1;
		if (lo[j] >= 0 && vinfo(x, lo[j])->bits != 64)
			return opnd_err(x, r, "expected 64-bit data registers");
		if (store && lo[j] >= 0 && !hi_word(x, lo[j], &h))
			return opnd_err(x, r, HI_UNKNOWN);
		if (!store)
			h = lo[j] >= 0 && lo[j] < (int)x->e->nvregs ? x->hi64[lo[j]] : -1;
		for (unsigned half = 0; half < 2; half++) {
			int g = half ? h : lo[j];
			if (g < 0 || is_imm) { /* a scratch register (a load), or one holding the constant's word */
				g = new_tmp(x, VC_REG);
				if (store) {
					struct vinsn *c = emit(x, OP_MOV);
					c->vdst = g;
					uint32_t w = (uint32_t)(half ? imm >> 32 : imm);
					if (w && !put_imm(x, &c, 0, w))
						return false;
				}
			}
			group[2 * j + half] = g;
		}
	}
	enum isa_op op = ldst_op(sp, store);
	struct vinsn *v = emit(x, op);
	v->in.mod[0] = vn == 2 ? WIDTH_128 : WIDTH_64;
	if (op == OP_LDG && (has(x, "cg") || has(x, "cv") || has(x, "volatile") || has(x, "gpu") || has(x, "sys")))
		v->in.mod[1] = CACHE_CG; /* (as do_ldst's 32-bit loads) */
	if (!addr_opnd(x, &v, m, sp))
		return false;
	v->ngroup = 2 * vn;
	for (unsigned i = 0; i < v->ngroup; i++)
		v->vgroup[i] = group[i];
	return true;
}

static bool do_ldst(struct sel *x, bool store)
{
	static const char *const ok[] = {"global", "shared", "param", "nc", "ca", "cg", "cs", "lu", "cv",
					 "wb", "wt", "volatile", "v2", "v4", "b32", "u32", "s32", "f32",
					 "u64", "b64", "s64", "relaxed", "cta", "gpu", "sys", "u8", "s8",
					 "b8", "u16", "s16", "b16", "const", "local", "f64", NULL};
	if (!need_ops(x, 2) || !mods_ok(x, ok))
		return false;
	const char *sp = space(x);
	const char *t = ty(x);
	if (!sp)
		return nsup(x, "generic addressing (no .global/.shared) is");
	if (nspaces(x) > 1)
		return nsup(x, "more than one state space on an instruction is");
	if (store && !strcmp(sp, "const"))
		return nsup(x, "a store to constant memory is");
	if (!strcmp(sp, "const") && has(x, "nc"))
		return nsup(x, ".nc (the read-only path of global memory) on constant memory is");
	if (has(x, "relaxed") != (has(x, "cta") || has(x, "gpu") || has(x, "sys")))
		return nsup(x, "this memory ordering is");
	unsigned vn = has(x, "v4") ? 4 : has(x, "v2") ? 2 : 1;
	unsigned m = store ? 0 : 1; /* the memory operand */
	unsigned r = store ? 1 : 0; /* the register operand */
	if (!strcmp(sp, "param"))
		return ld_param(x, store, vn);
	bool w64 = is_t(t, T64) || !strcmp(t, "f64"); /* (a double's bits) */
	if (store && !strcmp(sp, "local") && w64)
		return st_local64(x, vn);
	if (w64 && strcmp(sp, "local"))
		return ldst64(x, store, sp, vn);
	if (w64)
		return ld_local64(x, vn);
	if (t[1] == '8' || t[1] == '1')
		return ldst_narrow(x, store, sp, vn);
	if (!is_t(t, T32) && strcmp(t, "f32"))
		return nsup(x, "this access size is");
	if (!strcmp(sp, "local") && vn > 1)
		return ldst_local_vector(x, store, vn);
	enum isa_op op = ldst_op(sp, store);
	struct vinsn *v = emit(x, op);
	v->in.mod[0] = vn == 4 ? WIDTH_128 : vn == 2 ? WIDTH_64 : WIDTH_32;
	/* loads the L1 may not serve (PTX ISA, cache operators and memory
	 * consistency model): .cg caches in the L2 only, .cv fetches again, and a
	 * volatile load (relaxed.sys since sm_70) or a relaxed one of GPU or
	 * system scope must see other SMs' writes, which the L1 does not keep
	 * coherent. ptxas writes them LDG.E.STRONG.GPU/SYS (an H100 takes 301
	 * cycles for a volatile load the L1 holds, 56 for a plain one:
	 * workloads/micro/volatile_load.s) */
	if (op == OP_LDG && (has(x, "cg") || has(x, "cv") || has(x, "volatile") || has(x, "gpu") || has(x, "sys")))
		v->in.mod[1] = CACHE_CG;
	if (!addr_opnd(x, &v, m, sp))
		return false;
	const struct opnd *d = &x->s->o[r];
	if (vn == 1) {
		if (d->kind == PO_VEC)
			return opnd_err(x, r, "a vector operand needs .v2 or .v4");
		if (store) {
			if (d->kind == PO_IMM || d->kind == PO_FIMM) {
				if (d->imm != 0)
					return opnd_err(x, r, "a store of a constant other than 0 is not supported");
				v->vsrc[1] = -1; /* rz */
				return true;
			}
			return reg_opnd(x, r, VC_REG, &v->vsrc[1]);
		}
		return dst_reg(x, v, 0);
	}
	if (d->kind != PO_VEC || d->nvec != vn)
		return opnd_err(x, r, vn == 4 ? "expected {a, b, c, d}" : "expected {a, b}");
	v->ngroup = vn;
	for (unsigned i = 0; i < vn; i++) {
		int g = d->vec[i];
		if (g < 0) {
			if (store)
				return opnd_err(x, r, "'_' in a stored vector");
			g = new_tmp(x, VC_REG);
		}
		v->vgroup[i] = g;
	}
	return true;
}

static bool do_cvt_body(struct sel *x);
static bool hi_opnd(struct sel *x, struct vinsn **vp, unsigned slot, unsigned i);
static bool ld_zero_extends(const struct sel *x, const struct stmt *s);
static bool ld64_made(const struct stmt *s);
static bool ld_sign_extends(const struct sel *x, const struct stmt *s);

/* cvt: as do_cvt_body, and where the destination is a 64-bit register
 * stored whole to local memory (hi64), its high word too: the f32's
 * double's (f2d.hi), a signed source's sign, an unsigned one's zeros */
static void set_pair(struct vinsn *v, unsigned k, int lo, int hi);

/* A conversion's rounding to an integral value (rzi, rni, rmi, rpi) as
 * enum isa_frnd (rz rn rm rp), or -1 for any other word or none. */
static int int_rounding(const char *rnd)
{
	static const char *const modes[] = {"rzi", "rni", "rmi", "rpi"};
	for (int k = 0; k < 4 && rnd; k++)
		if (!strcmp(rnd, modes[k]))
			return k;
	return -1;
}

/* cvt.{rzi,rni,rmi,rpi}.{s64,u64}.f32 d, a: f2i.64 in the rounding, into d
 * and its high word's register (a scratch one where nothing reads it);
 * with .ftz, rmi and rpi round a flushed value first (frnd.ftz, as the
 * 32-bit conversions do). */
static bool cvt_f32_to_64(struct sel *x, int hi)
{
	int m = x->nmods == 4 ? int_rounding(x->mods[1]) : -1;
	if (m < 0)
		return nsup(x, "this conversion of f32 to a 64-bit integer (its rounding, or .sat) is");
	if (!need_ops(x, 2))
		return false;
	int d, flushed = -1;
	if (!reg_opnd(x, 0, VC_REG, &d))
		return false;
	if (vinfo(x, d)->bits != 64)
		return opnd_err(x, 0, "expected a 64-bit register");
	struct vinsn *v;
	if (x->ftz && (m == FRND_RM || m == FRND_RP)) {
		v = emit(x, OP_FRND);
		v->in.mod[0] = (uint8_t)m;
		if (!src_opnd(x, &v, 0, 1, true, false))
			return false;
		v->vdst = flushed = new_tmp(x, VC_REG);
		m = FRND_RZ;
	}
	v = emit(x, OP_F2I64);
	v->in.mod[0] = (uint8_t)(x->mods[2][0] == 's' ? ITYPE_S32 : ITYPE_U32);
	v->in.mod[1] = (uint8_t)m; /* (enum isa_frnd: rz rn rm rp) */
	set_pair(v, 0, d, hi >= 0 ? hi : new_tmp(x, VC_REG));
	if (flushed >= 0) {
		v->vsrc[0] = flushed;
		return true;
	}
	return src_opnd(x, &v, 0, 1, true, false);
}

static bool do_cvt(struct sel *x)
{
	const struct opnd *d = &x->s->o[0], *a = &x->s->o[1];
	int hi = x->s->no == 2 && d->kind == PO_REG && d->reg < (int)x->e->nvregs ? x->hi64[d->reg] : -1;
	if (x->nmods >= 3 && !strcmp(x->mods[x->nmods - 1], "f32") &&
	    (!strcmp(x->mods[x->nmods - 2], "s64") || !strcmp(x->mods[x->nmods - 2], "u64")))
		return cvt_f32_to_64(x, hi);
	if (!do_cvt_body(x))
		return false;
	if (hi < 0)
		return true;
	const char *st = x->mods[x->nmods - 1];
	if (a->kind == PO_IMM) { /* a constant's high word */
		struct vinsn *v = emit(x, OP_MOV);
		v->vdst = hi;
		v->in.imm_src = 1;
		v->in.imm = !strcmp(st, "s32") && (int32_t)(uint32_t)a->imm < 0 ? 0xffffffffu : 0;
		return true;
	}
	if (!strcmp(st, "s32")) {
		struct vinsn *v = emit(x, OP_SHR);
		v->in.mod[0] = ITYPE_S32;
		v->vdst = hi;
		return src_opnd(x, &v, 0, 1, false, false) && put_imm(x, &v, 1, 31);
	}
	struct vinsn *v = emit(x, OP_MOV);
	v->vdst = hi;
	v->in.imm_src = 1;
	v->in.imm = 0;
	return true;
}

static bool do_cvt_body(struct sel *x)
{
	static const char *const ok[] = {"rn",  "rzi", "rni", "rmi", "rpi", "sat", "u32", "s32",
					 "u64", "s64", "u16", "s16", "u8",  "s8",  "f32", NULL};
	if (!need_ops(x, 2) || !mods_ok(x, ok))
		return false;
	if (x->nmods < 3)
		return nsup(x, "this form is");
	const char *dt = x->mods[x->nmods - 2], *st = x->mods[x->nmods - 1];
	bool dint = strcmp(dt, "f32") != 0, sint = strcmp(st, "f32") != 0;
	struct vinsn *v;
	bool sat = has(x, "sat");
	if (sat && (sint || dint) && !(dint && !sint))
		return nsup(x, ".sat on a conversion from an integer is");
	if (dint && sint) {
		if (has(x, "rn") || has(x, "rzi") || has(x, "rni") || has(x, "rmi") || has(x, "rpi"))
			return nsup(x, "a rounding mode on an integer conversion is");
		unsigned sb = (unsigned)atoi(st + 1), db = (unsigned)atoi(dt + 1);
		/* PTX: the value converted to dt, then extended to the destination
		 * register's width as dt says (sign for s, zeros otherwise); a 16-bit
		 * register needs its low 16 bits right, any other the low word */
		const struct opnd *d0 = &x->s->o[0];
		unsigned rb = d0->kind == PO_REG && vinfo(x, d0->reg)->cls == VC_REG ? vinfo(x, d0->reg)->bits : 32;
		unsigned need = rb < 32 ? 16 : 32;
		bool ssg = st[0] == 's', dsg = dt[0] == 's';
		unsigned k = sb < db ? sb : db; /* the bits kept, extended as ... */
		bool ksg = sb < db ? ssg : dsg;
		/* ... and a widening from signed to unsigned narrower than needed
		 * zero-extends from db after the sign extension from sb */
		bool rezero = sb < db && db < need && ssg && !dsg;
		if (k >= need) { /* the low word (or half) as it is */
			v = emit(x, OP_MOV);
			return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, false, true);
		}
		const struct opnd *so = &x->s->o[1];
		int e = -1;
		if (rezero) {
			if (!ext_vreg(x, 1, k, ksg, &e))
				return false;
			v = op3(x, OP_AND, -1, e, -1, -1);
			put_imm(x, &v, 1, (1u << db) - 1);
			return dst_reg(x, v, 0);
		}
		/* a copy where a load has extended the source so already */
		if (so->kind == PO_REG && vinfo(x, so->reg)->cls == VC_REG && !so->neg && extended(x, so->reg, k, ksg)) {
			v = emit(x, OP_MOV);
			return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, false, false);
		}
		if (!ksg) {
			v = emit(x, OP_AND);
			if (!dst_reg(x, v, 0) || !src_opnd(x, &v, 0, 1, false, false))
				return false;
			return put_imm(x, &v, 1, (1u << k) - 1);
		}
		int t = new_tmp(x, VC_REG);
		v = emit(x, OP_SHL);
		if (!src_opnd(x, &v, 0, 1, false, false))
			return false;
		v->vdst = t;
		put_imm(x, &v, 1, 32 - k);
		v = emit(x, OP_SHR);
		v->in.mod[0] = ITYPE_S32;
		v->vsrc[0] = t;
		put_imm(x, &v, 1, 32 - k);
		return dst_reg(x, v, 0);
	}
	if (!dint && sint) {
		unsigned sb = (unsigned)atoi(st + 1);
		if ((sb != 8 && sb != 16 && sb != 32 && sb != 64) || st[0] == 'b')
			return nsup(x, "a conversion to f32 from this type is");
		if (!has(x, "rn") || has(x, "rni") || has(x, "rmi") || has(x, "rpi") || has(x, "rzi"))
			return nsup(x, "an int-to-float conversion other than .rn is");
		if (sb == 64) { /* the whole value: i2f.64 of its low and high words (hi_facts) */
			v = emit(x, OP_I2F64);
			v->in.mod[0] = st[0] == 's' ? ITYPE_S32 : ITYPE_U32;
			return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, false, true) && hi_opnd(x, &v, 1, 1);
		}
		int e = -1;
		if (sb < 32 && !ext_vreg(x, 1, sb, st[0] == 's', &e)) /* 8/16 bits: extended first */
			return false;
		v = emit(x, OP_I2F);
		v->in.mod[0] = st[0] == 's' ? ITYPE_S32 : ITYPE_U32;
		if (sb < 32) {
			v->vsrc[0] = e;
			return dst_reg(x, v, 0);
		}
		return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, false, false);
	}
	if (dint && !sint) {
		unsigned db = (unsigned)atoi(dt + 1);
		if ((db != 8 && db != 16 && db != 32) || dt[0] == 'b')
			return nsup(x, "a conversion from f32 to this type is");
		int rnd = has(x, "rzi") ? FRND_RZ : has(x, "rni") ? FRND_RN : has(x, "rmi") ? FRND_RM
			  : has(x, "rpi") ? FRND_RP : -1;
		if (rnd < 0)
			return nsup(x, "a float-to-int conversion without .rzi, .rni, .rmi or .rpi is");
		bool sg = dt[0] == 's';
		int flushed = -1;
		if (x->ftz && (rnd == FRND_RM || rnd == FRND_RP)) {
			/* .ftz: a subnormal is 0, not -1 down or 1 up (f2i has no
			 * .ftz): frnd.rm/.rp.ftz (do_stmt_ftz sets it), then f2i.rz
			 * of the integral value */
			v = emit(x, OP_FRND);
			v->in.mod[0] = (uint8_t)rnd;
			if (!src_opnd(x, &v, 0, 1, true, false))
				return false;
			v->vdst = flushed = new_tmp(x, VC_REG);
			rnd = FRND_RZ;
		}
		v = emit(x, OP_F2I);
		v->in.mod[0] = sg ? ITYPE_S32 : ITYPE_U32;
		v->in.mod[1] = (uint8_t)rnd;
		if (flushed >= 0) {
			v->vsrc[0] = flushed;
			if (db == 32)
				return dst_reg(x, v, 0);
		} else if (db == 32) {
			return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, true, false);
		}
		/* 8/16 bits: the 32-bit result clamped to the type's range (PTX:
		 * a float-to-integer cvt saturates to its destination type) */
		int t = new_tmp(x, VC_REG);
		v->vdst = t;
		if (flushed < 0 && !src_opnd(x, &v, 0, 1, true, false))
			return false;
		if (sg) {
			int u = new_tmp(x, VC_REG);
			opi(x, OP_IMAX, u, t, (uint32_t)-(1 << (db - 1)), ITYPE_S32);
			t = u;
		}
		v = op3(x, OP_IMIN, -1, t, -1, sg ? ITYPE_S32 : ITYPE_U32);
		put_imm(x, &v, 1, sg ? (1u << (db - 1)) - 1 : (1u << db) - 1);
		return dst_reg(x, v, 0);
	}
	if (sat && x->nmods == 4) { /* cvt.sat.f32.f32, no rounding mode */
		/* cvt.sat.f32.f32 (__saturatef, and expf's range reduction): clamp
		 * to [+0, 1], NaN to +0, as the GPU's FADD.SAT (measured on an H200:
		 * tests/data/h200_nan/nanbits.txt, cvt_sat_nqnan): fmax with +0
		 * (a NaN operand yields the other; max(-0, +0) = +0), then fmin
		 * with 1. Two instructions where the GPU has one. */
		int t = new_tmp(x, VC_REG);
		v = emit(x, OP_FMAX);
		if (!src_opnd(x, &v, 0, 1, true, false))
			return false;
		v->vdst = t;
		put_imm(x, &v, 1, 0);
		v = emit(x, OP_FMIN);
		v->vsrc[0] = t;
		put_imm(x, &v, 1, 0x3f800000u);
		return dst_reg(x, v, 0);
	}
	int rnd = has(x, "rzi") ? FRND_RZ : has(x, "rni") ? FRND_RN : has(x, "rmi") ? FRND_RM : has(x, "rpi") ? FRND_RP : -1;
	if (rnd >= 0 && sat)
		return nsup(x, ".sat with an integral rounding (.rzi, .rni, .rmi, .rpi) is");
	if (rnd >= 0 && x->nmods == 4) {
		/* cvt.{rzi,rni,rmi,rpi}.f32.f32: truncf, rintf, floorf, ceilf */
		v = emit(x, OP_FRND);
		v->in.mod[0] = (uint8_t)rnd;
		return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, true, false);
	}
	return nsup(x, "an f32-to-f32 conversion other than .sat, .rzi, .rni, .rmi or .rpi is");
}

/* add, sub and mul .f32 in a directed rounding mode (.rz, .rm, .rp; roundf
 * adds with .rz): one ffma in that mode, whose single rounding is the
 * operation's: add a + b = fma(a, 1, b), sub a - b = fma(b, -1, a), mul
 * a * b = fma(a, b, z) with z a zero that leaves an exact zero product's
 * sign as it is (-0 in .rz and .rp, where +0 + -0 = +0; +0 in .rm, where
 * -0 + +0 = -0). */
static bool do_float_rounded(struct sel *x, char op)
{
	static const char *const ok[] = {"rz", "rm", "rp", "f32", NULL};
	if (!mods_ok(x, ok) || x->nmods != 3 || !need_ops(x, 3))
		return false;
	int rnd = has(x, "rz") ? FRNDN_RZ : has(x, "rm") ? FRNDN_RM : FRNDN_RP;
	struct vinsn *v = emit(x, OP_FFMA);
	v->in.mod[0] = (uint8_t)rnd;
	if (!dst_reg(x, v, 0))
		return false;
	switch (op) {
	case 'a':
		return src_opnd(x, &v, 0, 1, true, false) && put_imm(x, &v, 1, 0x3f800000u) &&
		       src_opnd(x, &v, 2, 2, true, false);
	case 's':
		return src_opnd(x, &v, 0, 2, true, false) && put_imm(x, &v, 1, 0xbf800000u) &&
		       src_opnd(x, &v, 2, 1, true, false);
	default:
		return src_opnd(x, &v, 0, 1, true, false) && src_opnd(x, &v, 1, 2, true, false) &&
		       put_imm(x, &v, 2, rnd == FRNDN_RM ? 0u : 0x80000000u);
	}
}

/* copysign.f32 d, a, b: b's magnitude with a's sign, by bits (no NaN is
 * made canonical: the GPU's LOP3 neither): d = (a & sign) | (b & ~sign),
 * a constant b's part folded. */
static bool do_copysign(struct sel *x)
{
	if (x->nmods != 2 || strcmp(ty(x), "f32"))
		return nsup(x, "copysign other than copysign.f32 is");
	if (!need_ops(x, 3))
		return false;
	int ts = new_tmp(x, VC_REG);
	struct vinsn *v = emit(x, OP_AND);
	if (!src_opnd(x, &v, 0, 1, true, false))
		return false;
	v->vdst = ts;
	put_imm(x, &v, 1, 0x80000000u);
	const struct opnd *b = &x->s->o[2];
	bool bconst = b->kind == PO_FIMM || (b->kind == PO_REG && b->reg < (int)x->e->nvregs && x->is_const[b->reg] &&
					     !b->neg && b->reg2 < 0);
	if (bconst) {
		uint32_t bits = b->kind == PO_FIMM ? (uint32_t)b->imm : x->cval[b->reg];
		v = emit(x, OP_OR);
		v->vsrc[0] = ts;
		put_imm(x, &v, 1, bits & 0x7fffffffu);
		return dst_reg(x, v, 0);
	}
	int tm = new_tmp(x, VC_REG);
	v = emit(x, OP_AND);
	if (!src_opnd(x, &v, 0, 2, true, false))
		return false;
	v->vdst = tm;
	put_imm(x, &v, 1, 0x7fffffffu);
	v = emit(x, OP_OR);
	v->vsrc[0] = ts;
	v->vsrc[1] = tm;
	return dst_reg(x, v, 0);
}

/* Binary and ternary arithmetic whose ISA op is chosen by type. */
static bool arith(struct sel *x, enum isa_op op, unsigned nsrc, bool fl, bool is64, int mod0)
{
	if (!need_ops(x, nsrc + 1))
		return false;
	struct vinsn *v = emit(x, op);
	if (mod0 >= 0)
		v->in.mod[0] = (uint8_t)mod0;
	if (!dst_reg(x, v, 0))
		return false;
	for (unsigned i = 0; i < nsrc; i++)
		if (!src_opnd(x, &v, i, i + 1, fl, is64))
			return false;
	return true;
}

static bool do_int_or_float(struct sel *x, enum isa_op iop, enum isa_op fop, bool ok64)
{
	const char *t = ty(x);
	static const char *const ok[] = {"rn", "s32", "u32", "b32", "s64", "u64", "b64", "f32", "lo", "u16", "s16", NULL};
	if (!mods_ok(x, ok))
		return false;
	if (!strcmp(t, "f32")) {
		if (fop == OP_COUNT)
			return nsup(x, "the f32 form is");
		return arith(x, fop, 2, true, false, -1);
	}
	if (has(x, "rn"))
		return nsup(x, ".rn on an integer type is");
	if (is_t(t, T64) && !ok64)
		return nsup(x, "the 64-bit form is");
	if (!is_t(t, T32) && !is_t(t, T64) && strcmp(t, "u16") && strcmp(t, "s16"))
		return nsup(x, "this type is");
	return arith(x, iop, 2, false, is_t(t, T64), -1); /* 16-bit: the low bits are the same */
}

static bool do_mul_mad(struct sel *x, bool mad)
{
	const char *t = ty(x);
	static const char *const ok[] = {"lo", "hi", "wide", "rn", "s32", "u32", "s64", "u64", "f32", "u16", "s16", NULL};
	if (!mods_ok(x, ok))
		return false;
	unsigned n = mad ? 3 : 2;
	if (!strcmp(t, "f32")) {
		if (!has(x, "rn") && mad)
			return nsup(x, "mad.f32 without .rn is");
		return arith(x, mad ? OP_FFMA : OP_FMUL, n, true, false, -1);
	}
	bool w = has(x, "wide"), hi = has(x, "hi");
	if (is_t(t, T64) && (hi || w))
		return nsup(x, "this 64-bit form is");
	if (hi) {
		if (mad)
			return nsup(x, "mad.hi is");
		return arith(x, OP_IMULHI, 2, false, false, t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
	}
	if (!w && !has(x, "lo"))
		return nsup(x, "an integer multiply without .lo, .hi or .wide is");
	if (w && !mad && x->s->o[0].kind == PO_REG && x->hi[x->s->o[0].reg] >= 0) {
		/* the high word too, for a shr.u64/s64 that reads it */
		struct vinsn *h = emit(x, OP_IMULHI);
		h->in.mod[0] = (uint8_t)(t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
		h->vdst = x->hi[x->s->o[0].reg];
		if (!src_opnd(x, &h, 0, 1, false, false) || !src_opnd(x, &h, 1, 2, false, false))
			return false;
	}
	if (w && !mad && x->s->o[0].kind == PO_REG && x->s->o[0].reg < (int)x->e->nvregs &&
	    x->hi64[x->s->o[0].reg] >= 0 && x->hi64[x->s->o[0].reg] != x->hi[x->s->o[0].reg]) {
		/* the high word of a product whose high word is read (hi_facts) */
		struct vinsn *h = emit(x, OP_IMULHI);
		h->in.mod[0] = (uint8_t)(t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
		h->vdst = x->hi64[x->s->o[0].reg];
		if (!src_opnd(x, &h, 0, 1, false, false) || !src_opnd(x, &h, 1, 2, false, false))
			return false;
	}
	/* .lo and .wide: the low 32 bits of the product (plus c) */
	return arith(x, mad ? OP_IMAD : OP_IMUL, n, false, is_t(t, T64) || w, -1);
}

static bool cmp_of(const char *m, bool fl, bool *uns, int *cmp)
{
	static const struct {
		const char *n;
		int cmp;
		int uns;   /* integer: forces unsigned */
		int fl_ok; /* 1: a float compare too; 2: a float compare only */
	} t[] = {{"eq", CMP_EQ, 0, 1},   {"ne", CMP_NE, 0, 1},   {"lt", CMP_LT, 0, 1},   {"le", CMP_LE, 0, 1},
		 {"gt", CMP_GT, 0, 1},   {"ge", CMP_GE, 0, 1},   {"lo", CMP_LT, 1, 0},   {"ls", CMP_LE, 1, 0},
		 {"hi", CMP_GT, 1, 0},   {"hs", CMP_GE, 1, 0},   {"neu", CMP_NE, 0, 2},  {"equ", CMP_EQU, 0, 2},
		 {"ltu", CMP_LTU, 0, 2}, {"leu", CMP_LEU, 0, 2}, {"gtu", CMP_GTU, 0, 2}, {"geu", CMP_GEU, 0, 2},
		 {"num", CMP_NUM, 0, 2}, {"nan", CMP_NAN, 0, 2}};
	for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++)
		if (!strcmp(m, t[i].n)) {
			if (fl && !t[i].fl_ok)
				return false;
			if (!fl && t[i].fl_ok == 2)
				return false;
			/* PTX's ne is ordered for floats (the ISA's ne is C's) */
			*cmp = fl && t[i].cmp == CMP_NE && t[i].fl_ok == 1 ? CMP_LG : t[i].cmp;
			*uns = t[i].uns;
			return true;
		}
	return false;
}

static bool do_setp(struct sel *x)
{
	const char *t = ty(x);
	if (x->nmods < 3 || x->nmods > 4)
		return nsup(x, "this form is");
	const char *boolop = x->nmods == 4 ? x->mods[2] : NULL;
	bool fl = !strcmp(t, "f32");
	if (!fl && !is_t(t, T32) && !is_t(t, T16))
		return nsup(x, is_t(t, T64) ? "a 64-bit compare (registers hold the low word of 64-bit values) is"
					     : "a compare of this type is");
	unsigned bits = is_t(t, T16) ? 16 : 32;
	bool uns;
	int cmp;
	if (!cmp_of(x->mods[1], fl, &uns, &cmp))
		return nsup(x, fl ? "this float comparison is" : "this comparison is");
	if (boolop && strcmp(boolop, "and") && strcmp(boolop, "or") && strcmp(boolop, "xor"))
		return nsup(x, "this combining operation is");
	if (!need_ops(x, boolop ? 4 : 3))
		return false;
	if (x->s->o[0].kind == PO_REG && x->s->o[0].reg2 >= 0)
		return opnd_err(x, 0, "a second result (p|q) is not supported");
	struct vinsn *v = emit(x, fl ? OP_FSETP : OP_ISETP);
	v->in.mod[0] = (uint8_t)cmp;
	if (!fl)
		v->in.mod[1] = (uint8_t)((uns || t[0] == 'u') ? ITYPE_U32 : ITYPE_S32);
	if ((!strcmp(t, "b32") || !strcmp(t, "b16")) && cmp != CMP_EQ && cmp != CMP_NE && !uns)
		return nsup(x, "an ordered compare of .b32 or .b16 is");
	if (bits < 32) { /* both sides extended as the compare's signedness says */
		bool sign = !uns && t[0] == 's';
		if (!src_ext(x, &v, 0, 1, bits, sign) || !src_ext(x, &v, 1, 2, bits, sign))
			return false;
	} else if (!src_opnd(x, &v, 0, 1, fl, false) || !src_opnd(x, &v, 1, 2, fl, false)) {
		return false;
	}
	if (!boolop)
		return dst_pred(x, v, 0);
	int tmp = new_tmp(x, VC_PRED);
	v->vdst = tmp;
	struct vinsn *p = emit(x, OP_PLOP);
	p->in.mod[0] = (uint8_t)(!strcmp(boolop, "and") ? LOGIC_AND : !strcmp(boolop, "or") ? LOGIC_OR : LOGIC_XOR);
	p->vsrc[0] = tmp;
	return dst_pred(x, p, 0) && psrc_opnd(x, p, 1, 3);
}

static bool do_logic(struct sel *x, enum isa_op op, int logic)
{
	const char *t = ty(x);
	if (x->nmods != 2)
		return nsup(x, "this form is");
	if (!strcmp(t, "pred")) {
		struct vinsn *v = emit(x, OP_PLOP);
		if (logic < 0) { /* not: !a and pt */
			if (!need_ops(x, 2) || !dst_pred(x, v, 0) || !psrc_opnd(x, v, 0, 1))
				return false;
			v->in.pneg ^= 1;
			v->in.src[1] = ISA_PT;
			return true;
		}
		v->in.mod[0] = (uint8_t)logic;
		return need_ops(x, 3) && dst_pred(x, v, 0) && psrc_opnd(x, v, 0, 1) && psrc_opnd(x, v, 1, 2);
	}
	if (!is_t(t, T32) && !is_t(t, T64) && strcmp(t, "b16"))
		return nsup(x, "this type is");
	return arith(x, op, op == OP_NOT ? 1 : 2, false, is_t(t, T64), -1);
}

static bool do_shift(struct sel *x, bool left)
{
	const char *t = ty(x);
	if (x->nmods != 2)
		return nsup(x, "this form is");
	if (left)
		return (is_t(t, T32) || is_t(t, T64) || is_t(t, T16)) ? arith(x, OP_SHL, 2, false, is_t(t, T64), -1)
						       : nsup(x, "this type is");
	if (is_t(t, T64)) {
		/* (mul.wide a, b) >> k for k >= 32: the high word (mul.hi) >> (k - 32),
		 * as nvcc divides by a constant */
		const struct opnd *a = &x->s->o[1], *k = &x->s->o[2];
		if (x->s->no == 3 && a->kind == PO_REG && x->hi[a->reg] >= 0 && k->kind == PO_IMM && k->imm >= 32 &&
		    k->imm < 64) {
			struct vinsn *v = emit(x, OP_SHR);
			v->in.mod[0] = (uint8_t)(t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
			v->vsrc[0] = x->hi[a->reg];
			put_imm(x, &v, 1, (uint32_t)(k->imm - 32));
			return dst_reg(x, v, 0);
		}
		return nsup(x, "a 64-bit right shift (registers hold the low word of 64-bit values; only the high word of a mul.wide shifted by 32 or more is known) is");
	}
	if (!is_t(t, T32))
		return nsup(x, "this type is");
	return arith(x, OP_SHR, 2, false, false, t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
}

static bool do_unary(struct sel *x, enum isa_op iop, enum isa_op fop)
{
	const char *t = ty(x);
	if (x->nmods != 2)
		return nsup(x, "this form is");
	if (!strcmp(t, "f32"))
		return arith(x, fop, 1, true, false, -1);
	if (strcmp(t, "s32") && ((strcmp(t, "s16") && strcmp(t, "s64")) || iop != OP_ISUB))
		return nsup(x, "this type is");
	if (iop == OP_ISUB) { /* neg.s32, neg.s16, and neg.s64's low word (do_int64: its high word): 0 - a */
		if (!need_ops(x, 2))
			return false;
		struct vinsn *v = emit(x, OP_ISUB);
		return dst_reg(x, v, 0) && src_opnd(x, &v, 1, 1, false, false);
	}
	return arith(x, iop, 1, false, false, -1);
}

static bool do_minmax(struct sel *x, bool mx)
{
	const char *t = ty(x);
	if (x->nmods != 2)
		return nsup(x, "this form is");
	if (!strcmp(t, "f32"))
		return arith(x, mx ? OP_FMAX : OP_FMIN, 2, true, false, -1);
	if (strcmp(t, "s32") && strcmp(t, "u32"))
		return nsup(x, "this type is");
	return arith(x, mx ? OP_IMAX : OP_IMIN, 2, false, false, t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
}

static bool do_sfu(struct sel *x, enum isa_op op, bool exact_rn)
{
	/* rcp.rn and sqrt.rn are correctly rounded, as the ISA's rcp and sqrt;
	 * the .approx forms use the same host functions (docs/CUDA.md) */
	static const char *const ok[] = {"rn", "approx", "ftz", "f32", NULL};
	if (!mods_ok(x, ok))
		return false;
	if (strcmp(ty(x), "f32"))
		return nsup(x, "this type is");
	if (exact_rn ? !(has(x, "rn") || has(x, "approx")) : !has(x, "approx"))
		return nsup(x, "this rounding is");
	return arith(x, op, 1, true, false, -1);
}

static bool do_selp(struct sel *x)
{
	const char *t = ty(x);
	if (x->nmods != 2 || (!is_t(t, T32) && strcmp(t, "f32") && !is_t(t, T64) && !is_t(t, T16)))
		return nsup(x, "this type is");
	if (!need_ops(x, 4))
		return false;
	struct vinsn *v = emit(x, OP_SEL);
	return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, !strcmp(t, "f32"), is_t(t, T64)) &&
	       src_opnd(x, &v, 1, 2, !strcmp(t, "f32"), is_t(t, T64)) && psrc_opnd(x, v, 2, 3);
}

/* Source operand i of a 64-bit atomic into slot as a register pair: a
 * register's low word and its high word (hi_word; a zero through a
 * register set to 0), or a constant's two words through two registers
 * (ATOMG takes registers only, as here). */
static bool atom64_src(struct sel *x, struct vinsn **vp, unsigned slot, unsigned i)
{
	const struct opnd *o = &x->s->o[i];
	int lo = -1, hi = -1;
	uint64_t imm = 0;
	if (o->kind == PO_IMM || o->kind == PO_DIMM) {
		imm = (uint64_t)o->imm;
	} else {
		if (!reg_opnd(x, i, VC_REG, &lo))
			return false;
		if (vinfo(x, lo)->bits != 64)
			return opnd_err(x, i, "expected a 64-bit register");
		if (!hi_word(x, lo, &hi))
			return opnd_err(x, i, HI_UNKNOWN);
	}
	for (unsigned half = 0; half < 2; half++) {
		int *r = half ? &hi : &lo;
		if (*r >= 0)
			continue;
		uint32_t w = (uint32_t)(half ? imm >> 32 : imm);
		struct vinsn *m = insert_before(x, vp, OP_MOV, r);
		if (w) {
			m->in.imm_src = 1;
			m->in.imm = w;
		}
	}
	(*vp)->vsrc[slot] = lo;
	(*vp)->vhi[slot + 1] = hi;
	(*vp)->pairs |= (uint8_t)(1u << (slot + 1));
	return true;
}

static bool dpair_src(struct sel *x, unsigned i, int *lo, int *hi);
static void set_pair(struct vinsn *v, unsigned k, int lo, int hi);

/* Operand i of a 64-bit integer statement as a register pair, as dpair_src
 * takes a double's (an integer constant's words through movs, 0 as rz). */
static bool ipair_src(struct sel *x, unsigned i, int *lo, int *hi)
{
	const struct opnd *o = &x->s->o[i];
	if (o->kind != PO_IMM)
		return dpair_src(x, i, lo, hi);
	*lo = *hi = -1;
	uint64_t u = (uint64_t)o->imm;
	for (unsigned half = 0; half < 2 && u; half++) {
		uint32_t w = (uint32_t)(half ? u >> 32 : u);
		struct vinsn *m = emit(x, OP_MOV);
		m->vdst = half ? (*hi = new_tmp(x, VC_REG)) : (*lo = new_tmp(x, VC_REG));
		if (w) {
			m->in.imm_src = 1;
			m->in.imm = w;
		}
	}
	return true;
}

/* A label for a loop the statement's translation makes, marking the next
 * instruction emitted from here (here_label) or later (place_label). */
static int new_label(struct sel *x)
{
	struct pentry *e = x->e;
	char name[PTX_NAME_MAX];
	for (unsigned k = e->nlabels;; k++) { /* a name no label has */
		snprintf(name, sizeof name, "$L__atom%u", k);
		bool taken = false;
		for (unsigned i = 0; i < e->nlabels && !taken; i++)
			taken = !strcmp(e->labels[i].name, name);
		if (!taken)
			break;
	}
	GROW(e->labels, e->cap_labels, e->nlabels + 1);
	struct plabel *l = &e->labels[e->nlabels];
	memset(l, 0, sizeof *l);
	memcpy(l->name, name, strlen(name) + 1);
	l->stmt = x->si;
	l->line = x->s->line;
	l->col = x->s->col;
	GROW(x->syn, x->cap_syn, x->nsyn + 1);
	x->syn[x->nsyn].label = (int)e->nlabels;
	x->syn[x->nsyn++].pc = x->c->n;
	return (int)e->nlabels++;
}

static void place_label(struct sel *x, int label)
{
	for (unsigned i = 0; i < x->nsyn; i++)
		if (x->syn[i].label == label)
			x->syn[i].pc = x->c->n;
}

/* atom.shared.{add.u64, min/max.{u64,s64}, and/or/xor.b64}: ptxas's loop
 * for sm_70 and later, which have no native 64-bit shared atomic but exch
 * and cas (an H200's SASS: tests/data/... src_atomic64.csv):
 *
 *   L: lds.64 old, [a]
 *      (min/max: @(b not below/above old) bra D)
 *      new = old OP b                   (add: iadd, isetp, iadd.x)
 *      atoms.cast.b64 ok, [a], old, new (new: b for min/max)
 *      @!(ok == 1) bra L                (isetp.eq, isetp.x.eq)
 *   D: (d = old)
 *
 * each thread's own loop, one of those whose cast stored leaving a round. */
static bool atom64_shared_loop(struct sel *x, bool red, int op, bool sgn, int blo, int bhi)
{
	if (x->s->guard >= 0)
		return nsup(x, "a guarded 64-bit shared atomic (ptxas's compare-and-store loop) is");
	unsigned first = red ? 0 : 1;
	int olo = new_tmp(x, VC_REG), ohi = new_tmp(x, VC_REG);
	int top = new_label(x), done = op == ATOM_MIN || op == ATOM_MAX ? new_label(x) : -1;
	struct vinsn *v = emit(x, OP_LDS);
	v->in.mod[0] = WIDTH_64;
	if (!addr_opnd(x, &v, first, "shared"))
		return false;
	v->ngroup = 2;
	v->vgroup[0] = olo;
	v->vgroup[1] = ohi;
	int nlo = blo, nhi = bhi;
	if (done >= 0) { /* nothing to do where b is not below (min) or above (max) old */
		int q = new_tmp(x, VC_PRED), p = new_tmp(x, VC_PRED);
		int cmp = op == ATOM_MIN ? CMP_GE : CMP_LE;
		v = op3(x, OP_ISETP, q, blo, olo, cmp);
		v->in.mod[1] = ITYPE_U32;
		v = op3(x, OP_ISETPX, p, bhi, ohi, cmp);
		v->in.mod[1] = (uint8_t)(sgn ? ITYPE_S32 : ITYPE_U32);
		v->vsrc[2] = q;
		v = emit(x, OP_BRA);
		v->vguard = p;
		v->target = done;
	} else {
		nlo = new_tmp(x, VC_REG);
		nhi = new_tmp(x, VC_REG);
		if (op == ATOM_ADD) {
			int c = new_tmp(x, VC_PRED);
			op3(x, OP_IADD, nlo, olo, blo, -1);
			v = op3(x, OP_ISETP, c, nlo, olo, CMP_LT);
			v->in.mod[1] = ITYPE_U32;
			v = op3(x, OP_IADDX, nhi, ohi, bhi, -1);
			v->vsrc[2] = c;
		} else {
			enum isa_op lop = op == ATOM_AND ? OP_AND : op == ATOM_OR ? OP_OR : OP_XOR;
			op3(x, lop, nlo, olo, blo, -1);
			op3(x, lop, nhi, ohi, bhi, -1);
		}
	}
	int ok = new_tmp(x, VC_REG), okhi = new_tmp(x, VC_REG);
	v = emit(x, OP_ATOMS_CAST);
	v->in.mod[0] = BITS_64;
	if (!addr_opnd(x, &v, first, "shared"))
		return false;
	set_pair(v, 0, ok, okhi);
	set_pair(v, 2, olo, ohi);
	set_pair(v, 3, nlo, nhi);
	int q = new_tmp(x, VC_PRED), p = new_tmp(x, VC_PRED);
	v = opi(x, OP_ISETP, q, ok, 1, CMP_EQ);
	v->in.mod[1] = ITYPE_U32;
	v = op3(x, OP_ISETPX, p, okhi, -1, CMP_EQ);
	v->in.mod[1] = ITYPE_U32;
	v->vsrc[2] = q;
	v = emit(x, OP_BRA);
	v->vguard = p;
	v->in.guard_neg = 1;
	v->target = top;
	if (done >= 0)
		place_label(x, done);
	if (red || x->s->o[0].kind == PO_SINK)
		return true;
	int d;
	if (!reg_opnd(x, 0, VC_REG, &d))
		return false;
	if (vinfo(x, d)->bits != 64)
		return opnd_err(x, 0, "expected a 64-bit register");
	op3(x, OP_MOV, d, olo, -1, -1);
	if (d < (int)x->e->nvregs && x->hi64[d] >= 0)
		op3(x, OP_MOV, x->hi64[d], ohi, -1, -1);
	return true;
}

/* atom/red.{global,shared}.{add,min,max,exch,and,or,xor,cas}.{u64,s64,b64}:
 * one 64-bit atomic (SASS ATOMG.E.ADD.64 ...), its operands and result
 * register pairs; the result's high word goes to the register hi_facts
 * made where something reads it, else to a scratch one. */
static bool atom64(struct sel *x, bool red, const char *sp, bool cas, int op)
{
	const char *t = ty(x);
	bool shared = !strcmp(sp, "shared");
	if (op == ATOM_INC || op == ATOM_DEC)
		return nsup(x, "inc/dec other than .u32 is");
	bool dbl = !strcmp(t, "f64");
	if (dbl && op != ATOM_ADD)
		return nsup(x, "an f64 atomic other than add is");
	if (((op == ATOM_MIN || op == ATOM_MAX || op == ATOM_ADD) && !strcmp(t, "b64")) ||
	    ((cas || op == ATOM_EXCH || op == ATOM_AND || op == ATOM_OR || op == ATOM_XOR) && strcmp(t, "b64")))
		return nsup(x, "this type for the operation is");
	unsigned first = red ? 0 : 1;
	if (!need_ops(x, first + (cas ? 3 : 2)))
		return false;
	if (shared && !cas && op != ATOM_EXCH && !dbl) { /* ptxas's loop */
		int blo, bhi;
		return ipair_src(x, first + 1, &blo, &bhi) && atom64_shared_loop(x, red, op, t[0] == 's', blo, bhi);
	}
	struct vinsn *v = emit(x, cas ? (shared ? OP_ATOMS_CAS : OP_ATOMG_CAS) : (shared ? OP_ATOMS : OP_ATOMG));
	if (cas) {
		v->in.mod[0] = BITS_64;
	} else {
		v->in.mod[0] = (uint8_t)op;
		v->in.mod[1] = (uint8_t)(dbl ? ATYPE_F64 : t[0] == 's' ? ATYPE_S64 : ATYPE_U64);
	}
	if (!red && x->s->o[0].kind != PO_SINK) {
		int d;
		if (!reg_opnd(x, 0, VC_REG, &d))
			return false;
		if (vinfo(x, d)->bits != 64)
			return opnd_err(x, 0, "expected a 64-bit register");
		int h = d < (int)x->e->nvregs ? x->hi64[d] : -1;
		v->vdst = d;
		v->vhi[0] = h >= 0 ? h : new_tmp(x, VC_REG);
		v->pairs |= 1;
	}
	if (!addr_opnd(x, &v, first, sp))
		return false;
	return atom64_src(x, &v, 1, first + 1) && (!cas || atom64_src(x, &v, 2, first + 2));
}

static bool do_atom(struct sel *x, bool red)
{
	const char *sp = space(x);
	if (!sp || (strcmp(sp, "global") && strcmp(sp, "shared")))
		return nsup(x, sp ? "this space is" : "a generic atomic (no .global/.shared) is");
	if (has(x, "acquire") || has(x, "release") || has(x, "acq_rel"))
		return nsup(x, "an ordered atomic is");
	static const char *const ops[] = {"add", "min", "max", "exch", "and", "or", "xor", "inc", "dec", "cas", NULL};
	static const int aop[] = {ATOM_ADD, ATOM_MIN, ATOM_MAX, ATOM_EXCH, ATOM_AND, ATOM_OR, ATOM_XOR, ATOM_INC, ATOM_DEC, -1};
	int which = -1;
	for (unsigned i = 1; i < x->nmods && which < 0; i++)
		for (unsigned k = 0; ops[k]; k++)
			if (!strcmp(x->mods[i], ops[k]))
				which = (int)k;
	if (which < 0)
		return nsup(x, "this atomic operation is");
	const char *t = ty(x);
	static const char *const ok[] = {"global", "shared", "relaxed", "cta", "gpu", "sys", "add", "min", "max",
					 "exch", "and", "or", "xor", "inc", "dec", "cas", "u32", "s32", "b32", "f32",
					 "u64", "s64", "b64", "f64", NULL};
	if (!mods_ok(x, ok))
		return false;
	bool cas = aop[which] < 0;
	if (is_t(t, T64) || !strcmp(t, "f64"))
		return atom64(x, red, sp, cas, aop[which]);
	bool shared = !strcmp(sp, "shared");
	bool fl = !strcmp(t, "f32");
	if (fl && aop[which] != ATOM_ADD && aop[which] != ATOM_EXCH)
		return nsup(x, "this f32 atomic is");
	if ((aop[which] == ATOM_INC || aop[which] == ATOM_DEC) && strcmp(t, "u32"))
		return nsup(x, "inc/dec other than .u32 is");
	struct vinsn *v = emit(x, cas ? (shared ? OP_ATOMS_CAS : OP_ATOMG_CAS) : (shared ? OP_ATOMS : OP_ATOMG));
	if (!cas) {
		v->in.mod[0] = (uint8_t)aop[which];
		v->in.mod[1] = (uint8_t)(fl ? ATYPE_F32 : t[0] == 's' ? ATYPE_S32 : ATYPE_U32);
	}
	unsigned first = red ? 0 : 1;
	if (!need_ops(x, first + (cas ? 3 : 2)))
		return false;
	if (!red && !dst_reg(x, v, 0))
		return false;
	if (!addr_opnd(x, &v, first, sp))
		return false;
	if (!src_opnd(x, &v, 1, first + 1, fl, false))
		return false;
	return !cas || src_opnd(x, &v, 2, first + 2, false, false);
}

static bool do_shfl(struct sel *x)
{
	if (x->nmods != 4 || strcmp(x->mods[1], "sync") || strcmp(ty(x), "b32"))
		return nsup(x, "this form (shfl.sync.MODE.b32) is");
	static const char *const modes[] = {"idx", "up", "down", "bfly"};
	static const int sm[] = {SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_XOR};
	int mode = -1;
	for (int i = 0; i < 4; i++)
		if (!strcmp(x->mods[2], modes[i]))
			mode = i;
	if (mode < 0)
		return nsup(x, "this shuffle mode is");
	if (!need_ops(x, 5))
		return false;
	/* c = ((32 - width) << 8) | clamp, as nvcc writes it for __shfl_*_sync's
	 * width (a power of two, 1..32): clamp 0 for up, 31 for the others */
	const struct opnd *c = &x->s->o[3];
	int64_t clamp = sm[mode] == SHFL_UP ? 0 : 0x1f;
	int64_t have = c->kind == PO_IMM ? c->imm
		       : c->kind == PO_REG && c->reg < (int)x->e->nvregs && x->is_const[c->reg] ? (int64_t)x->cval[c->reg]
											  : -1;
	int k = -1;
	for (int i = 0; i <= SHFLW_MAX; i++)
		if (have == (((int64_t)(32 - (32 >> i)) << 8) | clamp))
			k = i;
	if (k < 0)
		return opnd_err(x, 3, have < 0 ? "a shuffle width that is not a constant is not supported"
					       : "a shuffle control other than ((32 - width) << 8) | clamp, width a power "
						 "of two and clamp 0 for up, 31 otherwise, is not supported");
	struct vinsn *v = emit(x, OP_SHFL);
	v->in.mod[0] = (uint8_t)sm[mode];
	v->in.mod[1] = (uint8_t)k;
	const struct opnd *d = &x->s->o[0];
	if (d->kind != PO_REG || vinfo(x, d->reg)->cls != VC_REG)
		return opnd_err(x, 0, "expected a register");
	v->vdst = d->reg; /* a predicate after '|' is checked by ptx_select's caller */
	return src_opnd(x, &v, 0, 1, false, false) && src_opnd(x, &v, 1, 2, false, false) &&
	       src_opnd(x, &v, 2, 4, false, false);
}

static bool do_vote(struct sel *x)
{
	if (x->nmods != 4 || strcmp(x->mods[1], "sync"))
		return nsup(x, "this form (vote.sync.{all,any,uni,ballot}) is");
	if (!need_ops(x, 3))
		return false;
	const char *m = x->mods[2];
	struct vinsn *v;
	if (!strcmp(m, "ballot") && !strcmp(ty(x), "b32")) {
		v = emit(x, OP_BALLOT);
		if (!dst_reg(x, v, 0))
			return false;
	} else if ((!strcmp(m, "all") || !strcmp(m, "any") || !strcmp(m, "uni")) && !strcmp(ty(x), "pred")) {
		v = emit(x, !strcmp(m, "all") ? OP_VOTE_ALL : !strcmp(m, "any") ? OP_VOTE_ANY : OP_VOTE_UNI);
		if (!dst_pred(x, v, 0))
			return false;
	} else {
		return nsup(x, "this vote is");
	}
	return psrc_opnd(x, v, 0, 1) && src_opnd(x, &v, 1, 2, false, false);
}

/* bar.red.popc.u32 d, 0, {!}p; bar.red.{and,or}.pred d, 0, {!}p (and
 * barrier[.cta].red[.aligned]...): __syncthreads_count, _and, _or */
static bool do_bar_red(struct sel *x)
{
	unsigned i = 1;
	if (i < x->nmods && !strcmp(x->mods[i], "cta"))
		i++;
	if (i >= x->nmods || strcmp(x->mods[i], "red"))
		return nsup(x, "this barrier form is");
	i++;
	if (i < x->nmods && !strcmp(x->mods[i], "aligned"))
		i++;
	const char *op = i < x->nmods ? x->mods[i] : "";
	const char *t = i + 1 < x->nmods ? x->mods[i + 1] : "";
	bool popc = !strcmp(op, "popc") && !strcmp(t, "u32");
	if (i + 2 != x->nmods || (!popc && ((strcmp(op, "and") && strcmp(op, "or")) || strcmp(t, "pred"))))
		return nsup(x, "this barrier reduction (bar.red.popc.u32, bar.red.and.pred, bar.red.or.pred) is");
	if (x->s->no != 3)
		return x->s->no == 4 ? nsup(x, "a barrier reduction with a thread count is")
				     : ptx_err(x->e, x->s, 0, "%s takes 3 operands, found %u", x->s->op, x->s->no);
	if (x->s->o[1].kind != PO_IMM || x->s->o[1].imm != 0)
		return nsup(x, "a barrier other than barrier 0 for the whole block is");
	struct vinsn *v = emit(x, popc ? OP_BAR_POPC : op[0] == 'a' ? OP_BAR_AND : OP_BAR_OR);
	return (popc ? dst_reg(x, v, 0) : dst_pred(x, v, 0)) && psrc_opnd(x, v, 0, 2);
}

static bool do_bar(struct sel *x)
{
	if (x->nmods >= 2 && (!strcmp(x->mods[1], "red") || (!strcmp(x->mods[1], "cta") && x->nmods >= 3 &&
							      !strcmp(x->mods[2], "red"))))
		return do_bar_red(x);
	/* bar.sync 0 / barrier.sync[.aligned] 0: the block's one barrier */
	if (!(x->nmods == 2 && !strcmp(x->mods[1], "sync")) &&
	    !(x->nmods == 3 && !strcmp(x->mods[1], "sync") && !strcmp(x->mods[2], "aligned")))
		return nsup(x, "this barrier form is");
	if (x->s->no != 1 || x->s->o[0].kind != PO_IMM || x->s->o[0].imm != 0)
		return nsup(x, "a barrier other than barrier 0 for the whole block is");
	emit(x, OP_BAR);
	return true;
}

static bool do_membar(struct sel *x)
{
	struct vinsn *v;
	if (!strcmp(x->mods[0], "membar")) {
		if (x->nmods != 2)
			return nsup(x, "this form is");
		const char *s = x->mods[1];
		if (strcmp(s, "gl") && strcmp(s, "cta") && strcmp(s, "sys"))
			return nsup(x, "this scope is");
		v = emit(x, OP_MEMBAR);
		v->in.mod[0] = (uint8_t)(!strcmp(s, "gl") ? SCOPE_GL : !strcmp(s, "cta") ? SCOPE_CTA : SCOPE_SYS);
		return need_ops(x, 0);
	}
	/* fence.sc.SCOPE / fence.acq_rel.SCOPE */
	if (x->nmods != 3 || (strcmp(x->mods[1], "sc") && strcmp(x->mods[1], "acq_rel")))
		return nsup(x, "this fence is");
	const char *s = x->mods[2];
	if (strcmp(s, "gpu") && strcmp(s, "cta") && strcmp(s, "sys"))
		return nsup(x, "this scope is");
	v = emit(x, OP_MEMBAR);
	v->in.mod[0] = (uint8_t)(!strcmp(s, "gpu") ? SCOPE_GL : !strcmp(s, "cta") ? SCOPE_CTA : SCOPE_SYS);
	return need_ops(x, 0);
}

static int find_label(const struct pentry *e, const char *name)
{
	for (unsigned i = 0; i < e->nlabels; i++)
		if (!strcmp(e->labels[i].name, name))
			return (int)i;
	return -1;
}

/* ---- integer division ---------------------------------------------------- */

/* A source operand as a virtual register (an immediate moved into one). */
static bool src_vreg(struct sel *x, unsigned i, int *out)
{
	const struct opnd *o = &x->s->o[i];
	if (o->kind == PO_REG)
		return reg_opnd(x, i, VC_REG, out);
	struct vinsn *m = emit(x, OP_MOV);
	m->vdst = *out = new_tmp(x, VC_REG);
	return src_opnd(x, &m, 0, i, false, false);
}

/* q = a / b and r = a % b, unsigned, in the shape of the GPU's own sequence
 * (nvcc leaves division by a variable to ptxas, which writes about 17
 * instructions): a float reciprocal of b made a safe underestimate, one
 * Newton step in integers, the quotient from the high word of a product,
 * then at most two corrections. b = 0 gives q = 0xffffffff and r = a.
 * Exact for every a and b (tests/test_ptx.c checks it against the host's
 * division). */
static void udivrem(struct sel *x, int a, int b, int q, int r)
{
	int f = new_tmp(x, VC_REG), t = new_tmp(x, VC_REG), rc = new_tmp(x, VC_REG);
	int p = new_tmp(x, VC_PRED);
	op3(x, OP_I2F, f, b, -1, ITYPE_U32);
	op3(x, OP_RCP, f, f, -1, -1);
	opi(x, OP_IADD, f, f, 0x0ffffffdu, -1);  /* x 2^32, less 3 ulps: below 2^32 / b */
	op3(x, OP_F2I, rc, f, -1, ITYPE_U32);
	op3(x, OP_ISUB, t, -1, rc, -1);         /* -rc */
	op3(x, OP_IMUL, t, t, b, -1);           /* 2^32 - rc * b */
	op3(x, OP_IMULHI, t, rc, t, ITYPE_U32);
	op3(x, OP_IADD, rc, rc, t, -1);         /* Newton: rc + rc * (2^32 - rc b) / 2^32 */
	op3(x, OP_IMULHI, q, rc, a, ITYPE_U32); /* q <= a / b */
	op3(x, OP_IMUL, t, q, b, -1);
	op3(x, OP_ISUB, r, a, t, -1);
	for (int k = 0; k < 2; k++) {
		struct vinsn *c = op3(x, OP_ISETP, p, r, b, CMP_GE);
		c->in.mod[1] = ITYPE_U32;
		struct vinsn *v = op3(x, OP_ISUB, r, r, b, -1);
		v->vguard = p;
		v = opi(x, OP_IADD, q, q, 1, -1);
		v->vguard = p;
	}
	struct vinsn *z = opi(x, OP_ISETP, p, b, 0, CMP_EQ);
	z->in.mod[1] = ITYPE_U32;
	struct vinsn *v = opi(x, OP_MOV, q, -1, 0, -1);
	v->vsrc[0] = -1;
	v->in.imm_src = 1;
	v->in.imm = 0xffffffffu;
	v->vguard = p;
	v = op3(x, OP_MOV, r, a, -1, -1);
	v->vguard = p;
}

/* div.approx.f32 (__fdividef; a / b under --use_fast_math, with .ftz) and
 * div.full.f32 (a / b under -prec-div=false) as ptxas writes them for sm_90
 * (tests/data/h200_divapprox/: its SASS, and an H200's results, which these
 * sequences give with rcp.ftz as the GPU's MUFU.RCP: a subnormal operand
 * or result is a zero): a times b's reciprocal,
 *   approx:      b (and a) scaled by 2^24 where |b| < 2^-126 (FSETP, FMUL,
 *                FSEL, each twice, MUFU.RCP, FMUL), so a subnormal b divides,
 *                and b beyond 2^126 gives 0 (inf / b NaN), as the PTX ISA says;
 *   approx.ftz:  rcp.ftz and fmul.ftz alone (MUFU.RCP, FMUL.FTZ);
 *   full:        b and a scaled by 1/4 where |b| > 2^126, then by 2^24 where
 *                |b| < 2^-126, so only a quotient out of range is lost;
 *   full.ftz:    the 1/4 alone, every step flushing (do_stmt_ftz).
 * fabs is one instruction more where ptxas reads |b| as an operand. */
/* A new register holding v times the f32 constant k where predicate p is
 * when, else v: fmul and sel (ptxas's FMUL and FSEL) */
static int scaled_where(struct sel *x, int v, uint32_t k, int p, bool when)
{
	int t = new_tmp(x, VC_REG);
	opi(x, OP_FMUL, t, v, k, -1);
	struct vinsn *s = op3(x, OP_SEL, t, when ? t : v, when ? v : t, -1);
	s->vsrc[2] = p;
	return t;
}

static bool fdiv_fast(struct sel *x, bool full)
{
	if (!need_ops(x, 3))
		return false;
	if (full && !x->ftz && x->s->guard >= 0)
		return nsup(x, "a guarded div.full.f32 is");
	int a, b;
	if (!src_vreg(x, 1, &a) || !src_vreg(x, 2, &b))
		return false;
	if (!full && x->ftz) { /* rcp.ftz, fmul.ftz */
		int r = new_tmp(x, VC_REG);
		op3(x, OP_RCP, r, b, -1, -1);
		struct vinsn *v = op3(x, OP_FMUL, -1, a, r, -1);
		return dst_reg(x, v, 0);
	}
	int t = new_tmp(x, VC_REG), pn = new_tmp(x, VC_PRED);
	op3(x, OP_FABS, t, b, -1, -1);
	if (!x->ftz)
		opi(x, OP_FSETP, pn, t, 0x00800000u, CMP_GEU); /* |b| >= 2^-126, or NaN */
	struct vinsn *v;
	if (full) {
		int pb = new_tmp(x, VC_PRED);
		opi(x, OP_FSETP, pb, t, 0x7e800000u, CMP_GT); /* |b| > 2^126 */
		b = scaled_where(x, b, 0x3e800000u, pb, true); /* x 1/4 */
		a = scaled_where(x, a, 0x3e800000u, pb, true);
		if (!x->ftz)
			for (int k = 0; k < 2; k++) { /* @!pn: x 2^24 */
				v = opi(x, OP_FMUL, k ? a : b, k ? a : b, 0x4b800000u, -1);
				v->vguard = pn;
				v->in.guard_neg = 1;
			}
	} else {
		b = scaled_where(x, b, 0x4b800000u, pn, false); /* x 2^24 where pn is false */
		a = scaled_where(x, a, 0x4b800000u, pn, false);
	}
	int r = new_tmp(x, VC_REG);
	v = op3(x, OP_RCP, r, b, -1, -1);
	v->in.mod[1] = FTZ_FLUSH; /* the MUFU.RCP's: subnormals are zeros */
	v = op3(x, OP_FMUL, -1, r, a, -1);
	return dst_reg(x, v, 0);
}

static bool do_divrem(struct sel *x, bool rem)
{
	const char *t = ty(x);
	if (!strcmp(t, "f32") && !rem) {
		/* div.rn.f32: IEEE division, as the host's / */
		if (x->nmods == 3 && !strcmp(x->mods[1], "rn"))
			return arith(x, OP_FDIV, 2, true, false, -1);
		if (x->nmods == 3 && (!strcmp(x->mods[1], "approx") || !strcmp(x->mods[1], "full")))
			return fdiv_fast(x, x->mods[1][0] == 'f');
		return nsup(x, "f32 division other than div.rn, div.approx and div.full is");
	}
	if (x->nmods != 2 || (strcmp(t, "u32") && strcmp(t, "s32") && strcmp(t, "u16") && strcmp(t, "s16")))
		return nsup(x, "this type is");
	if (x->s->guard >= 0)
		return nsup(x, "a guarded division is");
	if (!need_ops(x, 3))
		return false;
	int a, b, d;
	if (t[1] == '1') { /* 16 bits: the 32-bit division of the extended operands */
		if (!ext_vreg(x, 1, 16, t[0] == 's', &a) || !ext_vreg(x, 2, 16, t[0] == 's', &b) ||
		    !reg_opnd(x, 0, VC_REG, &d))
			return false;
	} else if (!src_vreg(x, 1, &a) || !src_vreg(x, 2, &b) || !reg_opnd(x, 0, VC_REG, &d)) {
		return false;
	}
	int q = new_tmp(x, VC_REG), r = new_tmp(x, VC_REG);
	if (t[0] == 'u') {
		/* straight into d where that clobbers nothing udivrem still reads */
		if (rem && d != b)
			r = d;
		else if (!rem && d != a && d != b)
			q = d;
		udivrem(x, a, b, q, r);
		if ((rem ? r : q) != d)
			op3(x, OP_MOV, d, rem ? r : q, -1, -1);
		return true;
	}
	/* signed: on magnitudes; the quotient negated when the signs differ, the
	 * remainder takes a's sign (C and PTX truncate toward zero) */
	int ua = new_tmp(x, VC_REG), ub = new_tmp(x, VC_REG), sg = new_tmp(x, VC_REG);
	int p = new_tmp(x, VC_PRED);
	op3(x, OP_IABS, ua, a, -1, -1);
	op3(x, OP_IABS, ub, b, -1, -1);
	udivrem(x, ua, ub, q, r);
	if (rem) {
		struct vinsn *c = opi(x, OP_ISETP, p, a, 0, CMP_LT);
		c->in.mod[1] = ITYPE_S32;
		struct vinsn *v = op3(x, OP_ISUB, r, -1, r, -1);
		v->vguard = p;
		op3(x, OP_MOV, d, r, -1, -1);
	} else {
		op3(x, OP_XOR, sg, a, b, -1);
		struct vinsn *c = opi(x, OP_ISETP, p, sg, 0, CMP_LT);
		c->in.mod[1] = ITYPE_S32;
		struct vinsn *v = op3(x, OP_ISUB, q, -1, q, -1);
		v->vguard = p;
		op3(x, OP_MOV, d, q, -1, -1);
	}
	return true;
}

/* A bit field's position and length, operands ip and il, as the ISA's
 * packed operand (pos | len << 8, each mod 256): a constant (*imm_out,
 * *reg -1) or a register a prmt packs them into (byte 0 of each), emitted
 * now, before the instruction that reads it. */
static bool field_opnd(struct sel *x, unsigned ip, unsigned il, int *reg, uint32_t *imm)
{
	uint32_t pos, len;
	*reg = -1;
	if (const_opnd(x, ip, &pos) && const_opnd(x, il, &len)) {
		*imm = (pos & 0xff) | (len & 0xff) << 8;
		return true;
	}
	struct vinsn *p = emit(x, OP_PRMT);
	p->vdst = *reg = new_tmp(x, VC_REG);
	if (!src_opnd(x, &p, 0, ip, false, false) || !src_opnd(x, &p, 1, il, false, false))
		return false;
	return put_imm(x, &p, 2, 0x0040);
}

/* bfe.u32/.s32 d, a, pos, len; bfi.b32 f, a, b, pos, len; prmt.b32 d, a,
 * b, c (the default mode). */
static bool do_bits(struct sel *x, const char *b)
{
	const char *t = ty(x);
	if (!strcmp(b, "prmt")) {
		if (x->nmods != 2 || strcmp(t, "b32"))
			return nsup(x, "this form (a mode: .f4e .b4e .rc8 .ecl .ecr .rc16) is");
		return arith(x, OP_PRMT, 3, false, false, -1);
	}
	bool ins = b[2] == 'i';
	if (x->nmods != 2 || (ins ? strcmp(t, "b32") : (strcmp(t, "u32") && strcmp(t, "s32"))))
		return nsup(x, is_t(t, T64) ? "the 64-bit form is" : "this type is");
	if (!need_ops(x, ins ? 5 : 4))
		return false;
	int pk;
	uint32_t pimm = 0;
	if (!field_opnd(x, ins ? 3 : 2, ins ? 4 : 3, &pk, &pimm))
		return false;
	struct vinsn *v = emit(x, ins ? OP_BFI : OP_BFE);
	if (!ins)
		v->in.mod[0] = (uint8_t)(t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
	unsigned slot = ins ? 2 : 1;
	if (!dst_reg(x, v, 0) || !src_opnd(x, &v, 0, 1, false, false) || (ins && !src_opnd(x, &v, 1, 2, false, false)))
		return false;
	if (pk >= 0) {
		v->vsrc[slot] = pk;
		return true;
	}
	return put_imm(x, &v, slot, pimm);
}

/* match.all.sync d|p, a, membermask (__match_all_sync): match.all, and p
 * as its result's being nonzero (a lane that asks is in its own mask, so an
 * all-equal mask is never 0), one isetp where the GPU's MATCH.ALL writes
 * both */
static bool do_match_all(struct sel *x)
{
	if (!need_ops(x, 3))
		return false;
	const struct opnd *o = &x->s->o[0];
	if (o->kind != PO_REG || vinfo(x, o->reg)->cls != VC_REG || o->neg)
		return opnd_err(x, 0, "expected a data register (d or d|p)");
	struct vinsn *v = emit(x, OP_MATCH_ALL);
	v->vdst = o->reg;
	if (!src_opnd(x, &v, 0, 1, false, true) || !src_opnd(x, &v, 1, 2, false, false))
		return false;
	if (o->reg2 < 0)
		return true;
	if (vinfo(x, o->reg2)->cls != VC_PRED)
		return opnd_err(x, 0, "expected a predicate after '|'");
	v = opi(x, OP_ISETP, o->reg2, o->reg, 0, CMP_NE);
	v->in.mod[1] = ITYPE_U32;
	return true;
}

/* ---- 64-bit integers: the high words (hi_facts) ------------------------- */

/* The high word of operand i, a 64-bit register or immediate, into slot of
 * v: its register, the immediate's high bits, or rz for 0 (a global
 * address's). False, with *why, where it is not known. */
static bool hi_opnd(struct sel *x, struct vinsn **vp, unsigned slot, unsigned i)
{
	const struct opnd *o = &x->s->o[i];
	if (o->kind == PO_IMM) {
		uint32_t h = (uint32_t)((uint64_t)o->imm >> 32);
		return h ? put_imm(x, vp, slot, h) : true; /* (rz) */
	}
	if (o->kind != PO_REG || o->reg >= (int)x->e->nvregs || vinfo(x, o->reg)->cls != VC_REG)
		return opnd_err(x, i, "expected a 64-bit register or an immediate");
	if (x->ptr[o->reg] || x->hi_zero[o->reg])
		return true; /* a global address, a zero-extended value: 0 */
	int h = x->hi64[o->reg] >= 0 ? x->hi64[o->reg] : x->hi[o->reg];
	if (h < 0)
		return opnd_err(x, i, HI_UNKNOWN);
	(*vp)->vsrc[slot] = h;
	return true;
}

static int hi_of_dst(const struct sel *x)
{
	const struct opnd *o = &x->s->o[0];
	return o->kind == PO_REG && o->reg < (int)x->e->nvregs ? x->hi64[o->reg] : -1;
}

/* A 64-bit statement's high word, where its result's is read (hi_facts),
 * and the statements whose low word needs its operands' high words (a
 * compare, a right shift): written here, *done; else (*done false) the
 * statement is translated as its low word alone. Written as ptxas writes
 * them where the ISA allows: IADD3 + IADD3.X is iadd, isetp (the carry) and
 * iadd.x; ISETP + ISETP.EX is isetp and isetp.x. */
/* min/max.{u64,s64} d, a, b: the 64-bit compare (isetp of the low words,
 * isetp.x of the high ones, as for setp) choosing each word (sel), as
 * ptxas's ISETP + ISETP.EX + two SEL. */
static bool minmax64(struct sel *x, bool mx, bool sgn, int d, int hd)
{
	int q = new_tmp(x, VC_PRED), p = new_tmp(x, VC_PRED);
	struct vinsn *v = emit(x, OP_ISETP); /* a below (above) b: the low words, unsigned */
	v->in.mod[0] = mx ? CMP_GT : CMP_LT;
	v->in.mod[1] = ITYPE_U32;
	v->vdst = q;
	if (!src_opnd(x, &v, 0, 1, false, true) || !src_opnd(x, &v, 1, 2, false, true))
		return false;
	v = emit(x, OP_ISETPX);
	v->in.mod[0] = mx ? CMP_GT : CMP_LT;
	v->in.mod[1] = (uint8_t)(sgn ? ITYPE_S32 : ITYPE_U32);
	v->vdst = p;
	v->vsrc[2] = q;
	if (!hi_opnd(x, &v, 0, 1) || !hi_opnd(x, &v, 1, 2))
		return false;
	if (hd >= 0) { /* (the words are each other's: d's low word may be a's) */
		v = emit(x, OP_SEL);
		v->vdst = hd;
		v->vsrc[2] = p;
		if (!hi_opnd(x, &v, 0, 1) || !hi_opnd(x, &v, 1, 2))
			return false;
	}
	v = emit(x, OP_SEL);
	v->vdst = d;
	v->vsrc[2] = p;
	return src_opnd(x, &v, 0, 1, false, true) && src_opnd(x, &v, 1, 2, false, true);
}

/* shl.b64, shr.{b64,u64,s64} d, a, n by a register n, as PTX defines them
 * (n taken unsigned, past 63 clamped: shl and shr.u give 0, shr.s the
 * sign), from 32-bit shifts, which clamp past 31 the same way, so that
 * 32 - n and n - 32, wrapping past 31 where they do not apply, give 0:
 *   shl:   hi = a.hi << n | a.lo >> (32 - n) | a.lo << (n - 32), lo = a.lo << n
 *   shr.u: lo = a.lo >> n | a.hi << (32 - n) | a.hi >> (n - 32), hi = a.hi >> n
 *   shr.s: lo as shr.u's for n < 32, else a.hi >>s (n - 32); hi = a.hi >>s n
 * hi only where read (hd); the word d may share with a written last. */
static bool shift64_reg(struct sel *x, bool left, bool sgn, int d, int hd)
{
	int n = x->s->o[2].reg;
	if (vinfo(x, n)->cls != VC_REG)
		return opnd_err(x, 2, "expected a data register");
	int up = new_tmp(x, VC_REG), down = new_tmp(x, VC_REG); /* 32 - n, n - 32 */
	struct vinsn *v = emit(x, OP_ISUB);
	v->vdst = up;
	v->vsrc[1] = n;
	if (!put_imm(x, &v, 0, 32))
		return false;
	v = emit(x, OP_IADD);
	v->vdst = down;
	v->vsrc[0] = n;
	if (!put_imm(x, &v, 1, (uint32_t)-32))
		return false;
	/* three terms: the same word shifted by n, the other by 32 - n the other
	 * way, the other by n - 32 */
	int t[3];
	for (unsigned j = 0; j < (left || !sgn ? 3u : 2u); j++) { /* (shl comes here for its high word) */
		t[j] = new_tmp(x, VC_REG);
		bool same = j == 0;
		bool shl = left ? j != 1 : j == 1;
		v = emit(x, shl ? OP_SHL : OP_SHR);
		if (!shl)
			v->in.mod[0] = ITYPE_U32;
		v->vdst = t[j];
		v->vsrc[1] = j == 0 ? n : j == 1 ? up : down;
		/* shl: a.hi, a.lo, a.lo; shr: a.lo, a.hi, a.hi */
		bool hiw = left ? same : !same;
		if (!(hiw ? hi_opnd(x, &v, 0, 1) : src_opnd(x, &v, 0, 1, false, true)))
			return false;
	}
	if (left) {
		if (hd >= 0) {
			int o = new_tmp(x, VC_REG);
			op3(x, OP_OR, o, t[0], t[1], -1);
			op3(x, OP_OR, hd, o, t[2], -1);
		}
		v = emit(x, OP_SHL);
		v->vdst = d;
		v->vsrc[1] = n;
		return src_opnd(x, &v, 0, 1, false, true);
	}
	int o = new_tmp(x, VC_REG);
	op3(x, OP_OR, o, t[0], t[1], -1);
	int h = hd >= 0 ? new_tmp(x, VC_REG) : -1;
	if (h >= 0) { /* a.hi >> n, before d's word is written */
		v = emit(x, OP_SHR);
		v->in.mod[0] = (uint8_t)(sgn ? ITYPE_S32 : ITYPE_U32);
		v->vdst = h;
		v->vsrc[1] = n;
		if (!hi_opnd(x, &v, 0, 1))
			return false;
	}
	if (!sgn) {
		op3(x, OP_OR, d, o, t[2], -1);
	} else { /* n < 32 ? o : a.hi >>s (n - 32) */
		int s = new_tmp(x, VC_REG), p = new_tmp(x, VC_PRED);
		v = emit(x, OP_SHR);
		v->in.mod[0] = ITYPE_S32;
		v->vdst = s;
		v->vsrc[1] = down;
		if (!hi_opnd(x, &v, 0, 1))
			return false;
		v = emit(x, OP_ISETP);
		v->in.mod[0] = CMP_LT;
		v->in.mod[1] = ITYPE_U32;
		v->vdst = p;
		v->vsrc[0] = n;
		if (!put_imm(x, &v, 1, 32))
			return false;
		v = emit(x, OP_SEL);
		v->vdst = d;
		v->vsrc[0] = o;
		v->vsrc[1] = s;
		v->vsrc[2] = p;
	}
	if (h >= 0)
		op3(x, OP_MOV, hd, h, -1, -1);
	return true;
}

static bool do_int64(struct sel *x, bool *done)
{
	*done = false;
	const char *t = ty(x), *b = x->mods[0];
	if (ld_zero_extends(x, x->s) && hi_of_dst(x) >= 0) { /* its high word 0 (a register also made otherwise) */
		struct vinsn *v = emit(x, OP_MOV);
		v->vdst = hi_of_dst(x);
		return true;
	}
	if (ld_sign_extends(x, x->s) && hi_of_dst(x) >= 0) { /* the load, then its sign */
		*done = true;
		if (!do_ldst(x, false))
			return false;
		struct vinsn *v = emit(x, OP_SHR);
		v->in.mod[0] = ITYPE_S32;
		v->vdst = hi_of_dst(x);
		v->vsrc[0] = x->s->o[0].reg;
		return put_imm(x, &v, 1, 31);
	}
	bool dparam = !strcmp(x->s->op, "ld.param.f64"); /* a double parameter: its hidden high word below */
	if ((!is_t(t, T64) && !dparam) || !strcmp(b, "cvt") || !strcmp(b, "st") || !strcmp(b, "cvta") ||
	    !strcmp(b, "atom") || !strcmp(b, "red") || ld64_made(x->s)) /* (a load's high word: ldst64) */
		return true;
	int hd = hi_of_dst(x);
	if (!strcmp(x->s->op, "mov.b64") && x->s->no == 2 && x->s->o[1].kind == PO_VEC) { /* pack {lo, hi} */
		*done = true;
		const struct opnd *w = &x->s->o[1];
		int d;
		if (!reg_opnd(x, 0, VC_REG, &d))
			return false;
		if (w->nvec != 2)
			return opnd_err(x, 1, "expected {a, b}");
		for (unsigned j = 0; j < 2; j++) {
			if (w->vec[j] >= 0 && (vinfo(x, w->vec[j])->cls != VC_REG || vinfo(x, w->vec[j])->bits != 32))
				return opnd_err(x, 1, "expected 32-bit data registers");
			if (j && hd < 0)
				break;
			struct vinsn *v = emit(x, OP_MOV);
			v->vdst = j ? hd : d;
			v->vsrc[0] = w->vec[j]; /* (_: rz) */
		}
		return true;
	}
	bool setp = !strcmp(b, "setp"), shr = !strcmp(b, "shr"), minmax = !strcmp(b, "min") || !strcmp(b, "max");
	if (!strcmp(b, "bfi")) { /* bfi.b64 d, a, b, pos, len: one word of b gets a's low bits */
		*done = true;
		const struct opnd *po = &x->s->o[3], *lo = &x->s->o[4];
		if (!need_ops(x, 5) || po->kind != PO_IMM || lo->kind != PO_IMM || po->imm < 0 || lo->imm < 0 ||
		    po->imm > 255 || lo->imm > 255)
			return need_ops(x, 5) && nsup(x, "a 64-bit bfi other than of a constant field is");
		unsigned pos = (unsigned)po->imm, len = (unsigned)lo->imm;
		if (pos + len > 64)
			len = pos >= 64 ? 0 : 64 - pos;
		if (pos < 32 && pos + len > 32)
			return nsup(x, "a 64-bit bfi of a field across the two words is");
		int d;
		if (!reg_opnd(x, 0, VC_REG, &d))
			return false;
		bool high = pos >= 32 && len; /* the field in the high word */
		struct vinsn *v;
		if (hd >= 0) {
			v = emit(x, high ? OP_BFI : OP_MOV);
			v->vdst = hd;
			if (high && (!src_opnd(x, &v, 0, 1, false, true) || !hi_opnd(x, &v, 1, 2) ||
				     !put_imm(x, &v, 2, (pos - 32) | len << 8)))
				return false;
			if (!high && !hi_opnd(x, &v, 0, 2))
				return false;
		}
		v = emit(x, high || !len ? OP_MOV : OP_BFI);
		v->vdst = d;
		if (high || !len)
			return src_opnd(x, &v, 0, 2, false, true);
		return src_opnd(x, &v, 0, 1, false, true) && src_opnd(x, &v, 1, 2, false, true) &&
		       put_imm(x, &v, 2, pos | len << 8);
	}
	if (shr) {
		const struct opnd *a = &x->s->o[1];
		if (x->s->no == 3 && a->kind == PO_REG && x->hi[a->reg] >= 0 && x->s->o[2].kind == PO_IMM &&
		    x->s->o[2].imm >= 32 && hd < 0)
			return true; /* the high word of a mul.wide shifted: do_shift */
	}
	if (!setp && !shr && !minmax && hd < 0)
		return true;
	*done = true;
	if (setp) {
		bool uns;
		int cmp;
		if (x->nmods != 3 || !cmp_of(x->mods[1], false, &uns, &cmp) ||
		    (!strcmp(t, "b64") && cmp != CMP_EQ && cmp != CMP_NE))
			return nsup(x, "this 64-bit compare is");
		if (!need_ops(x, 3))
			return false;
		int q = new_tmp(x, VC_PRED);
		struct vinsn *v = emit(x, OP_ISETP); /* the low words, unsigned */
		v->in.mod[0] = (uint8_t)cmp;
		v->in.mod[1] = ITYPE_U32;
		v->vdst = q;
		if (!src_opnd(x, &v, 0, 1, false, true) || !src_opnd(x, &v, 1, 2, false, true))
			return false;
		v = emit(x, OP_ISETPX);
		v->in.mod[0] = (uint8_t)cmp;
		v->in.mod[1] = (uint8_t)(uns || t[0] != 's' ? ITYPE_U32 : ITYPE_S32);
		v->vsrc[2] = q;
		return dst_pred(x, v, 0) && hi_opnd(x, &v, 0, 1) && hi_opnd(x, &v, 1, 2);
	}
	if (!need_ops(x, b[0] == 'n' || !strcmp(b, "mov") || !strcmp(b, "ld") ? 2 : !strcmp(b, "selp") ? 4 : 3))
		return false;
	int d = -1;
	if (!reg_opnd(x, 0, VC_REG, &d))
		return false;
	const struct opnd *k = &x->s->o[2];
	if (minmax)
		return minmax64(x, b[1] == 'a', t[0] == 's', d, hd);
	if ((shr || !strcmp(b, "shl")) && x->s->no == 3 && k->kind == PO_REG)
		return shift64_reg(x, !shr, t[0] == 's', d, hd);
	if (shr) {
		if (x->s->no != 3 || k->kind != PO_IMM || k->imm < 0 || k->imm > 63)
			return nsup(x, "a 64-bit right shift by this amount is");
		unsigned n = (unsigned)k->imm;
		enum isa_itype it = t[0] == 's' ? ITYPE_S32 : ITYPE_U32;
		struct vinsn *v;
		if (n == 0) {
			v = emit(x, OP_MOV);
			v->vdst = d;
			if (!src_opnd(x, &v, 0, 1, false, true))
				return false;
		} else if (n < 32) { /* lo = lo >> n | hi << (32 - n) */
			int t1 = new_tmp(x, VC_REG), t2 = new_tmp(x, VC_REG);
			v = emit(x, OP_SHR);
			v->in.mod[0] = ITYPE_U32;
			v->vdst = t1;
			if (!src_opnd(x, &v, 0, 1, false, true) || !put_imm(x, &v, 1, n))
				return false;
			v = emit(x, OP_SHL);
			v->vdst = t2;
			if (!hi_opnd(x, &v, 0, 1) || !put_imm(x, &v, 1, 32 - n))
				return false;
			op3(x, OP_OR, d, t1, t2, -1);
		} else { /* lo = hi >> (n - 32) */
			v = emit(x, OP_SHR);
			v->in.mod[0] = (uint8_t)it;
			v->vdst = d;
			if (!hi_opnd(x, &v, 0, 1) || !put_imm(x, &v, 1, n - 32))
				return false;
		}
		if (hd < 0)
			return true;
		if (n >= 32 && it == ITYPE_U32) { /* hi = 0: a mov of rz */
			v = emit(x, OP_MOV);
			v->vdst = hd;
			return true;
		}
		v = emit(x, OP_SHR); /* hi >> n; past 31 the sign (s64) */
		v->in.mod[0] = (uint8_t)it;
		v->vdst = hd;
		return hi_opnd(x, &v, 0, 1) && put_imm(x, &v, 1, n < 32 ? n : 31);
	}
	if (!strcmp(b, "add") || !strcmp(b, "sub")) {
		bool add = b[0] == 'a';
		const struct opnd *o1 = &x->s->o[1], *o2 = &x->s->o[2];
		int c = new_tmp(x, VC_PRED), lo = d;
		struct vinsn *v;
		if (!add) { /* the borrow first: a.lo < b.lo */
			v = emit(x, OP_ISETP);
			v->in.mod[0] = CMP_LT;
			v->in.mod[1] = ITYPE_U32;
			v->vdst = c;
			if (!src_opnd(x, &v, 0, 1, false, true) || !src_opnd(x, &v, 1, 2, false, true))
				return false;
		} else if ((o1->kind == PO_REG && o1->reg == d) || (o2->kind == PO_REG && o2->reg == d)) {
			lo = new_tmp(x, VC_REG); /* the sum beside a, for its carry */
		}
		v = emit(x, add ? OP_IADD : OP_ISUB);
		v->vdst = lo;
		if (!src_opnd(x, &v, 0, 1, false, true) || !src_opnd(x, &v, 1, 2, false, true))
			return false;
		if (add) { /* the carry: the sum below an operand */
			bool use2 = o1->kind != PO_REG || (lo == d && o1->reg == d);
			v = emit(x, OP_ISETP);
			v->in.mod[0] = CMP_LT;
			v->in.mod[1] = ITYPE_U32;
			v->vdst = c;
			v->vsrc[0] = lo;
			if (!src_opnd(x, &v, 1, use2 ? 2 : 1, false, true))
				return false;
		}
		v = emit(x, add ? OP_IADDX : OP_ISUBX);
		v->vdst = hd;
		v->vsrc[2] = c;
		if (!hi_opnd(x, &v, 0, 1) || !hi_opnd(x, &v, 1, 2))
			return false;
		if (lo != d)
			op3(x, OP_MOV, d, lo, -1, -1);
		return true;
	}
	if (!strcmp(b, "neg")) { /* 0 - a: the borrow is a.lo != 0 */
		int c = new_tmp(x, VC_PRED);
		struct vinsn *v = emit(x, OP_ISETP);
		v->in.mod[0] = CMP_NE;
		v->in.mod[1] = ITYPE_U32;
		v->vdst = c;
		if (!src_opnd(x, &v, 0, 1, false, true))
			return false;
		v = emit(x, OP_ISUBX);
		v->vdst = hd;
		v->vsrc[2] = c;
		if (!hi_opnd(x, &v, 1, 1))
			return false;
		v = emit(x, OP_ISUB);
		v->vdst = d;
		return src_opnd(x, &v, 1, 1, false, true);
	}
	if (!strcmp(b, "mul")) { /* mul.lo: hi = mulhi(a.lo, b.lo) + a.lo b.hi + a.hi b.lo, first */
		int t1 = new_tmp(x, VC_REG);
		struct vinsn *v = emit(x, OP_IMULHI);
		v->in.mod[0] = ITYPE_U32;
		v->vdst = t1;
		if (!src_opnd(x, &v, 0, 1, false, true) || !src_opnd(x, &v, 1, 2, false, true))
			return false;
		for (unsigned j = 0; j < 2; j++) {
			v = emit(x, OP_IMAD);
			v->vdst = j ? hd : new_tmp(x, VC_REG);
			v->vsrc[2] = t1;
			if (!src_opnd(x, &v, 0, j ? 2 : 1, false, true) || !hi_opnd(x, &v, 1, j ? 1 : 2))
				return false;
			t1 = v->vdst;
		}
		*done = false; /* the low word: do_mul_mad */
		return true;
	}
	if (!strcmp(b, "shl")) { /* hi first (d may be a) */
		if (x->s->no != 3 || k->kind != PO_IMM || k->imm < 0 || k->imm > 63)
			return nsup(x, "a 64-bit left shift by a register whose result's high word is read is");
		unsigned n = (unsigned)k->imm;
		struct vinsn *v;
		if (n >= 32) {
			v = emit(x, OP_SHL);
			v->vdst = hd;
			if (!src_opnd(x, &v, 0, 1, false, true) || !put_imm(x, &v, 1, n - 32))
				return false;
		} else if (n == 0) {
			v = emit(x, OP_MOV);
			v->vdst = hd;
			if (!hi_opnd(x, &v, 0, 1))
				return false;
		} else { /* hi << n | lo >> (32 - n) */
			int t1 = new_tmp(x, VC_REG), t2 = new_tmp(x, VC_REG);
			v = emit(x, OP_SHL);
			v->vdst = t1;
			if (!hi_opnd(x, &v, 0, 1) || !put_imm(x, &v, 1, n))
				return false;
			v = emit(x, OP_SHR);
			v->in.mod[0] = ITYPE_U32;
			v->vdst = t2;
			if (!src_opnd(x, &v, 0, 1, false, true) || !put_imm(x, &v, 1, 32 - n))
				return false;
			op3(x, OP_OR, hd, t1, t2, -1);
		}
		*done = false; /* the low word: do_shift */
		return true;
	}
	if (!strcmp(b, "ld")) { /* a scalar parameter's hidden high word (hi_facts) */
		int pi = x->s->o[1].kind == PO_ADDR ? find_param(x, x->s->o[1].name) : -1;
		if (pi < 0) /* (hi_facts makes a high word for a parameter's load alone) */
			return opnd_err(x, 1, "expected [parameter]");
		struct vinsn *v = emit(x, OP_LDC);
		v->vdst = hd;
		v->in.off = (int32_t)(ptx_hi_word(x->e->k, (unsigned)pi) * 4);
		*done = false;
		return true;
	}
	/* the word-by-word ones: hi first, then the low word as it is */
	enum isa_op op = !strcmp(b, "and") ? OP_AND : !strcmp(b, "or") ? OP_OR : !strcmp(b, "xor") ? OP_XOR
		       : !strcmp(b, "not") ? OP_NOT : !strcmp(b, "selp") ? OP_SEL : OP_MOV;
	struct vinsn *v = emit(x, op);
	v->vdst = hd;
	unsigned n = op == OP_NOT || op == OP_MOV ? 1 : 2;
	for (unsigned j = 0; j < n; j++)
		if (!hi_opnd(x, &v, j, j + 1))
			return false;
	if (op == OP_SEL && !psrc_opnd(x, v, 2, 3))
		return false;
	*done = false;
	return true;
}

/* ---- doubles (docs/CUDA.md, "Doubles") ----------------------------------- */

/* Operand i of an f64 statement as a register pair *lo, *hi: a register's
 * low word and its high word's register (hi_facts makes one for every
 * double; a zero high word through a register set to 0), a constant's two
 * words through movs emitted here, 0.0 as rz (*lo = -1). */
static bool dpair_src(struct sel *x, unsigned i, int *lo, int *hi)
{
	const struct opnd *o = &x->s->o[i];
	*lo = *hi = -1;
	if (o->kind == PO_DIMM) {
		uint64_t u = (uint64_t)o->imm;
		for (unsigned half = 0; half < 2 && u; half++) {
			uint32_t w = (uint32_t)(half ? u >> 32 : u);
			struct vinsn *m = emit(x, OP_MOV);
			m->vdst = half ? (*hi = new_tmp(x, VC_REG)) : (*lo = new_tmp(x, VC_REG));
			if (w) {
				m->in.imm_src = 1;
				m->in.imm = w;
			}
		}
		return true;
	}
	if (o->kind == PO_FIMM || o->kind == PO_IMM)
		return opnd_err(x, i, "expected a double: a register or an f64 constant (0d and 16 hex digits)");
	if (!reg_opnd(x, i, VC_REG, lo))
		return false;
	if (vinfo(x, *lo)->bits != 64)
		return opnd_err(x, i, "expected a 64-bit register");
	if (!hi_word(x, *lo, hi))
		return opnd_err(x, i, HI_UNKNOWN);
	if (*hi < 0) { /* a high word of 0 (a zero-extended value moved in): a register for the pair */
		struct vinsn *m = emit(x, OP_MOV);
		m->vdst = *hi = new_tmp(x, VC_REG);
	}
	return true;
}

/* The destination of an f64 statement (operand 0) as a pair; _ as rz. */
static bool dpair_dst(struct sel *x, int *lo, int *hi)
{
	*lo = *hi = -1;
	if (x->s->o[0].kind == PO_SINK)
		return true;
	if (!reg_opnd(x, 0, VC_REG, lo))
		return false;
	if (vinfo(x, *lo)->bits != 64)
		return opnd_err(x, 0, "expected a 64-bit register");
	*hi = *lo < (int)x->e->nvregs ? x->hi64[*lo] : -1;
	if (*hi < 0) /* (nothing reads it: a scratch register) */
		*hi = new_tmp(x, VC_REG);
	return true;
}

/* Slot k of v (0 the destination, 1..3 source k - 1) as the pair lo, hi;
 * lo -1 leaves it rz (0.0, or no result). */
static void set_pair(struct vinsn *v, unsigned k, int lo, int hi)
{
	if (lo < 0)
		return;
	if (k)
		v->vsrc[k - 1] = lo;
	else
		v->vdst = lo;
	v->vhi[k] = hi;
	v->pairs |= (uint8_t)(1u << k);
}

/* An f64 operation of nsrc double operands into a double (dst_pair) or a
 * predicate or 32-bit register (operand 0 as it is). */
static struct vinsn *dop(struct sel *x, enum isa_op op, unsigned nsrc, bool dst_pair)
{
	int lo[3], hi[3], dlo = -1, dhi = -1;
	for (unsigned i = 0; i < nsrc; i++)
		if (!dpair_src(x, i + 1, &lo[i], &hi[i]))
			return NULL;
	if (dst_pair && !dpair_dst(x, &dlo, &dhi))
		return NULL;
	struct vinsn *v = emit(x, op);
	set_pair(v, 0, dlo, dhi);
	for (unsigned i = 0; i < nsrc; i++)
		set_pair(v, i + 1, lo[i], hi[i]);
	return v;
}

/* The statement's rounding modifier among its modifiers: "rn" where it
 * names none and none is required; NULL where it names another word. */
static const char *f64_rounding(const struct sel *x, bool required)
{
	const char *r = NULL;
	for (unsigned i = 1; i + 1 < x->nmods; i++) {
		const char *m = x->mods[i];
		if (!strcmp(m, "rn") || !strcmp(m, "rz") || !strcmp(m, "rm") || !strcmp(m, "rp"))
			r = m;
		else
			return NULL;
	}
	return r ? r : required ? NULL : "rn";
}

/* Word-by-word moves of a double: mov (or selp with its predicate). */
static bool dmove(struct sel *x, bool sel)
{
	int lo[2], hi[2], dlo, dhi;
	for (unsigned i = 0; i < (sel ? 2u : 1u); i++)
		if (!dpair_src(x, i + 1, &lo[i], &hi[i]))
			return false;
	if (!dpair_dst(x, &dlo, &dhi))
		return false;
	for (unsigned half = 0; half < 2; half++) { /* (hi first: d's low word may be a source's) */
		struct vinsn *v = emit(x, sel ? OP_SEL : OP_MOV);
		v->vdst = half ? dlo : dhi;
		v->vsrc[0] = half ? lo[0] : hi[0];
		if (sel) {
			v->vsrc[1] = half ? lo[1] : hi[1];
			if (!psrc_opnd(x, v, 2, 3))
				return false;
		}
	}
	return true;
}

/* cvt with an f64 side: f32 <-> f64 (d2f in the rounding mode; f2d.lo and
 * f2d.hi, exactly), 32-bit integers <-> f64 (i2d exactly; d2i rounded,
 * saturated). */
static bool dcvt(struct sel *x)
{
	if (x->nmods < 3 || !need_ops(x, 2))
		return x->nmods < 3 ? nsup(x, "this form is") : false;
	const char *dt = x->mods[x->nmods - 2], *st = x->mods[x->nmods - 1];
	const char *rnd = x->nmods == 4 ? x->mods[1] : NULL;
	if (x->nmods > 4)
		return nsup(x, "this conversion (.sat, or more than a rounding) is");
	if (!strcmp(dt, "f64") && !strcmp(st, "f32")) {
		if (rnd)
			return nsup(x, "a rounding on an exact conversion is");
		int dlo, dhi;
		if (!dpair_dst(x, &dlo, &dhi))
			return false;
		for (unsigned half = 0; half < 2; half++) {
			struct vinsn *v = emit(x, half ? OP_F2D_HI : OP_F2D_LO);
			v->vdst = half ? dhi : dlo;
			if (!src_opnd(x, &v, 0, 1, true, false))
				return false;
		}
		return true;
	}
	if (!strcmp(dt, "f32") && !strcmp(st, "f64")) {
		static const char *const modes[] = {"rn", "rz", "rm", "rp"};
		int m = -1;
		for (int k = 0; k < 4 && rnd; k++)
			if (!strcmp(rnd, modes[k]))
				m = k;
		if (m < 0)
			return nsup(x, "this rounding of f64 to f32 is");
		struct vinsn *v = dop(x, OP_D2F, 1, false);
		if (!v)
			return false;
		v->in.mod[0] = (uint8_t)m; /* (enum isa_frndn: rn rz rm rp) */
		return dst_reg(x, v, 0);
	}
	if (!strcmp(dt, "f64") && !strcmp(st, "f64")) { /* to an integral double: trunc, rint, floor, ceil */
		int m = int_rounding(rnd);
		if (m < 0)
			return nsup(x, "this f64-to-f64 conversion (not to an integral value) is");
		struct vinsn *v = dop(x, OP_DFRND, 1, true);
		if (v)
			v->in.mod[0] = (uint8_t)m; /* (enum isa_frnd: rz rn rm rp) */
		return v != NULL;
	}
	if (!strcmp(dt, "f64") && (!strcmp(st, "s32") || !strcmp(st, "u32"))) {
		if (rnd && strcmp(rnd, "rn"))
			return nsup(x, "this rounding (the conversion is exact) is");
		int dlo, dhi;
		if (!dpair_dst(x, &dlo, &dhi))
			return false;
		struct vinsn *v = emit(x, OP_I2D);
		v->in.mod[0] = (uint8_t)(st[0] == 's' ? ITYPE_S32 : ITYPE_U32);
		set_pair(v, 0, dlo, dhi);
		return src_opnd(x, &v, 0, 1, false, false);
	}
	bool to64 = !strcmp(dt, "s64") || !strcmp(dt, "u64");
	if ((to64 || !strcmp(dt, "s32") || !strcmp(dt, "u32")) && !strcmp(st, "f64")) { /* d2i, d2i.64 (into a pair) */
		int m = int_rounding(rnd);
		if (m < 0)
			return nsup(x, "this rounding of f64 to an integer is");
		struct vinsn *v = dop(x, to64 ? OP_D2I64 : OP_D2I, 1, to64);
		if (!v)
			return false;
		v->in.mod[0] = (uint8_t)(dt[0] == 's' ? ITYPE_S32 : ITYPE_U32);
		v->in.mod[1] = (uint8_t)m; /* (enum isa_frnd: rz rn rm rp) */
		return to64 || dst_reg(x, v, 0);
	}
	if (!strcmp(dt, "f64") && (!strcmp(st, "s64") || !strcmp(st, "u64"))) {
		if (!rnd || strcmp(rnd, "rn"))
			return nsup(x, "this rounding of a 64-bit integer to f64 is");
		struct vinsn *v = dop(x, OP_I2D64, 1, true);
		if (v)
			v->in.mod[0] = (uint8_t)(st[0] == 's' ? ITYPE_S32 : ITYPE_U32);
		return v != NULL;
	}
	return nsup(x, "this conversion of an f64 (to or from f16, or .sat) is");
}

/* An f64 statement (a double): arithmetic, compares, moves, conversions
 * (loads, stores and atomics are ldst64's and atom64's). */
static bool do_f64(struct sel *x)
{
	const char *b = x->mods[0];
	if (!strcmp(b, "cvt"))
		return dcvt(x);
	if (strcmp(ty(x), "f64"))
		return nsup(x, "this f64 form is");
	if (!strcmp(b, "mov") || !strcmp(b, "selp")) {
		bool sel = b[0] == 's';
		if (x->nmods != 2)
			return nsup(x, "this form is");
		return need_ops(x, sel ? 4 : 2) && dmove(x, sel);
	}
	if (!strcmp(b, "copysign")) { /* b's magnitude, a's sign: the high words' bits, b's low word */
		if (x->nmods != 2)
			return nsup(x, "this form is");
		int lo[2], hi[2], dlo, dhi;
		if (!need_ops(x, 3) || !dpair_src(x, 1, &lo[0], &hi[0]) || !dpair_src(x, 2, &lo[1], &hi[1]) ||
		    !dpair_dst(x, &dlo, &dhi))
			return false;
		int s = new_tmp(x, VC_REG), m = new_tmp(x, VC_REG);
		opi(x, OP_AND, s, hi[0], 0x80000000u, -1);
		opi(x, OP_AND, m, hi[1], 0x7fffffffu, -1);
		op3(x, OP_MOV, dlo, lo[1], -1, -1); /* (after both high words are read: d may be a or b) */
		op3(x, OP_OR, dhi, s, m, -1);
		return true;
	}
	if (!strcmp(b, "setp")) {
		bool uns;
		int cmp;
		if (x->nmods != 3 || !cmp_of(x->mods[1], true, &uns, &cmp))
			return nsup(x, "this f64 compare (or a combining one) is");
		if (!need_ops(x, 3))
			return false;
		if (x->s->o[0].kind == PO_REG && x->s->o[0].reg2 >= 0)
			return opnd_err(x, 0, "a second result (p|q) is not supported");
		struct vinsn *v = dop(x, OP_DSETP, 2, false);
		if (!v)
			return false;
		v->in.mod[0] = (uint8_t)cmp;
		return dst_pred(x, v, 0);
	}
	static const struct {
		const char *name;
		enum isa_op op;
		unsigned n;
		bool rounding_required; /* PTX's syntax: fma, div, sqrt, rcp name theirs */
	} ops[] = {{"add", OP_DADD, 2, false}, {"sub", OP_DSUB, 2, false}, {"mul", OP_DMUL, 2, false},
		   {"fma", OP_DFMA, 3, true},  {"mad", OP_DFMA, 3, true},  {"div", OP_DDIV, 2, true},
		   {"sqrt", OP_DSQRT, 1, true}, {"rcp", OP_DRCP, 1, true}, {"min", OP_DMIN, 2, false},
		   {"max", OP_DMAX, 2, false}, {"neg", OP_DNEG, 1, false}, {"abs", OP_DABS, 1, false}};
	for (unsigned k = 0; k < sizeof ops / sizeof ops[0]; k++) {
		if (strcmp(b, ops[k].name))
			continue;
		bool plain = ops[k].op == OP_DMIN || ops[k].op == OP_DMAX || ops[k].op == OP_DNEG || ops[k].op == OP_DABS;
		const char *r = plain && x->nmods == 2 ? "rn" : plain ? NULL : f64_rounding(x, ops[k].rounding_required);
		bool directed = ops[k].op == OP_DADD || ops[k].op == OP_DSUB; /* (dadd, dsub: every mode) */
		if (!r || (strcmp(r, "rn") && !directed))
			return nsup(x, r ? "a rounding of f64 other than .rn is" : "this f64 form (.approx, .sat, .ftz) is");
		if (!need_ops(x, ops[k].n + 1))
			return false;
		struct vinsn *v = dop(x, ops[k].op, ops[k].n, true);
		if (v && directed)
			v->in.mod[0] = (uint8_t)(!strcmp(r, "rz") ? FRNDN_RZ : !strcmp(r, "rm") ? FRNDN_RM
						 : !strcmp(r, "rp") ? FRNDN_RP : FRNDN_RN);
		return v != NULL;
	}
	return nsup(x, "this f64 instruction is");
}

static bool do_stmt(struct sel *x)
{
	const char *b = x->mods[0];
	const char *t = ty(x);
	bool done;
	if (!do_int64(x, &done))
		return false;
	if (done)
		return true;
	if (strstr(x->s->op, ".f64") && strcmp(b, "ld") && strcmp(b, "st") && strcmp(b, "atom") && strcmp(b, "red"))
		return do_f64(x);
	if (!strcmp(b, "mov"))
		return do_mov(x);
	if (!strcmp(b, "ld"))
		return do_ldst(x, false);
	if (!strcmp(b, "st"))
		return do_ldst(x, true);
	if (!strcmp(b, "cvta")) {
		if (x->nmods == 4 && !strcmp(x->mods[1], "to") && !strcmp(x->mods[2], "global") && is_t(t, T64))
			return arith(x, OP_MOV, 1, false, true, -1);
		/* a global address's generic address is itself (the generic
		 * space's global window is the identity); a local one's is
		 * taken only as printf's argument buffer (genlocal_reads_ok) */
		if (x->nmods == 3 && (!strcmp(x->mods[1], "global") || !strcmp(x->mods[1], "local")) && is_t(t, T64))
			return arith(x, OP_MOV, 1, false, true, -1);
		return nsup(x, "generic addresses (other than cvta.to.global, cvta.global, and cvta.local for printf) are");
	}
	if (!strcmp(b, "cvt"))
		return do_cvt(x);
	if (is_t(t, T16) && (!strcmp(b, "min") || !strcmp(b, "max") || !strcmp(b, "shr") || !strcmp(b, "abs") ||
			     ((!strcmp(b, "mul") || !strcmp(b, "mad")) && (has(x, "wide") || has(x, "hi")))))
		return do_int16(x, b, t);
	if ((!strcmp(b, "add") || !strcmp(b, "sub") || !strcmp(b, "mul")) && !strcmp(t, "f32") &&
	    (has(x, "rz") || has(x, "rm") || has(x, "rp")))
		return do_float_rounded(x, b[0] == 'a' ? 'a' : b[0] == 's' ? 's' : 'm');
	if (!strcmp(b, "copysign"))
		return do_copysign(x);
	if (!strcmp(b, "add"))
		return do_int_or_float(x, OP_IADD, OP_FADD, true);
	if (!strcmp(b, "sub"))
		return do_int_or_float(x, OP_ISUB, OP_FSUB, true);
	if (!strcmp(b, "mul"))
		return do_mul_mad(x, false);
	if (!strcmp(b, "div") || !strcmp(b, "rem"))
		return do_divrem(x, b[0] == 'r');
	if (!strcmp(b, "mad"))
		return do_mul_mad(x, true);
	if (!strcmp(b, "fma")) {
		int rnd = has(x, "rn") ? FRNDN_RN : has(x, "rz") ? FRNDN_RZ : has(x, "rm") ? FRNDN_RM
			  : has(x, "rp") ? FRNDN_RP : -1;
		if (strcmp(t, "f32") || rnd < 0 || x->nmods != 3)
			return nsup(x, "fma other than fma.{rn,rz,rm,rp}.f32 is");
		return arith(x, OP_FFMA, 3, true, false, rnd);
	}
	if (!strcmp(b, "setp"))
		return do_setp(x);
	if (!strcmp(b, "selp"))
		return do_selp(x);
	if (!strcmp(b, "and"))
		return do_logic(x, OP_AND, LOGIC_AND);
	if (!strcmp(b, "or"))
		return do_logic(x, OP_OR, LOGIC_OR);
	if (!strcmp(b, "xor"))
		return do_logic(x, OP_XOR, LOGIC_XOR);
	if (!strcmp(b, "not"))
		return do_logic(x, OP_NOT, -1);
	if (!strcmp(b, "shl"))
		return do_shift(x, true);
	if (!strcmp(b, "shr"))
		return do_shift(x, false);
	if (!strcmp(b, "neg"))
		return do_unary(x, OP_ISUB, OP_FNEG);
	if (!strcmp(b, "abs"))
		return do_unary(x, OP_IABS, OP_FABS);
	if (!strcmp(b, "min") || !strcmp(b, "max"))
		return do_minmax(x, b[1] == 'a');
	if (!strcmp(b, "bfe") || !strcmp(b, "bfi") || !strcmp(b, "prmt"))
		return do_bits(x, b);
	if (!strcmp(b, "dp4a") || !strcmp(b, "dp2a")) { /* dp4a.atype.btype d, a, b, c; dp2a.mode.atype.btype */
		bool two = b[2] == '2';
		const char *at = x->mods[two ? 2 : 1];
		if (x->nmods != (two ? 4u : 3u) || (two && strcmp(x->mods[1], "lo") && strcmp(x->mods[1], "hi")) ||
		    !(is_t(at, T32) && strcmp(at, "b32")) || !(is_t(t, T32) && strcmp(t, "b32")))
			return nsup(x, two ? "this form (dp2a.{lo,hi}.{u32,s32}.{u32,s32}) is"
					   : "this form (dp4a.{u32,s32}.{u32,s32}) is");
		enum isa_op op = !two ? OP_IDP4A : x->mods[1][0] == 'l' ? OP_IDP2A_LO : OP_IDP2A_HI;
		if (!arith(x, op, 3, false, false, at[0] == 's' ? ITYPE_S32 : ITYPE_U32))
			return false;
		x->c->v[x->c->n - 1].in.mod[1] = (uint8_t)(t[0] == 's' ? ITYPE_S32 : ITYPE_U32);
		return true;
	}
	if (!strcmp(b, "popc") || !strcmp(b, "clz")) {
		if (x->nmods != 2 || strcmp(t, "b32"))
			return nsup(x, "this type is");
		return arith(x, b[0] == 'p' ? OP_POPC : OP_CLZ, 1, false, false, -1);
	}
	if (!strcmp(b, "rcp"))
		return do_sfu(x, OP_RCP, true);
	if (!strcmp(b, "sqrt"))
		return do_sfu(x, OP_SQRT, true);
	if (!strcmp(b, "rsqrt"))
		return do_sfu(x, OP_RSQRT, false);
	if (!strcmp(b, "ex2"))
		return do_sfu(x, OP_EX2, false);
	if (!strcmp(b, "lg2"))
		return do_sfu(x, OP_LG2, false);
	if (!strcmp(b, "sin"))
		return do_sfu(x, OP_SIN, false);
	if (!strcmp(b, "cos"))
		return do_sfu(x, OP_COS, false);
	if (!strcmp(b, "bra")) {
		if (x->nmods > 2 || (x->nmods == 2 && strcmp(x->mods[1], "uni")))
			return nsup(x, "this form is");
		if (!need_ops(x, 1))
			return false;
		if (x->s->o[0].kind != PO_NAME)
			return opnd_err(x, 0, "expected a label");
		int l = find_label(x->e, x->s->o[0].name);
		if (l < 0)
			return opnd_err(x, 0, "unknown label");
		struct vinsn *v = emit(x, OP_BRA);
		v->target = l;
		return true;
	}
	if (!strcmp(b, "ret") || !strcmp(b, "exit")) {
		if (x->nmods != 1 || x->s->no)
			return nsup(x, "this form is");
		emit(x, OP_EXIT);
		return true;
	}
	if (!strcmp(b, "trap")) { /* __trap(): the run fails there (FAULT_TRAP) */
		if (x->nmods != 1 || x->s->no)
			return nsup(x, "this form is");
		emit(x, OP_TRAP);
		return true;
	}
	if (!strcmp(b, "bar") && x->nmods == 3 && !strcmp(x->mods[1], "warp") && !strcmp(x->mods[2], "sync")) {
		if (!need_ops(x, 1))
			return false;
		struct vinsn *v = emit(x, OP_WARPSYNC);
		return src_opnd(x, &v, 0, 0, false, false);
	}
	if (!strcmp(b, "bar") || !strcmp(b, "barrier"))
		return do_bar(x);
	if (!strcmp(b, "membar") || !strcmp(b, "fence"))
		return do_membar(x);
	if (!strcmp(b, "nanosleep")) {
		if (x->nmods != 2 || strcmp(t, "u32") || !need_ops(x, 1))
			return x->nmods != 2 || strcmp(t, "u32") ? nsup(x, "this form is") : false;
		struct vinsn *v = emit(x, OP_NANOSLEEP);
		return src_opnd(x, &v, 0, 0, false, false);
	}
	if (!strcmp(b, "atom"))
		return do_atom(x, false);
	if (!strcmp(b, "red"))
		return do_atom(x, true);
	if (!strcmp(b, "shfl"))
		return do_shfl(x);
	if (!strcmp(b, "vote"))
		return do_vote(x);
	if (!strcmp(b, "activemask")) {
		if (x->nmods != 2 || strcmp(t, "b32") || !need_ops(x, 1))
			return x->nmods != 2 || strcmp(t, "b32") ? nsup(x, "this form is") : false;
		struct vinsn *v = emit(x, OP_ACTMASK);
		return dst_reg(x, v, 0);
	}
	if (!strcmp(b, "match")) {
		bool all = x->nmods == 4 && !strcmp(x->mods[1], "all");
		if (x->nmods != 4 || (strcmp(x->mods[1], "any") && !all) || strcmp(x->mods[2], "sync") ||
		    (strcmp(t, "b32") && strcmp(t, "b64")))
			return nsup(x, "this form (match.{any,all}.sync.b32, or .b64 of an address) is");
		if (!strcmp(t, "b64") && x->s->no == 3 &&
		    !(x->s->o[1].kind == PO_REG && x->s->o[1].reg < (int)x->e->nvregs && x->ptr[x->s->o[1].reg]))
			return opnd_err(x, 1, all ? "match.all.sync.b64 of a value that is not a global address (only the low word of a 64-bit register is held) is not supported"
						  : "match.any.sync.b64 of a value that is not a global address (only the low word of a 64-bit register is held) is not supported");
		return all ? do_match_all(x) : arith(x, OP_MATCH_ANY, 2, false, true, -1);
	}
	if (!strcmp(b, "redux")) {
		/* redux.sync.{add,min,max}.{u32,s32}, redux.sync.{and,or,xor}.b32 d, a, membermask */
		static const char *const ops[] = {"add", "min", "max", "and", "or", "xor"};
		int op = -1;
		if (x->nmods == 4 && !strcmp(x->mods[1], "sync"))
			for (int i = 0; i < 6; i++)
				if (!strcmp(x->mods[2], ops[i]))
					op = i;
		bool arith_op = op >= 0 && op < 3;
		if (op < 0 || (arith_op ? strcmp(t, "u32") && strcmp(t, "s32") : strcmp(t, "b32")))
			return nsup(x, "this form (redux.sync.{add,min,max}.{u32,s32}, redux.sync.{and,or,xor}.b32) is");
		if (!need_ops(x, 3))
			return false;
		struct vinsn *v = emit(x, OP_REDUX);
		v->in.mod[0] = (uint8_t)op;
		v->in.mod[1] = (uint8_t)(!strcmp(t, "s32") ? ITYPE_S32 : ITYPE_U32);
		return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, false, false) && src_opnd(x, &v, 1, 2, false, false);
	}
	if (!strcmp(b, "brev") || !strcmp(b, "bfind")) {
		/* __ffs(x) - 1 as nvcc writes it: brev.b32 t, x; bfind.shiftamt.u32 d, t
		 * (the count of x's trailing zeros; -1 for 0) = ffs(x) - 1 */
		const struct opnd *o0 = &x->s->o[0], *o1 = &x->s->o[1];
		if (!strcmp(x->s->op, "brev.b32") && x->s->no == 2 && o0->kind == PO_REG && x->ffs[o0->reg] >= 0) {
			struct vinsn *v = emit(x, OP_FFS);
			v->vdst = x->ffs[o0->reg];
			return src_opnd(x, &v, 0, 1, false, false);
		}
		if (!strcmp(x->s->op, "bfind.shiftamt.u32") && x->s->no == 2 && o1->kind == PO_REG &&
		    o1->reg < (int)x->e->nvregs && x->ffs[o1->reg] >= 0) {
			struct vinsn *v = emit(x, OP_IADD);
			v->vsrc[0] = x->ffs[o1->reg];
			put_imm(x, &v, 1, 0xffffffffu);
			return dst_reg(x, v, 0);
		}
		/* any other: brev, and bfind as flo (the GPU's FLO) */
		if (!strcmp(x->s->op, "brev.b32"))
			return arith(x, OP_BREV, 1, false, false, -1);
		int sgn = !strcmp(t, "s32") ? 1 : !strcmp(t, "u32") ? 0 : -1;
		bool sh = has(x, "shiftamt");
		if (sgn < 0 || x->nmods != 2u + (unsigned)sh || !need_ops(x, 2))
			return nsup(x, "this form (brev.b32, bfind[.shiftamt].{u32,s32}) is");
		struct vinsn *v = emit(x, OP_FLO);
		v->in.mod[0] = (uint8_t)(sgn ? ITYPE_S32 : ITYPE_U32);
		v->in.mod[1] = (uint8_t)(sh ? FLO_SH : FLO_POS);
		return dst_reg(x, v, 0) && src_opnd(x, &v, 0, 1, false, false);
	}
	if (!strcmp(b, "call"))
		return do_call(x);
	return ptx_err(x->e, x->s, 0, "%s: instruction not supported", x->s->op);
}

/* The registers statement s writes (its first operand, unless it is one
 * that writes none). */
static unsigned stmt_defs(const struct stmt *s, int *out)
{
	static const char *const none[] = {"st", "red", "bar", "barrier", "bra", "membar", "fence",
					   "nanosleep", "ret", "exit", "trap", "call", NULL};
	char base[64];
	size_t n = strcspn(s->op, ".");
	snprintf(base, sizeof base, "%.*s", (int)n, s->op);
	if (s->no == 0 || is_t(base, none))
		return 0;
	const struct opnd *o = &s->o[0];
	unsigned k = 0;
	if (o->kind == PO_REG) {
		out[k++] = o->reg;
		if (o->reg2 >= 0)
			out[k++] = o->reg2;
	} else if (o->kind == PO_VEC) {
		for (unsigned i = 0; i < o->nvec; i++)
			if (o->vec[i] >= 0)
				out[k++] = o->vec[i];
	}
	return k;
}

/* First pass: registers that hold one constant, and 64-bit registers whose
 * high word a shr.u64/s64 needs. */
/* A set of 64-bit registers (facts' addr, ptr, genlocal): it starts as
 * every 64-bit register with a definition, and a register leaves it where
 * a statement defining it alone is not one keeps accepts (asked with the
 * set as it is then), and, with multi, where a statement of several
 * results defines it; until none leaves. */
typedef bool (*keeps_fn)(const struct sel *x, const struct stmt *s, int d, const bool *set, const void *ctx);
static bool *shrink_set(const struct sel *x, const unsigned *ndef, keeps_fn keeps, bool multi, const void *ctx)
{
	const struct pentry *e = x->e;
	bool *set = xcalloc(e->nvregs ? e->nvregs : 1, 1);
	for (unsigned v = 0; v < e->nvregs; v++)
		set[v] = e->vregs[v].bits == 64 && ndef[v] > 0;
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned i = 0; i < e->nstmts; i++) {
			const struct stmt *s = &e->stmts[i];
			int d[8];
			unsigned nd = stmt_defs(s, d);
			if (nd != 1 && !multi)
				continue;
			for (unsigned k = 0; k < nd; k++)
				if (set[d[k]] && (nd != 1 || !keeps(x, s, d[0], set, ctx))) {
					set[d[k]] = false;
					changed = true;
				}
		}
	}
	return set;
}

static bool reg_in(const struct opnd *o, const bool *set) { return o->kind == PO_REG && set[o->reg]; }

/* addr: a global address, or what may be one (a 64-bit parameter) */
static bool addr_keeps(const struct sel *x, const struct stmt *s, int d, const bool *set, const void *ctx)
{
	(void)d, (void)ctx;
	const struct opnd *a = &s->o[1], *b = &s->o[2];
	if (!strcmp(s->op, "ld.param.u64") || !strcmp(s->op, "ld.param.b64"))
		return true;
	if ((!strcmp(s->op, "mov.u64") || !strcmp(s->op, "mov.b64")) && s->no == 2 && a->kind == PO_NAME &&
	    find_global(x, a->name) >= 0)
		return true; /* a module-scope variable's address */
	if ((!strcmp(s->op, "cvta.to.global.u64") || !strcmp(s->op, "cvta.global.u64") || !strcmp(s->op, "mov.u64") ||
	     !strcmp(s->op, "mov.b64")) && s->no == 2)
		return reg_in(a, set);
	if ((!strcmp(s->op, "add.s64") || !strcmp(s->op, "add.u64")) && s->no == 3)
		return reg_in(a, set) || reg_in(b, set);
	if ((!strcmp(s->op, "sub.s64") || !strcmp(s->op, "sub.u64")) && s->no == 3)
		return reg_in(a, set);
	if ((!strcmp(s->op, "selp.b64") || !strcmp(s->op, "selp.u64")) && s->no == 4)
		return reg_in(a, set) && reg_in(b, set);
	return false;
}

/* ptr: a pointer into global memory; ctx: the registers cvta.to.global
 * converts (a parameter so converted is a pointer) */
static bool ptr_keeps(const struct sel *x, const struct stmt *s, int d, const bool *set, const void *ctx)
{
	const bool *deref = ctx;
	const struct opnd *a = &s->o[1], *b = &s->o[2];
	bool pa = reg_in(a, set), pb = reg_in(b, set);
	if ((!strcmp(s->op, "cvta.to.global.u64") || !strcmp(s->op, "cvta.global.u64")) && s->no == 2)
		return a->kind != PO_REG || x->addr[a->reg]; /* (not a value loaded from memory: its high word is its own) */
	if ((!strcmp(s->op, "ld.param.u64") || !strcmp(s->op, "ld.param.b64")) && s->no == 2)
		return deref[d];
	if ((!strcmp(s->op, "mov.u64") || !strcmp(s->op, "mov.b64")) && s->no == 2)
		return (a->kind == PO_NAME && find_global(x, a->name) >= 0) || pa;
	if ((!strcmp(s->op, "add.s64") || !strcmp(s->op, "add.u64")) && s->no == 3)
		return pa != pb;
	if ((!strcmp(s->op, "sub.s64") || !strcmp(s->op, "sub.u64")) && s->no == 3)
		return pa && !pb && !(b->kind == PO_REG && b->reg < (int)x->e->nvregs && x->from_mem[b->reg]);
	if ((!strcmp(s->op, "selp.b64") || !strcmp(s->op, "selp.u64")) && s->no == 4)
		return pa && pb;
	return false;
}

/* genlocal: a generic address of local memory */
static bool genlocal_keeps(const struct sel *x, const struct stmt *s, int d, const bool *set, const void *ctx)
{
	(void)x, (void)d, (void)ctx;
	const struct opnd *a = &s->o[1], *b = &s->o[2];
	if (!strcmp(s->op, "cvta.local.u64") && s->no == 2)
		return true;
	if ((!strcmp(s->op, "mov.u64") || !strcmp(s->op, "mov.b64")) && s->no == 2)
		return reg_in(a, set);
	if ((!strcmp(s->op, "add.s64") || !strcmp(s->op, "add.u64")) && s->no == 3)
		return (reg_in(a, set) && b->kind == PO_IMM) || (reg_in(b, set) && a->kind == PO_IMM);
	return false;
}

/* ---- 64-bit integers --------------------------------------------------- */

/* What a statement does with the high words of 64-bit values: HI_MADE, it
 * makes its result's from 32-bit values, a constant or a parameter (cvt to
 * 64 bits, mul.wide, mov of a constant, ld.param of a scalar parameter:
 * its hidden high word); HI_PASSED, its result's from its 64-bit operands'
 * (add, sub, and, or, xor, not, neg, mov, selp, shl, shr, mul.lo), *nsrc
 * of them in src (shl by 32 or more needs none); HI_NONE, anything else. */
enum hi_how { HI_NONE, HI_MADE, HI_PASSED };

/* A load of an unsigned (or untyped) value narrower than its 64-bit
 * destination register, which PTX zero-extends: nvcc loads a 32-bit word
 * into a 64-bit register to build a 64-bit value with bfi.b64. */
static bool ld_zero_extends(const struct sel *x, const struct stmt *s)
{
	const char *t = strrchr(s->op, '.');
	return !strncmp(s->op, "ld.", 3) && t && s->no == 2 && s->o[0].kind == PO_REG &&
	       vinfo(x, s->o[0].reg)->bits == 64 && !strstr(s->op, ".v2.") && !strstr(s->op, ".v4.") &&
	       (!strcmp(t, ".u32") || !strcmp(t, ".b32") || !strcmp(t, ".u16") || !strcmp(t, ".b16") ||
		!strcmp(t, ".u8") || !strcmp(t, ".b8"));
}

/* A 64-bit load from memory (not a parameter: hi_how's ld.param), scalar
 * or .v2: its values' high words are the memory's (ldst64). */
static bool ld64_made(const struct stmt *s)
{
	const char *t = strrchr(s->op, '.');
	return !strncmp(s->op, "ld.", 3) && strncmp(s->op, "ld.param.", 9) && t && (is_t(t + 1, T64) || !strcmp(t, ".f64"));
}

/* A load of a signed value narrower than its 64-bit destination register,
 * which PTX sign-extends (nvcc's ld.param.s32 of an int parameter that
 * 64-bit arithmetic reads). */
static bool ld_sign_extends(const struct sel *x, const struct stmt *s)
{
	const char *t = strrchr(s->op, '.');
	return !strncmp(s->op, "ld.", 3) && t && s->no == 2 && s->o[0].kind == PO_REG &&
	       vinfo(x, s->o[0].reg)->bits == 64 && !strstr(s->op, ".v2.") && !strstr(s->op, ".v4.") &&
	       (!strcmp(t, ".s32") || !strcmp(t, ".s16") || !strcmp(t, ".s8"));
}

static enum hi_how hi_how(const struct sel *x, const struct stmt *s, int *src, unsigned *nsrc)
{
	*nsrc = 0;
	char base[16];
	size_t n = strcspn(s->op, ".");
	const char *t = strrchr(s->op, '.');
	if (n >= sizeof base || !t)
		return HI_NONE;
	memcpy(base, s->op, n);
	base[n] = 0;
	t++;
	if (!strcmp(s->op, "ld.param.f64")) { /* a double parameter: its hidden high word (not a struct's field) */
		int pi = s->no == 2 && s->o[1].kind == PO_ADDR && s->o[1].reg < 0 && s->o[1].imm == 0
				 ? find_param(x, s->o[1].name) : -1;
		return pi >= 0 && x->e->k->params[pi].type == PTX_P_F64 ? HI_MADE : HI_NONE;
	}
	if (strstr(s->op, ".f64") && strncmp(s->op, "st.", 3) && strncmp(s->op, "setp.", 5) &&
	    strncmp(s->op, "ld.param.", 9))
		return HI_MADE; /* a double's: do_f64 (and ldst64, atom64) */
	if (!strncmp(s->op, "cvt.", 4) && (strstr(s->op, ".s64.f32") || strstr(s->op, ".u64.f32")))
		return s->no == 2 ? HI_MADE : HI_NONE; /* (cvt_f32_to_64) */
	if (!strcmp(s->op, "cvt.f64.f32") || !strcmp(s->op, "cvt.ftz.f64.f32") || !strcmp(s->op, "cvt.s64.s32") ||
	    !strcmp(s->op, "cvt.u64.u32") || !strcmp(s->op, "cvt.s64.u32") || !strcmp(s->op, "cvt.u64.s32") ||
	    !strcmp(s->op, "mul.wide.s32") || !strcmp(s->op, "mul.wide.u32"))
		return s->no == 2 || s->no == 3 ? HI_MADE : HI_NONE;
	if (ld_zero_extends(x, s) || ld_sign_extends(x, s))
		return HI_MADE; /* (0: hi_zero; the sign: do_int64) */
	if (!is_t(t, T64))
		return HI_NONE;
	if (!strcmp(base, "mov") && s->no == 2 && s->o[1].kind == PO_IMM)
		return HI_MADE;
	if (ld64_made(s) || !strcmp(base, "atom"))
		return HI_MADE; /* (the memory's) */
	if (!strcmp(s->op, "mov.b64") && s->no == 2 && s->o[1].kind == PO_VEC)
		return HI_MADE; /* (its second word's: do_int64) */
	if (!strcmp(base, "ld") && !strncmp(s->op, "ld.param.", 9) && s->no == 2 && s->o[1].kind == PO_ADDR &&
	    s->o[1].reg < 0 && s->o[1].imm == 0) {
		int pi = find_param(x, s->o[1].name);
		return pi >= 0 && x->e->k->params[pi].type != PTX_P_BYTES ? HI_MADE : HI_NONE;
	}
	if (!strcmp(s->op, "bfi.b64")) /* (constant position and length in one word: do_int64) */
		return s->no == 5 && s->o[2].kind == PO_REG && s->o[3].kind == PO_IMM && s->o[4].kind == PO_IMM
			       ? (src[(*nsrc)++] = s->o[2].reg, HI_PASSED) : HI_NONE;
	static const char *const two[] = {"add", "sub", "and", "or", "xor", "selp", "min", "max", NULL};
	static const char *const one[] = {"not", "neg", "mov", "shr", NULL};
	bool mullo = !strcmp(s->op, "mul.lo.s64") || !strcmp(s->op, "mul.lo.u64");
	unsigned k = is_t(base, two) || mullo ? 2 : is_t(base, one) ? 1 : !strcmp(base, "shl") ? 1 : 0;
	if (!k || s->no < k + 1 || (!strcmp(base, "neg") && strcmp(t, "s64")))
		return HI_NONE;
	if ((!strcmp(base, "shl") || !strcmp(base, "shr")) && (s->no != 3 || (s->o[2].kind != PO_IMM && s->o[2].kind != PO_REG)))
		return HI_NONE;
	if (!strcmp(base, "shl") && s->o[2].kind == PO_IMM && s->o[2].imm >= 32)
		k = 0;
	for (unsigned i = 1; i <= k; i++)
		if (s->o[i].kind == PO_REG)
			src[(*nsrc)++] = s->o[i].reg;
		else if (s->o[i].kind != PO_IMM)
			return HI_NONE;
	return HI_PASSED;
}

/* 64-bit integers (docs/CUDA.md, "64-bit integers"): a 64-bit register holds
 * its low word, and one whose high word something reads gets a register for
 * it (hi64): read by a 64-bit compare, a right shift (but a mul.wide's high
 * word shifted by 32 or more: x->hi, which it shares), or a store whole to
 * local memory (printf's arguments), and, where such a value is passed on
 * (HI_PASSED), its operands'. A global address's high word is 0 (ptr); one
 * the kernel makes otherwise (a 64-bit load, a conversion from f32) is not
 * known (hi_bad: refused where read). A scalar parameter whose high word is
 * read gets a hidden argument word for it (ptx_param.hi_read). */
static void hi_facts(struct sel *x, const bool *all_wide, const unsigned *ndef)
{
	struct pentry *e = x->e;
	unsigned nv = e->nvregs ? e->nvregs : 1;
	x->hi64 = xmalloc(sizeof *x->hi64 * nv);
	x->hi_bad = xcalloc(nv, 1);
	bool *need = xcalloc(nv, 1);
	for (unsigned v = 0; v < nv; v++)
		x->hi64[v] = -1;
	for (unsigned i = 0; i < e->nstmts; i++) {
		const struct stmt *s = &e->stmts[i];
		const char *t = strrchr(s->op, '.');
		if (!t)
			continue;
		if (strstr(s->op, ".f64") || (!strcmp(s->op, "mov.b64") && s->no == 2 && s->o[0].kind == PO_VEC)) {
			/* a double is read and written whole (do_f64); an unpack reads both words */
			for (unsigned j = 0; j < s->no; j++) {
				const struct opnd *o = &s->o[j];
				if (o->kind == PO_REG && o->reg < (int)e->nvregs && e->vregs[o->reg].bits == 64)
					need[o->reg] = true;
				for (unsigned k = 0; o->kind == PO_VEC && k < o->nvec; k++)
					if (o->vec[k] >= 0 && e->vregs[o->vec[k]].bits == 64)
						need[o->vec[k]] = true;
			}
		}
		if (!strncmp(s->op, "st.", 3) && strncmp(s->op, "st.param.", 9) && s->no == 2 &&
		    (!strcmp(t, ".u64") || !strcmp(t, ".s64") || !strcmp(t, ".b64") || !strcmp(t, ".f64"))) {
			const struct opnd *o = &s->o[1];
			if (o->kind == PO_REG)
				need[o->reg] = true;
			for (unsigned j = 0; o->kind == PO_VEC && j < o->nvec; j++)
				if (o->vec[j] >= 0)
					need[o->vec[j]] = true;
		} else if ((!strncmp(s->op, "atom.", 5) || !strncmp(s->op, "red.", 4)) && is_t(t + 1, T64)) {
			for (unsigned j = s->op[0] == 'a' ? 2 : 1; j < s->no; j++) /* (atomic64's operands) */
				if (s->o[j].kind == PO_REG)
					need[s->o[j].reg] = true;
		} else if ((!strcmp(s->op, "cvt.rn.f32.u64") || !strcmp(s->op, "cvt.rn.f32.s64")) && s->no == 2 &&
			   s->o[1].kind == PO_REG) {
			need[s->o[1].reg] = true; /* (i2f.64 reads the whole value) */
		} else if ((!strncmp(s->op, "setp.", 5) || !strncmp(s->op, "min.", 4) || !strncmp(s->op, "max.", 4)) &&
			   is_t(t + 1, T64) && s->no == 3) {
			for (unsigned j = 1; j < 3; j++)
				if (s->o[j].kind == PO_REG)
					need[s->o[j].reg] = true;
		} else if (!strncmp(s->op, "shr.", 4) && is_t(t + 1, T64) && s->no == 3 && s->o[1].kind == PO_REG &&
			   !(all_wide[s->o[1].reg] && ndef[s->o[1].reg] > 0)) {
			need[s->o[1].reg] = true;
		}
	}
	int src[3];
	unsigned nsrc;
	for (bool changed = true; changed;) { /* the operands of what passes a high word on */
		changed = false;
		for (unsigned i = 0; i < e->nstmts; i++) {
			const struct stmt *s = &e->stmts[i];
			int d[8];
			if (stmt_defs(s, d) != 1 || !need[d[0]] || x->ptr[d[0]] || hi_how(x, s, src, &nsrc) != HI_PASSED)
				continue;
			for (unsigned j = 0; j < nsrc; j++)
				if (!need[src[j]] && !x->ptr[src[j]])
					need[src[j]] = changed = true;
		}
	}
	for (bool changed = true; changed;) { /* not known: made otherwise, or from one not known */
		changed = false;
		for (unsigned i = 0; i < e->nstmts; i++) {
			const struct stmt *s = &e->stmts[i];
			int d[8];
			unsigned nd = stmt_defs(s, d);
			for (unsigned k = 0; k < nd; k++) {
				if (!need[d[k]] || x->ptr[d[k]] || x->hi_bad[d[k]])
					continue;
				enum hi_how how = ld64_made(s) ? HI_MADE : nd == 1 ? hi_how(x, s, src, &nsrc) : HI_NONE;
				bool bad = how == HI_NONE;
				for (unsigned j = 0; how == HI_PASSED && j < nsrc; j++)
					bad = bad || (x->hi_bad[src[j]] && !x->ptr[src[j]]);
				if (bad)
					x->hi_bad[d[k]] = changed = true;
			}
		}
	}
	/* made only by zero-extension or constants below 2^32: rz */
	x->hi_zero = xcalloc(nv, 1);
	for (unsigned v = 0; v < e->nvregs; v++)
		x->hi_zero[v] = need[v] && !x->ptr[v] && !x->hi_bad[v];
	for (unsigned i = 0; i < e->nstmts; i++) {
		const struct stmt *s = &e->stmts[i];
		int d[8];
		unsigned nd = stmt_defs(s, d);
		bool zero = nd == 1 && (!strcmp(s->op, "cvt.u64.u32") || !strcmp(s->op, "cvt.s64.u32") || ld_zero_extends(x, s) ||
					((!strcmp(s->op, "mov.u64") || !strcmp(s->op, "mov.b64") || !strcmp(s->op, "mov.s64")) &&
					 s->no == 2 && s->o[1].kind == PO_IMM && (uint64_t)s->o[1].imm >> 32 == 0));
		for (unsigned k = 0; k < nd && !zero; k++)
			x->hi_zero[d[k]] = false;
	}
	for (unsigned v = 0; v < e->nvregs; v++)
		if (need[v] && !x->ptr[v] && !x->hi_bad[v] && !x->hi_zero[v])
			x->hi64[v] = x->hi[v] >= 0 ? x->hi[v] : new_tmp(x, VC_REG);
	for (unsigned i = 0; i < e->nstmts; i++) { /* parameters whose high word is read */
		const struct stmt *s = &e->stmts[i];
		int d[8];
		int pi = !strncmp(s->op, "ld.param.", 9) && s->no == 2 && s->o[1].kind == PO_ADDR ? find_param(x, s->o[1].name) : -1;
		if (pi >= 0 && stmt_defs(s, d) == 1 && x->hi64[d[0]] >= 0 && !ld_sign_extends(x, s) && !ld_zero_extends(x, s) &&
		    hi_how(x, s, src, &nsrc) == HI_MADE)
			e->k->params[pi].hi_read = true;
	}
	free(need);
}

static void facts(struct sel *x)
{
	struct pentry *e = x->e;
	unsigned nv = e->nvregs ? e->nvregs : 1;
	unsigned *ndef = xcalloc(nv, sizeof *ndef);
	bool *all_wide = xcalloc(nv, 1), *shr_read = xcalloc(nv, 1);
	x->is_const = xcalloc(nv, 1);
	x->cval = xcalloc(nv, sizeof *x->cval);
	x->hi = xmalloc(sizeof *x->hi * nv);
	for (unsigned i = 0; i < nv; i++)
		all_wide[i] = true;
	for (unsigned i = 0; i < e->nstmts; i++) {
		const struct stmt *s = &e->stmts[i];
		int d[8];
		unsigned nd = stmt_defs(s, d);
		bool wide = !strncmp(s->op, "mul.wide.", 9);
		bool mov32 = (!strcmp(s->op, "mov.u32") || !strcmp(s->op, "mov.b32") || !strcmp(s->op, "mov.s32") ||
			      !strcmp(s->op, "mov.f32")) && s->no == 2 && s->guard < 0;
		bool movi = mov32 && (s->o[1].kind == PO_IMM || s->o[1].kind == PO_FIMM) && imm_fits(s->o[1].imm, false);
		/* (a kernel's .local shadows a module-scope .shared of its name) */
		int lsym = mov32 && s->o[1].kind == PO_NAME ? find_local(x, s->o[1].name) : -1;
		int sym = mov32 && s->o[1].kind == PO_NAME && lsym < 0 ? find_shared(x, s->o[1].name) : -1;
		for (unsigned k = 0; k < nd; k++) {
			ndef[d[k]]++;
			if (!wide)
				all_wide[d[k]] = false;
			if (movi || sym >= 0 || lsym >= 0) { /* a constant, or a shared or local array's address */
				x->is_const[d[k]] = true;
				x->cval[d[k]] = sym >= 0 ? e->k->shared[sym].offset : lsym >= 0 ? e->local_off[lsym]
					      : (uint32_t)s->o[1].imm;
			}
		}
		if ((!strcmp(s->op, "shr.u64") || !strcmp(s->op, "shr.s64") || !strcmp(s->op, "shr.b64")) && s->no == 3 &&
		    s->o[1].kind == PO_REG)
			shr_read[s->o[1].reg] = true;
	}
	/* registers only narrow loads write: already extended (nvcc's cvt.u32.u16
	 * or compare of a loaded byte needs no instruction, as ptxas finds) */
	x->zext = xcalloc(nv, 1);
	x->sext = xcalloc(nv, 1);
	bool *other = xcalloc(nv, 1);
	for (unsigned i = 0; i < e->nstmts; i++) {
		const struct stmt *s = &e->stmts[i];
		int d[8];
		unsigned nd = stmt_defs(s, d);
		const char *t = strrchr(s->op, '.');
		bool ld = !strncmp(s->op, "ld.", 3) && !strstr(s->op, ".v2") && !strstr(s->op, ".v4") && nd == 1 && t;
		unsigned b = !ld ? 0 : (!strcmp(t, ".u8") || !strcmp(t, ".b8") || !strcmp(t, ".s8")) ? 8
			   : (!strcmp(t, ".u16") || !strcmp(t, ".b16") || !strcmp(t, ".s16")) ? 16 : 0;
		for (unsigned k = 0; k < nd; k++) {
			int v = d[k];
			if (!b) {
				other[v] = true;
				continue;
			}
			uint8_t *mine = t[1] == 's' ? x->sext : x->zext, *theirs = t[1] == 's' ? x->zext : x->sext;
			if (theirs[v])
				other[v] = true;
			if (mine[v] < b)
				mine[v] = (uint8_t)b;
		}
	}
	for (unsigned v = 0; v < nv; v++)
		if (other[v])
			x->zext[v] = x->sext[v] = 0;
	free(other);
	/* addresses: every definition is ld.param.u64, or cvta.to.global, mov or
	 * add/sub of an address (and any offset) */
	x->addr = shrink_set(x, ndef, addr_keeps, false, NULL);
	/* pointers into global memory (ptr); a 64-bit parameter is one where
	 * the kernel converts it to a global address (cvta.to.global: nvcc's
	 * sign of a pointer it dereferences) */
	bool *deref = xcalloc(nv, 1);
	for (unsigned i = 0; i < e->nstmts; i++)
		if (!strcmp(e->stmts[i].op, "cvta.to.global.u64") && e->stmts[i].no == 2 && e->stmts[i].o[1].kind == PO_REG)
			deref[e->stmts[i].o[1].reg] = true;
	/* values from memory, and what is made from them (a loaded pointer is
	 * no integer offset: a pointer minus it is no pointer, ptr_keeps) */
	x->from_mem = xcalloc(nv, 1);
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned i = 0; i < e->nstmts; i++) {
			const struct stmt *s = &e->stmts[i];
			int d[8];
			unsigned nd = stmt_defs(s, d);
			bool mem = ld64_made(s) || ((!strncmp(s->op, "atom.", 5) || !strncmp(s->op, "red.", 4)) &&
						    (strstr(s->op, "64") != NULL));
			for (unsigned k = nd ? 1 : 0; k < s->no && !mem; k++) {
				const struct opnd *o = &s->o[k];
				mem = (o->kind == PO_REG || (o->kind == PO_ADDR && o->reg >= 0)) && o->reg < (int)e->nvregs &&
				      x->from_mem[o->reg];
			}
			for (unsigned k = 0; k < nd && mem; k++)
				if (!x->from_mem[d[k]])
					x->from_mem[d[k]] = changed = true;
		}
	}
	x->ptr = shrink_set(x, ndef, ptr_keeps, true, deref);
	free(deref);
	/* generic addresses of local memory: every definition is cvta.local, or
	 * a copy or an add of a constant to one */
	x->genlocal = shrink_set(x, ndef, genlocal_keeps, true, NULL);
	/* brev results that only bfind.shiftamt.u32 reads */
	unsigned *nuse = xcalloc(nv, sizeof *nuse), *nuse_sa = xcalloc(nv, sizeof *nuse_sa);
	bool *brev_def = xcalloc(nv, 1);
	for (unsigned i = 0; i < e->nstmts; i++) {
		const struct stmt *s = &e->stmts[i];
		int d[8];
		unsigned nd = stmt_defs(s, d);
		if (!strcmp(s->op, "brev.b32") && nd == 1)
			brev_def[d[0]] = true;
		if (s->guard >= 0)
			nuse[s->guard]++;
		for (unsigned k = nd ? 1 : 0; k < s->no; k++) {
			const struct opnd *o = &s->o[k];
			if (o->kind == PO_REG || (o->kind == PO_ADDR && o->reg >= 0))
				nuse[o->reg]++;
			for (unsigned j = 0; o->kind == PO_VEC && j < o->nvec; j++)
				if (o->vec[j] >= 0)
					nuse[o->vec[j]]++;
			if (o->kind == PO_REG && !strcmp(s->op, "bfind.shiftamt.u32"))
				nuse_sa[o->reg]++;
		}
	}
	x->ffs = xmalloc(sizeof *x->ffs * nv);
	for (unsigned v = 0; v < e->nvregs; v++)
		x->ffs[v] = brev_def[v] && ndef[v] == 1 && nuse[v] && nuse[v] == nuse_sa[v] ? new_tmp(x, VC_REG) : -1;
	free(nuse);
	free(nuse_sa);
	free(brev_def);
	/* address arithmetic of the straight-line start (run once per thread):
	 * v = b + c with v and b set once there; addresses [v + k] become
	 * [b + c + k], as ptxas folds them */
	unsigned first_label = e->nstmts;
	for (unsigned i = 0; i < e->nlabels; i++)
		if (e->labels[i].stmt < first_label)
			first_label = e->labels[i].stmt;
	bool *pro = xcalloc(nv, 1); /* set once, in the straight-line start */
	x->fold_base = xmalloc(sizeof *x->fold_base * nv);
	x->fold_off = xcalloc(nv, sizeof *x->fold_off);
	for (unsigned v = 0; v < nv; v++)
		x->fold_base[v] = -1;
	for (unsigned i = 0; i < first_label; i++) {
		const struct stmt *s = &e->stmts[i];
		int d[8];
		unsigned nd = stmt_defs(s, d);
		for (unsigned k = 0; k < nd; k++)
			pro[d[k]] = ndef[d[k]] == 1 && s->guard < 0;
		if (nd != 1 || !pro[d[0]] || s->no != 3 || (strcmp(s->op, "add.s32") && strcmp(s->op, "add.u32")))
			continue;
		for (int side = 1; side <= 2; side++) {
			const struct opnd *b = &s->o[side], *c = &s->o[3 - side];
			bool cc = c->kind == PO_IMM || (c->kind == PO_REG && ndef[c->reg] == 1 && x->is_const[c->reg]);
			if (b->kind != PO_REG || !pro[b->reg] || !cc || x->is_const[b->reg])
				continue;
			int64_t cv = c->kind == PO_IMM ? c->imm : (int64_t)(int32_t)x->cval[c->reg];
			int bb = b->reg;
			if (x->fold_base[bb] >= 0) {
				cv += x->fold_off[bb];
				bb = x->fold_base[bb];
			}
			x->fold_base[d[0]] = bb;
			x->fold_off[d[0]] = cv;
			break;
		}
	}
	/* predicates of the straight-line start that copy, negate or xor a
	 * constant into another: uses read the other (as ptxas folds nvcc's
	 * mov.pred / xor.pred / not.pred chains) */
	x->palias = xmalloc(sizeof *x->palias * nv);
	x->palias_neg = xcalloc(nv, 1);
	x->pconst = xmalloc(nv);
	for (unsigned v = 0; v < nv; v++) {
		x->palias[v] = -1;
		x->pconst[v] = -1;
	}
	for (unsigned i = 0; i < first_label; i++) {
		const struct stmt *s = &e->stmts[i];
		int d[8];
		if (stmt_defs(s, d) != 1 || !pro[d[0]] || e->vregs[d[0]].cls != VC_PRED)
			continue;
		/* the source as (base, negated) or a constant */
		int base = -1, cst = -1;
		unsigned neg = 0;
#define RESOLVE(o)                                                                      \
	do {                                                                            \
		if ((o)->kind == PO_IMM) { /* 0 false, any other integer true */        \
			cst = (o)->imm != 0;                                            \
		} else if ((o)->kind == PO_REG && e->vregs[(o)->reg].cls == VC_PRED &&  \
			   (pro[(o)->reg] || x->pconst[(o)->reg] >= 0)) {               \
			int r_ = (o)->reg;                                              \
			neg ^= (o)->neg;                                                \
			if (x->pconst[r_] >= 0)                                         \
				cst = x->pconst[r_] ^ (int)neg, neg = 0;                \
			else if (x->palias[r_] >= 0)                                    \
				base = x->palias[r_], neg ^= x->palias_neg[r_];         \
			else                                                            \
				base = r_;                                              \
		}                                                                       \
	} while (0)
		if (!strcmp(s->op, "mov.pred") && s->no == 2) {
			RESOLVE(&s->o[1]);
		} else if (!strcmp(s->op, "not.pred") && s->no == 2) {
			RESOLVE(&s->o[1]);
			if (cst >= 0)
				cst ^= 1;
			else
				neg ^= 1;
		} else if (!strcmp(s->op, "xor.pred") && s->no == 3) {
			/* a xor with a constant: a copy or a negation */
			const struct opnd *a = &s->o[1], *b = &s->o[2];
			const struct opnd *k = b, *r = a;
			bool kc = b->kind == PO_IMM || (b->kind == PO_REG && x->pconst[b->reg] >= 0);
			if (!kc) {
				k = a;
				r = b;
			}
			int kv = k->kind == PO_IMM ? (int)k->imm : k->kind == PO_REG ? x->pconst[k->reg] : -1;
			if (kv == 0 || kv == 1) {
				if (k->kind == PO_REG && k->neg)
					kv ^= 1;
				RESOLVE(r);
				if (cst >= 0)
					cst ^= kv;
				else
					neg ^= (unsigned)kv;
			}
		}
#undef RESOLVE
		if (cst >= 0)
			x->pconst[d[0]] = (int8_t)cst;
		else if (base >= 0) {
			x->palias[d[0]] = base;
			x->palias_neg[d[0]] = (uint8_t)neg;
		}
	}
	free(pro);
	for (unsigned v = 0; v < e->nvregs; v++) {
		if (ndef[v] != 1)
			x->is_const[v] = false;
		x->hi[v] = -1;
		if (shr_read[v] && all_wide[v] && ndef[v] > 0)
			x->hi[v] = new_tmp(x, VC_REG);
	}
	hi_facts(x, all_wide, ndef);
	free(ndef);
	free(all_wide);
	free(shr_read);
}

/* .ftz (nvcc --use_fast_math; the f32 library's own sequences): taken out
 * of the mnemonic, the statement translated as without it, and every f32
 * instruction it became flushes subnormals (isa_ftz; f2i has no .ftz:
 * do_cvt writes the flush where it changes a conversion's result). On an
 * f32 operation alone: a conversion from an integer type, or anything
 * else, is refused. */
static bool do_stmt_ftz(struct sel *x)
{
	x->ftz = false;
	unsigned k = 1;
	while (k < x->nmods && strcmp(x->mods[k], "ftz"))
		k++;
	if (k == x->nmods)
		return do_stmt(x);
	static const char *const ops[] = {"add", "sub", "mul", "mad", "fma", "div", "rcp", "sqrt", "rsqrt", "ex2",
					  "lg2", "sin", "cos", "min", "max", "neg", "abs", "setp", "cvt", NULL};
	bool known = false;
	for (unsigned i = 0; ops[i] && !known; i++)
		known = !strcmp(x->mods[0], ops[i]);
	if (!known || strcmp(ty(x), "f32"))
		return nsup(x, "the modifier .ftz on this instruction is");
	for (; k + 1 < x->nmods; k++)
		memcpy(x->mods[k], x->mods[k + 1], sizeof x->mods[k]);
	x->nmods--;
	x->ftz = true;
	unsigned first = x->c->n;
	if (!do_stmt(x))
		return false;
	for (unsigned i = first; i < x->c->n; i++)
		if (isa_ops[x->c->v[i].in.op].ms[1] == MS_FTZ)
			x->c->v[i].in.mod[1] = FTZ_FLUSH;
	return true;
}

bool ptx_select(struct pentry *e, struct vcode *c)
{
	struct sel x;
	memset(&x, 0, sizeof x);
	x.e = e;
	x.c = c;
	x.tmp_base = (int)e->nvregs;
	facts(&x);
	unsigned *first = xcalloc(e->nstmts + 1, sizeof *first);
	bool ok = true;
	/* predicates a shfl writes after '|' (not modelled): none may be read */
	for (unsigned i = 0; i < e->nstmts && ok; i++) {
		x.s = &e->stmts[i];
		x.si = i;
		first[i] = c->n;
		x.nmods = 0;
		const char *p = x.s->op;
		while (*p && x.nmods < 12) {
			size_t n = strcspn(p, ".");
			if (n >= sizeof x.mods[0]) {
				ok = ptx_err(e, x.s, 0, "%s: modifier too long", x.s->op);
				break;
			}
			memcpy(x.mods[x.nmods], p, n);
			x.mods[x.nmods++][n] = 0;
			p += n + (p[n] == '.');
		}
		if (ok && *p)
			ok = ptx_err(e, x.s, 0, "%s: too many modifiers", x.s->op);
		if (ok)
			ok = genlocal_reads_ok(&x) && do_stmt_ftz(&x);
	}
	for (unsigned i = 0; i < e->nstmts && ok; i++) {
		const struct stmt *s = &e->stmts[i];
		if (strncmp(s->op, "shfl.", 5) || s->no == 0 || s->o[0].reg2 < 0)
			continue;
		int p = s->o[0].reg2;
		for (unsigned j = 0; j < e->nstmts && ok; j++) {
			const struct stmt *u = &e->stmts[j];
			bool reads = u->guard == p;
			for (unsigned k = 1; k < u->no; k++)
				reads = reads || (u->o[k].kind == PO_REG && u->o[k].reg == p);
			if (reads)
				ok = ptx_err(e, u, 0, "%s: reads the predicate a shfl.sync wrote after '|' (line %u), which is not supported",
					     u->op, s->line);
		}
	}
	first[e->nstmts] = c->n;
	if (ok) {
		c->label_pc = xcalloc(e->nlabels ? e->nlabels : 1, sizeof *c->label_pc);
		for (unsigned i = 0; i < e->nlabels; i++)
			c->label_pc[i] = first[e->labels[i].stmt];
		for (unsigned i = 0; i < x.nsyn; i++)
			c->label_pc[x.syn[i].label] = x.syn[i].pc;
		if (c->n == 0)
			ok = diag_error(e->d, e->path, 0, 0, "", "entry %s has no instructions", e->k->entry);
		else {
			const struct vinsn *last = &c->v[c->n - 1];
			if (!((last->in.op == OP_EXIT || last->in.op == OP_BRA) && last->vguard < 0))
				ok = ptx_err(e, &e->stmts[last->stmt], 0,
					     "the kernel can run past its last instruction (it must end with ret or bra)");
		}
	}
	/* the temporaries join the entry's virtual registers */
	if (ok && x.ntmp) {
		for (unsigned i = 0; i < x.ntmp; i++) {
			GROW(e->vregs, e->cap_vregs, e->nvregs + 1);
			e->vregs[e->nvregs++] = x.tmp[i];
		}
	}
	free(x.tmp);
	free(x.is_const);
	free(x.zext);
	free(x.sext);
	free(x.cval);
	free(x.hi);
	free(x.addr);
	free(x.ffs);
	free(x.fold_base);
	free(x.fold_off);
	free(x.genlocal);
	free(x.from_mem);
	free(x.syn);
	free(x.ptr);
	free(x.hi64);
	free(x.hi_zero);
	free(x.hi_bad);
	free(x.palias);
	free(x.palias_neg);
	free(x.pconst);
	free(first);
	return ok;
}
