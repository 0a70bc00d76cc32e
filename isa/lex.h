/* lex.h - tokens of one source line of a workload (.s) file. */
#ifndef SIMT_LEX_H
#define SIMT_LEX_H

#include <stdint.h>

#include "diag.h"

enum tok_kind {
	TK_END,     /* end of line (or start of a comment) */
	TK_IDENT,   /* name, may contain dots after the first char: isetp.lt.s32 */
	TK_DIRECT,  /* .name */
	TK_SPECIAL, /* %name */
	TK_INT,     /* decimal or 0x hex integer */
	TK_FLOAT,   /* literal with '.' or exponent */
	TK_STRING,  /* "..." (no escapes) */
	TK_PUNCT,   /* one of , [ ] ( ) { } + - * / % ~ ! @ : = & | ^ < > and << >> <= >= == != */
};

struct token {
	enum tok_kind kind;
	unsigned col; /* 1-based */
	unsigned len;
	const char *s; /* points into the line */
	int punct;     /* TK_PUNCT: the char, or one of the two-char codes below */
	uint64_t ival; /* TK_INT */
	double fval;   /* TK_FLOAT */
};

enum { P_SHL = 256, P_SHR, P_LE, P_GE, P_EQ, P_NE };

/* Tokenise a line. Returns the number of tokens (the last is TK_END), or -1
 * with an error in d when a character or literal is malformed. */
int lex_line(const char *line, struct token *toks, int max, const char *file,
	     unsigned lineno, struct diag *d);

#endif
