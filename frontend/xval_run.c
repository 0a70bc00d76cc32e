/* xval_run.c - simt-xval's cases and the two runners: simt-cuda on the GPU,
 * the simulator in forked workers (see xval.h). */
#include <errno.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explain.h"
#include "gpu.h"
#include "util.h"
#include "workload.h"
#include "xval.h"

static void add_param(struct xcase *c, const char *name, long v)
{
	c->p[c->np++] = (struct xparam){name, v};
}

static struct xcase *mm_case(struct xcase *c, bool tiled, int n, int tile)
{
	memset(c, 0, sizeof *c);
	c->kind = XK_MM;
	snprintf(c->label, sizeof c->label, "%s", tiled ? "tiled_mm" : "naive_mm");
	snprintf(c->workload, sizeof c->workload, "workloads/%s.s", c->label);
	snprintf(c->id, sizeof c->id, "%s-%d-t%d", c->label, n, tile);
	add_param(c, "M", n);
	add_param(c, "N", n);
	add_param(c, "K", n);
	add_param(c, "TILE", tile);
	snprintf(c->gpu_args, sizeof c->gpu_args, "mm %s %d %d %d %d", tiled ? "tiled" : "naive", n, n, n, tile);
	return c;
}

/* A microbenchmark; params are NAME=VALUE pairs ending with NULL. */
static struct xcase *micro_case(struct xcase *c, const char *name, const char *metric, const char *gpu_args, ...)
{
	memset(c, 0, sizeof *c);
	c->kind = XK_MICRO;
	snprintf(c->label, sizeof c->label, "micro/%s", name);
	snprintf(c->workload, sizeof c->workload, "workloads/micro/%s.s", name);
	snprintf(c->metric, sizeof c->metric, "%s", metric);
	snprintf(c->gpu_args, sizeof c->gpu_args, "micro %s %s", name, gpu_args);
	int k = snprintf(c->id, sizeof c->id, "micro-%s", name);
	va_list ap;
	va_start(ap, gpu_args);
	const char *pn;
	while ((pn = va_arg(ap, const char *))) {
		long v = va_arg(ap, long);
		add_param(c, pn, v);
		k += snprintf(c->id + k, sizeof c->id - (size_t)k, "-%s%ld", pn, v);
	}
	va_end(ap);
	return c;
}

/* The latency plateaus, in this order: L1, L2 and DRAM pointer chases, and
 * the conflict-free shared-memory chase (4 cases; --calibrate reads them by
 * position). The DRAM chase runs warm over 128 MB, beyond the 50 MB L2, so
 * every load misses it (a cold chase of a buffer just copied to the GPU
 * finds part of it still in the L2). */
static unsigned latency_cases(struct xcase *c)
{
	micro_case(&c[0], "pointer_chase", "cycles_per_load", "16384 128 1 256", "SIZE", 16384L, "STRIDE", 128L,
		   "WARM", 1L, "ITERS", 256L, (char *)NULL);
	micro_case(&c[1], "pointer_chase", "cycles_per_load", "1048576 128 1 256", "SIZE", 1048576L, "STRIDE",
		   128L, "WARM", 1L, "ITERS", 256L, (char *)NULL);
	micro_case(&c[2], "pointer_chase", "cycles_per_load", "134217728 128 1 256", "SIZE", 134217728L,
		   "STRIDE", 128L, "WARM", 1L, "ITERS", 256L, (char *)NULL);
	micro_case(&c[3], "smem_stride", "cycles_per_access", "1 128", "STRIDE", 1L, "ITERS", 128L, (char *)NULL);
	return 4;
}

