/*
 * exec.c - instruction semantics, one function per opcode (sem_<ID>), found
 * through a dispatch table built from opcodes.def.
 *
 * Integer arithmetic wraps (done in uint32_t, no C undefined behaviour).
 * Float arithmetic is IEEE-754 binary32, round to nearest even, no flush to
 * zero, a NaN result always 0x7fffffff (fr); ffma is fused (one rounding,
 * C's fmaf). Shift counts >= 32 give 0
 * (or the sign for shr.s32), as PTX clamps them.
 */
#include "exec.h"
#include "fround.h"
#include "hostvec.h"

#include <float.h>
#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

struct xc {
	const struct isa_insn *in;
	struct exec_warp *w;
	const struct exec_env *env;
	uint32_t active; /* issuing group */
	uint32_t m;      /* active and guard */
	struct exec_result *r;
	uint32_t tmp[3][ISA_WARP_SIZE];
	uint32_t sink[4][ISA_WARP_SIZE]; /* writes to rz land here */
};

#define FOR_LANES(mask, l)                                                     \
	for (uint32_t m_ = (mask), l = 0; m_ && ((l = (uint32_t)__builtin_ctz(m_)), 1); \
	     m_ &= m_ - 1)

/* The body for every lane of mask in ascending order, as FOR_LANES; a full
 * warp by a plain loop, which the compiler unrolls and vectorises. */
#define EACH_LANE(mask, l, ...)                                                \
	do {                                                                   \
		if ((mask) == ~0u) {                                           \
			for (uint32_t l = 0; l < ISA_WARP_SIZE; l++) {         \
				__VA_ARGS__                                    \
			}                                                      \
		} else {                                                       \
			FOR_LANES(mask, l) {                                   \
				__VA_ARGS__                                    \
			}                                                      \
		}                                                              \
	} while (0)

/* lane_bit[l] = 1 << l, as a table the compiler's vectoriser can read */
#define BITS4(n) 1u << (n), 1u << ((n) + 1), 1u << ((n) + 2), 1u << ((n) + 3)
static const uint32_t lane_bit[ISA_WARP_SIZE] = {BITS4(0), BITS4(4), BITS4(8), BITS4(12),
						 BITS4(16), BITS4(20), BITS4(24), BITS4(28)};
#undef BITS4

/* exec_fold's multiplier of lane l */
#define FOLD_MUL(l) (0x9e3779b1u + 2u * (l))

/* exec_fold of a full warp (hostvec.h: 8 lanes an instruction where the
 * host can) */
HOST_VECTOR_CLONES
static uint32_t fold_warp(const uint32_t *v)
{
	uint32_t fold = 0;
	for (uint32_t l = 0; l < ISA_WARP_SIZE; l++)
		fold += v[l] * FOLD_MUL(l);
	return fold;
}

uint32_t exec_fold(const uint32_t *v, uint32_t lanes)
{
	if (lanes == ~0u)
		return fold_warp(v);
	uint32_t fold = 0; /* (the loop vectorizes) */
	for (uint32_t l = 0; l < ISA_WARP_SIZE; l++)
		fold += (lanes >> l & 1 ? v[l] : 0) * FOLD_MUL(l);
	return fold;
}

static inline float uf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static inline uint32_t fu(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* A float result as the GPU writes it: any NaN is the canonical 0x7fffffff
 * (measured on an H200, every f32 operation that yields a NaN, payload and
 * sign of a NaN input not kept; docs/ISA.md). Moves, selects and bit
 * operations keep a NaN's bits. */
#define CANONICAL_NAN 0x7fffffffu
static inline uint32_t fr(float f)
{
	return f != f ? CANONICAL_NAN : fu(f);
}

/* .ftz (see "float" below): a subnormal's bits as a zero of its sign; anything else as it is */
static inline uint32_t ftz_in(uint32_t a)
{
	return (a & 0x7f800000u) ? a : a & 0x80000000u;
}

/* Whether bits u are a NaN. */
static inline bool is_nan_bits(uint32_t u)
{
	return (u & 0x7fffffffu) > 0x7f800000u;
}

/* Source operand i as 32 lane values (an immediate is broadcast). */
static inline __attribute__((always_inline)) const uint32_t *src(struct xc *x, int i)
{
	const struct isa_insn *in = x->in;
	if (in->imm_src == i + 1 || in->imm2_src == i + 1) {
		uint32_t v = in->imm_src == i + 1 ? in->imm : (uint32_t)in->off;
		for (int l = 0; l < ISA_WARP_SIZE; l++)
			x->tmp[i][l] = v;
		return x->tmp[i];
	}
	if (in->src[i] == ISA_RZ) {
		memset(x->tmp[i], 0, sizeof x->tmp[i]);
		return x->tmp[i];
	}
	return &x->w->regs[(unsigned)in->src[i] * ISA_WARP_SIZE];
}

/* Register r + k of the destination group (rz: a sink). */
static uint32_t *dreg(struct xc *x, unsigned r, unsigned k)
{
	if (r == ISA_RZ)
		return x->sink[k];
	return &x->w->regs[(r + k) * ISA_WARP_SIZE];
}

static uint32_t *dst(struct xc *x) { return dreg(x, x->in->dst, 0); }

static uint32_t pred_src(struct xc *x, int i)
{
	uint32_t p = x->w->preds[x->in->src[i]];
	return (x->in->pneg >> i & 1) ? ~p : p;
}

static void set_pred(struct xc *x, uint32_t value_mask)
{
	if (x->in->dst == ISA_PT)
		return;
	uint32_t *p = &x->w->preds[x->in->dst];
	*p = (*p & ~x->m) | (value_mask & x->m);
}

/* ---- ALU ---------------------------------------------------------------- */

#define UNARY(ID, expr)                                                        \
	HOST_VECTOR_CLONES static void sem_##ID(struct xc *x)                                     \
	{                                                                      \
		const uint32_t *a = src(x, 0);                                 \
		uint32_t *d = dst(x);                                          \
		EACH_LANE(x->m, l, uint32_t A = a[l]; d[l] = (expr););         \
	}
#define BINARY(ID, expr)                                                       \
	HOST_VECTOR_CLONES static void sem_##ID(struct xc *x)                                     \
	{                                                                      \
		const uint32_t *a = src(x, 0), *b = src(x, 1);                 \
		uint32_t *d = dst(x);                                          \
		EACH_LANE(x->m, l, uint32_t A = a[l]; uint32_t B = b[l]; d[l] = (expr););  \
	}
#define TERNARY(ID, expr)                                                      \
	HOST_VECTOR_CLONES static void sem_##ID(struct xc *x)                                     \
	{                                                                      \
		const uint32_t *a = src(x, 0), *b = src(x, 1), *c = src(x, 2); \
		uint32_t *d = dst(x);                                          \
		EACH_LANE(x->m, l, uint32_t A = a[l]; uint32_t B = b[l]; uint32_t C = c[l]; \
			  d[l] = (expr););                                     \
	}

#define SIGNED (x->in->mod[0] == ITYPE_S32)
#define S(v) ((int32_t)(v))

static uint32_t shr(uint32_t a, uint32_t b, int is_signed)
{
	if (!is_signed)
		return b >= 32 ? 0 : a >> b;
	uint32_t fill = (a >> 31) ? ~0u : 0;
	if (b >= 32)
		return fill;
	return b ? (a >> b) | (fill << (32 - b)) : a;
}

static uint32_t mulhi(uint32_t a, uint32_t b, int is_signed)
{
	if (is_signed)
		return (uint32_t)((uint64_t)((int64_t)S(a) * (int64_t)S(b)) >> 32);
	return (uint32_t)(((uint64_t)a * b) >> 32);
}

UNARY(MOV, A)
BINARY(IADD, A + B)
BINARY(ISUB, A - B)
BINARY(IMUL, A * B)
BINARY(IMULHI, mulhi(A, B, SIGNED))
TERNARY(IMAD, A * B + C)
BINARY(SHL, B >= 32 ? 0 : A << B)
BINARY(SHR, shr(A, B, SIGNED))
BINARY(AND, A & B)
BINARY(OR, A | B)
BINARY(XOR, A ^ B)
UNARY(NOT, ~A)
BINARY(IMIN, SIGNED ? (S(A) < S(B) ? A : B) : (A < B ? A : B))
BINARY(IMAX, SIGNED ? (S(A) > S(B) ? A : B) : (A > B ? A : B))
UNARY(IABS, S(A) < 0 ? 0u - A : A)
UNARY(POPC, (uint32_t)__builtin_popcount(A))
UNARY(FFS, A ? (uint32_t)__builtin_ctz(A) + 1 : 0)
UNARY(CLZ, A ? (uint32_t)__builtin_clz(A) : 32)

static uint32_t brev32(uint32_t v)
{
	v = (v >> 1 & 0x55555555u) | (v & 0x55555555u) << 1;
	v = (v >> 2 & 0x33333333u) | (v & 0x33333333u) << 2;
	v = (v >> 4 & 0x0f0f0f0fu) | (v & 0x0f0f0f0fu) << 4;
	v = (v >> 8 & 0x00ff00ffu) | (v & 0x00ff00ffu) << 8;
	return v >> 16 | v << 16;
}

/* PTX's bfind: the position of the most significant 1 (signed: of the most
 * significant bit unlike the sign, so that of ~a for a negative a), or 31
 * less it (sh); 0xffffffff where there is none (0; signed -1 too). */
static uint32_t flo(uint32_t a, bool sgn, bool sh)
{
	if (sgn && S(a) < 0)
		a = ~a;
	if (!a)
		return 0xffffffffu;
	uint32_t pos = 31u - (uint32_t)__builtin_clz(a);
	return sh ? 31u - pos : pos;
}

UNARY(BREV, brev32(A))

/* PTX's bfe: len bits of a from bit pos (c = pos | len << 8, each taken
 * mod 256), zero-extended, or (signed) extended with the field's top bit
 * (the top bit of a where the field runs past it); 0 where len is 0. */
static uint32_t bfe(uint32_t a, uint32_t c, bool sgn)
{
	uint32_t pos = c & 0xff, len = c >> 8 & 0xff;
	if (!len)
		return 0;
	uint32_t top = pos + len - 1 < 31 ? pos + len - 1 : 31;
	uint32_t sbit = sgn ? a >> top & 1 : 0;
	uint32_t d = 0;
	for (uint32_t i = 0; i < 32; i++)
		d |= (i < len && pos + i <= 31 ? a >> (pos + i) & 1 : sbit) << i;
	return d;
}

/* PTX's bfi: b with its bits pos .. pos + len - 1 (those below 32) the
 * low len bits of a (c = pos | len << 8, each taken mod 256). */
static uint32_t bfi(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t pos = c & 0xff, len = c >> 8 & 0xff;
	if (pos >= 32 || !len)
		return b;
	uint32_t m = len >= 32 ? ~0u : (1u << len) - 1;
	m <<= pos;
	return (b & ~m) | (a << pos & m);
}

/* PTX's prmt (default mode): byte k of the result is byte c[4k+2 .. 4k]
 * of the eight bytes b:a (a the low four), or, where c's bit 4k+3 is set,
 * that byte's top bit in all eight bits. */
static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c)
{
	uint64_t v = (uint64_t)b << 32 | a;
	uint32_t d = 0;
	for (unsigned k = 0; k < 4; k++) {
		uint32_t sel = c >> (4 * k) & 15;
		uint32_t byte = (uint32_t)(v >> (8 * (sel & 7))) & 0xff;
		if (sel & 8)
			byte = byte & 0x80 ? 0xff : 0;
		d |= byte << (8 * k);
	}
	return d;
}

