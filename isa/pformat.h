/*
 * pformat.h - CUDA printf's format strings: the conversions a format names
 * and where each argument lies in vprintf's argument buffer.
 *
 * One definition for the PTX front end (the buffer's size and printf's
 * return value, refusals at load) and for simt-sim's output (the text).
 * The buffer is the one nvcc builds: the arguments after C's default
 * promotions (a float is a double, a char or short an int), each at the next
 * offset aligned to its own size, as the members of a struct.
 *
 * Accepted, as the CUDA C++ Programming Guide's "Formatted Output" lists
 * them: flags "-+ #0", a decimal width and precision, the sizes h, l and
 * ll, and the conversions d i u o x X c s f e E g G p and %%. Refused: a
 * width or precision of '*' or over 4096, the sizes hh (an H200 prints a wrong value for
 * %hhd: docs/CUDA.md, "printf"), j z t L q, the conversions n a A F C S
 * and any other, and more than 32 conversions.
 */
#ifndef SIMT_PFORMAT_H
#define SIMT_PFORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* CUDA's printf takes at most 32 arguments besides the format (the CUDA
 * C++ Programming Guide, "Formatted Output"): so many bytes of them at
 * most, isa.h's ISA_PRINTF_MAX_BYTES */
#define PF_MAX_ARGS 32
/* A width or precision over this is refused (an H200 prints nothing
 * sensible for %99999999999d; a line of gigabytes helps no one) */
#define PF_MAX_WIDTH 4096

enum pf_kind {
	PF_INT,     /* d i: a signed integer */
	PF_UINT,    /* u o x X */
	PF_CHAR,    /* c: an int */
	PF_DOUBLE,  /* f e E g G: a double */
	PF_STRING,  /* s: a pointer to a NUL-terminated string */
	PF_POINTER, /* p */
};

struct pf_conv {
	uint32_t start, len; /* the conversion's text in the format ("%-5.2f") */
	enum pf_kind kind;
	uint8_t size;        /* bytes of its argument: 4 or 8 */
	uint32_t offset;     /* its argument's offset in the buffer (a multiple of size) */
};

struct pf_format {
	struct pf_conv *conv; /* the conversions in order (%% is none) */
	unsigned nconv;
	uint32_t bytes;       /* the argument buffer's size: the last argument's end */
};

/* Parse the n bytes of fmt (up to its first NUL, if any) into f. On a
 * refused or malformed conversion returns false with *err_off its offset
 * in fmt and *err what is wrong ("%n is not supported"); f is then empty. */
bool pf_parse(const char *fmt, size_t n, struct pf_format *f, size_t *err_off, const char **err);
void pf_free(struct pf_format *f);

#endif
