/*
 * ptx_int.h - what the PTX front end's parts share: the parsed statements of
 * one .entry (ptx_parse.c), the virtual-register code they are translated to
 * (ptx_select.c) and its register allocation (ptx_regalloc.c). Not used
 * outside isa/ptx*.c.
 */
#ifndef SIMT_PTX_INT_H
#define SIMT_PTX_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "isa.h"
#include "ptx.h"

#define PTX_MAX_OPNDS 8
#define PTX_NAME_MAX 128

/* A PTX register's class: a 32-bit simt register (.b16/.b32/.f32, and the
 * low word of .b64) or a predicate. */
enum vclass { VC_REG, VC_PRED };

struct vreg_info {
	enum vclass cls;
	uint8_t bits;  /* declared width: 16, 32 or 64 (predicates 1) */
	bool is_float; /* declared .f32 */
};

enum opnd_kind {
	PO_REG,     /* %r1 (reg: virtual register), !%p1 for a negated predicate */
	PO_IMM,     /* integer literal (imm) */
	PO_FIMM,    /* 0fXXXXXXXX: binary32 bits in imm */
	PO_DIMM,    /* 0dXXXXXXXXXXXXXXXX: binary64 bits in imm */
	PO_NAME,    /* a symbol or label (name) */
	PO_SPECIAL, /* %tid.x ... (name) */
	PO_ADDR,    /* [reg + imm] or [name + imm]: reg or name, imm the offset */
	PO_VEC,     /* {%f1, %f2, ...}: vec[] virtual registers, -1 for _ */
	PO_SINK,    /* _ */
};

struct opnd {
	enum opnd_kind kind;
	unsigned col;
	int reg;     /* PO_REG, PO_ADDR: virtual register, -1 none */
	int reg2;    /* PO_REG: the predicate after '|' (d|p), -1 none */
	bool neg;    /* PO_REG: !%p */
	int64_t imm; /* PO_IMM, PO_FIMM bits, PO_ADDR offset */
	char name[PTX_NAME_MAX];
	int vec[4];
	unsigned nvec;
};

/* One instruction statement (labels are separate). */
struct stmt {
	char op[64];   /* the mnemonic with its modifiers: ld.global.v4.f32 */
	int guard;     /* virtual predicate, -1 none */
	bool guard_neg;
	struct opnd o[PTX_MAX_OPNDS];
	unsigned no;
	unsigned line, col;   /* of the mnemonic (the guard when there is one) */
	unsigned cu_file, cu_line; /* from the last .loc; cu_line 0 when none */
	unsigned inl_file, inl_line; /* that .loc's inlined_at (the call site), 0 when none */
	char *text;    /* the statement as written (owned) */
	bool nounroll; /* preceded by `.pragma "nounroll";` (it opens a loop not to unroll) */
};

struct plabel {
	char name[PTX_NAME_MAX];
	unsigned stmt; /* index of the statement it precedes */
	unsigned line, col;
};

/* The parsed entry. */
struct pentry {
	const char *path;
	struct stmt *stmts;
	unsigned nstmts, cap_stmts;
	struct plabel *labels;
	unsigned nlabels, cap_labels;
	struct vreg_info *vregs;
	unsigned nvregs, cap_vregs;
	struct ptx_kernel *k; /* params, shared, cuda files, names are filled here */
	struct diag *d;       /* where errors go */
	char **shared_names;  /* the PTX names of k->shared (k's names are short) */
	char **local_names;   /* the entry's .local variables (nvcc's __local_depot) ... */
	uint32_t *local_off;  /* ... and their offsets in a thread's local memory */
	unsigned nlocals, cap_locals;
	unsigned cap_shared, cap_files, cap_globals;
};

/* Parse entry of text into e (k receives the entry's name, parameters, shared
 * arrays and .file names). */
bool ptx_parse(const char *path, const char *text, const char *entry, struct pentry *e,
	       struct diag *d);
void ptx_pentry_free(struct pentry *e);

