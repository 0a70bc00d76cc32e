/* json.h - the one writer of JSON strings, for every JSON the project
 * writes (simt-sim --json, the config dump, simt-xval --json, simt-view
 * --perfetto). */
#ifndef SIMT_JSON_H
#define SIMT_JSON_H

#include <stdio.h>

/* Write s as a JSON string, quotes included. The output is valid JSON in
 * valid UTF-8 whatever s holds: '"', '\\' and control characters are
 * escaped, well-formed UTF-8 sequences pass through, and every byte that is
 * not part of one (a stray byte of another encoding, an overlong form, a
 * surrogate) becomes U+FFFD. */
void json_string(FILE *f, const char *s);
/* The same for the len bytes at s, which may hold NULs (written \u0000);
 * s[len] must be readable (a NUL: a sequence cut short there is U+FFFD). */
void json_string_n(FILE *f, const char *s, size_t len);

#endif
