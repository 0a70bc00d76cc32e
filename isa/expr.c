/* expr.c - recursive-descent evaluator for constant expressions. */
#include "expr.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

struct ep {
	const struct token *t;
	int pos;
	const struct expr_env *env;
	int depth;
};

static bool err(struct ep *e, const struct token *t, const char *msg)
{
	return diag_error(e->env->d, e->env->file, e->env->line, t->col, e->env->text, "%s", msg);
}

static bool is_p(const struct token *t, int c) { return t->kind == TK_PUNCT && t->punct == c; }

static bool binary(struct ep *e, int level, struct value *out);

static bool is_func(const struct token *t, const char *name)
{
	return t->len == strlen(name) && !memcmp(t->s, name, t->len);
}

static bool primary(struct ep *e, struct value *out)
{
	const struct token *t = &e->t[e->pos];
	if (++e->depth > 64)
		return err(e, t, "expression nests too deeply");
	bool ok = false;
	if (t->kind == TK_INT) {
		if (t->ival > (uint64_t)INT64_MAX)
			return err(e, t, "integer literal is too large");
		*out = (struct value){false, (int64_t)t->ival, 0, false};
		e->pos++;
		ok = true;
	} else if (t->kind == TK_FLOAT) {
		*out = (struct value){true, 0, t->fval, false};
		e->pos++;
		ok = true;
	} else if (is_p(t, '(')) {
		e->pos++;
		if (!binary(e, 0, out))
			return false;
		if (!is_p(&e->t[e->pos], ')'))
			return err(e, &e->t[e->pos], "expected ')' in expression");
		e->pos++;
		ok = true;
	} else if (is_p(t, '-') || is_p(t, '+') || is_p(t, '~') || is_p(t, '!')) {
		e->pos++;
		struct value v;
		if (!primary(e, &v))
			return false;
		if (v.unknown) { /* (its type stays) */
			if (v.is_float && (t->punct == '~' || t->punct == '!'))
				return err(e, t, "operator needs an integer operand, got a float");
		} else if (t->punct == '-') {
			if (v.is_float)
				v.f = -v.f;
			else if (v.i == INT64_MIN)
				return err(e, t, "integer overflow in expression (beyond 64 bits)");
			else
				v.i = -v.i;
		} else if (t->punct == '~' || t->punct == '!') {
			if (v.is_float)
				return err(e, t, "operator needs an integer operand, got a float");
			v.i = t->punct == '~' ? ~v.i : !v.i;
		}
		*out = v;
		ok = true;
	} else if (t->kind == TK_IDENT) {
		bool is_min = t->len == 3 && !memcmp(t->s, "min", 3);
		bool is_max = t->len == 3 && !memcmp(t->s, "max", 3);
		if ((is_min || is_max) && is_p(&e->t[e->pos + 1], '(')) {
			e->pos += 2;
			struct value a, b;
			if (!binary(e, 0, &a))
				return false;
			if (!is_p(&e->t[e->pos], ','))
				return err(e, &e->t[e->pos], "expected ',' between the arguments of min/max");
			e->pos++;
			if (!binary(e, 0, &b))
				return false;
			if (!is_p(&e->t[e->pos], ')'))
				return err(e, &e->t[e->pos], "expected ')' after the arguments of min/max");
			e->pos++;
			bool fl = a.is_float || b.is_float;
			struct value r;
			if (a.unknown || b.unknown) {
				r = (struct value){fl, 0, 0.0, true};
			} else {
				bool less = fl ? value_f(a) < value_f(b) : a.i < b.i;
				r = (less == is_min) ? a : b;
				if (fl && !r.is_float)
					r = (struct value){true, 0, (double)r.i, false};
			}
			*out = r;
			ok = true;
		} else if (is_func(t, "f32bits") && is_p(&e->t[e->pos + 1], '(')) {
			/* the binary32 value whose bits are the integer argument */
			e->pos += 2;
			struct value v;
			const struct token *at = &e->t[e->pos];
			if (!binary(e, 0, &v))
				return false;
			if (!is_p(&e->t[e->pos], ')'))
				return err(e, &e->t[e->pos], "expected ')' after the argument of f32bits");
			e->pos++;
			if (v.is_float)
				return err(e, at, "f32bits takes an integer (the bits), got a float");
			if (!v.unknown && (v.i < 0 || v.i > (int64_t)UINT32_MAX))
				return err(e, at, "f32bits takes 32 bits (0 to 0xffffffff)");
			uint32_t u = (uint32_t)v.i;
			if (!v.unknown && (u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) && !(u & 0x00400000u))
				return err(e, at, "f32bits: a signaling NaN, which an expression cannot hold (a file() fill can)");
			float f;
			memcpy(&f, &u, 4);
			*out = (struct value){true, 0, v.unknown ? 0.0 : (double)f, v.unknown};
			ok = true;
		} else if (is_func(t, "trunc") && is_p(&e->t[e->pos + 1], '(')) {
			/* trunc(x): x's integer part, an integer (C's conversion of a
			 * float to an integer type, PTX's cvt.rzi) */
			e->pos += 2;
			const struct token *at = &e->t[e->pos];
			struct value v;
			if (!binary(e, 0, &v))
				return false;
			if (!is_p(&e->t[e->pos], ')'))
				return err(e, &e->t[e->pos], "expected ')' after the argument of trunc");
			e->pos++;
			if (v.is_float && !v.unknown && !(fabs(v.f) < 9.2e18))
				return err(e, at, "trunc of a value no integer holds (NaN, an infinity or beyond 2^63)");
			*out = (struct value){false, v.is_float ? (v.unknown ? 0 : (int64_t)v.f) : v.i, 0.0, v.unknown};
			ok = true;
		} else if (is_func(t, "f32") || is_func(t, "fmaf")) {
			bool fma = t->len == 4;
			struct value v[3];
			int n = fma ? 3 : 1;
			if (!is_p(&e->t[e->pos + 1], '('))
				return err(e, &e->t[e->pos + 1], "expected '(' after the function name");
			e->pos += 2;
			for (int k = 0; k < n; k++) {
				if (k) {
					if (!is_p(&e->t[e->pos], ','))
						return err(e, &e->t[e->pos], "expected ',' between the arguments");
					e->pos++;
				}
				if (!binary(e, 0, &v[k]))
					return false;
			}
			if (!is_p(&e->t[e->pos], ')'))
				return err(e, &e->t[e->pos], "expected ')' after the arguments");
			e->pos++;
			bool unknown = v[0].unknown || (fma && (v[1].unknown || v[2].unknown));
			float r = unknown ? 0.0f
				: fma ? fmaf((float)value_f(v[0]), (float)value_f(v[1]), (float)value_f(v[2]))
				      : (float)value_f(v[0]);
			*out = (struct value){true, 0, (double)r, unknown};
			ok = true;
		} else if (is_p(&e->t[e->pos + 1], '[')) {
			e->pos += 2;
			struct value ix;
			if (!binary(e, 0, &ix))
				return false;
			if (!is_p(&e->t[e->pos], ']'))
				return err(e, &e->t[e->pos], "expected ']' after the index");
			if (ix.is_float)
				return err(e, &e->t[e->pos], "an index must be an integer");
			e->pos++;
			char why[160] = "buffer elements can only be read in a .check expression";
			if (!e->env->index || !e->env->index(e->env->ctx, t->s, t->len, ix, out, why, sizeof why))
				return err(e, t, why);
			ok = true;
		} else {
			if (!e->env->lookup || !e->env->lookup(e->env->ctx, t->s, t->len, out)) {
				char m[160];
				snprintf(m, sizeof m, "unknown name '%.*s' in expression (not a parameter or symbol)",
					 (int)(t->len > 64 ? 64 : t->len), t->s);
				return err(e, t, m);
			}
			e->pos++;
			ok = true;
		}
	} else if (t->kind == TK_END) {
		return err(e, t, "expected an expression");
	} else {
		char m[160];
		snprintf(m, sizeof m, "expected an expression, found '%.*s'",
			 (int)(t->len > 64 ? 64 : t->len), t->s);
		return err(e, t, m);
	}
	e->depth--;
	return ok;
}

