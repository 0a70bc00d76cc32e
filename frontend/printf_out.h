/*
 * printf_out.h - the text of a run's printfs (sim_result.prints), as the
 * CUDA runtime prints a kernel's printf output: each conversion of the
 * format as C's printf formats it (isa/pformat.h says which are accepted).
 */
#ifndef SIMT_PRINTF_OUT_H
#define SIMT_PRINTF_OUT_H

#include <stdio.h>

#include "result.h"

/* Write print p's text to f: its format and %s strings as the run took
 * them at the call (struct sim_print); what could not be read or is
 * refused is written as "<printf: ...>" in its place. */
void printf_text(FILE *f, const struct sim_result *r, const struct sim_print *p);

#endif