/* The parameters' argument words (ptx_param.word, k->nwords), and the fields
 * of those passed as bytes, from the entry's ld.param statements
 * (isa/ptx_params.c). */
bool ptx_param_words(struct pentry *e);

/* A simt instruction over virtual registers. vdst/vsrc/vguard are virtual
 * registers or predicates (-1: rz, pt, an immediate or a special register,
 * as isa_insn says). A wide load's destination or store's data is the group
 * vdst/vsrc[..] + the members in vgroup. */
struct vinsn {
	struct isa_insn in;
	int vdst;
	int vsrc[3];
	int vguard;
	int vgroup[4]; /* wide access: the 2 or 4 virtual registers, in order */
	unsigned ngroup;
	uint8_t pairs; /* register pairs (a double; a 64-bit atomic's operands): bit 0, the destination
			* (vdst the low word, vhi[0] the high); bit i + 1, source i (vsrc[i], vhi[i + 1]) */
	int vhi[4];
	int target;    /* bra: index into the entry's labels */
	unsigned stmt; /* the statement it came from */
};

struct vcode {
	struct vinsn *v;
	unsigned n, cap;
	unsigned *label_pc; /* per entry label: its pc */
};

/* The virtual registers an instruction reads and writes. */
struct vuses {
	int r[12];
	unsigned nr;
	int w[4];
	unsigned nw;
	bool partial; /* guarded: its writes keep the old value in skipped lanes */
};
void ptx_uses(const struct vinsn *v, struct vuses *u);
/* Whether v reads / writes virtual register r. */
bool ptx_reads(const struct vinsn *v, int r);
bool ptx_writes(const struct vinsn *v, int r);

/* multi[v]: register v is written by more than one instruction. A guarded
 * write keeps an earlier value in the lanes it skips only when there is an
 * earlier write: a register written once, under a guard, is undefined in
 * those lanes (as in the branch it came from) and its write is a whole one. */
uint8_t *ptx_multi_defs(const struct pentry *e, const struct vcode *c);

/* A store (its group, if any, is read, not written). */
bool ptx_is_store(const struct vinsn *v);

/* Instruction selection: every statement of e into c. */
bool ptx_select(struct pentry *e, struct vcode *c);

/* Peephole rewrites of the selected code, as ptxas makes them: adjacent
 * 32-bit shared loads of one aligned base into .64/.128 loads, short forward
 * branches into guarded instructions, a multiply (or shift) feeding one add
 * into imad; dead code removed before and after. */
void ptx_peephole(struct pentry *e, struct vcode *c);

/* ptxas's unrolling of the counted loops nvcc leaves (a body counting a
 * register down to zero by a constant step): 4 times more, with the steps
 * of induction variables folded (isa/ptx_unroll.c says how and why it is
 * exact). */
void ptx_unroll(struct pentry *e, struct vcode *c);

/* ptxas's scheduling within basic blocks: loads, and the arithmetic
 * computing their addresses, move up as far as their dependences and memory
 * order allow (isa/ptx_sched.c). */
void ptx_schedule(struct pentry *e, struct vcode *c, unsigned target_cc);

/* ptxas's convergence barriers: bssy before the branches that may diverge,
 * bsync where their paths meet (isa/ptx_converge.c says which). */
void ptx_converge(struct pentry *e, struct vcode *c);

/* Remove the instructions marked in drop; a label moves to the next kept one. */
void ptx_compact(struct pentry *e, struct vcode *c, const bool *drop);

/* Remove instructions whose only effect is a register nobody reads. */
void ptx_dce(struct pentry *e, struct vcode *c);

/* Register allocation: rewrite c's virtual registers into r0..r254 and
 * p0..p6 (k->nregs, k->npreds). Vector groups get aligned consecutive
 * registers. */
bool ptx_regalloc(struct pentry *e, struct vcode *c);

/* An error at a statement's line and column (0: the statement's own). */
bool ptx_err(const struct pentry *e, const struct stmt *s, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
