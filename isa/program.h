/*
 * program.h - an assembled workload: the kernel's instructions plus what the
 * workload file says about running it (parameters, buffers, kernel
 * arguments, launch geometry, shared memory, result checks).
 *
 * A program owns all its memory; program_free releases it.
 */
#ifndef SIMT_PROGRAM_H
#define SIMT_PROGRAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "expr.h"
#include "isa.h"
#include "lex.h"

#define PROG_NAME_MAX 48

enum elem_type { ELEM_F32, ELEM_U32, ELEM_S32 };
extern const char *const elem_type_names[3];

/* FILL_UNINIT: as cudaMalloc leaves it; the simulator holds zeros there, and
 * --initcheck reports a read of a word before the kernel wrote it. */
enum fill_kind { FILL_ZERO, FILL_VALUE, FILL_IOTA, FILL_RANDOM, FILL_CHASE, FILL_FILE, FILL_LIST, FILL_UNINIT };

struct param {
	char name[PROG_NAME_MAX];
	struct value v; /* effective value (default or -D override) */
};

struct buffer_spec {
	char name[PROG_NAME_MAX];
	enum elem_type type;
	uint32_t count;    /* elements */
	enum fill_kind fill;
	uint32_t value;    /* FILL_VALUE: element bits */
	uint32_t seed;     /* FILL_RANDOM: the seed; FILL_CHASE: the stride (bytes) */
	char *path;        /* FILL_FILE: path as resolved (relative to cwd) */
	unsigned path_col; /* FILL_FILE: the column of the quoted path in its line */
	char *line_text;   /* FILL_FILE: the source line (diagnostics) */
	uint32_t *list;    /* FILL_LIST: count element bits */
	unsigned file;     /* where it was declared: index into program.files */
	unsigned line;     /* ... and its line there */
	bool constant;     /* constant memory: read by ldk, read-only to the kernel */
};

struct arg_spec {
	char name[PROG_NAME_MAX];
	int buffer;     /* index into buffers, or -1 for a value */
	uint32_t value; /* bits when buffer < 0 */
	uint32_t hi;    /* a 64-bit parameter's value: its high word (a negative value's
			 * sign; a buffer's address: 0) */
	/* CUDA kernels (args 0 .. ptx_nwords-1): where the value goes in the
	 * kernel's parameters, for a launch on a GPU */
	unsigned param;  /* the parameter it is (or is a field of) */
	uint32_t offset; /* a field: bytes into its parameter */
	unsigned bytes;  /* a field: its bytes (1, 2, 4, 8); 0: the whole (scalar) parameter */
};

struct shared_sym {
	char name[PROG_NAME_MAX];
	uint32_t offset, size; /* bytes */
};

enum check_kind { CHECK_MATMUL, CHECK_EXPR, CHECK_FILE, CHECK_LIST };

/* Whether an element of type t holds the value v of a check expression:
 * an f32 holds any (rounded); an integer one, a value in INT32_MIN ..
 * UINT32_MAX (a float truncated toward zero, as C converts it; not a NaN). */
static inline bool elem_holds(enum elem_type t, struct value v)
{
	if (t == ELEM_F32)
		return true;
	double x = value_f(v);
	return v.is_float ? x > -2147483649.0 && x < 4294967296.0 : v.i >= INT32_MIN && v.i <= (int64_t)UINT32_MAX;
}

/* A name a .check expression reads, other than i, with the value the
 * assembler gave it there (a .rept index, parameter, shared symbol, SM). */
struct check_bind {
	char name[PROG_NAME_MAX];
	struct value v;
};

struct check_spec {
	enum check_kind kind;
	int buffer;              /* the buffer checked */
	int a, b;                /* CHECK_MATMUL: input buffers */
	uint32_t m, n, k;        /* CHECK_MATMUL: C(m x k) = A(m x n) B(n x k) */
	char *expr_text;         /* CHECK_EXPR: source text of the expression in i */
	struct token *expr_toks; /* CHECK_EXPR: its tokens (s points into expr_text; col
				  * the column in line_text) */
	char *line_text;         /* CHECK_EXPR, CHECK_FILE: the source line it is on (diagnostics) */
	struct check_bind *binds; /* CHECK_EXPR: the names it reads (struct check_bind) */
	unsigned nbinds;
	char *path;              /* CHECK_FILE */
	unsigned path_col;       /* CHECK_FILE: the column of the quoted path in line_text */
	uint32_t *list;          /* CHECK_LIST */
	uint32_t count;          /* CHECK_LIST: number of values */
	unsigned file;           /* where it was declared: index into program.files */
	unsigned line;
};

/* A value the kernel measured (e.g. cycles from %clock), printed after the
 * run: .report NAME BUFFER INDEX. */
struct report_spec {
	char name[PROG_NAME_MAX];
	int buffer;
	uint32_t index;          /* element */
	unsigned line;
};

struct label {
	char name[PROG_NAME_MAX];
	uint32_t pc;
};

/* Where an instruction came from, for diagnostics and traces. */
struct src_loc {
	uint16_t file; /* index into program.files */
	uint32_t line;
};

