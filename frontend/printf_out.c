/*
 * printf_out.c - the text of a run's printfs (printf_out.h).
 */
#include "printf_out.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pformat.h"
#include "util.h"

/* The next string taken at the call (struct sim_print): its kind and its
 * bytes (NUL-terminated); *at moves past it. */
static const char *next_string(const uint8_t *text, size_t ntext, size_t *at, uint8_t *kind)
{
	if (*at + 2 > ntext) {
		*kind = SIM_PSTR_NONE;
		return "";
	}
	*kind = text[*at];
	const char *str = (const char *)text + *at + 1;
	*at += strlen(str) + 2;
	return str;
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
 * at a; str, a %s conversion's string taken at the call (kind SIM_PSTR_*). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void conversion(FILE *f, const char *spec, const struct pf_conv *c, const uint8_t *a, const char *str,
		       uint8_t kind)
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
	case PF_STRING:
		if (kind == SIM_PSTR_NONE)
			fprintf(f, "<printf: no string at 0x%llx>", (unsigned long long)v);
		else /* (a NULL pointer: "(null)", with the width and flags, as the GPU prints it) */
			fprintf(f, spec, kind == SIM_PSTR_NULL ? "(null)" : str);
		break;
	case PF_POINTER:
		fprintf(f, spec, (void *)(uintptr_t)v);
		break;
	}
}
#pragma GCC diagnostic pop

void printf_text(FILE *f, const struct sim_result *r, const struct sim_print *p)
{
	const uint8_t *args = r->print_bytes + p->off, *text = args + p->nbytes;
	size_t at = 0;
	uint8_t kind;
	const char *fmt = next_string(text, p->ntext, &at, &kind);
	if (kind != SIM_PSTR_OK) {
		fprintf(f, "<printf: no format string at 0x%x>\n", p->fmt);
		return;
	}
	size_t n = strlen(fmt);
	struct pf_format pf;
	size_t bad = 0;
	const char *why = NULL;
	if (!pf_parse(fmt, n, &pf, &bad, &why)) {
		fprintf(f, "<printf: format \"%.*s\": %s>\n", (int)n, fmt, why);
		return;
	}
	if (pf.bytes > p->nbytes) {
		fprintf(f, "<printf: format \"%.*s\" needs %u bytes of arguments, %u given>\n", (int)n, fmt, pf.bytes,
			p->nbytes);
		pf_free(&pf);
		return;
	}
	size_t from = 0;
	for (unsigned i = 0; i < pf.nconv; i++) {
		const struct pf_conv *c = &pf.conv[i];
		/* the literal text before it, %% as % */
		for (size_t k = from; k < c->start; k++) {
			fputc(fmt[k], f);
			if (fmt[k] == '%')
				k++;
		}
		char *spec = xstrndup(fmt + c->start, c->len);
		const char *str = "";
		uint8_t sk = SIM_PSTR_NONE;
		if (c->kind == PF_STRING)
			str = next_string(text, p->ntext, &at, &sk);
		conversion(f, spec, c, args + c->offset, str, sk);
		free(spec);
		from = c->start + c->len;
	}
	for (size_t k = from; k < n; k++) {
		fputc(fmt[k], f);
		if (fmt[k] == '%')
			k++;
	}
	pf_free(&pf);
}
