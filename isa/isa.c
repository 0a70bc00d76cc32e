/* isa.c - tables derived from opcodes.def, mnemonic lookup, encoding. */
#include "isa.h"

#include <string.h>

const struct isa_opinfo isa_ops[OP_COUNT] = {
#define OP(id, name, fmt, unit, ms0, ms1, flags) {name, fmt, unit, {ms0, ms1}, flags},
#include "opcodes.def"
#undef OP
};

const struct isa_fmtinfo isa_fmts[FMT_COUNT] = {
	[FMT_NONE] = {SLOT_NONE, {SLOT_NONE, SLOT_NONE, SLOT_NONE}, false},
	[FMT_R] = {SLOT_REG, {SLOT_NONE, SLOT_NONE, SLOT_NONE}, false},
	[FMT_R_S] = {SLOT_REG, {SLOT_SRC, SLOT_NONE, SLOT_NONE}, false},
	[FMT_R_SS] = {SLOT_REG, {SLOT_SRC, SLOT_SRC, SLOT_NONE}, false},
	[FMT_R_SSS] = {SLOT_REG, {SLOT_SRC, SLOT_SRC, SLOT_SRC}, false},
	[FMT_R_SSP] = {SLOT_REG, {SLOT_SRC, SLOT_SRC, SLOT_PRED}, false},
	[FMT_R_SR] = {SLOT_REG, {SLOT_SPECIAL, SLOT_NONE, SLOT_NONE}, false},
	[FMT_P_SS] = {SLOT_PRED, {SLOT_SRC, SLOT_SRC, SLOT_NONE}, false},
	[FMT_P_SSP] = {SLOT_PRED, {SLOT_SRC, SLOT_SRC, SLOT_PRED}, false},
	[FMT_P_PP] = {SLOT_PRED, {SLOT_PRED, SLOT_PRED, SLOT_NONE}, false},
	[FMT_P_PS] = {SLOT_PRED, {SLOT_PRED, SLOT_SRC, SLOT_NONE}, false},
	[FMT_R_PS] = {SLOT_REG, {SLOT_PRED, SLOT_SRC, SLOT_NONE}, false},
	[FMT_R_P] = {SLOT_REG, {SLOT_PRED, SLOT_NONE, SLOT_NONE}, false},
	[FMT_P_P] = {SLOT_PRED, {SLOT_PRED, SLOT_NONE, SLOT_NONE}, false},
	[FMT_R_M] = {SLOT_REG, {SLOT_ADDR, SLOT_NONE, SLOT_NONE}, true},
	[FMT_M_R] = {SLOT_NONE, {SLOT_ADDR, SLOT_REG, SLOT_NONE}, true},
	[FMT_R_MS] = {SLOT_REG, {SLOT_ADDR, SLOT_SRC, SLOT_NONE}, true},
	[FMT_R_MSS] = {SLOT_REG, {SLOT_ADDR, SLOT_SRC, SLOT_SRC}, true},
	[FMT_M_SS] = {SLOT_NONE, {SLOT_ADDR, SLOT_SRC, SLOT_SRC}, true},
	[FMT_R_C] = {SLOT_REG, {SLOT_NONE, SLOT_NONE, SLOT_NONE}, true},
	[FMT_L] = {SLOT_NONE, {SLOT_NONE, SLOT_NONE, SLOT_NONE}, true},
	[FMT_S] = {SLOT_NONE, {SLOT_SRC, SLOT_NONE, SLOT_NONE}, false},
};

static const char *const cmp_words[] = {"eq", "ne", "lt", "le", "gt", "ge"};
static const char *const fcmp_words[] = {"eq",  "ne",  "lt",  "le",  "gt",  "ge", "lg",
					 "equ", "ltu", "leu", "gtu", "geu", "num", "nan"}; /* enum isa_cmp */
static const char *const itype_words[] = {"s32", "u32"};
static const char *const logic_words[] = {"and", "or", "xor"};
static const char *const width_words[] = {"32", "64", "128", "u8", "s8", "u16", "s16"}; /* enum isa_width */
static const char *const atom_words[] = {"add", "min", "max", "exch", "and", "or", "xor", "inc", "dec"};
static const char *const atype_words[] = {"u32", "s32", "f32", "u64", "s64", "f64"}; /* enum isa_atype */
static const char *const bits_words[] = {"b32", "b64"}; /* enum isa_bits */
static const char *const scope_words[] = {"gl", "cta", "sys"};
static const char *const shfl_words[] = {"idx", "up", "down", "xor"};
static const char *const frnd_words[] = {"rz", "rn", "rm", "rp"};
static const char *const cache_words[] = {"ca", "cg"};
static const char *const frndn_words[] = {"rn", "rz", "rm", "rp"}; /* enum isa_frndn */
static const char *const shflw_words[] = {"w32", "w16", "w8", "w4", "w2", "w1"}; /* 32 >> k lanes */
static const char *const flo_words[] = {"pos", "sh"}; /* enum isa_flo */
static const char *const ftz_words[] = {"denorm", "ftz"}; /* enum isa_ftz */
static const char *const redux_words[] = {"add", "min", "max", "and", "or", "xor"}; /* enum isa_redux */