/* PTX's dp4a: c + the sum over bytes k of a[k] * b[k], a's bytes signed
 * where sa, b's where sb (the sum modulo 2^32). */
static uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, bool sa, bool sb)
{
	uint32_t d = c;
	for (unsigned k = 0; k < 4; k++) {
		uint32_t x = a >> (8 * k) & 0xff, y = b >> (8 * k) & 0xff;
		int32_t xs = sa ? (int32_t)(int8_t)x : (int32_t)x, ys = sb ? (int32_t)(int8_t)y : (int32_t)y;
		d += (uint32_t)(xs * ys); /* |xs * ys| <= 65025: no overflow */
	}
	return d;
}

/* PTX's dp2a: c + a's half k times b's byte hi + k, for k = 0, 1 (hi: 0
 * or 2), a's halves signed where sa, b's bytes where sb (modulo 2^32). */
static uint32_t dp2a(uint32_t a, uint32_t b, uint32_t c, bool sa, bool sb, unsigned hi)
{
	uint32_t d = c;
	for (unsigned k = 0; k < 2; k++) {
		uint32_t x = a >> (16 * k) & 0xffff, y = b >> (8 * (hi + k)) & 0xff;
		int64_t xs = sa ? (int64_t)(int16_t)x : (int64_t)x, ys = sb ? (int64_t)(int8_t)y : (int64_t)y;
		d += (uint32_t)(xs * ys); /* |xs * ys| < 2^24 */
	}
	return d;
}

BINARY(BFE, bfe(A, B, SIGNED))
TERNARY(IDP4A, dp4a(A, B, C, SIGNED, x->in->mod[1] == ITYPE_S32))
TERNARY(IDP2A_LO, dp2a(A, B, C, SIGNED, x->in->mod[1] == ITYPE_S32, 0))
TERNARY(IDP2A_HI, dp2a(A, B, C, SIGNED, x->in->mod[1] == ITYPE_S32, 2))
TERNARY(BFI, bfi(A, B, C))
TERNARY(PRMT, prmt(A, B, C))
UNARY(FLO, flo(A, SIGNED, x->in->mod[1] == FLO_SH))

/* C's operators: ne is true when either side is NaN, the others false;
 * lg is ordered ne, the u forms unordered, num and nan (isa.h). */
static bool fcmp(int cmp, float a, float b)
{
	bool unord = a != a || b != b;
	switch (cmp) {
	case CMP_EQ: return a == b;
	case CMP_NE: return a != b;
	case CMP_LT: return a < b;
	case CMP_LE: return a <= b;
	case CMP_GT: return a > b;
	case CMP_GE: return a >= b;
	case CMP_LG: return a < b || a > b;
	case CMP_EQU: return unord || a == b;
	case CMP_LTU: return unord || a < b;
	case CMP_LEU: return unord || a <= b;
	case CMP_GTU: return unord || a > b;
	case CMP_GEU: return unord || a >= b;
	case CMP_NUM: return !unord;
	default: return unord;
	}
}

#ifdef HOST_AVX2
/* A full warp's a < b (signed or unsigned) and a == b as lane masks on an
 * AVX2 host: 8 lanes a compare, their signs gathered by one movemask. */
HOST_AVX2_FN static void icmp_warp_avx2(const uint32_t *a, const uint32_t *b, bool is_signed, uint32_t *lt,
					uint32_t *eq)
{
	const __m256i flip = _mm256_set1_epi32(is_signed ? 0 : (int)0x80000000u); /* unsigned as signed */
	uint32_t l_ = 0, e_ = 0;
	for (unsigned g = 0; g < ISA_WARP_SIZE / 8; g++) {
		__m256i va = _mm256_loadu_si256((const __m256i *)(const void *)&a[8 * g]);
		__m256i vb = _mm256_loadu_si256((const __m256i *)(const void *)&b[8 * g]);
		__m256i less = _mm256_cmpgt_epi32(_mm256_xor_si256(vb, flip), _mm256_xor_si256(va, flip));
		l_ |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(less)) << (8 * g);
		e_ |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(va, vb))) << (8 * g);
	}
	*lt = l_;
	*eq = e_;
}
#endif

static void sem_ISETP(struct xc *x)
{
	const uint32_t *a = src(x, 0), *b = src(x, 1);
	uint32_t v = 0;
	int is_signed = x->in->mod[1] == ITYPE_S32;
	uint32_t lt = 0, eq = 0;
#ifdef HOST_AVX2
	if (x->m == ~0u && host_avx2())
		icmp_warp_avx2(a, b, is_signed, &lt, &eq);
	else
#endif
	/* each lane's comparison as 0 or ~0 AND its bit, OR-reduced: the
	 * compiler vectorises this (not a shift by the lane number) */
	if (is_signed)
		EACH_LANE(x->m, l, lt |= -(uint32_t)(S(a[l]) < S(b[l])) & lane_bit[l];
			  eq |= -(uint32_t)(a[l] == b[l]) & lane_bit[l];);
	else
		EACH_LANE(x->m, l, lt |= -(uint32_t)(a[l] < b[l]) & lane_bit[l];
			  eq |= -(uint32_t)(a[l] == b[l]) & lane_bit[l];);
	switch (x->in->mod[0]) { /* as icmp, 32 lanes at once (set_pred masks) */
	case CMP_EQ: v = eq; break;
	case CMP_NE: v = ~eq; break;
	case CMP_LT: v = lt; break;
	case CMP_LE: v = lt | eq; break;
	case CMP_GT: v = ~lt & ~eq; break;
	default: v = ~lt; break;
	}
	set_pred(x, v);
}

static void sem_FSETP(struct xc *x)
{
	const uint32_t *a = src(x, 0), *b = src(x, 1);
	uint32_t v = 0;
	if (x->in->mod[1] == FTZ_FLUSH) /* .ftz: a subnormal compares as a zero */
		FOR_LANES(x->m, l) v |= (uint32_t)fcmp(x->in->mod[0], uf(ftz_in(a[l])), uf(ftz_in(b[l]))) << l;
	else
		FOR_LANES(x->m, l) v |= (uint32_t)fcmp(x->in->mod[0], uf(a[l]), uf(b[l])) << l;
	set_pred(x, v);
}

/* the high words of a 64-bit add or subtract: the low words' carry or
 * borrow is pC, P as 1 or 0 (opcodes.def) */
#define WITH_CARRY(ID, expr)                                                   \
	static void sem_##ID(struct xc *x)                                     \
	{                                                                      \
		const uint32_t *a = src(x, 0), *b = src(x, 1);                 \
		uint32_t p = pred_src(x, 2);                                   \
		uint32_t *d = dst(x);                                          \
		FOR_LANES(x->m, l) {                                           \
			uint32_t P = p >> l & 1;                               \
			d[l] = (expr);                                         \
		}                                                              \
	}
WITH_CARRY(IADDX, a[l] + b[l] + P)
WITH_CARRY(ISUBX, a[l] - b[l] - P)

/* a 64-bit compare's high words, pC the low words' answer (opcodes.def) */
static void sem_ISETPX(struct xc *x)
{
	const uint32_t *a = src(x, 0), *b = src(x, 1);
	uint32_t p = pred_src(x, 2), v = 0;
	bool sg = x->in->mod[1] == ITYPE_S32;
	FOR_LANES(x->m, l) {
		bool lt = sg ? S(a[l]) < S(b[l]) : a[l] < b[l], eq = a[l] == b[l], low = p >> l & 1, r;
		switch (x->in->mod[0]) {
		case CMP_EQ: r = eq && low; break;
		case CMP_NE: r = !eq || low; break;
		case CMP_LT: case CMP_LE: r = lt || (eq && low); break;
		default: r = (!lt && !eq) || (eq && low); break; /* gt, ge */
		}
		v |= (uint32_t)r << l;
	}
	set_pred(x, v);
}

static void sem_SEL(struct xc *x)
{
	const uint32_t *a = src(x, 0), *b = src(x, 1);
	uint32_t p = pred_src(x, 2);
	uint32_t *d = dst(x);
	FOR_LANES(x->m, l)
		d[l] = (p >> l & 1) ? a[l] : b[l];
}

static void sem_PLOP(struct xc *x)
{
	uint32_t a = pred_src(x, 0), b = pred_src(x, 1);
	uint32_t v = x->in->mod[0] == LOGIC_AND ? a & b : x->in->mod[0] == LOGIC_OR ? a | b : a ^ b;
	set_pred(x, v);
}

/* A special register that is the same in every lane of the warp: its
 * value in *v (true); false for the per-lane ones. */
static bool s2r_uniform(const struct xc *x, unsigned sr, uint32_t *v)
{
	const struct exec_env *e = x->env;
	switch (sr) {
	case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z: *v = e->ntid[sr - SR_NTID_X]; return true;
	case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z: *v = e->ctaid[sr - SR_CTAID_X]; return true;
	case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z: *v = e->nctaid[sr - SR_NCTAID_X]; return true;
	case SR_WARPID: *v = x->w->warp_in_block; return true;
	case SR_SMID: *v = e->smid; return true;
	case SR_CLOCK: *v = (uint32_t)e->clock; return true;
	case SR_GLOBALTIMER: *v = (uint32_t)(e->clock * 1000 / (e->clock_mhz ? e->clock_mhz : 1)); return true;
	default: return false;
	}
}