unsigned xval_cases(const struct xval_opts *o, struct xcase *c, unsigned max)
{
	static const int def_sizes[] = {32, 100, 256, 500, 1024};
	const int *sizes = o->nsizes ? o->sizes : def_sizes;
	unsigned ns = o->nsizes ? o->nsizes : 5, n = 0;
	if (o->quick && !o->nsizes)
		ns = 2;
	for (unsigned i = 0; i < ns && n + 4 <= max; i++) {
		mm_case(&c[n++], true, sizes[i], 8);
		mm_case(&c[n++], true, sizes[i], 16);
		mm_case(&c[n++], true, sizes[i], 32);
		mm_case(&c[n++], false, sizes[i], 16);
	}
	if (o->mm_only || n + 12 > max)
		return n;
	n += latency_cases(c + n);
	micro_case(&c[n++], "smem_stride", "cycles_per_access", "2 128", "STRIDE", 2L, "ITERS", 128L, (char *)NULL);
	micro_case(&c[n++], "smem_stride", "cycles_per_access", "32 128", "STRIDE", 32L, "ITERS", 128L, (char *)NULL);
	micro_case(&c[n++], "gmem_stride", "cycles_per_request", "1 64", "STRIDE", 1L, "ITERS", 64L, (char *)NULL);
	micro_case(&c[n++], "gmem_stride", "cycles_per_request", "32 64", "STRIDE", 32L, "ITERS", 64L, (char *)NULL);
	micro_case(&c[n++], "fma_chain", "cycles_per_fma", "256", "ITERS", 256L, (char *)NULL);
	micro_case(&c[n++], "syncthreads", "cycles_per_barrier", "256 64", "THREADS", 256L, "ITERS", 64L,
		   (char *)NULL);
	micro_case(&c[n++], "syncthreads", "cycles_per_barrier", "1024 64", "THREADS", 1024L, "ITERS", 64L,
		   (char *)NULL);
	struct xcase *s = micro_case(&c[n++], "stream_copy", "seconds", "4194304 256", "N", 4194304L, "THREADS",
				     256L, (char *)NULL);
	s->whole_kernel = true;
	return n;
}

/* What --calibrate measures: one case per config key it writes. */
unsigned xval_calibration_cases(struct xcase *c, unsigned max)
{
	if (max < 6)
		return 0;
	unsigned n = 0;
	n += latency_cases(c + n);
	micro_case(&c[n++], "fma_chain", "cycles_per_fma", "256", "ITERS", 256L, (char *)NULL);
	/* 1 GiB each way: far beyond the L2, so reads and writes both reach DRAM */
	struct xcase *s = micro_case(&c[n++], "stream_copy", "gb_per_s", "268435456 256", "N", 268435456L,
				     "THREADS", 256L, (char *)NULL);
	s->whole_kernel = true;
	return n;
}

/* ---- the GPU -------------------------------------------------------------------- */

double xval_kv(const char *line, const char *key)
{
	size_t kl = strlen(key);
	for (const char *p = line; (p = strstr(p, key)); p++)
		if ((p == line || p[-1] == ' ') && p[kl] == '=')
			return strtod(p + kl + 1, NULL);
	return NAN;
}

static char info_line[2048];

/* gpu.txt whole (read_input: a regular file, lines of any length), or NULL
 * with why set. */
static char *read_answers(const struct xval_opts *o, char *path, size_t path_n, char *why, size_t why_n)
{
	snprintf(path, path_n, "%s/gpu.txt", o->gpu_dir);
	return read_input(path, READ_MAX_TEXT, NULL, why, why_n);
}

const char *xval_gpu_info(const struct xval_opts *o)
{
	if (!info_line[0]) {
		char path[4200], why[128];
		char *text = read_answers(o, path, sizeof path, why, sizeof why);
		for (char *line = text, *next; line && *line; line = next) {
			next = line + strcspn(line, "\n");
			if (*next)
				*next++ = 0;
			if (!strncmp(line, "info ", 5))
				snprintf(info_line, sizeof info_line, "%s", line + 5);
		}
		free(text);
	}
	return info_line;
}

