/*
 * isa.h - the simt-sim instruction set: opcodes, operand formats, modifiers,
 * special registers, the decoded instruction and its 128-bit encoding.
 *
 * Knows nothing about timing. Everything here is derived from opcodes.def.
 */
#ifndef SIMT_ISA_H
#define SIMT_ISA_H

#include <stdbool.h>
#include <stdint.h>

#define ISA_WARP_SIZE 32
#define ISA_MAX_REGS 255 /* r0..r254; index 255 is rz (reads 0, writes discarded) */
#define ISA_RZ 255
#define ISA_NUM_PREDS 7  /* p0..p6; index 7 is pt (always true, writes discarded) */
#define ISA_PT 7

enum isa_op {
#define OP(id, name, fmt, unit, ms0, ms1, flags) OP_##id,
#include "opcodes.def"
#undef OP
	OP_COUNT
};

/* Operand shapes. R: register dst, P: predicate dst, S: source (register or
 * immediate), M: address [reg + offset], C: kernel argument, L: label. */
enum isa_fmt {
	FMT_NONE,  /* op                          */
	FMT_R,     /* op rD                       */
	FMT_R_S,   /* op rD, a                    */
	FMT_R_SS,  /* op rD, a, b                 */
	FMT_R_SSS, /* op rD, a, b, c              */
	FMT_R_SSP, /* op rD, a, b, [!]pC          */
	FMT_R_SR,  /* op rD, %special             */
	FMT_P_SS,  /* op pD, a, b                 */
	FMT_P_SSP, /* op pD, a, b, [!]pC          */
	FMT_P_PP,  /* op pD, [!]pA, [!]pB         */
	FMT_P_PS,  /* op pD, [!]pA, mask          */
	FMT_R_PS,  /* op rD, [!]pA, mask          */
	FMT_R_P,   /* op rD, [!]pA                */
	FMT_P_P,   /* op pD, [!]pA                */
	FMT_R_M,   /* op rD, [rA + off]           */
	FMT_M_R,   /* op [rA + off], rB           */
	FMT_R_MS,  /* op rD, [rA + off], b        */
	FMT_R_MSS, /* op rD, [rA + off], b, c     */
	FMT_M_SS,  /* op [rA + off], a, b         */
	FMT_R_C,   /* op rD, argname              */
	FMT_L,     /* op label                    */
	FMT_S,     /* op a                        */
	FMT_COUNT
};

enum isa_unit { UNIT_INT, UNIT_FP32, UNIT_SFU, UNIT_LDST, UNIT_BRANCH, UNIT_FP64, UNIT_COUNT };

enum {
	IF_FLOAT = 1u << 0,
	IF_WIDE = 1u << 1,
	IF_MEM = 1u << 2,
	IF_BRANCH = 1u << 3,
	IF_SYNC = 1u << 4,
	IF_WARP = 1u << 5,
	/* what a memory instruction touches and how (the timing model reads
	 * these; sim/mem.c turns them into its memory class) */
	IF_GLOBAL = 1u << 6,    /* global memory */
	IF_SHARED = 1u << 7,    /* the block's shared memory */
	IF_CONST = 1u << 8,     /* kernel arguments (ldc) */
	IF_STORE = 1u << 9,     /* writes memory and no register */
	IF_ATOMIC = 1u << 10,   /* read-modify-write */
	IF_FENCE = 1u << 11,    /* orders this warp's memory accesses (membar) */
	IF_CMEM = 1u << 12,     /* constant memory (ldk): read-only global buffers, through the
				 * SM's constant cache */
	IF_LOCAL = 1u << 13,    /* local memory (ldl, stl): the thread's own window, timed as the
				 * global access of its interleaved address */
	/* register pairs (a double; isa_slot_regs): an even register and the
	 * next, the low word first */
	IF_DPAIR = 1u << 14,    /* the destination is a pair */
	IF_SPAIR = 1u << 15,    /* every register source is a pair (no immediates) */
};

