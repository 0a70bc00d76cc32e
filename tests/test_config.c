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
	ck_assert_msg(!cfg_load(src_path(path), &c, NULL, &d), "%s loaded", name);
	snprintf(buf, sizeof buf, "line %u: %s", d.line, d.msg);
	return buf;
}

START_TEST(bad_configs)
{
	ck_assert_str_eq(load_error("unknown_key.ini"), "line 3: unknown key gpu.num_smz (see --help-config)");
	ck_assert_str_eq(load_error("out_of_range.ini"), "line 2: gpu.num_sms = 0 is out of range 1..1024");
	ck_assert_str_eq(load_error("not_a_number.ini"),
			 "line 2: gpu.num_sms = 'sixteen': expected a whole number in 1..1024 (decimal, or hexadecimal after 0x)");
	ck_assert_str_eq(load_error("unknown_section.ini"), "line 2: unknown section [gpux] (key gpux.name)");
	ck_assert_str_eq(load_error("duplicate.ini"), "line 3: gpu.num_sms is given twice (first at line 2)");
	/* what inih alone would read wrongly: each is refused where it is */
	ck_assert_str_eq(load_error("long_comment.ini"),
			 "line 2: line is too long (241 characters; the INI reader takes at most 198)");
	ck_assert_str_eq(load_error("cr_only.ini"),
			 "line 1: a carriage return inside a line (lines end with LF or CR LF; CR alone is not read as a line end)");
	ck_assert_str_eq(load_error("nul.ini"), "line 2: line contains a NUL byte");
	ck_assert_str_eq(load_error("unclosed_section.ini"), "line 1: expected ']' to end the section name");
	/* inih would drop what follows the ']' unread */
	ck_assert_str_eq(load_error("section_junk.ini"),
			 "line 1: expected the end of the line or a comment after the section name's ']'");
	ck_assert_str_eq(load_error("section_tail.ini"),
			 "line 3: expected the end of the line or a comment after the section name's ']'");
	ck_assert_str_eq(load_error("indented.ini"),
			 "line 3: an indented line would continue the value of the key above it (the INI reader's "
			 "continuation lines): remove the indentation");
	ck_assert_str_eq(load_error("hex_junk.ini"),
			 "line 2: gpu.num_sms = '0x2JUNK': expected a whole number in 1..1024 (decimal, or hexadecimal after 0x)");
	ck_assert_str_eq(load_error("huge_number.ini"),
			 "line 2: gpu.num_sms = '99999999999999999999': expected a whole number in 1..1024 (decimal, or hexadecimal after 0x)");
	ck_assert_str_eq(load_error("malformed.ini"),
			 "line 2: malformed line (expected [section] or key = value)");
	ck_assert_str_eq(load_error("range_comment.ini"),
			 "line 2: sm.max_threads_per_block = 4096 is out of range 32..1024");
}
END_TEST

/* One reader for every input: directories and devices are refused, not
 * read as empty or for ever; numbers are decimal or 0x, never octal;
 * --set values are never cut off. */
START_TEST(inputs_and_numbers)
{
	struct gpu_config c;
	struct diag d = {0};
	cfg_defaults(&c);
	ck_assert(!cfg_load(src_dir(), &c, NULL, &d));
	ck_assert_str_eq(d.msg, "cannot read config: not a regular file");
	memset(&d, 0, sizeof d);
	ck_assert(!cfg_load("/dev/zero", &c, NULL, &d));
	ck_assert_str_eq(d.msg, "cannot read config: not a regular file");
	memset(&d, 0, sizeof d);
	ck_assert_msg(cfg_load(src_path("tests/badcfg/octal_is_decimal.ini"), &c, NULL, &d), "%s", d.msg);
	ck_assert_int_eq(c.num_sms, 10);
	char set[400];
	snprintf(set, sizeof set, "gpu.name=%0300d", 0);
	memset(&d, 0, sizeof d);
	ck_assert(!cfg_set(&c, NULL, set, &d));
	ck_assert_msg(strstr(d.msg, "longer than 255 characters"), "%s", d.msg);
	int64_t v;
	ck_assert(cfg_parse_int("0x1F", &v) && v == 31);
	ck_assert(cfg_parse_int("-12", &v) && v == -12);
	ck_assert(cfg_parse_int("9223372036854775807", &v) && v == INT64_MAX);
	ck_assert(!cfg_parse_int("9223372036854775808", &v));
	ck_assert(!cfg_parse_int("", &v) && !cfg_parse_int("0x", &v) && !cfg_parse_int(" 1", &v) &&
		  !cfg_parse_int("1 ", &v) && !cfg_parse_int("1e3", &v) && !cfg_parse_int("+1", &v));
}
END_TEST

/* A value that only the simulator's start finds wrong is named with the
 * file and line that set it, or --set. */
START_TEST(late_errors_name_their_line)
{
	char out[4096];
	ck_assert_int_eq(run_simt_sim("tests/badcfg/bank_bytes.ini workloads/seed_4x4.s", out, sizeof out), 2);
	ck_assert_msg(strstr(out, "tests/badcfg/bank_bytes.ini:5: error: smem.bank_bytes = 5 must be 4 or 8"), "%s", out);
	ck_assert_int_eq(run_simt_sim("configs/g80.ini workloads/seed_4x4.s --set smem.group_lanes=12", out, sizeof out), 2);
	ck_assert_msg(strstr(out, "--set: error: smem.group_lanes = 12 must divide 32"), "%s", out);
	ck_assert_int_eq(run_simt_sim("configs/h100.ini workloads/seed_4x4.s --set l1.sector=48", out, sizeof out), 2);
	ck_assert_msg(strstr(out, "--set: error: l1.size = "), "%s", out);
}
END_TEST

START_TEST(shipped_configs_and_set)
{
	struct gpu_config c;
	struct diag d = {0};
	cfg_defaults(&c);
	ck_assert_msg(cfg_load(src_path("configs/g80.ini"), &c, NULL, &d), "%s", d.msg);
	ck_assert_str_eq(c.name, "g80");
	ck_assert_int_eq(c.num_sms, 16);          /* seed 000 */
	ck_assert_int_eq(c.max_threads_per_block, 512);
	cfg_defaults(&c);
	ck_assert_msg(cfg_load(src_path("configs/h100.ini"), &c, NULL, &d), "%s", d.msg);
	ck_assert_int_eq(c.num_sms, 132);
	ck_assert(cfg_set(&c, NULL, "gpu.num_sms=8", &d));
	ck_assert_int_eq(c.num_sms, 8);
	ck_assert(!cfg_set(&c, NULL, "gpu.num_sms=99999", &d));
	ck_assert_str_eq(d.msg, "gpu.num_sms = 99999 is out of range 1..1024");
	memset(&d, 0, sizeof d);
	ck_assert(!cfg_set(&c, NULL, "num_sms=8", &d));
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
	tcase_add_test(t, inputs_and_numbers);
	tcase_add_test(t, late_errors_name_their_line);
	tcase_add_test(t, shipped_configs_and_set);
	tcase_add_test(t, every_key_documented);
	suite_add_tcase(s, t);
	return s;
}