/* Run simt-cuda with args; its one line of output into line. Returns its exit status. */
static int cuda_cmd(const struct xval_opts *o, const char *args, char *line, size_t n)
{
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "'%s' %s", o->cuda, args);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	line[0] = 0;
	char buf[2048];
	while (fgets(buf, sizeof buf, p))
		if (strchr(buf, '='))
			snprintf(line, n, "%s", buf);
	line[strcspn(line, "\n")] = 0;
	int st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void append(const struct xval_opts *o, const char *tag, const char *line)
{
	char path[4200];
	snprintf(path, sizeof path, "%s/gpu.txt", o->gpu_dir);
	FILE *f = fopen(path, "a");
	if (f) {
		fprintf(f, "%s %s\n", tag, line);
		fclose(f);
	}
}

const char *xval_gpu_available(const struct xval_opts *o)
{
	static char why[4400];
	if (access(o->cuda, X_OK)) {
		snprintf(why, sizeof why,
			 "no CUDA program (%s): the CUDA toolkit was not found when this was built "
			 "(meson setup -Dcuda=enabled needs nvcc on the PATH or in /usr/local/cuda/bin)",
			 o->cuda);
		return why;
	}
	char line[1024];
	int rc = cuda_cmd(o, "info 2>&1", line, sizeof line);
	if (rc == 3 || (rc && !line[0])) {
		snprintf(why, sizeof why, "no CUDA GPU on this machine (simt-cuda info exited with %d)", rc);
		return why;
	}
	if (rc) {
		snprintf(why, sizeof why, "simt-cuda info failed (exit %d): %s", rc, line);
		return why;
	}
	char path[4200];
	snprintf(path, sizeof path, "%s/gpu.txt", o->gpu_dir);
	FILE *f = fopen(path, "w"); /* a fresh record of this GPU's answers */
	if (f)
		fclose(f);
	append(o, "info", line);
	return NULL;
}

/* A case line's values are measurements: every one but kernel= and micro=
 * must be a finite number, not negative, with nothing after it. NULL when
 * they are, else the first bad key=value. */
static const char *bad_value(const char *kv, char *buf, size_t n)
{
	for (const char *p = kv; *p;) {
		p += strspn(p, " \n");
		size_t len = strcspn(p, " \n");
		if (!len)
			break;
		const char *eq = memchr(p, '=', len);
		if (eq && strncmp(p, "kernel=", 7) && strncmp(p, "micro=", 6)) {
			char *end;
			double v = strtod(eq + 1, &end);
			if (end == eq + 1 || end != p + len || !isfinite(v) || v < 0) {
				snprintf(buf, n, "%.*s", (int)(len < 100 ? len : 100), p);
				return buf;
			}
		}
		p += len;
	}
	return NULL;
}