/* Modifier sets: the dotted suffixes of a mnemonic. Word 0 of an optional set
 * is its default and may be omitted (the disassembler omits it too). */
enum isa_modset { MS_NONE, MS_CMP, MS_ITYPE, MS_LOGIC, MS_WIDTH, MS_ATOM, MS_ATYPE,
		  MS_SCOPE, MS_SHFL, MS_FRND, MS_CACHE, MS_FCMP, MS_FRNDN, MS_SHFLW, MS_FLO, MS_REDUX,
		  MS_FTZ, MS_BITS, MS_COUNT };

/* Comparisons. isetp takes the first six (MS_CMP); fsetp all (MS_FCMP):
 * eq lt le gt ge are false where either side is NaN and ne true (C's
 * operators); lg is ne false for NaN (PTX's ordered ne), the u forms
 * true for NaN (PTX's unordered equ ltu leu gtu geu), num true where
 * neither side is NaN and nan where either is. */
enum isa_cmp { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_LG, CMP_EQU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU,
	       CMP_NUM, CMP_NAN };
enum isa_itype { ITYPE_S32, ITYPE_U32 };
enum isa_logic { LOGIC_AND, LOGIC_OR, LOGIC_XOR };
/* a load's or store's width (ldg/stg/lds/sts): one, two or four registers,
 * or one register's low byte or half-word, zero- (u) or sign-extended (s)
 * by a load; a store writes the low bits whichever */
enum isa_width { WIDTH_32, WIDTH_64, WIDTH_128, WIDTH_U8, WIDTH_S8, WIDTH_U16, WIDTH_S16 };
enum isa_atom { ATOM_ADD, ATOM_MIN, ATOM_MAX, ATOM_EXCH, ATOM_AND, ATOM_OR, ATOM_XOR, ATOM_INC, ATOM_DEC };
/* an atomic's type (atomg, atoms); the 64-bit ones' register operands are
 * aligned pairs, low word first (isa_width_regs) */
enum isa_atype { ATYPE_U32, ATYPE_S32, ATYPE_F32, ATYPE_U64, ATYPE_S64, ATYPE_F64 };
/* a compare-and-swap's width (atomg.cas, atoms.cas) */
enum isa_bits { BITS_32, BITS_64 };
enum isa_scope { SCOPE_GL, SCOPE_CTA, SCOPE_SYS };
enum isa_shfl { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_XOR };
/* shfl's segment width (mod[1]): 32 >> k lanes, k = 0 (the default, .w32) .. 5 (.w1) */
enum { SHFLW_MAX = 5 };
enum isa_flo { FLO_POS, FLO_SH };
enum isa_redux { REDUX_ADD, REDUX_MIN, REDUX_MAX, REDUX_AND, REDUX_OR, REDUX_XOR }; /* flo: the bit's position, or 31 less it (PTX's .shiftamt) */
enum isa_frnd { FRND_RZ, FRND_RN, FRND_RM, FRND_RP }; /* f2i rounding: toward zero, nearest even, down, up */
/* an f32 instruction's subnormals (mod[1]): kept (the default, IEEE's) or
 * flushed to zero (PTX's .ftz; see opcodes.def) */
enum isa_ftz { FTZ_KEEP, FTZ_FLUSH };
enum isa_frndn { FRNDN_RN, FRNDN_RZ, FRNDN_RM, FRNDN_RP }; /* ffma rounding: nearest even (default), toward zero, down, up */
/* ldg's cache operator: ca, cached in the L1 (the default); cg, cached in the
 * L2 only: the L1 is neither probed nor filled (PTX's ld.cg and ld.cv, and the
 * volatile and strong GPU- or system-scope loads that must see other SMs' writes) */
enum isa_cache { CACHE_CA, CACHE_CG };