#define SET(w, opt) {w, sizeof(w) / sizeof(w[0]), opt}
const struct isa_modset_info isa_modsets[MS_COUNT] = {
	[MS_NONE] = {NULL, 0, true},
	[MS_CMP] = SET(cmp_words, false),
	[MS_ITYPE] = SET(itype_words, false),
	[MS_LOGIC] = SET(logic_words, false),
	[MS_WIDTH] = SET(width_words, true),
	[MS_ATOM] = SET(atom_words, false),
	[MS_ATYPE] = SET(atype_words, true),
	[MS_SCOPE] = SET(scope_words, true),
	[MS_SHFL] = SET(shfl_words, false),
	[MS_FRND] = SET(frnd_words, true),
	[MS_CACHE] = SET(cache_words, true),
	[MS_FCMP] = SET(fcmp_words, false),
	[MS_FRNDN] = SET(frndn_words, true),
	[MS_SHFLW] = SET(shflw_words, true),
	[MS_FLO] = SET(flo_words, true),
	[MS_REDUX] = SET(redux_words, false),
	[MS_BITS] = SET(bits_words, true),
	[MS_FTZ] = SET(ftz_words, true),
};
#undef SET

const char *const isa_special_names[SR_COUNT] = {
#define X(id, name) name,
	ISA_SPECIALS(X)
#undef X
};

const char *const isa_unit_names[UNIT_COUNT] = {"int", "fp32", "sfu", "ldst", "branch", "fp64"};

int isa_lookup_mnemonic(const char *word, unsigned len, unsigned *used)
{
	int best = -1;
	unsigned best_len = 0;
	for (int op = 0; op < OP_COUNT; op++) {
		const char *name = isa_ops[op].name;
		size_t n = strlen(name);
		/* a whole dotted prefix: the name ends at len or at a '.' */
		if (n > len || memcmp(word, name, n) != 0)
			continue;
		if (n < len && word[n] != '.')
			continue;
		if (n > best_len) {
			best = op;
			best_len = (unsigned)n;
		}
	}
	*used = best_len;
	return best;
}

bool isa_imm_is_float(const struct isa_insn *in)
{
	if (isa_ops[in->op].flags & IF_FLOAT)
		return true;
	return (in->op == OP_ATOMG || in->op == OP_ATOMS) && in->mod[1] == ATYPE_F32;
}

/* Layout of the low word (bits): op 0-7, mod0 8-11, mod1 12-15, guard 16-18,
 * guard_neg 19, dst 20-27, src0 28-35, src1 36-43, src2 44-51, imm_src 52-53,
 * pneg 54-56, imm2_src 57-58, 59-63 zero. High word: imm 0-31, off 32-63. */
struct isa_word isa_encode(const struct isa_insn *in)
{
	struct isa_word w;
	w.lo = (uint64_t)in->op | (uint64_t)(in->mod[0] & 15) << 8 |
	       (uint64_t)(in->mod[1] & 15) << 12 | (uint64_t)(in->guard & 7) << 16 |
	       (uint64_t)(in->guard_neg & 1) << 19 | (uint64_t)in->dst << 20 |
	       (uint64_t)in->src[0] << 28 | (uint64_t)in->src[1] << 36 |
	       (uint64_t)in->src[2] << 44 | (uint64_t)(in->imm_src & 3) << 52 |
	       (uint64_t)(in->pneg & 7) << 54 | (uint64_t)(in->imm2_src & 3) << 57;
	w.hi = (uint64_t)in->imm | (uint64_t)(uint32_t)in->off << 32;
	return w;
}

bool isa_decode(struct isa_word w, struct isa_insn *out)
{
	if (w.lo >> 59)
		return false;
	struct isa_insn in;
	memset(&in, 0, sizeof in);
	in.op = (uint8_t)(w.lo & 0xff);
	in.mod[0] = (uint8_t)(w.lo >> 8 & 15);
	in.mod[1] = (uint8_t)(w.lo >> 12 & 15);
	in.guard = (uint8_t)(w.lo >> 16 & 7);
	in.guard_neg = (uint8_t)(w.lo >> 19 & 1);
	in.dst = (uint8_t)(w.lo >> 20 & 0xff);
	in.src[0] = (uint8_t)(w.lo >> 28 & 0xff);
	in.src[1] = (uint8_t)(w.lo >> 36 & 0xff);
	in.src[2] = (uint8_t)(w.lo >> 44 & 0xff);
	in.imm_src = (uint8_t)(w.lo >> 52 & 3);
	in.pneg = (uint8_t)(w.lo >> 54 & 7);
	in.imm2_src = (uint8_t)(w.lo >> 57 & 3);
	in.imm = (uint32_t)w.hi;
	in.off = (int32_t)(uint32_t)(w.hi >> 32);
	if (!isa_valid(&in))
		return false;
	*out = in;
	return true;
}

