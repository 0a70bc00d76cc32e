/*
 * explain.h - the words for what a run found: sim/ hands back records
 * (sim/report.h), this says them to people as text and writes them as JSON.
 */
#ifndef SIMT_EXPLAIN_H
#define SIMT_EXPLAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "gmem.h"
#include "gpu.h"
#include "gpu_config.h"
#include "program.h"
#include "result.h"

struct explain_env {
	const struct program *p;
	const struct gmem *g;      /* for the buffer nearest a faulting address */
	const struct gpu_config *c;
};

/* "1,3,5,...,31" for an arithmetic progression of 4 or more, else ranges:
 * "0-15,20". Thread numbers are base + lane. */
void explain_threads(char *buf, size_t n, uint32_t mask, unsigned base);

/* "lrr, gto, two_level, oldest": the scheduler policies, into buf. */
const char *explain_sched_names(char *buf, size_t n);

/* What an occupancy limit is called (enum occ_limit), with its config key. */
const char *explain_limiter(unsigned limiter);

/* Why sim_create refused: the message, into d (a config key's error, or
 * the launch's). */
void explain_refusal(const struct sim_refused *why, const struct gpu_config *c, const struct program *p,
		     struct diag *d);

/* One record's text, one or more lines each ending in a newline. */
void explain_text(FILE *f, const struct explain_env *e, const struct sim_report *r);

/* One record as a JSON object. */
void explain_json(FILE *f, const struct explain_env *e, const struct sim_report *r);

/* The check a finding belongs to: "racecheck", "initcheck", "synccheck". */
const char *explain_check(const struct sim_report *r);

/* The text of every record that says why the run stopped (end) or of every
 * synccheck record (!end), concatenated; a malloc'd string ("" if none). */
char *explain_string(const struct explain_env *e, const struct sim_result *r, bool end);

#endif
