/*
 * trace.h - the warp-state trace writer (simt-sim --trace FILE): turns the
 * simulator's state events into the file of viz/trace_format.h.
 */
#ifndef SIMT_TRACE_H
#define SIMT_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "gpu.h"

struct trace_writer;

/* Write the trace to f (opened "wb"; the caller closes it after
 * trace_writer_close) and write the header. On error returns NULL and sets
 * errno. */
struct trace_writer *trace_writer_open(FILE *f, const struct gpu_config *c, const struct program *p,
				const char *workload);

/* The sim_observer on_state callback (ctx: the writer). */
void trace_writer_on_state(void *ctx, const struct state_event *e);

/* The sim_observer on_report callback (ctx: the writer): a check's finding
 * becomes a mark in the trace. */
void trace_writer_on_report(void *ctx, const struct sim_report *rep);

/* Close every open interval at total_cycles, write the rest and the end
 * record, flush, and free t (not its file). Returns 0, or an errno value
 * (the first write error). */
int trace_writer_close(struct trace_writer *t, uint64_t total_cycles);

#endif
