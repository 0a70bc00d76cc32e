/* config.h (frontend) - loading a struct gpu_config from an INI file. */
#ifndef SIMT_FRONTEND_CONFIG_H
#define SIMT_FRONTEND_CONFIG_H

#include <stdbool.h>
#include <stdio.h>

#include "gpu_config.h"
#include "diag.h"

/* Defaults for every key. */
void cfg_defaults(struct gpu_config *c);

/* Parse path into c (on top of the defaults). Errors name the file, line,
 * section.key, the value and the allowed range. Unknown keys and sections
 * are errors. */
bool cfg_load(const char *path, struct gpu_config *c, struct diag *d)
	__attribute__((warn_unused_result));

/* Apply "section.key=value" (--set). */
bool cfg_set(struct gpu_config *c, const char *assignment, struct diag *d)
	__attribute__((warn_unused_result));

/* Every key with its range, default and help (--help-config). */
void cfg_print_help(FILE *f);

/* The effective configuration as a JSON object (no trailing newline). */
void cfg_print_json(FILE *f, const struct gpu_config *c);

#endif