static void sem_S2R(struct xc *x)
{
	const struct exec_env *e = x->env;
	uint32_t *d = dst(x);
	unsigned sr = x->in->src[0];
	uint32_t v = 0;
	if (s2r_uniform(x, sr, &v)) {
		EACH_LANE(x->m, l, d[l] = v;);
		return;
	}
	uint32_t nx = e->ntid[0], ny = e->ntid[1];
	FOR_LANES(x->m, l) {
		uint32_t lin = x->w->warp_in_block * ISA_WARP_SIZE + l;
		switch (sr) {
		case SR_TID_X: v = lin % nx; break;
		case SR_TID_Y: v = lin / nx % ny; break;
		case SR_TID_Z: v = lin / (nx * ny); break;
		case SR_LANEID: v = l; break;
		case SR_CLOCK64:
			v = (uint32_t)e->clock;
			dreg(x, x->in->dst, 1)[l] = (uint32_t)(e->clock >> 32);
			break;
		case SR_LANEMASK_EQ: v = 1u << l; break;
		case SR_LANEMASK_LT: v = (1u << l) - 1; break;
		case SR_LANEMASK_LE: v = l == 31 ? ~0u : (2u << l) - 1; break;
		case SR_LANEMASK_GT: v = l == 31 ? 0 : ~((2u << l) - 1); break;
		case SR_LANEMASK_GE: v = ~((1u << l) - 1); break;
		default: v = 0; break;
		}
		d[l] = v;
	}
}

/* ---- float ---------------------------------------------------------------- */

/* PTX's min and max, of floats (fmin_ptx, fmax_ptx) and of doubles
 * (dmin_ptx, dmax_ptx): a NaN operand gives the other; -0 is below +0 */
#define PTX_MINMAX(T, MIN, MAX)                                                 \
	static T MIN(T a, T b)                                                  \
	{                                                                       \
		if (a != a)                                                     \
			return b;                                               \
		if (b != b)                                                     \
			return a;                                               \
		if (a == 0 && b == 0)                                           \
			return signbit(a) ? a : b;                              \
		return a < b ? a : b;                                           \
	}                                                                       \
	static T MAX(T a, T b)                                                  \
	{                                                                       \
		if (a != a)                                                     \
			return b;                                               \
		if (b != b)                                                     \
			return a;                                               \
		if (a == 0 && b == 0)                                           \
			return signbit(a) ? b : a;                              \
		return a > b ? a : b;                                           \
	}
PTX_MINMAX(float, fmin_ptx, fmax_ptx)
PTX_MINMAX(double, dmin_ptx, dmax_ptx)

/* f2i's rounding to an integral value before the conversion (rz: the
 * conversion's own truncation; rn: nearest, ties to even, as rintf in the
 * default rounding mode). */
static float f2i_round(float f, int mode)
{
	switch (mode) {
	case FRND_RN: return rintf(f);
	case FRND_RM: return floorf(f);
	case FRND_RP: return ceilf(f);
	default: return f;
	}
}

/* float -> integer: truncate toward zero, saturate, NaN -> 0 (cvt.rzi.sat). */
static uint32_t f2i(float f, int is_signed)
{
	if (f != f)
		return 0;
	if (is_signed) {
		if (f >= 2147483648.0f)
			return (uint32_t)INT32_MAX;
		if (f <= -2147483648.0f)
			return (uint32_t)INT32_MIN;
		return (uint32_t)(int32_t)f;
	}
	if (f <= 0.0f)
		return 0;
	if (f >= 4294967296.0f)
		return UINT32_MAX;
	return (uint32_t)f;
}

/* ---- float64: register pairs (opcodes.def) ---------------------------------- */

/* A double result as an H200 writes it (tests/data/h200_f64/; unlike an
 * f32 one): a NaN operand's NaN, quieted (its sign and payload kept; of
 * two, b's: measured for add, sub, mul, fma's a and b, min and max; c
 * before them is this model's choice), else the operation's value, a NaN
 * it makes (0/0, inf - inf, sqrt(-1)) the default 0xfff8000000000000. */
#define DEFAULT_NAN64 0xfff8000000000000ull