/* printf's argument bytes, at most: CUDA's printf takes at most 32
 * arguments (the CUDA C++ Programming Guide, "Formatted Output"), 8 bytes
 * each at most; a printf of more is a fault (isa/pformat.h refuses a
 * format of more than 32 conversions) */
#define ISA_PRINTF_MAX_BYTES 256u

/* Special registers read by s2r. */
#define ISA_SPECIALS(X)                                                        \
	X(TID_X, "%tid.x") X(TID_Y, "%tid.y") X(TID_Z, "%tid.z")               \
	X(NTID_X, "%ntid.x") X(NTID_Y, "%ntid.y") X(NTID_Z, "%ntid.z")         \
	X(CTAID_X, "%ctaid.x") X(CTAID_Y, "%ctaid.y") X(CTAID_Z, "%ctaid.z")   \
	X(NCTAID_X, "%nctaid.x") X(NCTAID_Y, "%nctaid.y")                      \
	X(NCTAID_Z, "%nctaid.z") X(LANEID, "%laneid") X(WARPID, "%warpid")     \
	X(SMID, "%smid") X(CLOCK, "%clock") X(CLOCK64, "%clock64")             \
	X(LANEMASK_EQ, "%lanemask_eq") X(LANEMASK_LT, "%lanemask_lt")          \
	X(LANEMASK_LE, "%lanemask_le") X(LANEMASK_GT, "%lanemask_gt")          \
	X(LANEMASK_GE, "%lanemask_ge") X(GLOBALTIMER, "%globaltimer")

enum isa_special {
#define X(id, name) SR_##id,
	ISA_SPECIALS(X)
#undef X
	SR_COUNT
};

/*
 * A decoded instruction: a plain value, no pointers. Which fields mean what
 * depends on the format: dst is a register or a predicate; src[i] are
 * registers (or predicates for P operands, or the special register id for
 * s2r); when imm_src is i+1, source i is the immediate imm instead. off is
 * the byte offset of an address operand, the kernel argument's byte offset
 * for ldc, or the target pc for bra.
 */
struct isa_insn {
	uint8_t op;      /* enum isa_op */
	uint8_t mod[2];  /* index into the op's modifier sets */
	uint8_t guard;   /* predicate 0..6, or ISA_PT for none */
	uint8_t guard_neg;
	uint8_t dst;
	uint8_t src[3];
	uint8_t imm_src; /* 0: no immediate; 1..3: src[imm_src-1] is imm */
	uint8_t imm2_src; /* a second immediate (formats without an offset):
			   * src[imm2_src-1] is the value in off */
	uint8_t pneg;    /* bit i: predicate source i is negated */
	uint32_t imm;    /* 32-bit immediate (int or f32 bits) */
	int32_t off;     /* address offset (bytes) / argument offset / branch
			  * target / the second immediate */
};

struct isa_opinfo {
	const char *name;
	enum isa_fmt fmt;
	enum isa_unit unit;
	enum isa_modset ms[2];
	unsigned flags;
};

extern const struct isa_opinfo isa_ops[OP_COUNT];

/* What each operand slot of a format holds. */
enum isa_slot { SLOT_NONE, SLOT_REG, SLOT_PRED, SLOT_SRC, SLOT_SPECIAL, SLOT_ADDR };
struct isa_fmtinfo {
	enum isa_slot dst;
	enum isa_slot src[3];
	bool has_off; /* off holds an address offset, argument offset or target */
};
extern const struct isa_fmtinfo isa_fmts[FMT_COUNT];

struct isa_modset_info {
	const char *const *words;
	unsigned count;
	bool optional; /* word 0 is the default and may be omitted */
};
extern const struct isa_modset_info isa_modsets[MS_COUNT];

extern const char *const isa_special_names[SR_COUNT];
extern const char *const isa_unit_names[UNIT_COUNT];

