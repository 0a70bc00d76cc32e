/* run.h - running programs on the timing core from tests, recording every
 * issue. */
#ifndef SIMT_TEST_RUN_H
#define SIMT_TEST_RUN_H

#include "gpu.h"
#include "gpu_config.h"
#include "program.h"

#define MAXEV 200000

extern struct issue_event ev[MAXEV];
extern unsigned nev;

struct run {
	struct program *p;
	struct gmem g;
	struct sim_result r;
	struct gpu_config c;
	char *diagnosis;   /* the text of why the run stopped, as simt-sim prints it */
	char *warnings;    /* the text of the synccheck reports */
};

/* Run on configs/<config>.ini with "section.key=value" overrides (NULL-
 * terminated, or NULL); fails the test on setup errors. */
void run_prog(struct run *x, struct program *p, const char *config, const char *const *sets);
/* The same, writing the warp-state trace to path (simt-sim --trace). */
void run_prog_traced(struct run *x, struct program *p, const char *config, const char *const *sets,
		     const char *trace);
/* The same with check modes on (enum sim_check bits). */
void run_prog_checked(struct run *x, struct program *p, const char *config, const char *const *sets,
		      unsigned checks);
void run_text(struct run *x, const char *text, const char *config, const char *const *sets);
void run_file(struct run *x, const char *rel, const char *config, const char *const *sets,
	      const struct param_override *ov, unsigned nov);
void done(struct run *x);
/* Run workload file rel (a path from the source root) on configs/<config>.ini
 * with parameter overrides; fail the test unless it completes (SIM_DONE);
 * its statistics. */
struct sim_stats run_done_stats(const char *rel, const char *config, const struct param_override *ov,
				unsigned nov);

/* configs/<name>.ini, loaded (fails the test on error). */
struct gpu_config load_shipped_config(const char *name);

#endif