static inline uint64_t du(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

static inline uint64_t dquiet(double d) { return du(d) | 0x0008000000000000ull; }
static inline uint64_t dr(double d) { return d != d ? DEFAULT_NAN64 : du(d); }
#define DNAN(A, B, C, n, expr) \
	((n) > 2 && (C) != (C) ? dquiet(C) : (n) > 1 && (B) != (B) ? dquiet(B) : (A) != (A) ? dquiet(A) : dr(expr))

/* Source i's double in lane l: the pair src[i], src[i] + 1 (rz: 0). */
static inline double dsrc(const struct xc *x, int i, unsigned l)
{
	unsigned r = x->in->src[i];
	if (r == ISA_RZ)
		return 0.0;
	uint64_t u = (uint64_t)x->w->regs[(r + 1) * ISA_WARP_SIZE + l] << 32 | x->w->regs[r * ISA_WARP_SIZE + l];
	double d;
	memcpy(&d, &u, 8);
	return d;
}

/* Lane l of the destination pair. */
static inline void dput(struct xc *x, unsigned l, uint64_t v)
{
	dreg(x, x->in->dst, 0)[l] = (uint32_t)v;
	dreg(x, x->in->dst, 1)[l] = (uint32_t)(v >> 32);
}

#define DOP(ID, n, expr)                                                                 \
	static void sem_##ID(struct xc *x)                                               \
	{                                                                                \
		FOR_LANES(x->m, l) {                                                     \
			double A = dsrc(x, 0, l), B = n > 1 ? dsrc(x, 1, l) : 0.0,       \
			       C = n > 2 ? dsrc(x, 2, l) : 0.0;                          \
			(void)B, (void)C;                                                \
			dput(x, l, DNAN(A, B, C, n, expr));                              \
		}                                                                        \
	}

/* a + b rounded in mode (enum isa_frndn): the nearest sum and its exact
 * error (Knuth's two-sum: exact where the sum is finite), stepped one
 * ulp toward the mode's side where the nearest is on the other; an
 * overflow of finite operands ends at the largest double where the mode
 * rounds toward it. */
static double dadd_round(double a, double b, int mode)
{
	double r = a + b;
	if (mode == FRNDN_RN || r != r)
		return r;
	if (isinf(r)) {
		if (isinf(a) || isinf(b))
			return r;
		bool keep = r > 0 ? mode == FRNDN_RP : mode == FRNDN_RM;
		return keep ? r : copysign(DBL_MAX, r);
	}
	double bb = r - a, e = (a - (r - bb)) + (b - bb);
	if (e == 0)
		return r;
	bool down = mode == FRNDN_RM || (mode == FRNDN_RZ && r > 0);
	if (mode == FRNDN_RZ && r == 0)
		return r;
	if (down && e < 0)
		return nextafter(r, -INFINITY);
	if (!down && e > 0)
		return nextafter(r, INFINITY);
	return r;
}

DOP(DADD, 2, dadd_round(A, B, x->in->mod[0]))
DOP(DSUB, 2, dadd_round(A, -B, x->in->mod[0]))
DOP(DMUL, 2, A * B)
DOP(DFMA, 3, fma(A, B, C))
/* (ddiv: of two NaNs, a's: ptxas's sequence reaches a before b) */
static void sem_DDIV(struct xc *x)
{
	FOR_LANES(x->m, l) {
		double a = dsrc(x, 0, l), b = dsrc(x, 1, l);
		dput(x, l, a != a ? dquiet(a) : b != b ? dquiet(b) : dr(a / b));
	}
}
DOP(DSQRT, 1, sqrt(A))
DOP(DRCP, 1, 1.0 / A)
/* -a and |a| as the GPU's DADD of -0 and -a or |a|: a NaN quieted, its sign kept */
DOP(DNEG, 1, -A)
DOP(DABS, 1, fabs(A))

/* min and max: a NaN operand gives the other; both NaN, b quieted */
static void sem_DMIN(struct xc *x)
{
	FOR_LANES(x->m, l) {
		double a = dsrc(x, 0, l), b = dsrc(x, 1, l);
		dput(x, l, a != a && b != b ? dquiet(b) : du(dmin_ptx(a, b)));
	}
}

static void sem_DMAX(struct xc *x)
{
	FOR_LANES(x->m, l) {
		double a = dsrc(x, 0, l), b = dsrc(x, 1, l);
		dput(x, l, a != a && b != b ? dquiet(b) : du(dmax_ptx(a, b)));
	}
}

static bool dcmp(int cmp, double a, double b)
{
	bool unord = a != a || b != b;
	switch (cmp) {
	case CMP_EQ: return a == b;
	case CMP_NE: return a != b;
	case CMP_LT: return a < b;
	case CMP_LE: return a <= b;
	case CMP_GT: return a > b;
	case CMP_GE: return a >= b;
	case CMP_LG: return a < b || a > b;
	case CMP_EQU: return unord || a == b;
	case CMP_LTU: return unord || a < b;
	case CMP_LEU: return unord || a <= b;
	case CMP_GTU: return unord || a > b;
	case CMP_GEU: return unord || a >= b;
	case CMP_NUM: return !unord;
	default: return unord;
	}
}

static void sem_DSETP(struct xc *x)
{
	uint32_t v = 0;
	FOR_LANES(x->m, l) v |= (uint32_t)dcmp(x->in->mod[0], dsrc(x, 0, l), dsrc(x, 1, l)) << l;
	set_pred(x, v);
}

/* double -> float in mode (enum isa_frndn): C's conversion rounds to
 * nearest even once; a directed mode steps it to the float on its side
 * where it landed on the other (overflow: to FLT_MAX, as the modes do). */
static float d2f_round(double d, int mode)
{
	float f = (float)d;
	if (mode == FRNDN_RN || f != f || (double)f == d)
		return f;
	bool above = (double)f > d;
	bool down = mode == FRNDN_RM || (mode == FRNDN_RZ && d > 0);
	if (down == above)
		f = nextafterf(f, above ? -INFINITY : INFINITY);
	return f;
}

/* (a NaN: its sign, quieted, the payload's top 22 bits, as an H200's F2F.F32.F64) */
static void sem_D2F(struct xc *x)
{
	uint32_t *d = dst(x);
	FOR_LANES(x->m, l) {
		double a = dsrc(x, 0, l);
		uint64_t u = du(a);
		d[l] = a != a ? (uint32_t)(u >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(u >> 29 & 0x3fffffu)
			      : fu(d2f_round(a, x->in->mod[0]));
	}
}

static void sem_DFRND(struct xc *x)
{
	int mode = x->in->mod[0];
	FOR_LANES(x->m, l) {
		double a = dsrc(x, 0, l);
		double r = mode == FRND_RN ? rint(a) : mode == FRND_RM ? floor(a) : mode == FRND_RP ? ceil(a) : trunc(a);
		dput(x, l, a != a ? dquiet(a) : du(r));
	}
}

static void sem_I2D(struct xc *x)
{
	const uint32_t *a = src(x, 0);
	bool sgn = x->in->mod[0] == ITYPE_S32;
	FOR_LANES(x->m, l) dput(x, l, du(sgn ? (double)(int32_t)a[l] : (double)a[l]));
}

/* double -> 32-bit integer: rounded in mode (enum isa_frnd: rz truncates),
 * saturated (PTX's cvt.{rzi,rni,rmi,rpi}.{s32,u32}.f64); a NaN is
 * 0x80000000, signed or not, as an H200's F2I.F64 writes it (an f32 NaN
 * converts to 0). */
static uint32_t d2i(double d, int mode, bool sgn)
{
	if (d != d)
		return 0x80000000u;
	d = mode == FRND_RN ? rint(d) : mode == FRND_RM ? floor(d) : mode == FRND_RP ? ceil(d) : trunc(d);
	if (sgn)
		return d >= 2147483647.0 ? (uint32_t)INT32_MAX : d <= -2147483648.0 ? (uint32_t)INT32_MIN
										     : (uint32_t)(int32_t)d;
	return d >= 4294967295.0 ? UINT32_MAX : d <= 0 ? 0 : (uint32_t)d;
}

/* 64-bit: the pair's integer to a double, rounded to nearest even; a
 * double to one, rounded in mode, saturated, a NaN 0x8000000000000000 */
static void sem_I2D64(struct xc *x)
{
	bool sgn = x->in->mod[0] == ITYPE_S32;
	unsigned r = x->in->src[0];
	FOR_LANES(x->m, l) {
		uint64_t v = r == ISA_RZ ? 0
					 : (uint64_t)x->w->regs[(r + 1) * ISA_WARP_SIZE + l] << 32 | x->w->regs[r * ISA_WARP_SIZE + l];
		dput(x, l, du(sgn ? (double)(int64_t)v : (double)v));
	}
}

static uint64_t d2i64(double d, int mode, bool sgn)
{
	if (d != d)
		return 0x8000000000000000ull;
	d = mode == FRND_RN ? rint(d) : mode == FRND_RM ? floor(d) : mode == FRND_RP ? ceil(d) : trunc(d);
	if (sgn)
		return d >= 0x1p63 ? (uint64_t)INT64_MAX : d <= -0x1p63 ? (uint64_t)INT64_MIN : (uint64_t)(int64_t)d;
	return d >= 0x1p64 ? UINT64_MAX : d <= 0 ? 0 : (uint64_t)d;
}

static void sem_D2I64(struct xc *x)
{
	FOR_LANES(x->m, l) dput(x, l, d2i64(dsrc(x, 0, l), x->in->mod[1], x->in->mod[0] == ITYPE_S32));
}

static void sem_F2I64(struct xc *x)
{
	const uint32_t *a = src(x, 0);
	FOR_LANES(x->m, l) dput(x, l, d2i64((double)uf(a[l]), x->in->mod[1], x->in->mod[0] == ITYPE_S32));
}

static void sem_D2I(struct xc *x)
{
	uint32_t *d = dst(x);
	FOR_LANES(x->m, l) d[l] = d2i(dsrc(x, 0, l), x->in->mod[1], x->in->mod[0] == ITYPE_S32);
}

/* ---- .ftz: subnormals flushed to zero (PTX's .ftz, the GPU's .FTZ) ---------
 * An operand that is subnormal is read as a zero of its sign; a result is
 * flushed where the exact value, rounded to 24 bits in the operation's mode
 * with no lower bound on the exponent, is below 2^-126 in magnitude
 * (tininess after rounding): an H200 writes 2^-126 for
 * fma(2^-126, -2^-126, 2^-126) and for (1 - 2^-23) * 2^-126 (1 + 2^-23),
 * and 0 for (1 - 2^-24) * 2^-126 (tests/data/h200_fastmath/fastmath.txt). The host's result in the
 * subnormal range is then flushed; one of exactly 2^-126 is the only one
 * whose exact value may have been tiny, and is looked at again. */

/* Whether a * b + c, rounded to 24 bits in mode (enum isa_frndn) with no
 * lower bound on the exponent, is below 2^-126: the same rounding made
 * 2^64 times larger, where the range has room (asked only where the result
 * is about 2^-126, so the smaller factor and c are far below 2^63). */
static bool tiny_fma(float a, float b, float c, int mode)
{
	if (fabsf(a) > fabsf(b)) {
		float t = a;
		a = b;
		b = t;
	}
	return fabsf(fma_round(a * 0x1p64f, b, c * 0x1p64f, mode)) < 0x1p-62f;
}

/* A result r (bits) of a * b + c in mode, flushed as .ftz says */
static inline uint32_t ftz_fma_out(uint32_t r, float a, float b, float c, int mode)
{
	if ((r & 0x7fffffffu) == 0x00800000u && tiny_fma(a, b, c, mode))
		return r & 0x80000000u;
	return ftz_in(r);
}

static uint32_t fdiv_ftz(float a, float b)
{
	uint32_t r = fr(a / b);
	/* (a 2^64 is exact: a quotient near 2^-126 needs |a| far below 2^63) */
	if ((r & 0x7fffffffu) == 0x00800000u && fabsf(a * 0x1p64f / b) < 0x1p-62f)
		return r & 0x80000000u;
	return ftz_in(r);
}

/* An f32 instruction of two operands: expr from the bits A and B, or with
 * .ftz fexpr from the flushed operands' floats FA and FB (a slow path: the
 * usual kernel flushes nothing) */
#define FBINARY(ID, expr, fexpr)                                               \
	HOST_VECTOR_CLONES static void sem_##ID(struct xc *x)                  \
	{                                                                      \
		const uint32_t *a = src(x, 0), *b = src(x, 1);                 \
		uint32_t *d = dst(x);                                          \
		if (x->in->mod[1] == FTZ_FLUSH) {                              \
			FOR_LANES(x->m, l) {                                   \
				float FA = uf(ftz_in(a[l])), FB = uf(ftz_in(b[l])); \
				d[l] = (fexpr);                                \
			}                                                      \
			return;                                                \
		}                                                              \
		EACH_LANE(x->m, l, uint32_t A = a[l]; uint32_t B = b[l]; d[l] = (expr);); \
	}
/* one operand: expr from the bits A, with .ftz from A flushed; with
 * .ftz the result flushed too (flush says whether it can be subnormal) */
#define FUNARY(ID, flush, expr)                                                \
	HOST_VECTOR_CLONES static void sem_##ID(struct xc *x)                  \
	{                                                                      \
		const uint32_t *a = src(x, 0);                                 \
		uint32_t *d = dst(x);                                          \
		if (x->in->mod[1] == FTZ_FLUSH) {                              \
			FOR_LANES(x->m, l) {                                   \
				uint32_t A = ftz_in(a[l]);                     \
				d[l] = (flush) ? ftz_in(expr) : (expr);        \
			}                                                      \
			return;                                                \
		}                                                              \
		EACH_LANE(x->m, l, uint32_t A = a[l]; d[l] = (expr););         \
	}

/* (with .ftz, a sum or difference in the subnormal range is exact, its
 * operands being multiples of 2^-149: the host's result is the value) */
FBINARY(FADD, fr(uf(A) + uf(B)), ftz_in(fr(FA + FB)))
FBINARY(FSUB, fr(uf(A) - uf(B)), ftz_in(fr(FA - FB)))
FBINARY(FMUL, fr(uf(A) * uf(B)), ftz_fma_out(fr(FA * FB), FA, FB, 0.0f, FRNDN_RN))
/* fmaf rounds once, as the GPU's FFMA does. A full warp's: the host's
 * FMA instructions where it has them (hostvec.h), else a call a lane. */
HOST_VECTOR_CLONES
static void ffma_warp(uint32_t *restrict d, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
	uint32_t t[ISA_WARP_SIZE]; /* d may be a source */
	for (uint32_t l = 0; l < ISA_WARP_SIZE; l++)
		t[l] = fr(fmaf(uf(a[l]), uf(b[l]), uf(c[l])));
	memcpy(d, t, sizeof t);
}

#ifdef HOST_AVX2
/* ffma_warp on a host with FMA: 8 lanes an instruction, each chunk of d
 * written after its lanes of a, b and c are read (d may be a source) */
HOST_FMA_FN static void ffma_warp_fma(uint32_t *d, const uint32_t *a, const uint32_t *b, const uint32_t *c)
{
	for (unsigned g = 0; g < ISA_WARP_SIZE; g += 8) {
		__m256 va = _mm256_loadu_ps((const float *)(const void *)&a[g]);
		__m256 vb = _mm256_loadu_ps((const float *)(const void *)&b[g]);
		__m256 vc = _mm256_loadu_ps((const float *)(const void *)&c[g]);
		__m256 r = _mm256_fmadd_ps(va, vb, vc);
		__m256 nan = _mm256_cmp_ps(r, r, _CMP_UNORD_Q); /* fr: NaN lanes canonical */
		r = _mm256_blendv_ps(r, _mm256_castsi256_ps(_mm256_set1_epi32((int)CANONICAL_NAN)), nan);
		_mm256_storeu_ps((float *)(void *)&d[g], r);
	}
}
#endif

static void sem_FFMA(struct xc *x)
{
	const uint32_t *a = src(x, 0), *b = src(x, 1), *c = src(x, 2);
	uint32_t *d = dst(x);
	if (x->in->mod[0] != FRNDN_RN || x->in->mod[1] != FTZ_KEEP) {
		/* ffma.rz/.rm/.rp, .ftz: lane by lane, d may be a source */
		int mode = x->in->mod[0];
		bool ftz = x->in->mod[1] == FTZ_FLUSH;
		FOR_LANES(x->m, l) {
			uint32_t ua = a[l], ub = b[l], uc = c[l];
			float fa = uf(ftz ? ftz_in(ua) : ua), fb = uf(ftz ? ftz_in(ub) : ub), fc = uf(ftz ? ftz_in(uc) : uc);
			uint32_t r = fr(mode == FRNDN_RN ? fmaf(fa, fb, fc) : fma_round(fa, fb, fc, mode));
			d[l] = ftz ? ftz_fma_out(r, fa, fb, fc, mode) : r;
		}
		return;
	}
#ifdef HOST_AVX2
	if (x->m == ~0u && host_fma())
		ffma_warp_fma(d, a, b, c);
	else
#endif
	if (x->m == ~0u)
		ffma_warp(d, a, b, c);
	else
		FOR_LANES(x->m, l) d[l] = fr(fmaf(uf(a[l]), uf(b[l]), uf(c[l])));
}
/* (operands flushed, a minimum or maximum is one of them: never subnormal) */
FBINARY(FMIN, fr(fmin_ptx(uf(A), uf(B))), fr(fmin_ptx(FA, FB)))
FBINARY(FMAX, fr(fmax_ptx(uf(A), uf(B))), fr(fmax_ptx(FA, FB)))
/* (the GPU negates and takes the magnitude with an FADD: a NaN comes out
 * canonical) */
FUNARY(FNEG, false, is_nan_bits(A) ? CANONICAL_NAN : A ^ 0x80000000u)
FUNARY(FABS, false, is_nan_bits(A) ? CANONICAL_NAN : A & 0x7fffffffu)
UNARY(I2F, SIGNED ? fu((float)S(A)) : fu((float)A))
BINARY(I2F64, SIGNED ? fu((float)(int64_t)((uint64_t)B << 32 | A)) : fu((float)((uint64_t)B << 32 | A)))
/* (f2i has no .ftz: the PTX front end writes cvt.rmi.ftz/.rpi.ftz to an
 * integer as frnd.rm/.rp.ftz and f2i.rz; in .rzi and .rni a subnormal
 * converts to 0 flushed or not) */
UNARY(F2I, f2i(f2i_round(uf(A), x->in->mod[1]), SIGNED))
/* frnd: to an integral float in the mode (rz truncf, rn rintf, rm floorf,
 * rp ceilf); a zero's sign kept (floorf(-0.5) = -1, ceilf(-0.5) = -0) */
FUNARY(FRND, false, fr(x->in->mod[0] == FRND_RZ ? truncf(uf(A)) : f2i_round(uf(A), x->in->mod[0])))

/* a float's double, exactly (C's conversion: every f32 is a binary64);
 * its low and high words */
/* (a NaN: its sign, quieted, the payload widened, as an H200's F2F.F64.F32) */
static inline uint64_t f2d(uint32_t a)
{
	if (is_nan_bits(a))
		return (uint64_t)(a & 0x80000000u) << 32 | 0x7ff8000000000000ull | (uint64_t)(a & 0x3fffffu) << 29;
	double v = (double)uf(a);
	uint64_t u;
	memcpy(&u, &v, sizeof u);
	return u;
}
FUNARY(F2D_LO, false, (uint32_t)f2d(A))
FUNARY(F2D_HI, false, (uint32_t)(f2d(A) >> 32))

/* special functions: the C library's results (hardware MUFU results are
 * approximations and differ in the last bits; see docs/ISA.md); with
 * .ftz, operand and result flushed */
FUNARY(RCP, true, fr(1.0f / uf(A)))
FBINARY(FDIV, fr(uf(A) / uf(B)), fdiv_ftz(FA, FB))
FUNARY(SQRT, true, fr(sqrtf(uf(A))))
FUNARY(RSQRT, true, fr(1.0f / sqrtf(uf(A))))
FUNARY(EX2, true, fr(exp2f(uf(A))))
FUNARY(LG2, true, fr(log2f(uf(A))))
/* sin and cos as the GPU reduces their operand (ptxas writes FMUL.RZ of a
 * by 1/2pi, then MUFU.SIN or MUFU.COS of those turns): the turns t =
 * a * (1/2pi) in f32 rounded toward zero, then the sine or cosine of 2pi
 * times t's fraction in binary64, rounded to f32. The MUFU's own bits
 * are an approximation not modelled (within 2^-20 of an H200's for |a| <
 * 128, tests/test_ptx.c fastmath_as_h200), its reduction is: at 100 the f32
 * turns cost 7e-6 on both, and far from zero the angle is gone (t an
 * integer: sin(1e30) is 0 on both, where sinf says -0.79). */
static uint32_t sincos_turns(uint32_t a, bool cosine)
{
	float fa = uf(a);
	double p = (double)fa * (double)0x1.45f306p-3f; /* exact: 24 x 24 bits */
	float t = (float)p;
	if (fabs((double)t) > fabs(p)) /* toward zero (inf -> FLT_MAX) */
		t = nextafterf(t, 0.0f);
	if (!isfinite(t))
		return CANONICAL_NAN;
	float f = t - truncf(t);
	if (f == 0)
		f = copysignf(0.0f, t); /* sin(-0) = -0 */
	double w = 6.283185307179586476925 * (double)f;
	return fr((float)(cosine ? cos(w) : sin(w)));
}
FUNARY(SIN, true, sincos_turns(A, false))
FUNARY(COS, true, sincos_turns(A, true))

/* ---- memory ---------------------------------------------------------------- */

/* The widest access: lds.128 and the like, 4 registers a lane */
#define MAX_WIDTH 4

/* Where an instruction's lanes access memory: for a full warp inside one
 * region (a buffer, or the shared array), aligned, that region's host data
 * h whose first byte is address lo, lane l's bytes at h + (addr[l] - lo);
 * otherwise (h NULL) each executing lane's own host pointer p[l]. */
struct where {
	uint8_t *h;
	uint32_t lo;
	uint8_t *p[ISA_WARP_SIZE];
};

/* The region holding address addr: its host data, first address and size;
 * NULL where there is none (shared: the whole array, whatever addr), and
 * *why the fault that makes: out of bounds, or a store or atomic to
 * constant memory (read-only); constant memory (ldk) is the read-only
 * buffers alone. */
static inline __attribute__((always_inline)) uint8_t *region(const struct xc *x, enum mem_space sp, bool write,
							    uint32_t addr, uint32_t *lo, uint32_t *size,
							    enum fault_kind *why)
{
	*why = FAULT_OUT_OF_BOUNDS;
	if (sp == SPACE_SHARED) {
		*lo = 0;
		*size = x->env->shared_size;
		return x->env->shared;
	}
	/* (a global load, the usual access, asks nothing more: sp and write
	 * are constants where this is inlined) */
	bool ro = false, ask = write || sp == SPACE_CONST;
	uint8_t *h = x->env->gmem.region(x->env->gmem.ctx, addr, lo, size, ask ? &ro : NULL);
	if (h && ro && write) {
		*why = FAULT_READ_ONLY;
		return NULL;
	}
	return h && sp == SPACE_CONST && !ro ? NULL : h;
}

/* Every lane's address base[l] + off into addr[l]; non-zero when a lane's
 * is below lo, above lo + last or has a bit of align set. */
HOST_VECTOR_CLONES
static uint32_t warp_addresses(const uint32_t *base, uint32_t off, uint32_t lo, uint32_t last, uint32_t align,
			       uint32_t *restrict addr)
{
	uint32_t bad = 0;
	for (uint32_t l = 0; l < ISA_WARP_SIZE; l++) {
		uint32_t a = base[l] + off;
		addr[l] = a;
		bad |= (uint32_t)(a - lo > last) | (a & align);
	}
	return bad;
}

/* A lane's fault: nothing of the instruction takes effect. */
static bool lane_fault(struct exec_result *r, enum fault_kind f, enum mem_space sp, uint32_t l, uint32_t addr,
		       uint32_t bytes)
{
	r->fault = f;
	r->fault_space = sp;
	r->fault_lane = l;
	r->fault_addr = addr;
	r->fault_bytes = bytes;
	return false;
}

/* addresses of a local access: each lane's offset in its thread's window
 * (a fault names the offset), its host bytes in wh->p, and the global
 * address the timing model sees in addr (exec_env). */
static bool local_addresses(struct xc *x, uint32_t bytes, struct where *wh)
{
	const uint32_t *base = src(x, 0);
	const struct exec_env *e = x->env;
	uint32_t off = (uint32_t)x->in->off, first = x->w->warp_in_block * ISA_WARP_SIZE;
	wh->h = NULL;
	FOR_LANES(x->m, l) {
		uint32_t o = base[l] + off, t = first + l;
		if (o % bytes)
			return lane_fault(x->r, FAULT_MISALIGNED, SPACE_LOCAL, l, o, bytes);
		if (e->local_size < bytes || o > e->local_size - bytes)
			return lane_fault(x->r, FAULT_OUT_OF_BOUNDS, SPACE_LOCAL, l, o, bytes);
		wh->p[l] = e->local + (size_t)t * e->local_size + o;
		x->r->addr[l] = e->local_addr + o / 4 * e->local_stride + 4 * t + o % 4;
	}
	return true;
}

/* Compute and check every lane's address first, so that a faulting
 * instruction has no effect. bytes: 4, 8 or 16 per lane; write: a store or
 * an atomic (constant memory refuses it). */
static bool addresses(struct xc *x, enum mem_space sp, bool write, uint32_t bytes, struct where *wh)
{
	if (sp == SPACE_LOCAL)
		return local_addresses(x, bytes, wh);
	const uint32_t *base = src(x, 0);
	struct exec_result *r = x->r;
	uint32_t off = (uint32_t)x->in->off;
	wh->h = NULL;
	if (x->m == ~0u) {
		/* a full warp inside lane 0's region, aligned: one lookup and a
		 * check the compiler vectorises; anything else takes the
		 * lane-by-lane path below, which names the first lane at fault */
		uint32_t lo = 0, size = 0;
		enum fault_kind why;
		uint8_t *h = region(x, sp, write, base[0] + off, &lo, &size, &why);
		/* size - bytes: the last start inside it */
		if (!warp_addresses(base, off, lo, size - bytes, bytes - 1, r->addr) && h && size >= bytes) {
			wh->h = h;
			wh->lo = lo;
			return true;
		}
	}
	FOR_LANES(x->m, l) {
		uint32_t addr = base[l] + off;
		r->addr[l] = addr;
		enum fault_kind f = FAULT_NONE, why = FAULT_OUT_OF_BOUNDS;
		uint32_t lo = 0, size = 0;
		uint8_t *h = NULL;
		if (addr % bytes)
			f = FAULT_MISALIGNED;
		else if ((h = region(x, sp, write, addr, &lo, &size, &why)) && addr - lo < size && size - (addr - lo) >= bytes)
			wh->p[l] = h + (addr - lo);
		else
			f = h ? FAULT_OUT_OF_BOUNDS : why;
		if (f != FAULT_NONE)
			return lane_fault(r, f, sp, l, addr, bytes);
	}
	return true;
}

#ifdef HOST_AVX2
/* A full warp's 16-byte lanes from one region (host data h from address
 * lo), on an AVX2 host: lanes l .. l+3 in the low halves and l+4 .. l+7 in
 * the high halves of four registers, each half a 4 x 4 transpose, written
 * 8 lanes (32 bytes) a store (see load_full_avx2). */
HOST_AVX2_FN static void gather4_avx2(uint32_t *const *d, const uint8_t *h, uint32_t lo, const uint32_t *addr)
{
#define LANE_WORDS(l) _mm_loadu_si128((const __m128i *)(const void *)(h + (addr[l] - lo)))
#define LANE_PAIR(l) _mm256_inserti128_si256(_mm256_castsi128_si256(LANE_WORDS(l)), LANE_WORDS((l) + 4), 1)
	for (uint32_t l = 0; l < ISA_WARP_SIZE; l += 8) {
		__m256i r0 = LANE_PAIR(l), r1 = LANE_PAIR(l + 1), r2 = LANE_PAIR(l + 2), r3 = LANE_PAIR(l + 3);
		__m256i lo01 = _mm256_unpacklo_epi32(r0, r1), lo23 = _mm256_unpacklo_epi32(r2, r3); /* words 0, 1 */
		__m256i hi01 = _mm256_unpackhi_epi32(r0, r1), hi23 = _mm256_unpackhi_epi32(r2, r3); /* words 2, 3 */
		_mm256_storeu_si256((__m256i *)(void *)&d[0][l], _mm256_unpacklo_epi64(lo01, lo23));
		_mm256_storeu_si256((__m256i *)(void *)&d[1][l], _mm256_unpackhi_epi64(lo01, lo23));
		_mm256_storeu_si256((__m256i *)(void *)&d[2][l], _mm256_unpacklo_epi64(hi01, hi23));
		_mm256_storeu_si256((__m256i *)(void *)&d[3][l], _mm256_unpackhi_epi64(hi01, hi23));
	}
#undef LANE_PAIR
#undef LANE_WORDS
}

/* Eight lanes' words at byte offsets rel (each checked inside h's region
 * and aligned) on an AVX2 host. The usual shapes without a gather, whose
 * cost is many times a load's on some hosts: one word for all eight lanes
 * (a broadcast, as a row of a tile read by a row of threads) or eight
 * consecutive words (one 32-byte load). */
HOST_AVX2_FN static inline __m256i lanes8_avx2(const uint8_t *h, __m256i rel)
{
	uint32_t r0 = (uint32_t)_mm256_cvtsi256_si32(rel);
	__m256i delta = _mm256_sub_epi32(rel, _mm256_set1_epi32((int)r0));
	if (_mm256_testz_si256(delta, delta)) {
		uint32_t v;
		memcpy(&v, h + r0, 4);
		return _mm256_set1_epi32((int)v);
	}
	if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(delta, _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28))) == -1)
		return _mm256_loadu_si256((const __m256i *)(const void *)(h + r0));
	return _mm256_i32gather_epi32((const int *)(const void *)h, rel, 1);
}

