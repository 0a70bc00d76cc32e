/* test_config.c - config loading: every bad file names file, line,
 * section.key, the value and the range; --set; the key table against
 * docs/CONFIG.md; the shipped configs load. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "config.h"
#include "util.h"

static const char *load_error(const char *name)
{
	static char buf[1024];
	char path[512];
	snprintf(path, sizeof path, "tests/badcfg/%s", name);
	struct gpu_config c;
	cfg_defaults(&c);
	struct diag d = {0};
	ck_assert_msg(!cfg_load(src_path(path), &c, &d), "%s loaded", name);
	snprintf(buf, sizeof buf, "line %u: %s", d.line, d.msg);
	return buf;
}

START_TEST(bad_configs)
{
	ck_assert_str_eq(load_error("unknown_key.ini"), "line 3: unknown key gpu.num_smz (see --help-config)");
	ck_assert_str_eq(load_error("out_of_range.ini"), "line 2: gpu.num_sms = 0 is out of range 1..1024");
	ck_assert_str_eq(load_error("not_a_number.ini"),
			 "line 2: gpu.num_sms = 'sixteen': expected an integer in 1..1024");
	ck_assert_str_eq(load_error("unknown_section.ini"), "line 2: unknown section [gpux] (key gpux.name)");
	ck_assert_str_eq(load_error("duplicate.ini"), "line 3: gpu.num_sms is given twice");
	ck_assert_str_eq(load_error("malformed.ini"),
			 "line 2: malformed line (expected [section] or key = value)");
	ck_assert_str_eq(load_error("range_comment.ini"),
			 "line 2: sm.max_threads_per_block = 4096 is out of range 32..1024");
}
END_TEST

START_TEST(shipped_configs_and_set)
{
	struct gpu_config c;
	struct diag d = {0};
	cfg_defaults(&c);
	ck_assert_msg(cfg_load(src_path("configs/g80.ini"), &c, &d), "%s", d.msg);
	ck_assert_str_eq(c.name, "g80");
	ck_assert_int_eq(c.num_sms, 16);          /* seed 000 */
	ck_assert_int_eq(c.max_threads_per_block, 512);
	cfg_defaults(&c);
	ck_assert_msg(cfg_load(src_path("configs/h100.ini"), &c, &d), "%s", d.msg);
	ck_assert_int_eq(c.num_sms, 132);
	ck_assert(cfg_set(&c, "gpu.num_sms=8", &d));
	ck_assert_int_eq(c.num_sms, 8);
	ck_assert(!cfg_set(&c, "gpu.num_sms=99999", &d));
	ck_assert_str_eq(d.msg, "gpu.num_sms = 99999 is out of range 1..1024");
	memset(&d, 0, sizeof d);
	ck_assert(!cfg_set(&c, "num_sms=8", &d));
	ck_assert_str_eq(d.msg, "'num_sms=8': expected SECTION.KEY=VALUE");
}
END_TEST

/* docs/CONFIG.md documents every key of the table. */
START_TEST(every_key_documented)
{
	char *doc = read_file(src_path("docs/CONFIG.md"), NULL);
	ck_assert_msg(doc, "docs/CONFIG.md is missing");
	char *help = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&help, &len);
	cfg_print_help(f);
	fclose(f);
	int keys = 0;
	for (char *line = strtok(help, "\n"); line; line = strtok(NULL, "\n")) {
		if (line[0] == ' ')
			continue;
		char key[128];
		snprintf(key, sizeof key, "`%.*s`", (int)strcspn(line, " "), line);
		ck_assert_msg(strstr(doc, key), "docs/CONFIG.md does not list %s", key);
		keys++;
	}
	ck_assert_int_gt(keys, 3);
	free(help);
	free(doc);
}
END_TEST

Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *t = tcase_create("config");
	tcase_add_test(t, bad_configs);
	tcase_add_test(t, shipped_configs_and_set);
	tcase_add_test(t, every_key_documented);
	suite_add_tcase(s, t);
	return s;
}
