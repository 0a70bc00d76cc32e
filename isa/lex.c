/* lex.c - tokeniser. Comments start with ';' or '//'. */
#include "lex.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int is_ident_char(int c) { return isalnum(c) || c == '_'; }

int lex_line(const char *line, struct token *toks, int max, const char *file,
	     unsigned lineno, struct diag *d)
{
	int n = 0;
	const char *p = line;
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (n >= max - 1)
			return diag_error(d, file, lineno, (unsigned)(p - line) + 1, line,
					  "line has too many tokens (at most %d)", max - 1),
			       -1;
		struct token *t = &toks[n];
		memset(t, 0, sizeof *t);
		t->col = (unsigned)(p - line) + 1;
		t->s = p;
		if (!*p || *p == ';' || (p[0] == '/' && p[1] == '/')) {
			t->kind = TK_END;
			return n + 1;
		}
		const char *start = p;
		unsigned char c = (unsigned char)*p;
		if (isalpha(c) || c == '_' || ((c == '.' || c == '%') && (isalpha((unsigned char)p[1]) || p[1] == '_'))) {
			t->kind = c == '.' ? TK_DIRECT : c == '%' ? TK_SPECIAL : TK_IDENT;
			p++;
			for (;;) {
				while (is_ident_char((unsigned char)*p))
					p++;
				if (*p == '.' && is_ident_char((unsigned char)p[1]) && t->kind != TK_DIRECT)
					p++;
				else
					break;
			}
		} else if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1]))) {
			if (c == '0' && (p[1] == 'x' || p[1] == 'X')) {
				p += 2;
				const char *h = p;
				while (isxdigit((unsigned char)*p))
					p++;
				if (p == h)
					return diag_error(d, file, lineno, t->col, line,
							  "expected hex digits after '0x'"), -1;
				errno = 0;
				t->ival = strtoull(h, NULL, 16);
				if (errno || p - h > 16)
					return diag_error(d, file, lineno, t->col, line,
							  "integer literal is too large"), -1;
				t->kind = TK_INT;
			} else {
				const char *q = p;
				while (isdigit((unsigned char)*q))
					q++;
				if (*q == '.' || *q == 'e' || *q == 'E') {
					char *end;
					t->fval = strtod(p, &end);
					p = end;
					t->kind = TK_FLOAT;
				} else {
					errno = 0;
					t->ival = strtoull(p, NULL, 10);
					if (errno)
						return diag_error(d, file, lineno, t->col, line,
								  "integer literal is too large"), -1;
					p = q;
					t->kind = TK_INT;
				}
			}
			if (is_ident_char((unsigned char)*p) || *p == '.')
				return diag_error(d, file, lineno, t->col, line,
						  "malformed number '%.*s'",
						  (int)(strcspn(start, " \t,;])")), start), -1;
		} else if (c == '"') {
			p++;
			while (*p && *p != '"')
				p++;
			if (*p != '"')
				return diag_error(d, file, lineno, t->col, line,
						  "unterminated string: expected '\"'"), -1;
			p++;
			t->kind = TK_STRING;
		} else {
			static const char two[][3] = {"<<", ">>", "<=", ">=", "==", "!="};
			t->kind = TK_PUNCT;
			for (int i = 0; i < 6; i++)
				if (p[0] == two[i][0] && p[1] == two[i][1]) {
					t->punct = P_SHL + i;
					p += 2;
					break;
				}
			if (!t->punct) {
				if (!strchr(",[](){}+-*/%~!@:=&|^<>", c) || !c)
					return (isprint(c) ? diag_error(d, file, lineno, t->col, line, "unexpected character '%c'", c)
							   : diag_error(d, file, lineno, t->col, line,
									"unexpected byte 0x%02x (not a printable ASCII character)",
									(unsigned)(unsigned char)c)), -1;
				t->punct = c;
				p++;
			}
		}
		t->len = (unsigned)(p - start);
		n++;
	}
}
