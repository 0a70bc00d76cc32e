/* workload.h - setting up a program's buffers and arguments, and checking
 * its results on the host. */
#ifndef SIMT_WORKLOAD_H
#define SIMT_WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"
#include "gmem.h"
#include "program.h"

/* The deterministic-input contract (ARCHITECTURE.md): element i of a buffer
 * filled with random(seed). wl_random_bits is lowbias32(i ^ seed*0x9e3779b9),
 * used as is for integer buffers; wl_random_f32 is the f32 value. */
uint32_t wl_lowbias32(uint32_t x);
uint32_t wl_random_bits(uint32_t seed, uint32_t i);
float wl_random_f32(uint32_t seed, uint32_t i);

/* Allocate and fill every buffer in g (in declaration order, so buffer i is
 * g->bufs[i]) and write the kernel argument words to args (p->nargs). */
bool wl_setup(const struct program *p, struct gmem *g, uint32_t *args, struct diag *d)
	__attribute__((warn_unused_result));

/* The expected elements of a program's expr checks, evaluated before the
 * run (wl_check_ready). */
struct wl_expected {
	unsigned n;      /* checks */
	uint32_t **want; /* per check: an expr check's elements' bits, else NULL */
};

/* Run the program's checks against memory g after the run; matmul inputs
 * are read from initial (the buffers as filled, before the run), expr
 * checks' elements from x where it has them (x may be NULL: evaluated
 * now). Writes one line per check to out. Returns the number of failed
 * checks, or -1 if a check could not be run (its reference file
 * unreadable; d says why). */
int wl_check(const struct program *p, const struct gmem *initial, const struct wl_expected *x, const struct gmem *g,
	     FILE *out, struct diag *d);

/* What wl_check could refuse, found before the run (memory initial as
 * filled): every element of each expr check evaluated into x (an index
 * outside a buffer for some i, a value no integer element holds), each
 * file check's reference readable and of the buffer's size. False with d
 * set. Either way x is the caller's to free (wl_expected_free). */
bool wl_check_ready(const struct program *p, const struct gmem *initial, struct wl_expected *x, struct diag *d)
	__attribute__((warn_unused_result));
void wl_expected_free(struct wl_expected *x);

/* The same outcome as wl_check, as a string: "pass", "fail" or "none". */
const char *wl_check_word(const struct program *p, int failures);

/* Report i of the program (.report) after the run: its element of memory g
 * as a number (integer, or a float with enough digits to round-trip; JSON
 * has no infinities or NaN, so those print as null). */
void wl_report_value(const struct program *p, const struct gmem *g, unsigned i, char *buf, size_t n);

#endif