/* load's path for a full warp of 4- or 16-byte loads on an AVX2 host:
 * every lane's address and its check 8 lanes an instruction, then the
 * loads, each register written 8 lanes (32 bytes) a store, the width at
 * which its next reader (load_progress's fold, an ffma) loads it: 4- or
 * 16-byte stores read back 32 bytes at a time stall the host until they
 * retire. false where any lane is out of lane 0's region or misaligned (or,
 * 4-byte loads, the region is over 2 GiB: a gather's offsets are signed):
 * nothing was loaded, and the lane-by-lane path finds the lane at fault. */
HOST_AVX2_FN static bool load_full_avx2(struct xc *x, enum mem_space sp, unsigned n)
{
	const uint32_t *base = src(x, 0);
	uint32_t off = (uint32_t)x->in->off, bytes = 4 * n;
	uint32_t lo = 0, size = 0;
	enum fault_kind why;
	uint8_t *h = region(x, sp, false, base[0] + off, &lo, &size, &why);
	if (!h || size < bytes || (n == 1 && size > 0x80000000u))
		return false;
	uint32_t *addr = x->r->addr;
	const __m256i voff = _mm256_set1_epi32((int)off), vlo = _mm256_set1_epi32((int)lo);
	const __m256i last = _mm256_set1_epi32((int)(size - bytes)), align = _mm256_set1_epi32((int)(bytes - 1));
	/* every lane inside (rel <= last, unsigned: the greatest rel is) and
	 * aligned (no bit of align in any address) */
	__m256i rel[ISA_WARP_SIZE / 8], top = _mm256_setzero_si256(), any = _mm256_setzero_si256();
	for (unsigned g = 0; g < ISA_WARP_SIZE / 8; g++) {
		__m256i a = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(const void *)&base[8 * g]), voff);
		_mm256_storeu_si256((__m256i *)(void *)&addr[8 * g], a);
		rel[g] = _mm256_sub_epi32(a, vlo);
		top = _mm256_max_epu32(top, rel[g]);
		any = _mm256_or_si256(any, a);
	}
	if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_max_epu32(top, last), last)) != -1 ||
	    !_mm256_testz_si256(any, align))
		return false;
	if (n == 1) { /* (after every address is read: the destination may be the base) */
		uint32_t *d = dreg(x, x->in->dst, 0);
		__m256i fold = _mm256_setzero_si256();
		for (unsigned g = 0; g < ISA_WARP_SIZE / 8; g++) {
			__m256i v = lanes8_avx2(h, rel[g]);
			_mm256_storeu_si256((__m256i *)(void *)&d[8 * g], v);
			const __m256i mul = _mm256_setr_epi32((int)FOLD_MUL(8 * g), (int)FOLD_MUL(8 * g + 1),
							      (int)FOLD_MUL(8 * g + 2), (int)FOLD_MUL(8 * g + 3),
							      (int)FOLD_MUL(8 * g + 4), (int)FOLD_MUL(8 * g + 5),
							      (int)FOLD_MUL(8 * g + 6), (int)FOLD_MUL(8 * g + 7));
			fold = _mm256_add_epi32(fold, _mm256_mullo_epi32(v, mul));
		}
		__m128i f = _mm_add_epi32(_mm256_castsi256_si128(fold), _mm256_extracti128_si256(fold, 1));
		f = _mm_add_epi32(f, _mm_shuffle_epi32(f, 0x4e));
		f = _mm_add_epi32(f, _mm_shuffle_epi32(f, 0xb1));
		x->r->fold = (uint32_t)_mm_cvtsi128_si32(f);
		x->r->folded = true;
		return true;
	}
	uint32_t *d[MAX_WIDTH];
	for (unsigned k = 0; k < n; k++)
		d[k] = dreg(x, x->in->dst, k);
	gather4_avx2(d, h, lo, addr);
	return true;
}
#endif