int xval_gpu_run(const struct xval_opts *o, const struct xcase *c, unsigned n, struct xgpu *g)
{
	char path[4200], line[2048], why[128];
	memset(g, 0, n * sizeof *g);
	if (!o->reuse)
		for (unsigned i = 0; i < n; i++) {
			char args[4800], out[4400];
			if (c[i].kind == XK_MM) {
				snprintf(out, sizeof out, "%s/%s.bin", o->gpu_dir, c[i].id);
				snprintf(args, sizeof args, "%s '%s'", c[i].gpu_args, out);
			} else {
				snprintf(args, sizeof args, "%s", c[i].gpu_args);
			}
			fprintf(stderr, "simt-xval: GPU %s\n", c[i].id);
			int rc = cuda_cmd(o, args, line, sizeof line);
			if (rc) {
				fprintf(stderr, "simt-xval: simt-cuda %s failed (exit %d)\n", args, rc);
				return XV_GPU;
			}
			append(o, c[i].id, line);
		}
	/* What --reuse reads is the user's input (exit 2 when it is not
	 * answers); what the GPU just wrote is the GPU program's (exit 4). */
	int bad = o->reuse ? XV_USAGE : XV_GPU;
	char *text = read_answers(o, path, sizeof path, why, sizeof why);
	if (!text) {
		fprintf(stderr, "simt-xval: cannot read %s: %s\n", path, why);
		return bad;
	}
	unsigned lineno = 0, found = 0;
	for (char *ln = text, *next; *ln; ln = next) {
		lineno++;
		next = ln + strcspn(ln, "\n");
		if (*next)
			*next++ = 0;
		char *sp = strchr(ln, ' ');
		if (!sp)
			continue;
		*sp = 0;
		char badkv[128];
		if (strcmp(ln, "info") && bad_value(sp + 1, badkv, sizeof badkv)) {
			fprintf(stderr, "simt-xval: %s:%u: %s: expected a finite, non-negative number\n", path, lineno,
				badkv);
			free(text);
			return bad;
		}
		for (unsigned i = 0; i < n; i++)
			if (!strcmp(ln, c[i].id)) { /* the last line of a case wins */
				const char *kv = sp + 1;
				found += !g[i].have;
				g[i].have = true;
				g[i].span_ns = xval_kv(kv, "span_ns");
				g[i].sm_cycles = xval_kv(kv, "sm_cycles");
				g[i].block_cycles = xval_kv(kv, "block_cycles_mean");
				g[i].seconds = xval_kv(kv, "seconds");
				if (c[i].whole_kernel && !isnan(xval_kv(kv, "span_ns")))
					g[i].span_ns = xval_kv(kv, "span_ns");
				g[i].value = c[i].metric[0] ? xval_kv(kv, c[i].metric) : NAN;
			}
	}
	free(text);
	if (!found) {
		fprintf(stderr, "simt-xval: %s holds no answer for any of the %u cases (%s ... %s)%s\n", path, n,
			n ? c[0].id : "", n ? c[n - 1].id : "",
			o->reuse ? ": --reuse compares with answers a GPU run wrote there (--gpu-only)" : "");
		return bad;
	}
	return XV_OK;
}

/* ---- the simulator ---------------------------------------------------------------- */

static void sim_case(const struct xval_opts *o, const struct gpu_config *cfg, const struct xcase *c,
		     struct xsim *r)
{
	memset(r, 0, sizeof *r);
	r->status = -1;
	r->same = -1;
	r->first = -1;
	struct param_override ov[6];
	char vals[6][24];
	for (unsigned i = 0; i < c->np; i++) {
		snprintf(vals[i], sizeof vals[i], "%ld", c->p[i].value);
		ov[i] = (struct param_override){c->p[i].name, vals[i]};
	}
	struct diag d;
	memset(&d, 0, sizeof d);
	struct program *p = asm_load(c->workload, ov, c->np, &d);
	if (!p) {
		diag_format(&d, r->err, sizeof r->err);
		return;
	}
	struct gmem g, initial;
	struct wl_expected expected = {0, NULL};
	gmem_init(&g);
	gmem_init(&initial);
	uint32_t *args = xcalloc(p->nargs ? p->nargs : 1, sizeof *args);
	struct sim *s = NULL;
	struct sim_result res;
	memset(&res, 0, sizeof res);
	struct sim_refused refused = {REFUSE_NONE, 0, 0, 0};
	if (!wl_setup(p, &g, args, &d) || !wl_setup(p, &initial, args, &d) || !wl_check_ready(p, &initial, &expected, &d) ||
	    !(s = sim_create(cfg, p, &g, args, NULL, &refused))) {
		if (refused.why != REFUSE_NONE)
			explain_refusal(&refused, cfg, p, &d);
		diag_format(&d, r->err, sizeof r->err);
		goto out;
	}
	sim_run(s, 0, &res);
	r->status = (int)res.status;
	/* the SMs' span: the in-kernel clock these cases compare with does not
	 * see the launch */
	r->cycles = res.stats.cycles - res.stats.launch_cycles;
	if (res.status != SIM_DONE) {
		const struct explain_env env = {p, &g, cfg};
		char *why = explain_string(&env, &res, true);
		snprintf(r->err, sizeof r->err, "%.250s", why);
		free(why);
		goto out;
	}
	FILE *null = fopen("/dev/null", "w");
	r->check_pass = wl_check(p, &initial, &expected, &g, null ? null : stderr, &d) == 0;
	if (null)
		fclose(null);
	if (c->kind == XK_MICRO) {
		char v[64] = "nan";
		for (unsigned i = 0; i < p->nreports; i++)
			if (!strcmp(p->reports[i].name, c->metric))
				wl_report_value(p, &g, i, v, sizeof v);
		r->value = strtod(v, NULL);
	} else {
		int ci = program_find_buffer(p, "C");
		char path[4400];
		snprintf(path, sizeof path, "%s/%s.bin", o->gpu_dir, c->id);
		size_t len = 0;
		char *gpu = ci >= 0 ? read_input(path, (size_t)1 << 30, &len, NULL, 0) : NULL;
		const struct gmem_buffer *b = ci >= 0 ? &g.bufs[ci] : NULL;
		if (gpu && b && len != b->size) {
			r->same = -2;
			snprintf(r->err, sizeof r->err, "%.150s has %zu bytes; C has %u (a truncated or foreign file)", path,
				 len, b->size);
		} else if (gpu && b) {
			r->same = 1;
			for (size_t i = 0; i < len / 4; i++)
				if (memcmp(gpu + 4 * i, b->data + 4 * i, 4)) {
					r->same = 0;
					r->first = (long)i;
					memcpy(&r->gpu_v, gpu + 4 * i, 4);
					memcpy(&r->sim_v, b->data + 4 * i, 4);
					break;
				}
		}
		free(gpu);
	}
out:
	sim_result_free(&res);
	sim_destroy(s);
	gmem_free(&g);
	gmem_free(&initial);
	wl_expected_free(&expected);
	free(args);
	program_free(p);
}

