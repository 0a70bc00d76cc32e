/*
 * fuzz_sim.c - libFuzzer entry for the whole simulator: a workload that
 * assembles is run (a cycle cap) with every check mode on, and again with
 * --functional and none, under the reconvergence stack or independent
 * thread scheduling (the input's first byte picks); each run must end in a
 * documented status: done, or a deadlock, fault or no-progress stop that
 * says why. Then timed with no check mode, on one host thread, SM-major
 * (sim_set_sm_major; where it did not stop early to be made again) and,
 * with 8 blocks or more, on 8 SMs on two host threads (--jobs): every
 * result, report and byte of memory the same. The result check and the
 * reports' text and JSON must then be writable. Never a crash, a hang or a
 * sanitizer report.
 *
 * Input: a workload file's text. Corpus seeds: workloads/ (with bugs/ and
 * micro/) and tests/workloads/.
 *   meson setup build-fuzz -Dfuzz=true (CC=clang); build-fuzz/tests/fuzz/fuzz-sim CORPUS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "explain.h"
#include "gpu.h"
#include "program.h"
#include "util.h"
#include "workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does the result say why the run stopped? */
static bool has_end(const struct sim_result *r)
{
	for (unsigned i = 0; i < r->nreports; i++)
		if (report_is_end(r->reports[i].kind))
			return true;
	return false;
}

/* keep one run small: the fuzzer is after crashes, not big kernels */
#define MAX_THREADS 4096u
#define MAX_BUFFER_WORDS (1u << 20)
#define MAX_CYCLES 20000u

static bool small_enough(const struct program *p)
{
	uint64_t threads = (uint64_t)p->block[0] * p->block[1] * p->block[2] * p->grid[0] * p->grid[1] * p->grid[2];
	uint64_t words = 0;
	for (unsigned i = 0; i < p->nbuffers; i++) {
		words += p->buffers[i].count;
		if (p->buffers[i].fill == FILL_FILE)
			return false; /* reading arbitrary paths is not the target */
	}
	for (unsigned i = 0; i < p->nchecks; i++)
		if (p->checks[i].kind == CHECK_FILE)
			return false;
	return threads <= MAX_THREADS && words <= MAX_BUFFER_WORDS;
}

/* One run of p on config c: timed with every check mode on, or
 * functional with none (its straight runs of plain instructions, which a
 * check mode turns off). */
static void run_once(const struct program *p, const struct gpu_config *c, bool functional)
{
	struct diag d;
	memset(&d, 0, sizeof d);
	struct gmem g, initial;
	gmem_init(&g);
	gmem_init(&initial);
	uint32_t *args = xcalloc(p->nargs ? p->nargs : 1, sizeof *args);
	struct sim_refused why;
	struct sim *s = NULL;
	if (wl_setup(p, &g, args, &d) && wl_setup(p, &initial, args, &d) &&
	    (s = sim_create(c, p, &g, args, NULL, &why))) {
		if (functional)
			sim_set_functional(s, true);
		else
			sim_set_checks(s, CHECK_RACE | CHECK_RACE_GLOBAL | CHECK_INIT | CHECK_SYNC);
		struct sim_result r;
		sim_run(s, MAX_CYCLES, &r);
		if (r.status != SIM_DONE && !has_end(&r))
			abort(); /* every stop is diagnosed */
		FILE *null = fopen("/dev/null", "w");
		if (!null)
			abort();
		const struct explain_env env = {p, &g, c};
		for (unsigned i = 0; i < r.nreports; i++) {
			explain_text(null, &env, &r.reports[i]);
			explain_json(null, &env, &r.reports[i]);
		}
		if (r.status == SIM_DONE) {
			struct diag cd;
			memset(&cd, 0, sizeof cd);
			if (wl_check(p, &initial, NULL, &g, null, &cd) < 0 && !cd.set)
				abort();
		}
		fclose(null);
		sim_result_free(&r);
		sim_destroy(s);
	} else if (!s) {
		if (!d.set)
			explain_refusal(&why, c, p, &d);
		if (!d.set)
			abort();
	}
	free(args);
	gmem_free(&g);
	gmem_free(&initial);
}

/* A timed run of p on c with no check mode, on jobs host threads (or one
 * SM-major, sm_major: sim_set_sm_major): its result, its reports as JSON
 * and the memory it leaves; redo: an SM-major run stopped early (its
 * result not to be used). */
struct jobs_run {
	bool ran, redo;
	struct sim_result r;
	char *reports;
	size_t reports_len;
	struct gmem g;
};

static void run_jobs(const struct program *p, const struct gpu_config *c, unsigned jobs, bool sm_major,
		     struct jobs_run *out)
{
	memset(out, 0, sizeof *out);
	struct diag d;
	memset(&d, 0, sizeof d);
	gmem_init(&out->g);
	uint32_t *args = xcalloc(p->nargs ? p->nargs : 1, sizeof *args);
	struct sim_refused why;
	struct sim *s = NULL;
	if (wl_setup(p, &out->g, args, &d) && (s = sim_create(c, p, &out->g, args, NULL, &why))) {
		sim_set_jobs(s, jobs);
		sim_set_sm_major(s, sm_major);
		sim_run(s, MAX_CYCLES, &out->r);
		out->redo = sim_redo(s);
		FILE *f = open_memstream(&out->reports, &out->reports_len);
		if (!f)
			abort();
		const struct explain_env env = {p, &out->g, c};
		for (unsigned i = 0; i < out->r.nreports; i++)
			explain_json(f, &env, &out->r.reports[i]);
		fclose(f);
		sim_destroy(s);
		out->ran = true;
	}
	free(args);
}

