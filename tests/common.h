/* common.h - helpers shared by the test files. */
#ifndef SIMT_TEST_COMMON_H
#define SIMT_TEST_COMMON_H

#include <check.h>
#include <stdbool.h>
#include <stdint.h>

#include "program.h"

Suite *isa_suite(void);
Suite *expr_suite(void);
Suite *asm_suite(void);
Suite *cfg_suite(void);
Suite *exec_suite(void);
Suite *core_suite(void);
Suite *occupancy_suite(void);
Suite *sched_suite(void);
Suite *its_suite(void);
Suite *config_suite(void);
Suite *workload_suite(void);
Suite *e2e_suite(void);
Suite *mem_suite(void);
Suite *xval_suite(void);
Suite *sweep_suite(void);
Suite *trace_suite(void);
Suite *cli_suite(void);
Suite *checks_suite(void);
Suite *ptx_suite(void);

/* The source tree (SIMT_SRCDIR, set by meson test), and a path inside it. */
const char *src_dir(void);
const char *src_path(const char *rel); /* static buffer, overwritten per call */

/* Assemble text; fails the test (with the diagnosis) on error. */
struct program *must_assemble(const char *text);

/* Assemble text expecting failure; returns the formatted diagnosis. */
const char *assemble_error(const char *text);

/* Every DIR/NAME.EXT fixture (DIR in the source tree) must be refused, with
 * exactly the text of DIR/NAME.err: refuse(NAME.EXT, d) is run in DIR and
 * returns whether it refused, d saying why. Fails the test on a mismatch;
 * returns how many fixtures there were. */
int check_error_fixtures(const char *dir, const char *ext, bool (*refuse)(const char *name, struct diag *d));

/* Run a shell command; returns its exit status and captures at most
 * size-1 bytes of stdout+stderr into out (if non-NULL). */
int run_cmd(const char *cmd, char *out, size_t size);

/* Run the simt-sim command (SIMT_SIM) with args from the source tree, as
 * run_cmd does (args may hold shell redirections). */
int run_simt_sim(const char *args, char *out, size_t size);

#endif
