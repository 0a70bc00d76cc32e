/* diag.h - one diagnostic: where (file:line:col), what, and the source line.
 *
 * Modules that can fail on user input fill a struct diag and return an error;
 * only the frontend prints it. */
#ifndef SIMT_DIAG_H
#define SIMT_DIAG_H

#include <stdbool.h>
#include <stddef.h>

struct diag {
	bool set;
	char file[256];
	unsigned line; /* 1-based; 0 when the error has no line */
	unsigned col;  /* 1-based; 0 when the error has no column */
	char msg[512];
	char text[256]; /* the source line, without newline ("" if none) */
	char key[64];   /* a config error: the section.key that is wrong ("" if none);
			 * the frontend names the file and line that set it */
};

/* Record an error (only the first one is kept). Returns false, so that
 * `return diag_error(d, ...)` reads as failure. */
bool diag_error(struct diag *d, const char *file, unsigned line, unsigned col,
		const char *text, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/* A configuration value that is wrong, found after loading (by sim/):
 * key is the section.key to blame. Returns false. */
bool diag_config(struct diag *d, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* "file:line:col: error: msg", then the source line and a caret under col.
 * Always NUL-terminates buf. */
void diag_format(const struct diag *d, char *buf, size_t size);

#endif
