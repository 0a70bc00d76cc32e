/* runner.c - the one test runner. CK_RUN_SUITE picks a suite (meson test
 * registers one test per suite); without it every suite runs. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "diag.h"
#include "util.h"

const char *src_dir(void)
{
	const char *s = getenv("SIMT_SRCDIR");
	return s ? s : ".";
}

const char *src_path(const char *rel)
{
	static char buf[4096];
	snprintf(buf, sizeof buf, "%s/%s", src_dir(), rel);
	return buf;
}

struct program *must_assemble(const char *text)
{
	struct diag d = {0};
	struct program *p = asm_from_string("test.s", text, NULL, 0, &d);
	if (!p) {
		char buf[2048];
		diag_format(&d, buf, sizeof buf);
		ck_abort_msg("assembly failed:\n%s\nsource:\n%s", buf, text);
	}
	return p;
}

const char *assemble_error(const char *text)
{
	static char buf[2048];
	struct diag d = {0};
	struct program *p = asm_from_string("test.s", text, NULL, 0, &d);
	ck_assert_msg(p == NULL, "expected an assembly error for:\n%s", text);
	diag_format(&d, buf, sizeof buf);
	return buf;
}

int check_error_fixtures(const char *dir, const char *ext, bool (*refuse)(const char *name, struct diag *d))
{
	char old[4096];
	ck_assert(getcwd(old, sizeof old));
	ck_assert_int_eq(chdir(src_path(dir)), 0);
	DIR *dh = opendir(".");
	ck_assert(dh);
	struct dirent *e;
	int count = 0;
	size_t el = strlen(ext);
	while ((e = readdir(dh))) {
		size_t n = strlen(e->d_name);
		if (n <= el || strcmp(e->d_name + n - el, ext))
			continue;
		char errname[512];
		snprintf(errname, sizeof errname, "%.*s.err", (int)(n - el), e->d_name);
		char *want = read_file(errname, NULL);
		ck_assert_msg(want, "%s has no .err file", e->d_name);
		struct diag d = {0};
		ck_assert_msg(refuse(e->d_name, &d), "%s was accepted", e->d_name);
		char got[2048];
		diag_format(&d, got, sizeof got);
		ck_assert_msg(!strcmp(got, want), "%s:\n--- expected\n%s--- got\n%s", e->d_name, want, got);
		free(want);
		count++;
	}
	closedir(dh);
	ck_assert_int_eq(chdir(old), 0);
	return count;
}

int run_cmd(const char *cmd, char *out, size_t size)
{
	char full[8192];
	snprintf(full, sizeof full, "%s 2>&1", cmd);
	FILE *f = popen(full, "r");
	ck_assert_msg(f != NULL, "cannot run %s", cmd);
	size_t n = 0;
	char tmp[4096];
	size_t k;
	while ((k = fread(tmp, 1, sizeof tmp, f)) > 0)
		if (out && n + 1 < size) {
			size_t c = k < size - 1 - n ? k : size - 1 - n;
			memcpy(out + n, tmp, c);
			n += c;
		}
	if (out)
		out[n] = 0;
	int st = pclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int run_simt_sim(const char *args, char *out, size_t size)
{
	const char *bin = getenv("SIMT_SIM");
	ck_assert_msg(bin, "SIMT_SIM is not set (run through meson test)");
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s", src_dir(), bin, args);
	return run_cmd(cmd, out, size);
}

int main(void)
{
	Suite *(*const all[])(void) = {isa_suite, expr_suite, asm_suite, cfg_suite, exec_suite,
				       core_suite, occupancy_suite, sched_suite, its_suite, config_suite, workload_suite, e2e_suite, mem_suite, xval_suite, trace_suite, cli_suite, checks_suite, ptx_suite, sweep_suite};
	SRunner *sr = srunner_create(NULL);
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		srunner_add_suite(sr, all[i]());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
