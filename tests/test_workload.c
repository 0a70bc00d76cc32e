/* test_workload.c - the deterministic-input contract, buffer fills and the
 * host checks. The random(SEED) golden values below were computed by an
 * independent implementation of the contract (Python, from the formula in
 * ARCHITECTURE.md), not by the simulator. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "workload.h"

static uint32_t fb(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

START_TEST(random_contract_golden)
{
	static const struct { uint32_t seed, i, bits, f32; } g[] = {
		{1, 0, 0x01fce552u, 0xbf7c0636u},     {1, 1, 0xa4f7896cu, 0x3e93de24u},
		{1, 12345, 0x6f6344e1u, 0xbe04e5e0u}, {2, 0, 0x04f8d29eu, 0xbf760e5cu},
		{2, 7, 0x0bc7956fu, 0xbf6870d6u},     {0, 0, 0x00000000u, 0xbf800000u},
		{42, 1000000, 0xa370f2b2u, 0x3e8dc3c8u},
	};
	for (size_t k = 0; k < sizeof g / sizeof g[0]; k++) {
		ck_assert_uint_eq(wl_random_bits(g[k].seed, g[k].i), g[k].bits);
		ck_assert_uint_eq(fb(wl_random_f32(g[k].seed, g[k].i)), g[k].f32);
	}
}
END_TEST

static const char *check_text(const char *text, void (*mutate)(struct gmem *), int *fails)
{
	static char out[4096];
	struct program *p = must_assemble(text);
	struct gmem g, init;
	gmem_init(&g);
	gmem_init(&init);
	uint32_t args[8];
	struct diag d = {0};
	ck_assert(wl_setup(p, &g, args, &d));
	ck_assert(wl_setup(p, &init, args, &d));
	if (mutate)
		mutate(&g);
	FILE *f = fmemopen(out, sizeof out, "w");
	*fails = wl_check(p, &init, NULL, &g, f, &d);
	fclose(f);
	gmem_free(&g);
	gmem_free(&init);
	program_free(p);
	return out;
}

/* C = A x B computed on the host into C, then one bit flipped */
static uint32_t flip_index;
static void host_matmul(struct gmem *g)
{
	const float *A = (const float *)g->bufs[0].data, *B = (const float *)g->bufs[1].data;
	float *C = (float *)g->bufs[2].data;
	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 5; c++) {
			float acc = 0;
			for (int i = 0; i < 4; i++)
				acc = fmaf(A[r * 4 + i], B[i * 5 + c], acc);
			C[r * 5 + c] = acc;
		}
}
static void host_matmul_flipped(struct gmem *g)
{
	host_matmul(g);
	g->bufs[2].data[4 * flip_index] ^= 1; /* the last bit of one element */
}

START_TEST(matmul_check_is_bit_exact)
{
	const char *text = ".grid 1\n.block 32\n.buffer A f32 12 random(1)\n.buffer B f32 20 random(2)\n"
			   ".buffer C f32 15 zero\n.check C matmul(A, B, 3, 4, 5)\n    exit\n";
	int fails;
	const char *out = check_text(text, host_matmul, &fails);
	ck_assert_int_eq(fails, 0);
	ck_assert_str_eq(out, "check C matmul(A, B, 3, 4, 5): pass (15 elements bit-exact)\n");
	flip_index = 7;
	out = check_text(text, host_matmul_flipped, &fails);
	ck_assert_int_eq(fails, 1);
	ck_assert_msg(strstr(out, "FAIL: 1 of 15 elements differ; first C[7]"), "%s", out);
	out = check_text(text, NULL, &fails); /* C left at zero */
	ck_assert_int_eq(fails, 1);
}
END_TEST

START_TEST(fills_and_value_checks)
{
	int fails;
	const char *out = check_text(
		".param N 6\n.grid 1\n.block 32\n"
		".buffer a s32 N iota\n.buffer b f32 N value(2.5)\n.buffer c u32 3 {7, 8, 0xffffffff}\n"
		".check a expr(i)\n.check b expr(5 / 2.0)\n.check c {7, 8, 4294967295}\n"
		".check a expr(i * 2)\n    exit\n",
		NULL, &fails);
	ck_assert_int_eq(fails, 1); /* only the last check is wrong */
	ck_assert_msg(strstr(out, "check a expr(i): pass (6 elements bit-exact)"), "%s", out);
	ck_assert_msg(strstr(out, "check b expr(5 / 2.0): pass"), "%s", out);
	ck_assert_msg(strstr(out, "check c list of 3 values: pass"), "%s", out);
	ck_assert_msg(strstr(out, "check a expr(i * 2): FAIL: 5 of 6 elements differ; first a[1] = 1, expected 2"), "%s", out);
}
END_TEST

/* A check reads the names the assembler knew where it stands (.rept
 * indices, SM) after the run too; an element's value is unknown until
 * then, so what it divides by is judged then; and an error then names the
 * check's own file, line and column. */
