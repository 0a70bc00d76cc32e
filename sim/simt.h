/*
 * simt.h - the divergence model of a warp, behind one small interface so
 * that a second model (Volta independent thread scheduling) slots in beside
 * the reconvergence stack. A model decides which pc a warp issues next and
 * for which lanes; the SM tells it what each issued instruction did.
 */
#ifndef SIMT_SIMT_H
#define SIMT_SIMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* What an issued instruction did, for the model to update itself. */
struct simt_step {
	const struct isa_insn *in;
	uint32_t pc;      /* the instruction's pc */
	uint32_t mask;    /* lanes it issued for */
	uint32_t taken;   /* bra: lanes that branch to in->off */
	uint32_t exited;  /* exit: lanes whose thread finished */
	uint32_t reconv;  /* bra: the reconvergence pc (program ipdom) */
};

/* A group of lanes parked somewhere other than the issuing group, for
 * diagnoses ("threads 1,3,... are masked off in the reconvergence stack,
 * waiting at pc 9"). */
typedef void (*simt_parked_fn)(void *ctx, uint32_t mask, uint32_t pc, const char *why);

struct simt_ops {
	const char *name;
	size_t state_size;                       /* bytes of per-warp state */
	void (*init)(void *st, uint32_t mask);   /* all lanes in mask at pc 0 */
	/* The next group: false when no lane is left to run. */
	bool (*next)(const void *st, uint32_t *pc, uint32_t *mask);
	void (*step)(void *st, const struct simt_step *s);
	unsigned (*depth)(const void *st);       /* entries (stack) or groups (its) */
	void (*parked)(const void *st, simt_parked_fn fn, void *ctx);
};

/* The models, by name ("stack"); NULL when unknown. */
const struct simt_ops *simt_find(const char *name);

extern const struct simt_ops simt_stack_ops;

#endif
