/* config.h (frontend) - loading a struct gpu_config from an INI file. */
#ifndef SIMT_FRONTEND_CONFIG_H
#define SIMT_FRONTEND_CONFIG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gpu_config.h"
#include "diag.h"

/* Defaults for every key. */
void cfg_defaults(struct gpu_config *c);

/* The number of keys (config_keys.def). */
enum {
	CFG_NKEYS = 0
#define KEY_INT(...) +1
#define KEY_STR(...) +1
#include "config_keys.def"
#undef KEY_INT
#undef KEY_STR
};

/* The longest line the INI reader takes whole (inih's INI_MAX_LINE of 200
 * bytes, less the newline and the terminator). */
#define CFG_MAX_LINE 198

/* Where each key got its value, to name it in errors found later. */
struct cfg_origin {
	char file[256];             /* the config file */
	unsigned line[CFG_NKEYS];   /* the line that set it (0: the default) */
	const char *set_by[CFG_NKEYS]; /* the option that gave the last value ("--set", "--scheduler",
					* ...; a string that lives as long as o), NULL: the file */
};

/* Parse path into c (on top of the defaults), recording in o (or NULL)
 * where each key was set. Errors name the file, line, section.key, the
 * value and the allowed range. Unknown keys and sections, malformed lines,
 * NUL bytes, lines longer than CFG_MAX_LINE, lone carriage returns and a
 * file that sets no key are errors. */
bool cfg_load(const char *path, struct gpu_config *c, struct cfg_origin *o, struct diag *d)
	__attribute__((warn_unused_result));

/* The same, from len bytes in memory (text[len] must be 0); path names
 * them in errors. */
bool cfg_parse(const char *path, const char *text, size_t len, struct gpu_config *c, struct cfg_origin *o,
	       struct diag *d) __attribute__((warn_unused_result));

/* Apply "section.key=value" (--set), recording it in o (or NULL). */
bool cfg_set(struct gpu_config *c, struct cfg_origin *o, const char *assignment, struct diag *d)
	__attribute__((warn_unused_result));

/* The same for the option opt that stands for it (--scheduler X is
 * sm.scheduler=X): errors, now and later (cfg_locate), name opt. */
bool cfg_set_as(struct gpu_config *c, struct cfg_origin *o, const char *assignment, const char *opt,
		struct diag *d) __attribute__((warn_unused_result));

/* A config error found after loading (diag_config: d->key set): name the
 * file and line, or --set, that gave the key its value. */
void cfg_locate(const struct cfg_origin *o, struct diag *d);

/* The one number syntax of configs and --set: a whole decimal number, or
 * hexadecimal after 0x, optionally negative, nothing before or after it,
 * within 64 bits (no octal: 010 is ten). */
bool cfg_parse_int(const char *s, int64_t *out) __attribute__((warn_unused_result));

/* Every key with its range, default and help (--help-config). */
void cfg_print_help(FILE *f);

/* The effective configuration as a JSON object (no trailing newline). */
void cfg_print_json(FILE *f, const struct gpu_config *c);

#endif