START_TEST(check_names_and_element_values)
{
	int fails;
	const char *out = check_text(
		".grid 1\n.block 32\n.buffer a u32 6 iota\n.buffer d u32 6 value(4)\n"
		".rept k, 2\n.check a expr(i + k - k)\n.endr\n"
		".check a expr(i + SM - SM)\n.check a expr(i * (16 / d[i]) / 4)\n    exit\n",
		NULL, &fails);
	ck_assert_msg(fails == 0, "%s", out);
	ck_assert_msg(strstr(out, "check a expr(i + k - k): pass (6 elements bit-exact)"), "%s", out);
	ck_assert_msg(strstr(out, "check a expr(i * (16 / d[i]) / 4): pass"), "%s", out);

	/* a known divisor of 0, or shift count, is still refused at assembly */
	struct diag d = {0};
	ck_assert(!asm_from_string("t.s", ".grid 1\n.block 32\n.buffer a u32 6 iota\n.check a expr(a[i] / 0)\n    exit\n",
				   NULL, 0, &d));
	ck_assert_msg(strstr(d.msg, "division by zero") && d.line == 4 && d.col == 20, "%u:%u %s", d.line, d.col, d.msg);

	/* 1 / z[i] with z all zero: found at check time, at its column */
	struct program *p = must_assemble(".grid 1\n.block 32\n.buffer a u32 6 iota\n.buffer z u32 6 zero\n"
					  ".check a expr(i + 1 / z[i])\n    exit\n");
	struct gmem g;
	gmem_init(&g);
	uint32_t args[1];
	memset(&d, 0, sizeof d);
	ck_assert(wl_setup(p, &g, args, &d));
	FILE *f = fmemopen(NULL, 4096, "w");
	ck_assert_int_eq(wl_check(p, &g, NULL, &g, f, &d), -1);
	fclose(f);
	ck_assert_msg(strstr(d.msg, "division by zero"), "%s", d.msg);
	ck_assert_uint_eq(d.line, 5);
	ck_assert_uint_eq(d.col, 21); /* the '/' in ".check a expr(i + 1 / z[i])" */
	ck_assert_str_eq(d.text, ".check a expr(i + 1 / z[i])");
	gmem_free(&g);
	program_free(p);

	/* a value no element holds, known only from an element: at check time,
	 * at the expression's column */
	p = must_assemble(".grid 1\n.block 32\n.buffer a u32 6 iota\n.buffer d u32 6 value(4)\n"
			  ".check a expr(d[i] * 1e30)\n    exit\n");
	gmem_init(&g);
	memset(&d, 0, sizeof d);
	ck_assert(wl_setup(p, &g, args, &d));
	f = fmemopen(NULL, 4096, "w");
	ck_assert_int_eq(wl_check(p, &g, NULL, &g, f, &d), -1);
	fclose(f);
	ck_assert_msg(strstr(d.msg, "which no 32-bit element holds") && d.line == 5 && d.col == 15, "%u:%u %s", d.line,
		      d.col, d.msg);
	gmem_free(&g);
	program_free(p);
}
END_TEST

/* A fill that fails names the file that declared the buffer (an include),
 * not the workload. */
START_TEST(fill_error_names_the_included_file)
{
	char dir[] = "/tmp/simt-inc-XXXXXX";
	ck_assert(mkdtemp(dir));
	char inc[64], main_s[64];
	snprintf(inc, sizeof inc, "%s/bufs.inc", dir);
	snprintf(main_s, sizeof main_s, "%s/main.s", dir);
	FILE *f = fopen(inc, "w");
	fputs("; one\n; two\n.buffer b u32 4 file(\"missing.bin\")\n", f);
	fclose(f);
	f = fopen(main_s, "w");
	fputs(".grid 1\n.block 32\n.include \"bufs.inc\"\n    exit\n", f);
	fclose(f);
	struct diag d = {0};
	struct program *p = asm_load(main_s, NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	struct gmem g;
	gmem_init(&g);
	uint32_t args[1];
	ck_assert(!wl_setup(p, &g, args, &d));
	ck_assert_msg(strstr(d.file, "bufs.inc") && d.line == 3, "%s:%u %s", d.file, d.line, d.msg);
	gmem_free(&g);
	program_free(p);
	unlink(inc);
	unlink(main_s);
	rmdir(dir);
}
END_TEST

START_TEST(file_fill_and_check)
{
	char path[] = "/tmp/simt-test-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	uint32_t words[4] = {fb(1.0f), fb(-2.0f), fb(0.5f), 42};
	ck_assert_int_eq(write(fd, words, sizeof words), (int)sizeof words);
	close(fd);
	char text[512];
	snprintf(text, sizeof text,
		 ".grid 1\n.block 32\n.buffer a f32 4 file(\"%s\")\n.check a file(\"%s\")\n"
		 ".check a {1.0, -2.0, 0.5, 5.9e-44}\n    exit\n", path, path);
	int fails;
	const char *out = check_text(text, NULL, &fails);
	ck_assert_msg(fails == 0, "%s", out);
	/* a file of the wrong size is an error, not a silent partial fill */
	snprintf(text, sizeof text, ".grid 1\n.block 32\n.buffer a f32 5 file(\"%s\")\n    exit\n", path);
	struct program *p = must_assemble(text);
	struct gmem g;
	gmem_init(&g);
	uint32_t args[1];
	struct diag d = {0};
	ck_assert(!wl_setup(p, &g, args, &d));
	ck_assert_msg(strstr(d.msg, "has 16 bytes, the buffer needs 20"), "%s", d.msg);
	gmem_free(&g);
	program_free(p);
	unlink(path);
}
END_TEST

Suite *workload_suite(void)
{
	Suite *s = suite_create("workload");
	TCase *t = tcase_create("workload");
	tcase_add_test(t, random_contract_golden);
	tcase_add_test(t, matmul_check_is_bit_exact);
	tcase_add_test(t, fills_and_value_checks);
	tcase_add_test(t, file_fill_and_check);
	tcase_add_test(t, check_names_and_element_values);
	tcase_add_test(t, fill_error_names_the_included_file);
	suite_add_tcase(s, t);
	return s;
}
