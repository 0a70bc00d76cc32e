/* cuda_tools.c - nvcc and ptxas (cuda_tools.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "cuda_tools.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

/* s in single quotes for sh, its own quotes escaped */
static char *sh_quote(const char *s)
{
	size_t n = 3;
	for (const char *q = s; *q; q++)
		n += *q == '\'' ? 4 : 1;
	char *r = xmalloc(n), *o = r;
	*o++ = '\'';
	for (const char *q = s; *q; q++) {
		if (*q == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else {
			*o++ = *q;
		}
	}
	*o++ = '\'';
	*o = 0;
	return r;
}

/* The program to run for a tool, quoted for sh: the environment variable's
 * value, else the default name; NULL (why set) when the variable says
 * "none". Commands put /usr/local/cuda/bin after PATH (TOOL_PATH). */
#define TOOL_PATH "PATH=\"$PATH:/usr/local/cuda/bin\" "
static char *tool(const char *var, const char *dflt, char *why, size_t n)
{
	const char *env = getenv(var);
	if (env && !strcmp(env, "none")) {
		snprintf(why, n, "%s=none", var);
		return NULL;
	}
	return sh_quote(env && *env ? env : dflt);
}

/* mkdir -p */
static bool make_dirs(char *path)
{
	for (char *q = path + 1; *q; q++) {
		if (*q != '/')
			continue;
		*q = 0;
		bool ok = !mkdir(path, 0755) || errno == EEXIST;
		*q = '/';
		if (!ok)
			return false;
	}
	return !mkdir(path, 0755) || errno == EEXIST;
}

int nvcc_cuda_to_ptx(const char *cu_path, void *ctx, char **ptx_path, char *why, size_t n)
{
	char *qn = tool("SIMT_NVCC", "nvcc", why, n);
	if (!qn)
		return 1;
	long long cc = ctx ? *(const long long *)ctx : 0;
	unsigned arch = cc >= 75 ? (unsigned)cc : 75;
	size_t len;
	char *src = read_file(cu_path, &len);
	if (!src) {
		free(qn);
		snprintf(why, n, "cannot read %s", cu_path);
		return 2;
	}
	/* FNV-1a of the bytes, the target, the .cu's absolute path (nvcc
	 * writes the path into the PTX, for .loc lines, and names from it) and
	 * the compiler named */
	uint64_t h = 0xcbf29ce484222325ull;
	for (const char *q = qn; *q; q++)
		h = (h ^ (uint8_t)*q) * 0x100000001b3ull;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (uint8_t)src[i]) * 0x100000001b3ull;
	h = (h ^ arch) * 0x100000001b3ull;
	free(src);
	char *real = realpath(cu_path, NULL);
	for (const char *q = real ? real : cu_path; *q; q++)
		h = (h ^ (uint8_t)*q) * 0x100000001b3ull;
	free(real);
	const char *base = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char dir[4096];
	if (base && *base)
		snprintf(dir, sizeof dir, "%s/simt-sim/ptx", base);
	else
		snprintf(dir, sizeof dir, "%s/.cache/simt-sim/ptx", home && *home ? home : "/tmp");
	const char *stem = strrchr(cu_path, '/');
	stem = stem ? stem + 1 : cu_path;
	char out[4600];
	snprintf(out, sizeof out, "%s/%.*s-%016llx-sm_%u.ptx", dir, (int)(strlen(stem) - 3), stem, (unsigned long long)h,
		 arch);
	struct stat st;
	if (!stat(out, &st)) {
		free(qn);
		*ptx_path = xstrdup(out);
		return 0;
	}
	if (!make_dirs(dir)) {
		free(qn);
		snprintf(why, n, "cannot create %s", dir);
		return 1; /* no cache: fall back to the .ptx beside the .cu */
	}
	char tmp[4700];
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", out, (long)getpid());
	char *qc = sh_quote(cu_path), *qt = sh_quote(tmp);
	size_t cap = strlen(qn) + strlen(qc) + strlen(qt) + 200;
	char *cmd = xmalloc(cap);
	snprintf(cmd, cap, TOOL_PATH "%s -O3 -ptx -lineinfo -arch=sm_%u %s -o %s 2>&1", qn, arch, qc, qt);
	free(qn);
	free(qc);
	free(qt);
	FILE *f = popen(cmd, "r");
	free(cmd);
	size_t got = 0;
	why[0] = 0;
	if (f) {
		char line[512];
		while (fgets(line, sizeof line, f)) {
			size_t l = strlen(line);
			if (got + l < n) {
				memcpy(why + got, line, l + 1);
				got += l;
			}
		}
	}
	int rc = f ? pclose(f) : -1;
	if (rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 127) { /* sh: no such command */
		unlink(tmp);
		snprintf(why, n, "nvcc not found");
		return 1;
	}
	if (rc != 0) {
		unlink(tmp);
		while (got && (why[got - 1] == '\n' || why[got - 1] == '\r'))
			why[--got] = 0;
		for (size_t i = 0; i < got; i++)
			if (why[i] == '\n')
				why[i] = ' ';
		if (!got)
			snprintf(why, n, "nvcc failed");
		return 2;
	}
	if (rename(tmp, out)) {
		unlink(tmp);
		snprintf(why, n, "cannot write %s", out);
		return 1;
	}
	*ptx_path = xstrdup(out);
	return 0;
}

bool ptxas_regs(const char *ptx_path, const char *entry, unsigned cc, unsigned *regs, char *why, size_t n)
{
	char *qx = tool("SIMT_PTXAS", "ptxas", why, n);
	if (!qx)
		return false;
	char *qp = sh_quote(ptx_path);
	size_t cap = strlen(qp) + strlen(qx) + 256;
	char *cmd = xmalloc(cap);
	snprintf(cmd, cap, TOOL_PATH "%s -v -arch=sm_%u -o /dev/null %s 2>&1", qx, cc, qp);
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