/* A full warp's n-word lanes from one region (wh->h): lane l's word k
 * into d[k][l]. */
static inline __attribute__((always_inline)) void gather_wide(uint32_t *const *d, const struct where *wh,
							      const uint32_t *addr, unsigned n)
{
#ifdef __SSE2__
	if (n == 4) { /* four lanes at a time: their 16 bytes, a 4 x 4 transpose (x86 is little-endian) */
		for (uint32_t l = 0; l < ISA_WARP_SIZE; l += 4) {
			__m128i r0 = _mm_loadu_si128((const __m128i *)(const void *)(wh->h + (addr[l] - wh->lo)));
			__m128i r1 = _mm_loadu_si128((const __m128i *)(const void *)(wh->h + (addr[l + 1] - wh->lo)));
			__m128i r2 = _mm_loadu_si128((const __m128i *)(const void *)(wh->h + (addr[l + 2] - wh->lo)));
			__m128i r3 = _mm_loadu_si128((const __m128i *)(const void *)(wh->h + (addr[l + 3] - wh->lo)));
			__m128i lo01 = _mm_unpacklo_epi32(r0, r1), lo23 = _mm_unpacklo_epi32(r2, r3); /* words 0, 1 */
			__m128i hi01 = _mm_unpackhi_epi32(r0, r1), hi23 = _mm_unpackhi_epi32(r2, r3); /* words 2, 3 */
			_mm_storeu_si128((__m128i *)(void *)&d[0][l], _mm_unpacklo_epi64(lo01, lo23));
			_mm_storeu_si128((__m128i *)(void *)&d[1][l], _mm_unpackhi_epi64(lo01, lo23));
			_mm_storeu_si128((__m128i *)(void *)&d[2][l], _mm_unpacklo_epi64(hi01, hi23));
			_mm_storeu_si128((__m128i *)(void *)&d[3][l], _mm_unpackhi_epi64(hi01, hi23));
		}
		return;
	}
#endif
	for (uint32_t l = 0; l < ISA_WARP_SIZE; l++) {
		const uint8_t *q = wh->h + (addr[l] - wh->lo);
		for (unsigned k = 0; k < n; k++)
			memcpy(&d[k][l], q + 4 * k, 4);
	}
}

/* load's path for every other case: addresses checked lane by lane where
 * they must be (the lane at fault named). */
static void load_lanes(struct xc *x, enum mem_space sp, unsigned n)
{
	struct where wh;
	if (!addresses(x, sp, false, 4 * n, &wh))
		return;
	const uint32_t *addr = x->r->addr;
	if (wh.h && n == 1) {
		uint32_t *d = dreg(x, x->in->dst, 0);
#pragma GCC unroll 8
		for (uint32_t l = 0; l < ISA_WARP_SIZE; l++)
			memcpy(&d[l], wh.h + (addr[l] - wh.lo), 4);
		return;
	}
	if (wh.h) { /* a lane's n words together */
		uint32_t *d[MAX_WIDTH];
		for (unsigned k = 0; k < n; k++)
			d[k] = dreg(x, x->in->dst, k);
		if (n == 4) /* (each width its own copy: the word loop unrolled) */
			gather_wide(d, &wh, addr, 4);
		else
			gather_wide(d, &wh, addr, 2);
		return;
	}
	for (unsigned k = 0; k < n; k++) {
		uint32_t *d = dreg(x, x->in->dst, k);
		FOR_LANES(x->m, l)
			memcpy(&d[l], wh.p[l] + 4 * k, 4);
	}
}

/* Eight lanes' words v to addresses a (h: host data from address lo,
 * every lane checked inside) in ascending lane order: eight consecutive
 * words as one copy, one word for all eight as the last lane's, else lane
 * by lane. */