static bool slot_ok(enum isa_slot s, uint8_t v, bool is_imm)
{
	switch (s) {
	case SLOT_NONE: return v == 0 && !is_imm;
	case SLOT_REG: return !is_imm;
	case SLOT_PRED: return v <= ISA_PT && !is_imm;
	case SLOT_SRC: return !is_imm || v == 0;
	case SLOT_SPECIAL: return v < SR_COUNT && !is_imm;
	case SLOT_ADDR: return !is_imm;
	}
	return false;
}

bool isa_valid(const struct isa_insn *in)
{
	if (in->op >= OP_COUNT || in->guard > ISA_PT || in->guard_neg > 1)
		return false;
	const struct isa_opinfo *oi = &isa_ops[in->op];
	const struct isa_fmtinfo *fi = &isa_fmts[oi->fmt];
	for (int i = 0; i < 2; i++) {
		unsigned n = isa_modsets[oi->ms[i]].count;
		if (n ? in->mod[i] >= n : in->mod[i] != 0)
			return false;
	}
	if (in->imm_src > 3 || (in->imm_src && fi->src[in->imm_src - 1] != SLOT_SRC))
		return false;
	if (!in->imm_src && in->imm != 0)
		return false;
	if (in->imm2_src > 3 || (in->imm2_src && (fi->has_off || !in->imm_src ||
						   in->imm2_src == in->imm_src ||
						   fi->src[in->imm2_src - 1] != SLOT_SRC)))
		return false;
	if (!fi->has_off && !in->imm2_src && in->off != 0)
		return false;
	if (fi->dst == SLOT_NONE ? in->dst != 0 : fi->dst == SLOT_PRED && in->dst > ISA_PT)
		return false;
	for (int i = 0; i < 3; i++) {
		if (!slot_ok(fi->src[i], in->src[i], in->imm_src == i + 1 || in->imm2_src == i + 1))
			return false;
		if ((in->pneg >> i & 1) && fi->src[i] != SLOT_PRED)
			return false;
	}
	/* wide accesses need aligned register groups; local memory has none */
	unsigned n = isa_width_regs(in);
	if (n > 1 && (oi->flags & IF_LOCAL))
		return false;
	if (n > 1) {
		uint8_t r = oi->fmt == FMT_M_R ? in->src[1] : in->dst;
		if (r != ISA_RZ && (r % n != 0 || r + n > ISA_MAX_REGS))
			return false;
	}
	if (isa_atom64(in) && (in->op == OP_ATOMG || in->op == OP_ATOMS) &&
	    (in->mod[0] == ATOM_INC || in->mod[0] == ATOM_DEC || (in->mod[1] == ATYPE_F64 && in->mod[0] != ATOM_ADD)))
		return false;
	/* register pairs: even registers, no immediates */
	if (fi->dst == SLOT_REG && isa_slot_regs(in, 0) == 2 && in->dst != ISA_RZ &&
	    (in->dst % 2 || in->dst + 2 > ISA_MAX_REGS))
		return false;
	for (int i = 0; i < 3; i++)
		if (fi->src[i] == SLOT_SRC && isa_slot_regs(in, (unsigned)i + 1) == 2 &&
		    (in->imm_src == i + 1 || in->imm2_src == i + 1 ||
		     (in->src[i] != ISA_RZ && (in->src[i] % 2 || in->src[i] + 2 > ISA_MAX_REGS))))
			return false;
	return true;
}

void isa_deps(const struct isa_insn *in, struct isa_deps *d)
{
	memset(d, 0, sizeof *d);
	d->pwrite = -1;
	const struct isa_fmtinfo *fi = &isa_fmts[isa_ops[in->op].fmt];
	unsigned width = isa_width_regs(in);
	if (in->guard != ISA_PT)
		d->pread |= (uint8_t)(1u << in->guard);
	for (int i = 0; i < 3; i++) {
		uint8_t r = in->src[i];
		bool imm = in->imm_src == i + 1 || in->imm2_src == i + 1;
		switch (fi->src[i]) {
		case SLOT_REG: /* a store's value: the whole register group */
			if (r != ISA_RZ)
				for (unsigned k = 0; k < width; k++)
					d->read[d->nread++] = (uint8_t)(r + k);
			break;
		case SLOT_SRC: /* (a register pair: isa_slot_regs) */
		case SLOT_ADDR:
			if (!imm && r != ISA_RZ)
				for (unsigned k = 0; k < (fi->src[i] == SLOT_SRC ? isa_slot_regs(in, (unsigned)i + 1) : 1u); k++)
					d->read[d->nread++] = (uint8_t)(r + k);
			break;
		case SLOT_PRED:
			if (r != ISA_PT)
				d->pread |= (uint8_t)(1u << r);
			break;
		default:
			break;
		}
	}
	if (fi->dst == SLOT_REG && in->dst != ISA_RZ) {
		unsigned n = in->op == OP_S2R && in->src[0] == SR_CLOCK64 ? 2 : width > 1 ? width : isa_slot_regs(in, 0);
		for (unsigned k = 0; k < n; k++)
			d->write[d->nwrite++] = (uint8_t)(in->dst + k);
	} else if (fi->dst == SLOT_PRED && in->dst != ISA_PT) {
		d->pwrite = (int8_t)in->dst;
	}
}
