/* run.c - see run.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "config.h"
#include "explain.h"
#include "run.h"
#include "trace.h"
#include "workload.h"


struct issue_event ev[MAXEV];
unsigned nev;

static void record(void *ctx, const struct issue_event *e)
{
	(void)ctx;
	if (nev < MAXEV)
		ev[nev++] = *e;
}


struct gpu_config load_shipped_config(const char *name)
{
	struct gpu_config c;
	cfg_defaults(&c);
	struct diag d = {0};
	char path[256];
	snprintf(path, sizeof path, "configs/%s.ini", name);
	ck_assert_msg(cfg_load(src_path(path), &c, NULL, &d), "%s", d.msg);
	return c;
}

/* Run a program on a shipped config with "section.key=value" overrides. */
void run_prog(struct run *x, struct program *p, const char *config, const char *const *sets)
{
	run_prog_traced(x, p, config, sets, NULL);
}

static void run_full(struct run *x, struct program *p, const char *config, const char *const *sets,
		     const char *trace, unsigned checks)
{
	struct gpu_config c = load_shipped_config(config);
	struct diag d = {0};
	for (; sets && *sets; sets++)
		ck_assert_msg(cfg_set(&c, NULL, *sets, &d), "%s", d.msg);
	x->p = p;
	gmem_init(&x->g);
	uint32_t args[64] = {0};
	ck_assert(wl_setup(p, &x->g, args, &d));
	nev = 0;
	struct sim_observer obs = {.on_issue = record};
	struct trace_writer *tw = NULL;
	FILE *tf = NULL;
	if (trace) {
		tf = fopen(trace, "wb");
		ck_assert_msg(tf, "cannot write %s", trace);
		tw = trace_writer_open(tf, &c, p, "test.s");
		ck_assert_msg(tw, "cannot write %s", trace);
		obs.on_state = trace_writer_on_state;
		obs.ctx = tw;
	}
	struct sim_refused refused;
	struct sim *s = sim_create(&c, p, &x->g, args, &obs, &refused);
	if (!s)
		explain_refusal(&refused, &c, p, &d);
	ck_assert_msg(s, "%s", d.msg);
	sim_set_checks(s, checks);
	sim_run(s, 0, &x->r);
	sim_destroy(s);
	if (tw) {
		ck_assert_int_eq(trace_writer_close(tw, x->r.stats.cycles), 0);
		ck_assert_int_eq(fclose(tf), 0);
	}
	x->c = c;
	const struct explain_env env = {p, &x->g, &x->c};
	x->diagnosis = explain_string(&env, &x->r, true);
	x->warnings = explain_string(&env, &x->r, false);
}

void run_prog_traced(struct run *x, struct program *p, const char *config, const char *const *sets,
		     const char *trace)
{
	run_full(x, p, config, sets, trace, 0);
}

void run_prog_checked(struct run *x, struct program *p, const char *config, const char *const *sets,
		      unsigned checks)
{
	run_full(x, p, config, sets, NULL, checks);
}

void run_text(struct run *x, const char *text, const char *config, const char *const *sets)
{
	run_prog(x, must_assemble(text), config, sets);
}

void run_file(struct run *x, const char *rel, const char *config, const char *const *sets,
		     const struct param_override *ov, unsigned nov)
{
	struct diag d = {0};
	struct program *p = asm_load(src_path(rel), ov, nov, &d);
	ck_assert_msg(p, "%s", d.msg);
	run_prog(x, p, config, sets);
}

void done(struct run *x)
{
	gmem_free(&x->g);
	sim_result_free(&x->r);
	program_free(x->p);
	free(x->diagnosis);
	free(x->warnings);
}

struct sim_stats run_done_stats(const char *rel, const char *config, const struct param_override *ov,
				unsigned nov)
{
	struct run x;
	run_file(&x, rel, config, NULL, ov, nov);
	ck_assert_msg(x.r.status == SIM_DONE, "%s: %s", rel, x.diagnosis ? x.diagnosis : "");
	struct sim_stats st = x.r.stats;
	done(&x);
	return st;
}