static inline void store8(uint8_t *h, uint32_t lo, const uint32_t *a, const uint32_t *v)
{
	uint32_t seq = 0, same = 0;
	for (uint32_t j = 0; j < 8; j++) {
		seq |= a[j] ^ (a[0] + 4 * j);
		same |= a[j] ^ a[0];
	}
	if (!seq)
		memcpy(h + (a[0] - lo), v, 32);
	else if (!same)
		memcpy(h + (a[0] - lo), &v[7], 4);
	else
		for (uint32_t j = 0; j < 8; j++)
			memcpy(h + (a[j] - lo), &v[j], 4);
}

/* Lanes store in ascending lane order: when several write one word, the
 * highest lane wins (hardware leaves the winner unspecified). */
static void store(struct xc *x, enum mem_space sp)
{
	unsigned n = isa_width_regs(x->in);
	struct where wh;
	if (!addresses(x, sp, true, 4 * n, &wh))
		return;
	unsigned r = x->in->src[1];
	const uint32_t *addr = x->r->addr;
	if (wh.h && n == 1 && r != ISA_RZ) {
		const uint32_t *v = &x->w->regs[r * ISA_WARP_SIZE];
		for (uint32_t g = 0; g < ISA_WARP_SIZE; g += 8)
			store8(wh.h, wh.lo, &addr[g], &v[g]);
	} else {
		FOR_LANES(x->m, l) {
			uint8_t *p = wh.h ? wh.h + (addr[l] - wh.lo) : wh.p[l];
			for (unsigned k = 0; k < n; k++) {
				uint32_t v = r == ISA_RZ ? 0 : x->w->regs[(r + k) * ISA_WARP_SIZE + l];
				memcpy(p + 4 * k, &v, 4);
			}
		}
	}
	x->r->mem_written = x->m != 0;
}

/* A load: a full warp's on an AVX2 host where it can (load_full_avx2),
 * else lane by lane. Inlined into each load's semantics, a call fewer. */
static inline __attribute__((always_inline)) void load(struct xc *x, enum mem_space sp)
{
	unsigned n = isa_width_regs(x->in);
#ifdef HOST_AVX2
	if (x->m == ~0u && (n == 1 || n == 4) && host_avx2() && load_full_avx2(x, sp, n))
		return;
#endif
	load_lanes(x, sp, n);
}

/* A byte or half-word load (.u8 .s8 .u16 .s16), zero- or sign-extended to
 * the register; memory is little-endian, as the GPU's. */
static void load_narrow(struct xc *x, enum mem_space sp)
{
	unsigned bytes = isa_access_bytes(x->in);
	bool sign = x->in->mod[0] == WIDTH_S8 || x->in->mod[0] == WIDTH_S16;
	struct where wh;
	if (!addresses(x, sp, false, bytes, &wh))
		return;
	const uint32_t *addr = x->r->addr;
	uint32_t *d = dreg(x, x->in->dst, 0);
	FOR_LANES(x->m, l) {
		const uint8_t *p = wh.h ? wh.h + (addr[l] - wh.lo) : wh.p[l];
		uint32_t v = bytes == 1 ? p[0] : (uint32_t)p[0] | (uint32_t)p[1] << 8;
		if (sign)
			v = bytes == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
		d[l] = v;
	}
}

/* A byte or half-word store: the register's low bits, lanes in ascending
 * order (the highest lane writing a byte wins, as store's words). */
static void store_narrow(struct xc *x, enum mem_space sp)
{
	unsigned bytes = isa_access_bytes(x->in);
	struct where wh;
	if (!addresses(x, sp, true, bytes, &wh))
		return;
	const uint32_t *addr = x->r->addr;
	unsigned r = x->in->src[1];
	FOR_LANES(x->m, l) {
		uint8_t *p = wh.h ? wh.h + (addr[l] - wh.lo) : wh.p[l];
		uint32_t v = r == ISA_RZ ? 0 : x->w->regs[r * ISA_WARP_SIZE + l];
		p[0] = (uint8_t)v;
		if (bytes == 2)
			p[1] = (uint8_t)(v >> 8);
	}
	x->r->mem_written = x->m != 0;
}

static void sem_LDG(struct xc *x)
{
	if (isa_is_narrow(x->in))
		load_narrow(x, SPACE_GLOBAL);
	else
		load(x, SPACE_GLOBAL);
}

static void sem_LDS(struct xc *x)
{
	if (isa_is_narrow(x->in))
		load_narrow(x, SPACE_SHARED);
	else
		load(x, SPACE_SHARED);
}

static void sem_STG(struct xc *x)
{
	if (isa_is_narrow(x->in))
		store_narrow(x, SPACE_GLOBAL);
	else
		store(x, SPACE_GLOBAL);
}

static void sem_STS(struct xc *x)
{
	if (isa_is_narrow(x->in))
		store_narrow(x, SPACE_SHARED);
	else
		store(x, SPACE_SHARED);
}

static void sem_LDK(struct xc *x)
{
	if (isa_is_narrow(x->in))
		load_narrow(x, SPACE_CONST);
	else
		load(x, SPACE_CONST);
}

/* Local memory: one register or less a lane (the assembler refuses
 * wider), lane by lane. */
static void sem_LDL(struct xc *x)
{
	if (isa_is_narrow(x->in))
		load_narrow(x, SPACE_LOCAL);
	else
		load_lanes(x, SPACE_LOCAL, 1);
}

static void sem_STL(struct xc *x)
{
	if (isa_is_narrow(x->in))
		store_narrow(x, SPACE_LOCAL);
	else
		store(x, SPACE_LOCAL);
}

static void sem_LDC(struct xc *x)
{
	uint32_t i = (uint32_t)x->in->off / 4;
	uint32_t v = i < x->env->nargs ? x->env->args[i] : 0;
	uint32_t *d = dst(x);
	EACH_LANE(x->m, l, d[l] = v;);
}

static uint32_t atom_op(int op, int type, uint32_t old, uint32_t b)
{
	switch (op) {
	case ATOM_ADD: return type == ATYPE_F32 ? fr(uf(old) + uf(b)) : old + b;
	case ATOM_MIN: return type == ATYPE_S32 ? (S(old) < S(b) ? old : b) : (old < b ? old : b);
	case ATOM_MAX: return type == ATYPE_S32 ? (S(old) > S(b) ? old : b) : (old > b ? old : b);
	case ATOM_EXCH: return b;
	case ATOM_AND: return old & b;
	case ATOM_OR: return old | b;
	case ATOM_INC: return old >= b ? 0 : old + 1;                     /* atomicInc */
	case ATOM_DEC: return old == 0 || old > b ? b : old - 1;          /* atomicDec */
	default: return old ^ b;
	}
}

static uint64_t atom_op64(int op, int type, uint64_t old, uint64_t b)
{
	switch (op) {
	case ATOM_ADD:
		if (type == ATYPE_F64) { /* (add only: isa_valid) */
			double o, v;
			memcpy(&o, &old, 8);
			memcpy(&v, &b, 8);
			return dr(o + v);
		}
		return old + b;
	case ATOM_MIN: return type == ATYPE_S64 ? ((int64_t)old < (int64_t)b ? old : b) : (old < b ? old : b);
	case ATOM_MAX: return type == ATYPE_S64 ? ((int64_t)old > (int64_t)b ? old : b) : (old > b ? old : b);
	case ATOM_EXCH: return b;
	case ATOM_AND: return old & b;
	case ATOM_OR: return old | b;
	default: return old ^ b; /* (inc and dec are 32-bit only: isa_valid) */
	}
}

/* A 64-bit atomic: its operands and result register pairs, low word first;
 * memory little-endian, as the GPU's. cast: a compare and store, the
 * result 1 where it stored (atoms.cast). */
static void atomic64(struct xc *x, enum mem_space sp, bool cas, bool cast)
{
	struct where wh;
	if (!addresses(x, sp, true, 8, &wh))
		return;
	const struct isa_insn *in = x->in;
	uint64_t old[ISA_WARP_SIZE];
	bool changed = false;
	FOR_LANES(x->m, l) {
		uint8_t *p = wh.h ? wh.h + (x->r->addr[l] - wh.lo) : wh.p[l];
		uint64_t o, v, b = 0, c = 0;
		for (unsigned k = 0; k < 2; k++) { /* (rz: 0) */
			if (in->src[1] != ISA_RZ)
				b |= (uint64_t)x->w->regs[(in->src[1] + k) * ISA_WARP_SIZE + l] << 32 * k;
			if (cas && in->src[2] != ISA_RZ)
				c |= (uint64_t)x->w->regs[(in->src[2] + k) * ISA_WARP_SIZE + l] << 32 * k;
		}
		memcpy(&o, p, 8);
		v = cas ? (o == b ? c : o) : atom_op64(in->mod[0], in->mod[1], o, b);
		memcpy(p, &v, 8);
		changed |= v != o;
		old[l] = cast ? o == b : o;
	}
	uint32_t *lo = dreg(x, in->dst, 0), *hi = dreg(x, in->dst, 1);
	FOR_LANES(x->m, l) {
		lo[l] = (uint32_t)old[l];
		hi[l] = (uint32_t)(old[l] >> 32);
	}
	x->r->mem_written = changed;
}

/* Atomics are applied one lane at a time in ascending lane order; each lane
 * gets the value before its own update. */
static void atomic(struct xc *x, enum mem_space sp, bool cas)
{
	bool cast = x->in->op == OP_ATOMS_CAST;
	if (isa_atom64(x->in)) {
		atomic64(x, sp, cas, cast);
		return;
	}
	struct where wh;
	if (!addresses(x, sp, true, 4, &wh))
		return;
	const uint32_t *b = src(x, 1), *c = cas ? src(x, 2) : NULL;
	uint32_t old[ISA_WARP_SIZE];
	bool changed = false;
	FOR_LANES(x->m, l) {
		uint8_t *p = wh.h ? wh.h + (x->r->addr[l] - wh.lo) : wh.p[l];
		uint32_t o, v;
		memcpy(&o, p, 4);
		v = cas ? (o == b[l] ? c[l] : o) : atom_op(x->in->mod[0], x->in->mod[1], o, b[l]);
		memcpy(p, &v, 4);
		changed |= v != o;
		old[l] = cast ? o == b[l] : o;
	}
	uint32_t *d = dst(x);
	FOR_LANES(x->m, l)
		d[l] = old[l];
	x->r->mem_written = changed;
}

static void sem_ATOMG(struct xc *x) { atomic(x, SPACE_GLOBAL, false); }
static void sem_ATOMS(struct xc *x) { atomic(x, SPACE_SHARED, false); }
static void sem_ATOMG_CAS(struct xc *x) { atomic(x, SPACE_GLOBAL, true); }
static void sem_ATOMS_CAS(struct xc *x) { atomic(x, SPACE_SHARED, true); }
static void sem_ATOMS_CAST(struct xc *x) { atomic(x, SPACE_SHARED, true); }
static void sem_MEMBAR(struct xc *x) { (void)x; /* ordering only: the functional model is sequentially consistent */ }

