/* test_asm.c - the assembler: malformed fixtures against their exact
 * messages, labels and expressions, -D overrides, includes, and the
 * disassembler round trip on every workload. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "util.h"

static bool asm_refuses(const char *name, struct diag *d)
{
	struct program *p = asm_load(name, NULL, 0, d);
	program_free(p);
	return !p;
}

/* tests/bad/NAME.s must fail with exactly tests/bad/NAME.err. */
START_TEST(malformed_fixtures)
{
	ck_assert_int_ge(check_error_fixtures("tests/bad", ".s", asm_refuses), 20);
}
END_TEST

START_TEST(labels_and_symbols)
{
	struct program *p = must_assemble(
		".param T 16\n"
		".shared a T*T*4\n"
		".shared b 4\n"
		".grid (100-1)/T+1, 2\n"
		".block T, T\n"
		"        bra fwd           ; forward reference\n"
		"back:   lds r1, [r2+b]\n"
		"fwd:    @!p0 bra back\n"
		"        ldg.128 r8, [r2-4]\n"
		"        exit\n");
	ck_assert_uint_eq(p->ncode, 5);
	ck_assert_int_eq(p->code[0].op, OP_BRA);
	ck_assert_int_eq(p->code[0].off, 2);
	ck_assert_int_eq(p->code[2].off, 1);
	ck_assert_int_eq(p->code[2].guard, 0);
	ck_assert_int_eq(p->code[2].guard_neg, 1);
	ck_assert_int_eq(p->code[1].off, 1024); /* b follows a (1024 bytes) */
	ck_assert_int_eq(p->code[3].off, -4);
	ck_assert_uint_eq(p->shared_bytes, 1028);
	ck_assert_uint_eq(p->grid[0], 7);
	ck_assert_uint_eq(p->grid[1], 2);
	ck_assert_uint_eq(p->block[0] * p->block[1], 256);
	ck_assert_uint_eq(p->nregs, 12); /* ldg.128 r8 writes r8..r11 */
	ck_assert_uint_eq(p->loc[1].line, 7);
	program_free(p);
}
END_TEST

START_TEST(overrides)
{
	const char *text = ".param M 4\n.param N M*2\n.grid 1\n.block 32\n.buffer A f32 M*N zero\n    exit\n";
	struct param_override ov[] = {{"M", "10"}};
	struct diag d = {0};
	struct program *p = asm_from_string("t.s", text, ov, 1, &d);
	ck_assert(p);
	ck_assert_uint_eq(p->buffers[0].count, 200); /* N follows the overridden M */
	program_free(p);
	struct param_override bad[] = {{"Q", "3"}};
	memset(&d, 0, sizeof d);
	ck_assert(!asm_from_string("t.s", text, bad, 1, &d));
	ck_assert_str_eq(d.msg, "-D Q: the workload has no parameter 'Q' (its parameters: M, N)");
	struct param_override junk[] = {{"M", "4x"}};
	memset(&d, 0, sizeof d);
	ck_assert(!asm_from_string("t.s", text, junk, 1, &d));
	ck_assert_str_eq(d.msg, "-D M=4x: expected a number: malformed number '4x'");
}
END_TEST

/* .if/.else/.endif keep one branch; SM is the target's compute capability
 * (asm_hooks.target_cc; 0 unknown), so one file holds each target's code. */
START_TEST(conditions_by_target)
{
	const char *text = ".param X 2\n.grid 1\n.block 1\n"
			   ".if SM >= 20\n.regs 32\nmov r1, 7\n.else\n.regs 10\nmov r1, 3\n.endif\n"
			   ".if X == 2\n.if 0\nmov r2, 9\n.else\nmov r2, 8\n.endif\n.endif\nexit\n";
	char path[] = "/tmp/simt-if-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	static const unsigned targets[] = {0, 10, 90}, regs[] = {10, 10, 32}, r1[] = {3, 3, 7};
	for (int k = 0; k < 3; k++) {
		struct asm_hooks h = {NULL, NULL, targets[k]};
		struct diag d = {0};
		struct program *p = asm_load_hooked(path, NULL, 0, &h, &d);
		ck_assert_msg(p, "%s", d.msg);
		ck_assert_uint_eq(p->nregs, regs[k]);
		ck_assert_uint_eq(p->ncode, 3); /* mov r1, mov r2 8, exit */
		ck_assert_uint_eq(p->code[0].imm, r1[k]);
		ck_assert_uint_eq(p->code[1].imm, 8);
		program_free(p);
	}
	unlink(path);
}
END_TEST

