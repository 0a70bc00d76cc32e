/*
 * printf_out.c - the text of a run's printfs (printf_out.h).
 */
#include "printf_out.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pformat.h"

/* The NUL-terminated string at global address addr: a pointer into g's
 * buffer and its length (up to the buffer's end), or NULL where addr is in
 * no buffer. */
static const char *gstring(const struct gmem *g, uint32_t addr, size_t *len)
{
	uint32_t base = 0, size = 0;
	const uint8_t *h = gmem_region((void *)g, addr, &base, &size, NULL);
	if (!h || addr - base >= size)
		return NULL;
	const char *s = (const char *)h + (addr - base);
	size_t max = size - (addr - base);
	const char *nul = memchr(s, 0, max);
	*len = nul ? (size_t)(nul - s) : max;
	return s;
}

static uint64_t arg(const uint8_t *a, unsigned size)
{
	uint32_t lo, hi = 0;
	memcpy(&lo, a, 4);
	if (size == 8)
		memcpy(&hi, a + 4, 4);
	return (uint64_t)hi << 32 | lo;
}

/* One conversion: spec (its text, validated by pf_parse) for the argument
 * at a. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void conversion(FILE *f, const char *spec, const struct pf_conv *c, const uint8_t *a, const struct gmem *g)
{
	uint64_t v = arg(a, c->size);
	bool ll = strstr(spec, "ll") != NULL, l = !ll && strchr(spec, 'l') != NULL;
	switch (c->kind) {
	case PF_INT:
		if (ll)
			fprintf(f, spec, (long long)(int64_t)v);
		else if (l)
			fprintf(f, spec, (long)(int64_t)v);
		else
			fprintf(f, spec, (int)(int32_t)(uint32_t)v);
		break;
	case PF_UINT:
		if (ll)
			fprintf(f, spec, (unsigned long long)v);
		else if (l)
			fprintf(f, spec, (unsigned long)v);
		else
			fprintf(f, spec, (unsigned)(uint32_t)v);
		break;
	case PF_CHAR:
		fprintf(f, spec, (int)(int32_t)(uint32_t)v);
		break;
	case PF_DOUBLE: {
		double d;
		memcpy(&d, &v, sizeof d);
		fprintf(f, spec, d);
		break;
	}
	case PF_STRING: {
		size_t n = 0;
		const char *s = v >> 32 ? NULL : gstring(g, (uint32_t)v, &n);
		if (!v) {
			fputs("(null)", f);
		} else if (!s) {
			fprintf(f, "<printf: no string at 0x%llx>", (unsigned long long)v);
		} else {
			char *copy = strndup(s, n);
			fprintf(f, spec, copy);
			free(copy);
		}
		break;
	}
	case PF_POINTER:
		fprintf(f, spec, (void *)(uintptr_t)v);
		break;
	}
}
#pragma GCC diagnostic pop

void printf_text(FILE *f, const struct sim_result *r, const struct sim_print *p, const struct gmem *g)
{
	size_t n = 0;
	const char *fmt = gstring(g, p->fmt, &n);
	if (!fmt) {
		fprintf(f, "<printf: no format string at 0x%x>\n", p->fmt);
		return;
	}
	struct pf_format pf;
	size_t at = 0;
	const char *why = NULL;
	if (!pf_parse(fmt, n, &pf, &at, &why)) {
		fprintf(f, "<printf: format \"%.*s\": %s>\n", (int)n, fmt, why);
		return;
	}
	if (pf.bytes > p->nbytes) {
		fprintf(f, "<printf: format \"%.*s\" needs %u bytes of arguments, %u given>\n", (int)n, fmt, pf.bytes,
			p->nbytes);
		pf_free(&pf);
		return;
	}
	const uint8_t *args = r->print_bytes + p->off;
	size_t from = 0;
	for (unsigned i = 0; i < pf.nconv; i++) {
		const struct pf_conv *c = &pf.conv[i];
		/* the literal text before it, %% as % */
		for (size_t k = from; k < c->start; k++) {
			fputc(fmt[k], f);
			if (fmt[k] == '%')
				k++;
		}
		char spec[64];
		if (c->len >= sizeof spec) {
			fprintf(f, "<printf: conversion too long>");
		} else {
			memcpy(spec, fmt + c->start, c->len);
			spec[c->len] = 0;
			conversion(f, spec, c, args + c->offset, g);
		}
		from = c->start + c->len;
	}
	for (size_t k = from; k < n; k++) {
		fputc(fmt[k], f);
		if (fmt[k] == '%')
			k++;
	}
	pf_free(&pf);
}
