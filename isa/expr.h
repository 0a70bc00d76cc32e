/* expr.h - constant expressions over workload parameters.
 *
 * C precedence and operators: unary - + ~ !, * / %, + -, << >>, < <= > >=,
 * == !=, &, ^, |, parentheses, min(a,b), max(a,b), f32(x) (x rounded to
 * single precision), fmaf(a,b,c) (C's fmaf of the three rounded to single
 * precision) and f32bits(n) (the binary32 value whose bits are n: any but a
 * signaling NaN). Values are 64-bit integers or doubles (a float literal makes
 * the result float); bitwise and shift operators need integers. Names, and
 * NAME[index] where the context allows it, are resolved through callbacks. */
#ifndef SIMT_EXPR_H
#define SIMT_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "lex.h"

struct value {
	bool is_float;
	int64_t i;
	double f;
	/* the value is not known yet, only its type: a buffer element when a
	 * .check is assembled (read at check time). Arithmetic on it gives an
	 * unknown value and skips the checks that need the value (division by
	 * zero, overflow, shift count, an index's range); type errors stand. */
	bool unknown;
};

struct expr_env {
	/* Resolve a name; return false if it is unknown. */
	bool (*lookup)(void *ctx, const char *name, unsigned len, struct value *out);
	/* Resolve NAME[idx] (a buffer element; idx an integer, perhaps unknown),
	 * or NULL where elements cannot be read; on failure it writes why (at
	 * most n bytes) and returns false. */
	bool (*index)(void *ctx, const char *name, unsigned len, struct value idx, struct value *out, char *why,
		      size_t n);
	void *ctx;
	const char *file; /* for diagnostics */
	unsigned line;
	const char *text;
	struct diag *d;
};

/* Parse and evaluate the expression starting at toks[*pos]; on success *pos
 * is the first token after it. On error, fills env->d and returns false. */
bool expr_eval(const struct token *toks, int *pos, const struct expr_env *env,
	       struct value *out) __attribute__((warn_unused_result));

static inline double value_f(struct value v) { return v.is_float ? v.f : (double)v.i; }

#endif
