/*
 * perfetto.h - export a trace as Chrome trace-event JSON, which
 * ui.perfetto.dev opens: pid = SM, tid = warp slot, one complete ("X")
 * slice per interval, a counter of running warps per SM. Timestamps are
 * cycles / 1000 in microseconds, so the UI's "ns" read as cycles.
 */
#ifndef SIMT_PERFETTO_H
#define SIMT_PERFETTO_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "model.h"

/* Intervals overlapping [c0, c1), clipped to it. false with m->err. */
bool perfetto_write(struct model *m, FILE *f, uint64_t c0, uint64_t c1);

#endif