/* ---- warp-level ---------------------------------------------------------- */

/* shfl as the PTX ISA's shfl.sync defines it, for a segment of 32 >> mod[1]
 * lanes (width w; c = ((32 - w) << 8) | clamp, clamp 0 for up and 31 for
 * the others): bval = b & 31, segmask = 32 - w; the lane reads lane j when
 * j stays within its segment's bound (maxLane = (lane & segmask) | (clamp &
 * ~segmask)), else keeps its own value. */
static void sem_SHFL(struct xc *x)
{
	uint32_t v[ISA_WARP_SIZE];
	memcpy(v, src(x, 0), sizeof v); /* dst may be the source */
	const uint32_t *b = src(x, 1);
	uint32_t *d = dst(x);
	const int seg = 32 - (32 >> x->in->mod[1]);
	const int clamp = x->in->mod[0] == SHFL_UP ? 0 : 31;
	FOR_LANES(x->m, l) {
		const int lane = (int)l, bval = (int)(b[l] & 31);
		const int maxl = (lane & seg) | (clamp & ~seg), minl = lane & seg;
		int j;
		bool in;
		switch (x->in->mod[0]) {
		case SHFL_IDX: j = minl | (bval & ~seg); in = j <= maxl; break;
		case SHFL_UP: j = lane - bval; in = j >= maxl; break;
		case SHFL_DOWN: j = lane + bval; in = j <= maxl; break;
		default: j = lane ^ bval; in = j <= maxl; break;
		}
		uint32_t s = in ? (uint32_t)j : l;
		d[l] = v[s];
		if (s != l)
			x->r->shfl_src |= 1u << s;
	}
	const uint32_t *mask = src(x, 2);
	if (x->m)
		x->r->op_mask = mask[__builtin_ctz(x->m)];
}

/* redux (PTX's redux.sync, __reduce_*_sync): every executing lane gets the
 * reduction of a over the active lanes of its mask (add wraps; min and max
 * signed or unsigned by the type) */
static void sem_REDUX(struct xc *x)
{
	uint32_t v[ISA_WARP_SIZE];
	memcpy(v, src(x, 0), sizeof v); /* dst may be the source */
	const uint32_t *mask = src(x, 1);
	uint32_t *d = dst(x);
	const int op = x->in->mod[0];
	const bool sgn = x->in->mod[1] == ITYPE_S32; /* (the type is redux's second modifier) */
	if (x->m)
		x->r->op_mask = mask[__builtin_ctz(x->m)];
	FOR_LANES(x->m, l) {
		uint32_t part = x->active & mask[l];
		uint32_t r = op == REDUX_AND ? ~0u : op == REDUX_MIN ? (sgn ? 0x7fffffffu : ~0u)
			   : op == REDUX_MAX ? (sgn ? 0x80000000u : 0u) : 0u;
		for (uint32_t q = part; q; q &= q - 1) {
			uint32_t e = v[__builtin_ctz(q)];
			switch (op) {
			case REDUX_ADD: r += e; break;
			case REDUX_MIN: r = sgn ? (S(e) < S(r) ? e : r) : (e < r ? e : r); break;
			case REDUX_MAX: r = sgn ? (S(e) > S(r) ? e : r) : (e > r ? e : r); break;
			case REDUX_AND: r &= e; break;
			case REDUX_OR: r |= e; break;
			default: r ^= e; break;
			}
		}
		d[l] = r;
	}
}

static void vote(struct xc *x, int kind)
{
	uint32_t p = pred_src(x, 0);
	const uint32_t *mask = src(x, 1);
	uint32_t v = 0;
	if (x->m)
		x->r->op_mask = mask[__builtin_ctz(x->m)];
	uint32_t *d = kind == 2 ? dst(x) : NULL;
	FOR_LANES(x->m, l) {
		uint32_t part = x->active & mask[l];
		uint32_t yes = p & part;
		if (kind == 2)
			d[l] = yes;
		else if (kind == 0 ? yes == part : kind == 1 ? yes != 0 : yes == part || yes == 0)
			v |= 1u << l;
	}
	if (kind != 2)
		set_pred(x, v);
}

static void sem_VOTE_ALL(struct xc *x) { vote(x, 0); }
static void sem_VOTE_ANY(struct xc *x) { vote(x, 1); }
static void sem_VOTE_UNI(struct xc *x) { vote(x, 3); }
static void sem_BALLOT(struct xc *x) { vote(x, 2); }

static void sem_ACTMASK(struct xc *x)
{
	uint32_t *d = dst(x);
	FOR_LANES(x->m, l)
		d[l] = x->active;
}

static void sem_MATCH_ANY(struct xc *x)
{
	uint32_t v[ISA_WARP_SIZE];
	memcpy(v, src(x, 0), sizeof v);
	const uint32_t *mask = src(x, 1);
	uint32_t *d = dst(x);
	uint32_t out[ISA_WARP_SIZE];
	if (x->m)
		x->r->op_mask = mask[__builtin_ctz(x->m)];
	FOR_LANES(x->m, l) {
		uint32_t r = 0;
		FOR_LANES(x->active & mask[l], j)
			if (v[j] == v[l])
				r |= 1u << j;
		out[l] = r;
	}
	FOR_LANES(x->m, l)
		d[l] = out[l];
}

static void sem_MATCH_ALL(struct xc *x)
{
	uint32_t v[ISA_WARP_SIZE];
	memcpy(v, src(x, 0), sizeof v);
	const uint32_t *mask = src(x, 1);
	uint32_t *d = dst(x);
	uint32_t out[ISA_WARP_SIZE];
	if (x->m)
		x->r->op_mask = mask[__builtin_ctz(x->m)];
	FOR_LANES(x->m, l) {
		bool same = true;
		FOR_LANES(x->active & mask[l], j)
			same = same && v[j] == v[l];
		out[l] = same ? mask[l] : 0;
	}
	FOR_LANES(x->m, l)
		d[l] = out[l];
}

/* ---- control: effects are reported, the caller moves the pcs ---------------- */

static void sem_BRA(struct xc *x) { x->r->taken = x->m; }
static void sem_EXIT(struct xc *x) { (void)x; }
static void sem_TRAP(struct xc *x)
{
	if (!x->m)
		return;
	x->r->fault = FAULT_TRAP;
	x->r->fault_space = SPACE_GLOBAL;
	x->r->fault_lane = (uint32_t)__builtin_ctz(x->m);
	x->r->fault_addr = 0;
	x->r->fault_bytes = 0;
}
static void sem_BAR(struct xc *x) { (void)x; }
/* the result is the barrier's to write, when it opens (sim/barrier.c) */
static void sem_BAR_POPC(struct xc *x) { (void)x; }
static void sem_BAR_AND(struct xc *x) { (void)x; }
static void sem_BAR_OR(struct xc *x) { (void)x; }
static void sem_BSSY(struct xc *x) { (void)x; }
static void sem_BSYNC(struct xc *x) { (void)x; }

static void sem_WARPSYNC(struct xc *x)
{
	const uint32_t *a = src(x, 0);
	if (x->m)
		x->r->op_mask = a[__builtin_ctz(x->m)];
}

static void sem_NANOSLEEP(struct xc *x)
{
	const uint32_t *a = src(x, 0);
	if (x->m)
		x->r->sleep_ns = a[__builtin_ctz(x->m)];
}

/* printf: every executing lane's argument bytes are checked inside its
 * thread's local window first (a fault: nothing is printed), then handed
 * to env->print lane by lane, in lane order */
static void sem_PRINTF(struct xc *x)
{
	const uint32_t *base = src(x, 0), *fmt = src(x, 1), *nb = src(x, 2);
	const struct exec_env *e = x->env;
	uint32_t off = (uint32_t)x->in->off, first = x->w->warp_in_block * ISA_WARP_SIZE;
	FOR_LANES(x->m, l) {
		uint32_t o = base[l] + off, n = nb[l];
		if (n > ISA_PRINTF_MAX_BYTES || (n && (e->local_size < n || o > e->local_size - n))) {
			lane_fault(x->r, FAULT_OUT_OF_BOUNDS, SPACE_LOCAL, l, o, n);
			return;
		}
	}
	if (!e->print)
		return;
	FOR_LANES(x->m, l) {
		uint32_t t = first + l;
		const uint8_t *args = nb[l] ? e->local + (size_t)t * e->local_size + (uint32_t)(base[l] + off) : NULL;
		e->print(e->print_ctx, e, t, fmt[l], args, nb[l]);
	}
}

typedef void (*sem_fn)(struct xc *);
static const sem_fn sem_table[OP_COUNT] = {
#define OP(id, name, fmt, unit, ms0, ms1, flags) [OP_##id] = sem_##id,
#include "opcodes.def"
#undef OP
};

static void start(struct xc *x, const struct isa_insn *in, struct exec_warp *w, const struct exec_env *env,
		  uint32_t active, struct exec_result *r)
{
	x->in = in;
	x->w = w;
	x->env = env;
	x->active = active;
	w->preds[ISA_PT] = ~0u;
	uint32_t g = w->preds[in->guard];
	x->m = active & (in->guard_neg ? ~g : g);
	x->r = r;
	r->exec_mask = x->m;
	r->taken = 0;
	r->sleep_ns = 0;
	r->mem_written = false;
	r->shfl_src = 0;
	r->op_mask = 0;
	r->fault = FAULT_NONE;
	r->folded = false;
}

void exec_addresses(const struct isa_insn *in, struct exec_warp *w, const struct exec_env *env,
		    uint32_t active, struct exec_result *r)
{
	struct xc x;
	start(&x, in, w, env, active, r);
	unsigned f = isa_ops[in->op].flags;
	struct where wh;
	if (f & (IF_GLOBAL | IF_SHARED | IF_CMEM | IF_LOCAL))
		addresses(&x, f & IF_GLOBAL ? SPACE_GLOBAL : f & IF_CMEM ? SPACE_CONST : f & IF_LOCAL ? SPACE_LOCAL : SPACE_SHARED,
			  (f & (IF_STORE | IF_ATOMIC)) != 0, isa_access_bytes(in), &wh);
}

void exec_insn(const struct isa_insn *in, struct exec_warp *w, const struct exec_env *env,
	       uint32_t active, struct exec_result *r)
{
	struct xc x;
	start(&x, in, w, env, active, r);
	sem_table[in->op](&x);
}