/* Mnemonic lookup: the longest dotted prefix of word that names an opcode.
 * Returns the op and sets *used to the number of characters matched, or
 * returns -1 if no prefix matches. */
int isa_lookup_mnemonic(const char *word, unsigned len, unsigned *used);

/* Whether immediate sources are f32 constants (float ops, .f32 atomics). */
bool isa_imm_is_float(const struct isa_insn *in);

/* Whether an atomic is a 64-bit one: its register operands are pairs. */
static inline bool isa_atom64(const struct isa_insn *in)
{
	return ((in->op == OP_ATOMG || in->op == OP_ATOMS) && in->mod[1] >= ATYPE_U64) || /* (u64, s64, f64) */
	       ((in->op == OP_ATOMG_CAS || in->op == OP_ATOMS_CAS || in->op == OP_ATOMS_CAST) && in->mod[0] == BITS_64);
}

/* The registers operand slot k names (0: the destination, 1..3: source
 * k - 1), where it names one: 2 for a register pair (a double's; a 64-bit
 * atomic's destination, b and c), else 1 (a wide access's group:
 * isa_width_regs). */
static inline unsigned isa_slot_regs(const struct isa_insn *in, unsigned k)
{
	unsigned f = isa_ops[in->op].flags;
	if (f & IF_ATOMIC)
		return isa_atom64(in) && k != 1 ? 2 : 1;
	return (f & (k ? IF_SPAIR : IF_DPAIR)) ? 2 : 1;
}

/* Number of 32-bit registers written/read by a wide access (1, 2 or 4),
 * and by each register operand of an atomic (1, or 2 for a 64-bit one);
 * inline: the executor and the memory model ask at every access. */
static inline unsigned isa_width_regs(const struct isa_insn *in)
{
	unsigned f = isa_ops[in->op].flags;
	if (!(f & IF_WIDE)) /* (loads and stores: one test, as before atomics had pairs) */
		return (f & IF_ATOMIC) && isa_atom64(in) ? 2 : 1;
	return in->mod[0] == WIDTH_128 ? 4 : in->mod[0] == WIDTH_64 ? 2 : 1;
}

/* Whether a load or store moves less than a register (.u8 .s8 .u16 .s16). */
static inline bool isa_is_narrow(const struct isa_insn *in)
{
	return (isa_ops[in->op].flags & IF_WIDE) && in->mod[0] >= WIDTH_U8;
}

/* The bytes a lane's access moves: 1, 2, 4, 8 or 16 (an atomic's, 4 or 8). */
static inline unsigned isa_access_bytes(const struct isa_insn *in)
{
	if (isa_ops[in->op].flags & IF_ATOMIC)
		return 4 * isa_width_regs(in);
	if (!(isa_ops[in->op].flags & IF_WIDE))
		return 4;
	switch (in->mod[0]) {
	case WIDTH_U8:
	case WIDTH_S8: return 1;
	case WIDTH_U16:
	case WIDTH_S16: return 2;
	default: return 4 * isa_width_regs(in);
	}
}

/* Registers and predicates an instruction reads and writes (rz and pt are
 * left out), for scoreboards. */
struct isa_deps {
	uint8_t nread, read[8];
	uint8_t nwrite, write[4];
	uint8_t pread;  /* bit p: predicate p is read (guard or source) */
	int8_t pwrite;  /* predicate written, or -1 */
};
void isa_deps(const struct isa_insn *in, struct isa_deps *d);

/* 128-bit encoding. isa_encode is total; isa_decode returns false (and leaves
 * *out unspecified) for a word pair that no instruction encodes to. */
struct isa_word {
	uint64_t lo, hi;
};
struct isa_word isa_encode(const struct isa_insn *in);
bool isa_decode(struct isa_word w, struct isa_insn *out);

/* Structural validity of a decoded instruction (fields in range for its
 * format and modifiers). The assembler only produces valid instructions. */
bool isa_valid(const struct isa_insn *in);

#endif
