/*
 * simt.h - the divergence model of a warp, behind one small interface so
 * that models slot in side by side: the pre-Volta reconvergence stack
 * (simt_stack.c) and Volta's independent thread scheduling (simt_its.c). A
 * model decides which pc a warp issues next and for which lanes; the SM
 * tells it what each issued instruction did, and which lanes block (at a
 * barrier or warp sync) and are released.
 */
#ifndef SIMT_SIMT_H
#define SIMT_SIMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "report.h"

/* What an issued instruction did, for the model to update itself. */
struct simt_step {
	const struct isa_insn *in;
	uint32_t pc;      /* the instruction's pc */
	uint32_t mask;    /* lanes it issued for */
	uint32_t taken;   /* bra: lanes that branch to in->off */
	uint32_t exited;  /* exit: lanes whose thread finished */
	uint32_t reconv;  /* bra: the reconvergence pc (program ipdom) */
	bool spin;        /* bra: the backward branch of a spin loop (program spin) */
};

/* A group of lanes parked somewhere other than the issuing group, for
 * diagnoses; why is an enum park_why (report.h). */
typedef void (*simt_parked_fn)(void *ctx, uint32_t mask, uint32_t pc, unsigned why);

struct simt_ops {
	const char *name;
	size_t state_size;                       /* bytes of per-warp state */
	const char *const *policies;             /* convergence policies by name, NULL-terminated */
	/* All lanes in mask at pc 0; policy indexes policies (0 if none); code
	 * is the kernel's (read, never changed, alive as long as st). */
	void (*init)(void *st, uint32_t mask, int policy, const struct isa_insn *code);
	/* The next group to issue: false when no lane can run (all exited or
	 * blocked). */
	bool (*next)(const void *st, uint32_t *pc, uint32_t *mask);
	/* true when the issued group yielded to the rest of the warp (ITS: a
	 * spin loop's backward branch with other threads ready) */
	bool (*step)(void *st, const struct simt_step *s);
	/* lanes wait (barrier, warp sync) until released; the stack blocks
	 * the whole warp, ITS only those lanes */
	void (*block)(void *st, uint32_t lanes);
	void (*release)(void *st, uint32_t lanes);
	uint32_t (*live)(const void *st);        /* lanes not exited */
	unsigned (*depth)(const void *st);       /* stack entries, or ITS groups (distinct pcs) */
	void (*parked)(const void *st, simt_parked_fn fn, void *ctx);
	/* A straight run (functional mode): the group next() gave, at pc for
	 * mask, may issue the instructions from pc up to the pc returned
	 * (excluded) with nothing for the model to do at each but move its pc
	 * on by one, as step would for an instruction that is not a branch,
	 * exit, barrier or warp-wide operation; pc itself where it may not. */
	uint32_t (*straight)(const void *st, uint32_t pc, uint32_t mask);
	/* That group ran straight to pc (at most straight's limit): the state
	 * step would have left after each of those instructions. */
	void (*advance)(void *st, uint32_t pc, uint32_t mask);
	/* One instruction of that kind issued by the group next() gave, at pc
	 * for mask: where straight allows it (a limit past pc), advance to
	 * pc + 1 and next's answer (1 or 0, the group in *next_pc and
	 * *next_mask); -1, nothing done, where the model must take step. What
	 * an issue in a timed run does, in one call. */
	int (*move_on)(void *st, uint32_t pc, uint32_t mask, uint32_t *next_pc, uint32_t *next_mask);
};

/* The models, by name ("stack", "its"); NULL when unknown. */
const struct simt_ops *simt_find(const char *name);

/* Index of a convergence policy of ops, or -1. */
int simt_policy_find(const struct simt_ops *ops, const char *name);

extern const struct simt_ops simt_stack_ops, simt_its_ops;

#endif
