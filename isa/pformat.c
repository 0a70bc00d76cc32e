/*
 * pformat.c - CUDA printf's format strings (pformat.h).
 */
#include "pformat.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

void pf_free(struct pf_format *f)
{
	free(f->conv);
	memset(f, 0, sizeof *f);
}

static bool fail(struct pf_format *f, size_t *err_off, const char **err, size_t at, const char *what)
{
	pf_free(f);
	*err_off = at;
	*err = what;
	return false;
}

bool pf_parse(const char *fmt, size_t n, struct pf_format *f, size_t *err_off, const char **err)
{
	memset(f, 0, sizeof *f);
	const char *nul = memchr(fmt, 0, n);
	if (nul)
		n = (size_t)(nul - fmt);
	unsigned cap = 0;
	uint32_t end = 0;
	for (size_t i = 0; i < n; i++) {
		if (fmt[i] != '%')
			continue;
		size_t at = i++;
		if (i < n && fmt[i] == '%')
			continue;
		while (i < n && strchr("-+ #0", fmt[i]))
			i++;
		if (i < n && fmt[i] == '*')
			return fail(f, err_off, err, at, "a width of '*' is not supported");
		unsigned long w = 0, pr = 0;
		while (i < n && fmt[i] >= '0' && fmt[i] <= '9' && w <= PF_MAX_WIDTH)
			w = w * 10 + (unsigned long)(fmt[i++] - '0');
		if (w > PF_MAX_WIDTH)
			return fail(f, err_off, err, at, "a width over 4096 is not supported");
		if (i < n && fmt[i] == '.') {
			i++;
			if (i < n && fmt[i] == '*')
				return fail(f, err_off, err, at, "a precision of '*' is not supported");
			while (i < n && fmt[i] >= '0' && fmt[i] <= '9' && pr <= PF_MAX_WIDTH)
				pr = pr * 10 + (unsigned long)(fmt[i++] - '0');
			if (pr > PF_MAX_WIDTH)
				return fail(f, err_off, err, at, "a precision over 4096 is not supported");
		}
		unsigned longs = 0, shorts = 0;
		while (i < n && (fmt[i] == 'l' || fmt[i] == 'h')) {
			longs += fmt[i] == 'l';
			shorts += fmt[i] == 'h';
			i++;
		}
		if (longs > 2 || shorts > 1 || (longs && shorts))
			return fail(f, err_off, err, at,
				    shorts > 1 ? "the size hh is not supported (an H200 prints a wrong value for it)"
					       : "this size is not supported (h, l and ll are)");
		if (i == n)
			return fail(f, err_off, err, at, "a conversion without its type at the end of the format");
		if (i < n && strchr("jztLq", fmt[i]))
			return fail(f, err_off, err, at, "this size is not supported (h, l and ll are)");
		char t = fmt[i];
		struct pf_conv c = {(uint32_t)at, (uint32_t)(i + 1 - at), PF_INT, 4, 0};
		if (t == 'd' || t == 'i')
			c.kind = PF_INT;
		else if (t == 'u' || t == 'o' || t == 'x' || t == 'X')
			c.kind = PF_UINT;
		else if (t == 'c')
			c.kind = PF_CHAR;
		else if (t == 'f' || t == 'e' || t == 'E' || t == 'g' || t == 'G')
			c.kind = PF_DOUBLE;
		else if (t == 's')
			c.kind = PF_STRING;
		else if (t == 'p')
			c.kind = PF_POINTER;
		else if (t == 'n')
			return fail(f, err_off, err, at, "%n is not supported");
		else
			return fail(f, err_off, err, at, "this conversion is not supported (d i u o x X c s f e E g G p are)");
		if ((longs || shorts) && c.kind != PF_INT && c.kind != PF_UINT &&
		    !(c.kind == PF_DOUBLE && longs == 1))
			return fail(f, err_off, err, at, "this size is not supported with this conversion");
		c.size = c.kind == PF_DOUBLE || c.kind == PF_STRING || c.kind == PF_POINTER || longs ? 8 : 4;
		c.offset = (end + c.size - 1) / c.size * c.size;
		end = c.offset + c.size;
		if (f->nconv == PF_MAX_ARGS)
			return fail(f, err_off, err, at, "more than 32 arguments (CUDA's printf takes at most 32)");
		GROW(f->conv, cap, f->nconv + 1);
		f->conv[f->nconv++] = c;
	}
	f->bytes = end;
	return true;
}
