/* diag.c - diagnostic recording and formatting. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool diag_error(struct diag *d, const char *file, unsigned line, unsigned col,
		const char *text, const char *fmt, ...)
{
	if (!d || d->set)
		return false;
	d->set = true;
	snprintf(d->file, sizeof d->file, "%s", file ? file : "");
	d->line = line;
	d->col = col;
	snprintf(d->text, sizeof d->text, "%s", text ? text : "");
	d->text[strcspn(d->text, "\r\n")] = 0;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
	return false;
}

bool diag_config(struct diag *d, const char *key, const char *fmt, ...)
{
	if (!d || d->set)
		return false;
	char msg[sizeof d->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_error(d, "config", 0, 0, "", "%s", msg);
	snprintf(d->key, sizeof d->key, "%s", key);
	return false;
}

void diag_format(const struct diag *d, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = 0;
#define PUT(...)                                                               \
	do {                                                                   \
		int k_ = snprintf(buf + n, size - n, __VA_ARGS__);             \
		if (k_ > 0)                                                    \
			n += (size_t)k_ < size - n ? (size_t)k_ : size - n - 1; \
	} while (0)
	if (d->line && d->col)
		PUT("%s:%u:%u: error: %s\n", d->file, d->line, d->col, d->msg);
	else if (d->line)
		PUT("%s:%u: error: %s\n", d->file, d->line, d->msg);
	else if (d->file[0])
		PUT("%s: error: %s\n", d->file, d->msg);
	else
		PUT("error: %s\n", d->msg);
	if (d->text[0] && d->line) {
		PUT("    %s\n", d->text);
		if (d->col) {
			PUT("    ");
			/* keep tabs so the caret lines up under the column */
			for (unsigned i = 0; i + 1 < d->col && d->text[i]; i++)
				PUT("%c", d->text[i] == '\t' ? '\t' : ' ');
			PUT("^\n");
		}
	}
#undef PUT
}
