/* json.c - JSON strings (see json.h). */
#include "json.h"

#include <stdint.h>
#include <string.h>

/* Length of the well-formed UTF-8 sequence at s (RFC 3629), or 0. */
static int utf8_len(const unsigned char *s)
{
	unsigned c = s[0];
	int n;
	uint32_t cp, min;
	if (c < 0x80)
		return 1;
	if ((c & 0xe0) == 0xc0)
		n = 2, cp = c & 0x1f, min = 0x80;
	else if ((c & 0xf0) == 0xe0)
		n = 3, cp = c & 0x0f, min = 0x800;
	else if ((c & 0xf8) == 0xf0)
		n = 4, cp = c & 0x07, min = 0x10000;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) /* also stops at the terminating NUL */
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

void json_string(FILE *f, const char *str) { json_string_n(f, str, strlen(str)); }

void json_string_n(FILE *f, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str, *end = s + len;
	fputc('"', f);
	while (s < end) {
		int n = utf8_len(s);
		if (!n) {
			fputs("\\ufffd", f);
			s++;
		} else if (*s == '"' || *s == '\\') {
			fprintf(f, "\\%c", *s++);
		} else if (*s < 0x20 || *s == 0x7f) {
			fprintf(f, "\\u%04x", *s++);
		} else {
			fwrite(s, 1, (size_t)n, f);
			s += n;
		}
	}
	fputc('"', f);
}