START_TEST(include_locations)
{
	struct diag d = {0};
	struct program *p = asm_load(src_path("workloads/tiled_mm.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	ck_assert_uint_eq(p->nfiles, 2);
	ck_assert(strstr(p->files[p->loc[0].file], "include/tiled_mm.inc"));
	ck_assert_str_eq(p->src_text[0], "ldc     r0, m"); /* no target: nvcc's sm_80 and later shape */
	ck_assert_uint_eq(p->nargs, 6);
	ck_assert_int_eq(p->args[0].buffer, 0);
	ck_assert_int_eq(p->args[3].buffer, -1);
	ck_assert_uint_eq(p->args[3].value, 64);
	program_free(p);
}
END_TEST

static void same_program(const struct program *a, const struct program *b, const char *name)
{
	ck_assert_msg(a->ncode == b->ncode, "%s: instruction count", name);
	for (uint32_t i = 0; i < a->ncode; i++) {
		struct isa_word x = isa_encode(&a->code[i]), y = isa_encode(&b->code[i]);
		ck_assert_msg(x.lo == y.lo && x.hi == y.hi, "%s: instruction %u differs", name, i);
		ck_assert_msg(a->ipdom[i] == b->ipdom[i], "%s: ipdom %u differs", name, i);
	}
	ck_assert_uint_eq(a->nregs, b->nregs);
	ck_assert(!memcmp(a->grid, b->grid, sizeof a->grid));
	ck_assert(!memcmp(a->block, b->block, sizeof a->block));
	ck_assert_uint_eq(a->shared_bytes, b->shared_bytes);
	ck_assert_uint_eq(a->nargs, b->nargs);
	for (unsigned i = 0; i < a->nargs; i++) {
		ck_assert_str_eq(a->args[i].name, b->args[i].name);
		ck_assert_int_eq(a->args[i].buffer, b->args[i].buffer);
		ck_assert_uint_eq(a->args[i].value, b->args[i].value);
	}
	ck_assert_uint_eq(a->nbuffers, b->nbuffers);
	for (unsigned i = 0; i < a->nbuffers; i++) {
		const struct buffer_spec *x = &a->buffers[i], *y = &b->buffers[i];
		ck_assert_str_eq(x->name, y->name);
		ck_assert(x->type == y->type && x->count == y->count && x->fill == y->fill);
		ck_assert(x->value == y->value && x->seed == y->seed && x->constant == y->constant);
		if (x->fill == FILL_LIST)
			ck_assert(!memcmp(x->list, y->list, 4 * (size_t)x->count));
	}
	ck_assert_uint_eq(a->nchecks, b->nchecks);
	for (unsigned i = 0; i < a->nchecks; i++) {
		const struct check_spec *x = &a->checks[i], *y = &b->checks[i];
		ck_assert(x->kind == y->kind && x->buffer == y->buffer && x->a == y->a && x->b == y->b);
		ck_assert(x->m == y->m && x->n == y->n && x->k == y->k && x->count == y->count);
		if (x->kind == CHECK_LIST)
			ck_assert(!memcmp(x->list, y->list, 4 * (size_t)x->count));
	}
	ck_assert_uint_eq(a->nreports, b->nreports);
	for (unsigned i = 0; i < a->nreports; i++) {
		ck_assert_str_eq(a->reports[i].name, b->reports[i].name);
		ck_assert(a->reports[i].buffer == b->reports[i].buffer && a->reports[i].index == b->reports[i].index);
	}
}

/* --disasm then re-assembly is the identity on every workload. */
START_TEST(disasm_identity_all_workloads)
{
	const char *dirs[] = {"workloads", "workloads/micro", "tests/workloads", "workloads/cuda"};
	int count = 0;
	for (int di = 0; di < 4; di++) {
		char dpath[4096];
		snprintf(dpath, sizeof dpath, "%s", src_path(dirs[di]));
		DIR *dir = opendir(dpath);
		if (!dir)
			continue;
		struct dirent *e;
		while ((e = readdir(dir))) {
			size_t n = strlen(e->d_name);
			if (n < 3 || strcmp(e->d_name + n - 2, ".s"))
				continue;
			char path[4600];
			snprintf(path, sizeof path, "%s/%s", dpath, e->d_name);
			struct diag d = {0};
			struct program *a = asm_load(path, NULL, 0, &d);
			ck_assert_msg(a, "%s: %s", path, d.msg);
			char *text = disasm_program(a);
			struct program *b = asm_from_string("/tmp/disasm.s", text, NULL, 0, &d);
			ck_assert_msg(b, "disassembly of %s does not assemble: %s line %u\n%s", path, d.msg,
				      d.line, text);
			same_program(a, b, path);
			char *text2 = disasm_program(b);
			/* the first line names the source file; the rest must agree */
			ck_assert_str_eq(strchr(text, '\n'), strchr(text2, '\n'));
			free(text);
			free(text2);
			program_free(a);
			program_free(b);
			count++;
		}
		closedir(dir);
	}
	ck_assert_int_ge(count, 3);
}
END_TEST

START_TEST(never_crashes_on_garbage)
{
	/* every prefix of a real workload, and byte mutations of it, either
	 * assemble or give an error: no crash, no assert (ASan watches) */
	char *src = read_file(src_path("workloads/naive_mm.s"), NULL);
	ck_assert(src);
	size_t len = strlen(src);
	uint32_t seed = 12345;
	for (int round = 0; round < 400; round++) {
		char *t = xstrdup(src);
		size_t cut = (size_t)round * 7 % (len + 1);
		if (round % 2)
			t[cut] = 0;
		for (int k = 0; k < 3; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % len;
			static const char junk[] = "@[]()!,.%:;\"{}=-+*/xr9p7\t \n\x01\xff";
			t[at] = junk[(seed >> 4) % (sizeof junk - 1)];
		}
		struct diag d = {0};
		struct program *p = asm_from_string("fuzz.s", t, NULL, 0, &d);
		ck_assert(p || d.set);
		program_free(p);
		free(t);
	}
	free(src);
}
END_TEST

Suite *asm_suite(void)
{
	Suite *s = suite_create("asm");
	TCase *t = tcase_create("asm");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, malformed_fixtures);
	tcase_add_test(t, labels_and_symbols);
	tcase_add_test(t, overrides);
	tcase_add_test(t, include_locations);
	tcase_add_test(t, conditions_by_target);
	tcase_add_test(t, disasm_identity_all_workloads);
	tcase_add_test(t, never_crashes_on_garbage);
	suite_add_tcase(s, t);
	return s;
}