/* binary operator levels, loosest first */
static int level_of(const struct token *t)
{
	if (t->kind != TK_PUNCT)
		return -1;
	switch (t->punct) {
	case '|': return 0;
	case '^': return 1;
	case '&': return 2;
	case P_EQ: case P_NE: return 3;
	case '<': case '>': case P_LE: case P_GE: return 4;
	case P_SHL: case P_SHR: return 5;
	case '+': case '-': return 6;
	case '*': case '/': case '%': return 7;
	default: return -1;
	}
}

static bool apply(struct ep *e, const struct token *op, struct value a, struct value b,
		  struct value *out)
{
	int c = op->punct;
	bool fl = a.is_float || b.is_float;
	if (fl && (c == '|' || c == '^' || c == '&' || c == P_SHL || c == P_SHR || c == '%'))
		return err(e, op, "operator needs integer operands, got a float");
	if (a.unknown || b.unknown) { /* the type alone (a comparison's is an integer),
					* and what a known right operand rules out */
		if (!b.unknown && (c == P_SHL || c == P_SHR) && (b.i < 0 || b.i > 63))
			return err(e, op, "shift count out of range 0..63");
		if (!b.unknown && !fl && (c == '/' || c == '%') && b.i == 0)
			return err(e, op, "division by zero in expression");
		bool cmp = c == P_EQ || c == P_NE || c == '<' || c == '>' || c == P_LE || c == P_GE;
		*out = (struct value){fl && !cmp, 0, 0.0, true};
		return true;
	}
	if (fl) {
		double x = value_f(a), y = value_f(b), r = 0;
		bool cmp = true;
		switch (c) {
		case P_EQ: r = x == y; break;
		case P_NE: r = x != y; break;
		case '<': r = x < y; break;
		case '>': r = x > y; break;
		case P_LE: r = x <= y; break;
		case P_GE: r = x >= y; break;
		default:
			cmp = false;
			if (c == '+') r = x + y;
			else if (c == '-') r = x - y;
			else if (c == '*') r = x * y;
			else r = x / y;
		}
		*out = cmp ? (struct value){false, (int64_t)r, 0, false} : (struct value){true, 0, r, false};
		return true;
	}
	uint64_t x = (uint64_t)a.i, y = (uint64_t)b.i;
	int64_t r;
	switch (c) {
	case '|': r = (int64_t)(x | y); break;
	case '^': r = (int64_t)(x ^ y); break;
	case '&': r = (int64_t)(x & y); break;
	case P_EQ: r = a.i == b.i; break;
	case P_NE: r = a.i != b.i; break;
	case '<': r = a.i < b.i; break;
	case '>': r = a.i > b.i; break;
	case P_LE: r = a.i <= b.i; break;
	case P_GE: r = a.i >= b.i; break;
	case P_SHL:
	case P_SHR:
		if (b.i < 0 || b.i > 63)
			return err(e, op, "shift count out of range 0..63");
		if (c == P_SHL) {
			r = (int64_t)(x << b.i);
			if (r >> b.i != a.i) /* bits (or the sign) shifted out */
				return err(e, op, "integer overflow in expression (beyond 64 bits)");
		} else {
			r = a.i >> b.i;
		}
		break;
	case '+':
	case '-':
	case '*':
		if (c == '+' ? __builtin_add_overflow(a.i, b.i, &r)
			     : c == '-' ? __builtin_sub_overflow(a.i, b.i, &r) : __builtin_mul_overflow(a.i, b.i, &r))
			return err(e, op, "integer overflow in expression (beyond 64 bits)");
		break;
	default: /* / and % truncate toward zero, as C does */
		if (b.i == 0)
			return err(e, op, "division by zero in expression");
		if (a.i == INT64_MIN && b.i == -1)
			return err(e, op, "integer overflow in expression");
		r = c == '/' ? a.i / b.i : a.i % b.i;
	}
	*out = (struct value){false, r, 0, false};
	return true;
}

static bool binary(struct ep *e, int level, struct value *out)
{
	if (level > 7)
		return primary(e, out);
	struct value a;
	if (!binary(e, level + 1, &a))
		return false;
	while (level_of(&e->t[e->pos]) == level) {
		const struct token *op = &e->t[e->pos++];
		struct value b;
		if (!binary(e, level + 1, &b))
			return false;
		if (!apply(e, op, a, b, &a))
			return false;
	}
	*out = a;
	return true;
}

bool expr_eval(const struct token *toks, int *pos, const struct expr_env *env, struct value *out)
{
	struct ep e = {toks, *pos, env, 0};
	if (!binary(&e, 0, out))
		return false;
	*pos = e.pos;
	return true;
}
