/*
 * ptx.h - the PTX front end: one .entry of a .ptx file as nvcc writes it,
 * translated into simt-sim instructions (docs/CUDA.md).
 *
 * The translation is exact or refused: an instruction, type, modifier or
 * operand outside the supported subset is an error at its file:line:col
 * ("... not supported"), never an approximation. 64-bit integer registers
 * hold their low 32 bits (simt-sim's global space is 32-bit); only the
 * operations whose low 32 bits depend on the operands' low 32 bits alone are
 * accepted on them.
 */
#ifndef SIMT_PTX_H
#define SIMT_PTX_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "isa.h"
#include "program.h"

/* The type of a kernel parameter, or of a field of one passed as bytes, as
 * .arg converts a value to it; PTX_P_BYTES: a struct or vector passed by
 * value (.param .align A .b8 NAME[N]). */
enum ptx_ptype { PTX_P_U32, PTX_P_S32, PTX_P_U64, PTX_P_S64, PTX_P_F32, PTX_P_B32, PTX_P_B64,
		 PTX_P_U16, PTX_P_S16, PTX_P_B16, PTX_P_U8, PTX_P_S8, PTX_P_B8, PTX_P_F64, PTX_P_BYTES };

/* An 8- or 16-bit parameter's bits (0 for the others) and whether .arg
 * sign-extends its value into the argument word (.s8, .s16; the others
 * zero-extend): its ld.param of the same type is the word as it is. */
static inline unsigned ptx_ptype_narrow_bits(enum ptx_ptype t)
{
	return t == PTX_P_U16 || t == PTX_P_S16 || t == PTX_P_B16 ? 16 : t == PTX_P_U8 || t == PTX_P_S8 || t == PTX_P_B8 ? 8 : 0;
}
static inline bool ptx_ptype_signed(enum ptx_ptype t) { return t == PTX_P_S16 || t == PTX_P_S8; }

/* The PTX names of the types (PTX_P_U32 "u32" ... PTX_P_B8 "b8"), and the
 * type a name (without its dot) names, or -1 (isa/ptx.c). */
extern const char *const ptx_ptype_names[PTX_P_BYTES];
int ptx_ptype_lookup(const char *name);

/* The bytes a value of type t occupies in parameter memory (0: PTX_P_BYTES). */
static inline unsigned ptx_ptype_bytes(enum ptx_ptype t)
{
	unsigned nb = ptx_ptype_narrow_bits(t);
	return nb ? nb / 8 : t == PTX_P_U64 || t == PTX_P_S64 || t == PTX_P_B64 || t == PTX_P_F64 ? 8 : t == PTX_P_BYTES ? 0 : 4;
}

/* A field of a parameter passed as bytes: bytes the kernel reads with one
 * ld.param (an element of a .v2/.v4 read is one field), by its type (the
 * first read's, where two read the same bytes). */
struct ptx_field {
	uint32_t offset; /* bytes from the parameter's start, aligned to its size */
	enum ptx_ptype type;
};

/* A kernel parameter. Argument words: a scalar parameter is one (a 64-bit
 * one holds its low word), a parameter passed as bytes one a field, its
 * fields in offset order; the kernel's code reads word w with ldc at 4w. */
struct ptx_param {
	char name[128];     /* as in the PTX */
	enum ptx_ptype type;
	uint32_t size;      /* PTX_P_BYTES: its bytes (N) */
	struct ptx_field *fields; /* PTX_P_BYTES: the fields the kernel reads, by offset */
	unsigned nfields;
	unsigned word;      /* its first argument word */
	bool hi_read;       /* a 64-bit scalar parameter whose high word the kernel reads: a
			     * hidden argument word holds it (ptx_hi_word) */
};

/* A module-scope __device__ or __constant__ variable the entry uses (.global
 * or .const in the PTX): it becomes a buffer of the workload, its address a hidden argument after
 * the kernel's own parameters. */
struct ptx_global {
	char name[PROG_NAME_MAX];
	uint32_t size;  /* bytes */
	uint8_t *init;  /* size bytes: the initial value (zeros when none is given) */
	bool constant;  /* .const (__constant__): constant memory, read-only */
};

/* The name of a module-scope variable's buffer and hidden argument in the
 * workload: its PTX name with '$' (in nvcc's own names: $str, $str$1, the
 * string constants of printf) written '_', so that a --disasm listing
 * assembles again. */
static inline void ptx_global_buffer_name(const char *ptx_name, char *out, unsigned size)
{
	unsigned i = 0;
	for (; ptx_name[i] && i + 1 < size; i++)
		out[i] = ptx_name[i] == '$' ? '_' : ptx_name[i];
	out[i] = 0;
}

struct ptx_kernel {
	char entry[256];              /* the .entry name as in the PTX (mangled) */
	char name[PROG_NAME_MAX];     /* its plain name: MatrixMulKernel<16> */
	struct isa_insn *code;
	uint32_t ncode;
	uint32_t *line;               /* PTX line of each instruction */
	struct src_loc *cuda;         /* .cu file (index into cuda_files) and line; line 0: none */
	char **cuda_files;            /* from the PTX's .file directives */
	unsigned ncuda_files;
	char **src_text;              /* the PTX statement each instruction came from */
	struct label *labels;         /* PTX labels (without '$') at their pc */
	unsigned nlabels;
	struct shared_sym *shared;    /* the entry's static .shared arrays */
	unsigned nshared;
	uint32_t shared_bytes;
	uint32_t local_bytes;         /* local memory per thread (the .local variables) */
	struct ptx_param *params;
	unsigned nparams;
	unsigned nwords;              /* the parameters' argument words (struct ptx_param) */
	struct ptx_global *globals;   /* hidden argument word nwords + i holds globals[i]'s address */
	unsigned nglobals;
	uint32_t maxntid[3];          /* .maxntid (__launch_bounds__): a block has at most their
				       * product of threads; 0: not given */
	uint32_t reqntid[3];          /* .reqntid: a block is exactly this; 0: not given */
	unsigned maxnreg;             /* .maxnreg: ptxas allocates at most this many; 0: not given */
	unsigned nregs;               /* registers per thread after allocation */
	unsigned npreds;              /* predicates used (at most ISA_NUM_PREDS) */
	uint32_t ptx_insns;           /* PTX instructions translated */
};

/* The hidden argument word holding parameter pi's high word (its hi_read):
 * after the module-scope variables' addresses, one a parameter that has
 * hi_read, in parameter order. */
static inline unsigned ptx_hi_word(const struct ptx_kernel *k, unsigned pi)
{
	unsigned w = k->nwords + k->nglobals;
	for (unsigned i = 0; i < pi; i++)
		w += k->params[i].hi_read;
	return w;
}

/* Translate entry (mangled, or the plain name when that is unambiguous) of
 * the PTX text read from path, scheduled for a GPU of compute capability
 * target_cc (times ten, as 90; 0: unknown, scheduled as for one without a
 * uniform datapath). On error returns false with d set and k empty. */
bool ptx_translate(const char *path, const char *text, const char *entry, unsigned target_cc,
		   struct ptx_kernel *k, struct diag *d) __attribute__((warn_unused_result));

void ptx_kernel_free(struct ptx_kernel *k);

/* The plain name of a mangled entry (_Z15MatrixMulKernelILi16EEviiiPfS0_S0_
 * -> MatrixMulKernel<16>); the name itself when it is not mangled. */
void ptx_plain_name(const char *mangled, char *out, unsigned size);

#endif