void xval_sim_run(const struct xval_opts *o, const struct gpu_config *cfg, const struct xcase *c, unsigned n,
		  struct xsim *s)
{
	pid_t pid[XV_MAX_CASES];
	int fd[XV_MAX_CASES];
	unsigned next = 0, running = 0, done = 0;
	for (unsigned i = 0; i < n; i++)
		pid[i] = 0;
	while (done < n) {
		while (next < n && running < (unsigned)o->jobs) {
			int p[2];
			if (pipe(p)) {
				sim_case(o, cfg, &c[next], &s[next]); /* no pipe: run it here */
				next++;
				done++;
				continue;
			}
			fflush(NULL);
			pid_t k = fork();
			if (k == 0) {
				close(p[0]);
				struct xsim r;
				sim_case(o, cfg, &c[next], &r);
				ssize_t w = write(p[1], &r, sizeof r);
				_exit(w == (ssize_t)sizeof r ? 0 : 1);
			}
			close(p[1]);
			if (k < 0) {
				close(p[0]);
				sim_case(o, cfg, &c[next], &s[next]);
				next++;
				done++;
				continue;
			}
			pid[next] = k;
			fd[next] = p[0];
			fprintf(stderr, "simt-xval: simulating %s\n", c[next].id);
			next++;
			running++;
		}
		if (!running)
			continue;
		int st;
		pid_t k = wait(&st);
		if (k < 0)
			break; /* no children left to wait for */
		for (unsigned i = 0; i < next; i++)
			if (pid[i] == k && k > 0) {
				ssize_t got = read(fd[i], &s[i], sizeof s[i]);
				if (got != (ssize_t)sizeof s[i]) {
					memset(&s[i], 0, sizeof s[i]);
					s[i].status = -1;
					s[i].same = -1;
					snprintf(s[i].err, sizeof s[i].err, "the simulator worker died (status %d)", st);
				}
				close(fd[i]);
				pid[i] = 0;
				running--;
				done++;
			}
	}
}
