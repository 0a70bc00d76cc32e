/* ptxas.c - registers per thread from ptxas -v (ptxas.h). */
#include "ptxas.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* path in single quotes for sh, its own quotes escaped */
static char *quoted(const char *path)
{
	size_t n = 3;
	for (const char *q = path; *q; q++)
		n += *q == '\'' ? 4 : 1;
	char *s = xmalloc(n), *o = s;
	*o++ = '\'';
	for (const char *q = path; *q; q++) {
		if (*q == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else {
			*o++ = *q;
		}
	}
	*o++ = '\'';
	*o = 0;
	return s;
}

bool ptxas_regs(const char *ptx_path, const char *entry, unsigned cc, unsigned *regs, char *why, size_t n)
{
	const char *env = getenv("SIMT_PTXAS");
	if (env && !strcmp(env, "none")) {
		snprintf(why, n, "SIMT_PTXAS=none");
		return false;
	}
	char *qp = quoted(ptx_path), *qx = quoted(env && *env ? env : "ptxas");
	size_t cap = strlen(qp) + strlen(qx) + 256;
	char *cmd = xmalloc(cap);
	snprintf(cmd, cap, "PATH=\"$PATH:/usr/local/cuda/bin\" %s -v -arch=sm_%u -o /dev/null %s 2>&1", qx, cc, qp);
	free(qp);
	free(qx);
	FILE *f = popen(cmd, "r");
	free(cmd);
	if (!f) {
		snprintf(why, n, "cannot run ptxas");
		return false;
	}
	char line[1024], want[400];
	snprintf(want, sizeof want, "Compiling entry function '%s' for", entry);
	bool mine = false, found = false;
	while (fgets(line, sizeof line, f)) {
		if (strstr(line, "Compiling entry function"))
			mine = strstr(line, want) != NULL;
		const char *u = strstr(line, "Used ");
		if (mine && u && !found) {
			*regs = (unsigned)strtoul(u + 5, NULL, 10);
			found = true;
		}
	}
	int rc = pclose(f);
	if (!found) {
		snprintf(why, n, rc ? "ptxas not found or failed for sm_%u" : "ptxas gave no register count", cc);
		return false;
	}
	return true;
}