struct program {
	char name[PROG_NAME_MAX]; /* .kernel name, or the file's stem */
	struct isa_insn *code;
	uint32_t ncode;
	struct src_loc *loc;  /* ncode entries */
	char **files;         /* source files, [0] the workload itself */
	unsigned nfiles;
	char **src_text;      /* ncode entries: the instruction's source line */
	struct src_loc *cuda_loc; /* CUDA kernels: the .cu file (index into files) and line of
				   * each instruction, line 0 when unknown; NULL otherwise */
	char *ptx_entry;      /* CUDA kernels: the PTX .entry name; NULL otherwise */
	uint32_t maxntid[3];  /* CUDA kernels: .maxntid (__launch_bounds__), 0: none; a launch's
			       * block has at most their product of threads */
	uint32_t reqntid[3];  /* CUDA kernels: .reqntid, 0: none; a launch's block is exactly so */
	unsigned maxnreg;     /* CUDA kernels: .maxnreg, 0: none */
	uint32_t ptx_insns;   /* CUDA kernels: PTX instructions in the entry */
	uint32_t dyn_shared;  /* CUDA kernels: .dynshared bytes (the launch's dynamic shared
			       * memory; included in shared_bytes) */
	bool optin;           /* .optin: the kernel opted in to sm.max_shared_per_block_optin
			       * bytes of shared memory per block (dynamic beyond the usual limit) */
	unsigned ptx_nparams; /* CUDA kernels: the kernel's own parameters */
	uint32_t *ptx_param_size; /* ... each one's bytes where it is passed as bytes (a struct), else 0 */
	char **ptx_global_names; /* CUDA kernels: the PTX name of each module-scope variable, buffers
				  * 0 .. nptx_globals-1 (whose names write '$' as '_') */
	unsigned nptx_globals;
	unsigned ptx_nwords;  /* ... their argument words (args 0 .. ptx_nwords-1); the args after
			       * them are the addresses of its module-scope variables (buffers
			       * named as they are) */
	char regs_source[24]; /* CUDA kernels: where nregs came from ("ptxas sm_90",
			       * "allocation", ".regs"), set by the frontend; "" otherwise */
	struct label *labels;
	unsigned nlabels;

	unsigned nregs;       /* registers per thread for occupancy (highest used + 1, or .regs) */
	unsigned regs_alloc;  /* registers the code touches (>= nregs except for a CUDA kernel
			       * whose .regs is below the front end's allocation) */
	bool regs_explicit;
	uint32_t grid[3], block[3];
	uint32_t shared_bytes; /* static shared memory per block */
	uint32_t local_bytes;  /* local memory per thread (.local; a CUDA kernel's .local
				* variables): ldl and stl offsets below it */

	struct param *params;
	unsigned nparams;
	struct buffer_spec *buffers;
	unsigned nbuffers;
	struct arg_spec *args;
	unsigned nargs;
	struct shared_sym *shared;
	unsigned nshared;
	struct check_spec *checks;
	unsigned nchecks;
	struct report_spec *reports;
	unsigned nreports;

	/* Reconvergence pc of every instruction (the immediate post-dominator of
	 * its basic block; ncode stands for "kernel exit"). Filled by cfg. */
	uint32_t *ipdom;
	/* 1 at a spin loop's backward branch (cfg_spin), 0 elsewhere. */
	uint8_t *spin;
};

struct param_override {
	const char *name;
	const char *value; /* text of an expression (a number) */
};

/* How a .cuda kernel's .cu becomes PTX (the frontend compiles it with nvcc
 * for the config's GPU): on 0 *ptx_path is a malloc'd path to the PTX to
 * use; 1: no compiler here, use the .ptx beside the .cu; 2: the .cu does not
 * compile, why says so. */
struct asm_hooks {
	int (*cuda_to_ptx)(const char *cu_path, void *ctx, char **ptx_path, char *why, size_t n);
	void *ctx;
	unsigned target_cc; /* the GPU .cuda kernels are scheduled for (as 90; 0: unknown) */
};

/* Assemble a workload file. overrides replace parameter defaults (-D); an
 * override naming no .param is an error. On error returns NULL with d set. */
struct program *asm_load(const char *path, const struct param_override *ov, unsigned nov,
			 struct diag *d) __attribute__((warn_unused_result));

/* Same, compiling .cuda kernels through hooks (NULL: the .ptx beside). */
struct program *asm_load_hooked(const char *path, const struct param_override *ov, unsigned nov,
				const struct asm_hooks *hooks, struct diag *d) __attribute__((warn_unused_result));

/* Same, from text in memory (path is used for diagnostics and includes). */
struct program *asm_from_string(const char *path, const char *text,
				const struct param_override *ov, unsigned nov, struct diag *d)
	__attribute__((warn_unused_result));

/* Same, from len bytes that may hold anything: a NUL byte is an error at its
 * line and column (text[len] must be 0). */
struct program *asm_from_buffer(const char *path, const char *text, size_t len,
				const struct param_override *ov, unsigned nov, struct diag *d)
	__attribute__((warn_unused_result));

void program_free(struct program *p);

/* Registers each thread's storage holds: max(nregs, regs_alloc). */
unsigned program_storage_regs(const struct program *p);

/* Index of the named buffer, or -1. */
int program_find_buffer(const struct program *p, const char *name);

/* The disassembler: the whole workload as source that re-assembles to the
 * same program. Returns a malloc'd string. */
char *disasm_program(const struct program *p);

/* One instruction as text (no label, no newline) into buf. */
void disasm_insn(const struct program *p, const struct isa_insn *in, char *buf, size_t size);

#endif
