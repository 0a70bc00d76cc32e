/* nvcc.c - .cu to PTX with nvcc, cached (nvcc.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "nvcc.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util.h"

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
	const char *env = getenv("SIMT_NVCC");
	if (env && !strcmp(env, "none")) {
		snprintf(why, n, "SIMT_NVCC=none");
		return 1;
	}
	const char *nvcc = env && *env ? env : "nvcc";
	char *probe = sh_quote(nvcc), cmd0[600];
	snprintf(cmd0, sizeof cmd0, "PATH=\"$PATH:/usr/local/cuda/bin\" command -v %s >/dev/null 2>&1", probe);
	free(probe);
	if (system(cmd0) != 0) {
		snprintf(why, n, "nvcc not found");
		return 1;
	}
	long long cc = ctx ? *(const long long *)ctx : 0;
	unsigned arch = cc >= 75 ? (unsigned)cc : 75;
	size_t len;
	char *src = read_file(cu_path, &len);
	if (!src) {
		snprintf(why, n, "cannot read %s", cu_path);
		return 2;
	}
	/* FNV-1a of the bytes, the target and the .cu's absolute path (nvcc
	 * writes the path into the PTX, for .loc lines, and names from it) */
	uint64_t h = 0xcbf29ce484222325ull;
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
		*ptx_path = xstrdup(out);
		return 0;
	}
	if (!make_dirs(dir)) {
		snprintf(why, n, "cannot create %s", dir);
		return 1; /* no cache: fall back to the .ptx beside the .cu */
	}
	char tmp[4700];
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", out, (long)getpid());
	char *qn = sh_quote(nvcc), *qc = sh_quote(cu_path), *qt = sh_quote(tmp);
	size_t cap = strlen(qn) + strlen(qc) + strlen(qt) + 200;
	char *cmd = xmalloc(cap);
	snprintf(cmd, cap, "PATH=\"$PATH:/usr/local/cuda/bin\" %s -O3 -ptx -lineinfo -arch=sm_%u %s -o %s 2>&1", qn, arch, qc,
		 qt);
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