static void jobs_run_free(struct jobs_run *x)
{
	if (x->ran)
		sim_result_free(&x->r);
	free(x->reports);
	gmem_free(&x->g);
}

/* Two runs gave the same results: status, every counter, every SM's
 * figures, the reports and the memory left. */
static void check_same(const struct jobs_run *one, const struct jobs_run *two)
{
	if (one->ran != two->ran)
		abort();
	if (!one->ran)
		return;
	const struct sim_result *a = &one->r, *b = &two->r;
	if (a->status != b->status || memcmp(&a->stats, &b->stats, sizeof a->stats) || a->nsms != b->nsms ||
	    a->nreports != b->nreports || a->reports_dropped != b->reports_dropped ||
	    one->reports_len != two->reports_len || memcmp(one->reports, two->reports, one->reports_len))
		abort();
	for (unsigned i = 0; i < a->nsms; i++)
		if (a->sms[i].blocks != b->sms[i].blocks || a->sms[i].warp_insns != b->sms[i].warp_insns ||
		    a->sms[i].active_cycles != b->sms[i].active_cycles || a->sms[i].max_blocks != b->sms[i].max_blocks)
			abort();
	if (one->g.n != two->g.n)
		abort();
	for (unsigned i = 0; i < one->g.n; i++)
		if (one->g.bufs[i].size != two->g.bufs[i].size ||
		    memcmp(one->g.bufs[i].data, two->g.bufs[i].data, one->g.bufs[i].size))
			abort();
}

/* An SM-major run (where it did not stop early to be made again) and,
 * with jobs, --jobs 2 give the one-thread clock loop's results. */
static void check_jobs(const struct program *p, const struct gpu_config *c, bool jobs)
{
	struct jobs_run one, two, major;
	run_jobs(p, c, 1, false, &one);
	run_jobs(p, c, 1, true, &major);
	if (!major.redo)
		check_same(&one, &major);
	if (jobs) {
		run_jobs(p, c, 2, false, &two);
		check_same(&one, &two);
		jobs_run_free(&two);
	}
	jobs_run_free(&one);
	jobs_run_free(&major);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bool its = size && (data[0] & 1);
	char *text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	struct diag d;
	memset(&d, 0, sizeof d);
	struct program *p = asm_from_buffer("/nonexistent/fuzz.s", text, size, NULL, 0, &d);
	if (!p && !d.set)
		abort(); /* a refusal always says why */
	if (p && small_enough(p)) {
		struct gpu_config c;
		cfg_defaults(&c);
		/* the ITS runs also take Volta-and-later memory: an L1 and an L2
		 * of two partitions, the L1 data pipe (bank passes, missed lines),
		 * a fractional LD/ST path, a warp's turn at the L1 and the H100's
		 * per-warp shared passes */
		const char *sets[] = {"gpu.num_sms=2", its ? "sm.divergence=its" : "sm.divergence=stack",
				      its ? "sm.barrier=thread" : "sm.barrier=warp", "sim.livelock_window=2000",
				      its ? "mem.data_pipe_per_cycle=1" : "mem.data_pipe_per_cycle=0",
				      its ? "mem.lsu_request_mcycles=800" : "mem.lsu_request_mcycles=0",
				      its ? "mem.lsu_line_mcycles=340" : "mem.lsu_line_mcycles=1000",
				      its ? "mem.warp_load_mcycles=8000" : "mem.warp_load_mcycles=0",
				      its ? "mem.warp_wave_mcycles=2000" : "mem.warp_wave_mcycles=0",
				      its ? "mem.warp_wave_base_mcycles=3300" : "mem.warp_wave_base_mcycles=0",
				      its ? "smem.cycles_per_pass=2" : "smem.cycles_per_pass=1",
				      its ? "l1.size=16384" : "l1.size=0", its ? "l2.size=262144" : "l2.size=0",
				      its ? "l2.far_cycles=165" : "l2.far_cycles=0"};
		for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
			if (!cfg_set(&c, NULL, sets[i], &d))
				abort();
		run_once(p, &c, false);
		run_once(p, &c, true);
		uint64_t blocks = (uint64_t)p->grid[0] * p->grid[1] * p->grid[2];
		if (blocks >= 8) { /* on 8 SMs, so that 2 threads share a cycle out where every SM is
				    * busy (sim/cycle.c); fewer blocks never keep 8 SMs busy */
			if (!cfg_set(&c, NULL, "gpu.num_sms=8", &d))
				abort();
			check_jobs(p, &c, true);
		} else {
			check_jobs(p, &c, false);
		}
	}
	program_free(p);
	free(text);
	return 0;
}
