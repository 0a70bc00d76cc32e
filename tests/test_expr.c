/* test_expr.c - constant expressions: C precedence and truncation, floats,
 * and errors with their columns. Expected values are C's own rules. */
#include <math.h>
#include <string.h>

#include "common.h"
#include "expr.h"

static bool lookup(void *ctx, const char *s, unsigned len, struct value *out)
{
	(void)ctx;
	if (len == 4 && !memcmp(s, "TILE", 4)) {
		*out = (struct value){false, 16, 0, false};
		return true;
	}
	return false;
}

static struct value ev(const char *text, struct diag *d)
{
	struct token t[64];
	struct value v = {false, -999, 0, false};
	memset(d, 0, sizeof *d);
	if (lex_line(text, t, 64, "e", 1, d) < 0)
		return v;
	int pos = 0;
	struct expr_env env = {lookup, NULL, NULL, "e", 1, text, d};
	if (expr_eval(t, &pos, &env, &v) && t[pos].kind != TK_END)
		diag_error(d, "e", 1, t[pos].col, text, "trailing");
	return v;
}

static int64_t iv(const char *text)
{
	struct diag d;
	struct value v = ev(text, &d);
	ck_assert_msg(!d.set, "'%s': %s", text, d.msg);
	ck_assert_msg(!v.is_float, "'%s' should be an integer", text);
	return v.i;
}

START_TEST(integer_rules)
{
	ck_assert_int_eq(iv("2+3*4"), 14);
	ck_assert_int_eq(iv("(2+3)*4"), 20);
	ck_assert_int_eq(iv("1<<4|1"), 17);
	ck_assert_int_eq(iv("7/2"), 3);
	ck_assert_int_eq(iv("-7/2"), -3); /* truncation toward zero */
	ck_assert_int_eq(iv("-7%2"), -1);
	ck_assert_int_eq(iv("(100-1)/TILE+1"), 7);
	ck_assert_int_eq(iv("TILE*TILE*4"), 1024);
	ck_assert_int_eq(iv("0x10 + 010"), 26); /* 010 is decimal ten, not octal */
	ck_assert_int_eq(iv("~0 & 0xff"), 255);
	ck_assert_int_eq(iv("3 < 4 == 1"), 1);
	ck_assert_int_eq(iv("min(3, TILE) + max(-2, -5)"), 1);
	ck_assert_int_eq(iv("6 ^ 3"), 5);
	ck_assert_int_eq(iv("!0 + !5"), 1);
}
END_TEST

START_TEST(float_rules)
{
	struct diag d;
	struct value v = ev("1 + 0.5", &d);
	ck_assert(!d.set && v.is_float);
	ck_assert(v.f == 1.5);
	v = ev("-2.5e1 / 2", &d);
	ck_assert(!d.set && v.is_float && v.f == -12.5);
	v = ev("max(1, 0.5)", &d);
	ck_assert(!d.set && v.is_float && v.f == 1.0);
}
END_TEST

START_TEST(errors)
{
	struct diag d;
	ev("4/0", &d);
	ck_assert(d.set);
	ck_assert_str_eq(d.msg, "division by zero in expression");
	ck_assert_uint_eq(d.col, 2);
	ev("1.5 & 1", &d);
	ck_assert_str_eq(d.msg, "operator needs integer operands, got a float");
	ev("2 + FOO", &d);
	ck_assert_str_eq(d.msg, "unknown name 'FOO' in expression (not a parameter or symbol)");
	ck_assert_uint_eq(d.col, 5);
	ev("1 << 64", &d);
	ck_assert_str_eq(d.msg, "shift count out of range 0..63");
	ev("(1 + 2", &d);
	ck_assert_str_eq(d.msg, "expected ')' in expression");
	ev("3 *", &d);
	ck_assert_str_eq(d.msg, "expected an expression");
	ev("min(1 2)", &d);
	ck_assert_str_eq(d.msg, "expected ',' between the arguments of min/max");
	/* deep nesting is refused, not a stack overflow */
	char deep[700];
	memset(deep, '(', 600);
	strcpy(deep + 600, "1");
	ev(deep, &d);
	ck_assert(d.set);
}
END_TEST

/* f32() and fmaf() round as C's float arithmetic does (the reference is
 * the C library's own fmaf and float conversion); indexing needs a context
 * that can read buffers. */
/* 64-bit overflow is an error, never a wrapped value */
START_TEST(overflow_is_an_error)
{
	static const char *const bad[] = {"4611686018427387905*64", "9223372036854775807+1", "-9223372036854775807-2",
					  "1<<63", "3<<62", "-(-9223372036854775807-1)", "0-9223372036854775807-2"};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct diag d;
		ev(bad[i], &d);
		ck_assert_msg(d.set && strstr(d.msg, "integer overflow in expression"), "%s: %s", bad[i], d.msg);
	}
	ck_assert_int_eq(iv("9223372036854775807"), INT64_MAX);
	ck_assert_int_eq(iv("-9223372036854775807-1"), INT64_MIN);
	ck_assert_int_eq(iv("1<<62"), (int64_t)1 << 62);
	ck_assert_int_eq(iv("-1<<3"), -8);
}
END_TEST

START_TEST(single_precision_functions)
{
	struct diag d;
	struct value v = ev("f32(0.1)", &d);
	ck_assert_msg(!d.set && v.is_float, "%s", d.msg);
	ck_assert(v.f == (double)0.1f && v.f != 0.1);
	v = ev("fmaf(0.1, 10, -1)", &d);
	ck_assert_msg(!d.set && v.is_float, "%s", d.msg);
	ck_assert(v.f == (double)fmaf(0.1f, 10.0f, -1.0f));
	/* one rounding: 0.1f * 10 is 1 + 2^-26 exactly, lost when the product is rounded first */
	ck_assert(v.f == 0x1p-26);
	ev("fmaf(1, 2)", &d);
	ck_assert_msg(d.set && strstr(d.msg, "expected ','"), "%s", d.msg);
	ev("A[0]", &d);
	ck_assert_msg(d.set && strstr(d.msg, "buffer elements can only be read in a .check expression"), "%s", d.msg);
}
END_TEST

/* trunc: a float's integer part toward zero, as C converts a float to an
 * integer type; an integer as it is; NaN and infinities refused */
START_TEST(trunc_toward_zero)
{
	ck_assert_int_eq(iv("trunc(2.99)"), 2);
	ck_assert_int_eq(iv("trunc(-2.99)"), -2);
	ck_assert_int_eq(iv("trunc(7)"), 7);
	ck_assert_int_eq(iv("trunc(252.45) << 8"), 252 << 8);
	ck_assert_int_eq(iv("trunc(-0.5)"), 0);
	ck_assert_int_eq(iv("trunc(1e18)"), 1000000000000000000ll);
	struct diag d;
	ev("trunc(1e999)", &d);
	ck_assert_msg(d.set && strstr(d.msg, "trunc of a value no integer holds"), "%s", d.msg);
	ev("trunc(1.5", &d);
	ck_assert_msg(d.set && strstr(d.msg, "expected ')' after the argument of trunc"), "%s", d.msg);
}
END_TEST

Suite *expr_suite(void)
{
	Suite *s = suite_create("expr");
	TCase *t = tcase_create("expr");
	tcase_add_test(t, integer_rules);
	tcase_add_test(t, float_rules);
	tcase_add_test(t, errors);
	tcase_add_test(t, single_precision_functions);
	tcase_add_test(t, overflow_is_an_error);
	tcase_add_test(t, trunc_toward_zero);
	suite_add_tcase(s, t);
	return s;
}
