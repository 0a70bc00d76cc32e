/* xval_report.c - simt-xval's table (Markdown on stdout, CSV, JSON) and
 * --calibrate (see xval.h). */
#define _DEFAULT_SOURCE /* mkstemp */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "json.h"
#include "util.h"

/* A JSON number with prec decimals, or null where there is none (a NaN:
 * nothing to compare; an infinity) so that no reader takes it for a value. */
static void json_real(FILE *f, double v, int prec)
{
	if (isfinite(v))
		fprintf(f, "%.*f", prec, v);
	else
		fputs("null", f);
}
#include "xval.h"

/* The measured SM clock (MHz) of the GPU, else the config's. */
static double gpu_mhz(const struct xval_opts *o)
{
	double mhz = xval_kv(xval_gpu_info(o), "clock_measured_mhz");
	return isnan(mhz) || mhz <= 0 ? (double)o->cfg.clock_mhz : mhz;
}

struct row {
	const struct xcase *c;
	const struct xgpu *g;
	const struct xsim *s;
	double real_gt;     /* cycles from the globaltimer span (or the event time) x clock */
	double real_ck;     /* cycles from the per-SM clock64 spans */
	double sim;
	double err;         /* (sim - real) / real, against real_ck where there is one */
	char exact[96];
	char size[64];
};

static void make_row(const struct xval_opts *o, const struct xcase *c, const struct xgpu *g, const struct xsim *s,
		     struct row *r)
{
	memset(r, 0, sizeof *r);
	r->c = c;
	r->g = g;
	r->s = s;
	double mhz = gpu_mhz(o);
	r->real_gt = r->real_ck = r->sim = r->err = NAN;
	int k = 0;
	for (unsigned i = 0; i < c->np; i++)
		if (c->kind == XK_MICRO || i == 0)
			k += snprintf(r->size + k, sizeof r->size - (size_t)k, "%s%s=%ld", i ? " " : "", c->p[i].name,
				      c->p[i].value);
	if (c->kind == XK_MM)
		snprintf(r->size, sizeof r->size, "%ldx%ldx%ld", c->p[0].value, c->p[1].value, c->p[2].value);
	if (s->status != 0) {
		snprintf(r->exact, sizeof r->exact, "sim: %s", s->status < 0 ? "error" : "no result");
	} else if (c->kind == XK_MM) {
		if (s->same == 1)
			snprintf(r->exact, sizeof r->exact, "yes");
		else if (s->same == 0)
			snprintf(r->exact, sizeof r->exact, "no: C[%ld] GPU %.9g sim %.9g", s->first, (double)s->gpu_v,
				 (double)s->sim_v);
		else if (s->same == -2)
			snprintf(r->exact, sizeof r->exact, "corrupt GPU output");
		else
			snprintf(r->exact, sizeof r->exact, "no GPU output");
	}
	if (!g->have || s->status != 0)
		return;
	if (c->kind == XK_MM) {
		r->real_gt = g->span_ns * mhz / 1000.0;
		r->real_ck = g->sm_cycles;
		r->sim = (double)s->cycles;
	} else if (c->whole_kernel) { /* the in-kernel span, else the event time (with the launch) */
		r->real_gt = g->span_ns > 0 ? g->span_ns * mhz / 1000.0 : g->seconds * mhz * 1e6;
		r->sim = (double)s->cycles;
	} else {
		r->real_ck = g->value;
		r->sim = s->value;
	}
	double real = isnan(r->real_ck) ? r->real_gt : r->real_ck;
	if (real > 0)
		r->err = (r->sim - real) / real;
}

static void fmt(char *buf, size_t n, double v, int prec)
{
	if (isnan(v))
		snprintf(buf, n, "-");
	else
		snprintf(buf, n, "%.*f", prec, v);
}

int xval_compare(const struct xval_opts *o)
{
	static struct xcase c[XV_MAX_CASES];
	static struct xgpu g[XV_MAX_CASES];
	static struct xsim s[XV_MAX_CASES];
	static struct row r[XV_MAX_CASES];
	unsigned n = xval_cases(o, c, XV_MAX_CASES);
	int grc = xval_gpu_run(o, c, n, g);
	if (grc != XV_OK)
		return grc;
	if (o->gpu_only) {
		printf("simt-xval: GPU results in %s/gpu.txt\n", o->gpu_dir);
		return XV_OK;
	}
	xval_sim_run(o, &o->cfg, c, n, s);
	for (unsigned i = 0; i < n; i++)
		make_row(o, &c[i], &g[i], &s[i], &r[i]);
	/* summary over the matmul rows */
	double sum_ae = 0, sum_ae_gt = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
	unsigned nm = 0, differ = 0, failed = 0, nogpu = 0;
	for (unsigned i = 0; i < n; i++) {
		if (c[i].kind != XK_MM)
			continue;
		differ += s[i].status == 0 && (s[i].same == 0 || s[i].same == -2);
		nogpu += s[i].status == 0 && s[i].same == -1;
		failed += s[i].status != 0;
		if (isnan(r[i].err))
			continue;
		nm++;
		sum_ae += fabs(r[i].err);
		sum_ae_gt += fabs((r[i].sim - r[i].real_gt) / r[i].real_gt);
		double x = log(r[i].real_ck), y = log(r[i].sim);
		sx += x;
		sy += y;
		sxx += x * x;
		syy += y * y;
		sxy += x * y;
	}
	double mae = nm ? sum_ae / nm : NAN, mae_gt = nm ? sum_ae_gt / nm : NAN;
	double corr = nm > 1 ? (nm * sxy - sx * sy) / sqrt((nm * sxx - sx * sx) * (nm * syy - sy * sy)) : NAN;
	printf("simt-xval: %s against %s\n", o->config, xval_gpu_info(o));
	printf("\n| kernel | size | tile | output bit-exact | real cycles (globaltimer) | real cycles (clock64) | simulated | error |\n");
	printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
	for (unsigned i = 0; i < n; i++) {
		char a[32], b[32], d[32], e[32], tile[16] = "";
		int prec = c[i].kind == XK_MM || c[i].whole_kernel ? 0 : 2;
		fmt(a, sizeof a, r[i].real_gt, 0);
		fmt(b, sizeof b, r[i].real_ck, prec);
		fmt(d, sizeof d, r[i].sim, prec);
		fmt(e, sizeof e, 100 * r[i].err, 1);
		if (c[i].kind == XK_MM)
			snprintf(tile, sizeof tile, "%ld", c[i].p[3].value);
		printf("| %s | %s | %s | %s | %s | %s | %s | %s%s |\n", c[i].label, r[i].size, tile, r[i].exact, a, b, d,
		       e, isnan(r[i].err) ? "" : "%");
	}
	printf("\nmatmul: %u cases; mean absolute error %.1f%% (against clock64), %.1f%% (against globaltimer); "
	       "correlation of log cycles %.3f\n",
	       nm, 100 * mae, 100 * mae_gt, corr);
	if (differ || failed)
		printf("outputs: %u differ from the GPU's, %u did not simulate\n", differ, failed);
	else if (nogpu)
		printf("outputs: bit-exact with the GPU where its output was kept (%u without)\n", nogpu);
	else
		printf("outputs: every matmul is bit-exact with the GPU\n");
	for (unsigned i = 0; i < n; i++)
		if (s[i].err[0])
			fprintf(stderr, "simt-xval: %s: %s\n", c[i].id, s[i].err);
	if (o->csv) {
		FILE *f = fopen(o->csv, "w");
		if (!f) {
			fprintf(stderr, "simt-xval: cannot write %s\n", o->csv);
			return XV_USAGE;
		}
		fprintf(f, "kernel,size,tile,bit_exact,real_cycles_globaltimer,real_cycles_clock64,simulated,error\n");
		for (unsigned i = 0; i < n; i++)
			fprintf(f, "%s,%s,%ld,\"%s\",%.3f,%.3f,%.3f,%.5f\n", c[i].label, r[i].size,
				c[i].kind == XK_MM ? c[i].p[3].value : 0L, r[i].exact, r[i].real_gt, r[i].real_ck, r[i].sim,
				r[i].err);
		fclose(f);
	}
	if (o->json) {
		FILE *f = fopen(o->json, "w");
		if (!f) {
			fprintf(stderr, "simt-xval: cannot write %s\n", o->json);
			return XV_USAGE;
		}
		fprintf(f, "{\"config\": ");
		json_string(f, o->config);
		fprintf(f, ", \"gpu\": ");
		json_string(f, xval_gpu_info(o));
		fprintf(f, ", \"mean_abs_error\": ");
		json_real(f, nm ? mae : NAN, 6);
		fprintf(f, ", \"mean_abs_error_globaltimer\": ");
		json_real(f, nm ? mae_gt : NAN, 6);
		fprintf(f, ", \"log_correlation\": ");
		json_real(f, nm > 1 ? corr : NAN, 6);
		fprintf(f, ", \"rows\": [\n");
		for (unsigned i = 0; i < n; i++) {
			fprintf(f, "  {\"kernel\": ");
			json_string(f, c[i].label);
			fprintf(f, ", \"size\": ");
			json_string(f, r[i].size);
			fprintf(f, ", \"tile\": %ld, \"bit_exact\": %s, \"real_cycles_globaltimer\": ",
				c[i].kind == XK_MM ? c[i].p[3].value : 0L,
				c[i].kind != XK_MM ? "null" : s[i].same == 1 ? "true" : "false");
			json_real(f, r[i].real_gt, 3);
			fprintf(f, ", \"real_cycles_clock64\": ");
			json_real(f, r[i].real_ck, 3);
			fprintf(f, ", \"simulated\": ");
			json_real(f, r[i].sim, 3);
			fprintf(f, ", \"error\": ");
			json_real(f, r[i].err, 6);
			fprintf(f, "}%s\n", i + 1 < n ? "," : "");
		}
		fprintf(f, "]}\n");
		fclose(f);
	}
	return differ || failed ? XV_DIFFER : XV_OK;
}

/* ---- --calibrate ------------------------------------------------------------------ */

struct setting {
	const char *section, *key;
	double value;
	const char *how;
};

/* The config text with the keys replaced, each with a comment naming the
 * measurement. Keys the file lacks are appended to their section. */
static char *rewrite(const char *text, struct setting *set, unsigned n, const char *stamp)
{
	size_t cap = strlen(text) + 4096 * n, len = 0;
	char *out = xmalloc(cap);
	char section[64] = "";
	bool done[16] = {false};
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t ll = e ? (size_t)(e - p) : strlen(p);
		char line[1024];
		snprintf(line, sizeof line, "%.*s", (int)(ll < sizeof line ? ll : sizeof line - 1), p);
		char *t = line;
		while (*t == ' ' || *t == '\t')
			t++;
		bool replaced = false;
		if (*t == '[') {
			char *close = strchr(t, ']');
			if (close)
				snprintf(section, sizeof section, "%.*s", (int)(close - t - 1), t + 1);
		} else {
			for (unsigned i = 0; i < n; i++) {
				size_t kl = strlen(set[i].key);
				if (strcmp(section, set[i].section) || strncmp(t, set[i].key, kl) ||
				    (t[kl] != ' ' && t[kl] != '=' && t[kl] != '\t'))
					continue;
				char val[40];
				snprintf(val, sizeof val, "%.0f", set[i].value);
				int width = 28 - (int)kl;
				len += (size_t)snprintf(out + len, cap - len, "%s = %-*s ; measured: %s (%s)\n", set[i].key,
							width > 1 ? width : 1, val, set[i].how, stamp);
				done[i] = true;
				replaced = true;
			}
		}
		if (!replaced)
			len += (size_t)snprintf(out + len, cap - len, "%.*s\n", (int)ll, p);
		p = e ? e + 1 : p + ll;
	}
	for (unsigned i = 0; i < n; i++)
		if (!done[i])
			len += (size_t)snprintf(out + len, cap - len, "\n[%s]\n%s = %.0f ; measured: %s (%s)\n",
						set[i].section, set[i].key, set[i].value, set[i].how, stamp);
	return out;
}

int xval_calibrate(const struct xval_opts *o)
{
	struct xcase c[8];
	struct xgpu g[8];
	unsigned n = xval_calibration_cases(c, 8);
	int grc = xval_gpu_run(o, c, n, g);
	if (grc != XV_OK)
		return grc;
	if (o->gpu_only) {
		printf("simt-xval: GPU results in %s/gpu.txt\n", o->gpu_dir);
		return XV_OK;
	}
	for (unsigned i = 0; i < n; i++)
		if (!g[i].have || isnan(g[i].value)) {
			fprintf(stderr, "simt-xval: no GPU measurement for %s in %s/gpu.txt\n", c[i].id, o->gpu_dir);
			return o->reuse ? XV_USAGE : XV_GPU;
		}
	const char *info = xval_gpu_info(o);
	double mhz = xval_kv(info, "clock_measured_mhz"), drv = xval_kv(info, "driver");
	if (!(mhz > 0 && mhz < 1e5) || !(drv > 0 && drv < 1e7)) {
		fprintf(stderr, "simt-xval: the GPU's info line needs clock_measured_mhz= and driver= (found: %s)\n",
			info[0] ? info : "no info line");
		return XV_USAGE;
	}
	for (unsigned i = 0; i < n; i++)
		if (!(isfinite(g[i].value) && g[i].value > 0)) {
			fprintf(stderr, "simt-xval: %s: measured %g, expected a positive number\n", c[i].id, g[i].value);
			return XV_USAGE;
		}
	char dev[128] = "GPU";
	const char *dp = strstr(info, "device=");
	if (dp)
		sscanf(dp + 7, "%127s", dev);
	char date[32];
	time_t now = time(NULL);
	strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
	char stamp[256];
	snprintf(stamp, sizeof stamp, "%s, CUDA driver %d.%d, %s, simt-xval --calibrate", dev, (int)drv / 1000,
		 ((int)drv % 1000) / 10, date);
	/* with two L2 partitions half of the 128 MB chase's lines are far, each
	 * l2.far_cycles more: dram.latency is a near line's */
	struct gpu_config in;
	struct diag din;
	memset(&din, 0, sizeof din);
	cfg_defaults(&in);
	double far = cfg_load(o->config, &in, NULL, &din) ? (double)in.l2_far_cycles : 0;
	struct setting set[] = {
		{"gpu", "clock_mhz", mhz, "SM clock under load: clock64 against %globaltimer"},
		{"l1", "latency", g[0].value, "pointer chase, 16 KB warm"},
		{"l2", "latency", g[1].value, "pointer chase, 1 MB warm"},
		{"dram", "latency", g[2].value - far / 2,
		 far ? "pointer chase, 128 MB warm, less half of l2.far_cycles"
		     : "pointer chase, 128 MB warm (beyond the L2)"},
		{"mem", "shared_latency", g[3].value, "shared-memory chase, no conflict"},
		/* the chain's cycles per FMA hold a share of its loop's branch (16
		 * FMAs an iteration, 8-14 cycles of branch on an H100:
		 * docs/DIVERGENCE.md), less than a cycle: the latency is the whole
		 * part (4.84 on the H100: 4, what branch_cost.cu's FFMA loops give) */
		{"units", "fp32_latency", floor(g[4].value), "dependent FMA chain, whole cycles"},
		{"dram", "bandwidth_mb_s", g[5].value * 1000.0, "1 GiB copy, bytes read + written"},
	};
	unsigned ns = sizeof set / sizeof set[0];
	size_t len;
	char why[128];
	char *text = read_input(o->config, READ_MAX_TEXT, &len, why, sizeof why);
	if (!text) {
		fprintf(stderr, "simt-xval: cannot read %s: %s\n", o->config, why);
		return XV_USAGE;
	}
	char *out = rewrite(text, set, ns, stamp);
	free(text);
	/* written beside --out and renamed once it loads: a config that does
	 * not load never takes --out's place */
	char tmp[4200];
	snprintf(tmp, sizeof tmp, "%s.XXXXXX", o->out);
	int fd = mkstemp(tmp); /* (a new file: nothing already there is touched) */
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f || fputs(out, f) < 0 || fclose(f)) {
		fprintf(stderr, "simt-xval: cannot write beside %s: %s\n", o->out, strerror(errno));
		if (fd >= 0) {
			if (!f)
				close(fd);
			remove(tmp);
		}
		free(out);
		return XV_USAGE;
	}
	free(out);
	/* the new config must load and reproduce the microbenchmarks */
	struct gpu_config cfg;
	struct diag d;
	memset(&d, 0, sizeof d);
	cfg_defaults(&cfg);
	if (!cfg_load(tmp, &cfg, NULL, &d)) {
		char buf[2048];
		snprintf(d.file, sizeof d.file, "%s", o->out); /* (its line as it would be there) */
		diag_format(&d, buf, sizeof buf);
		fprintf(stderr, "simt-xval: the calibrated config does not load (not written to %s):\n%s", o->out, buf);
		remove(tmp);
		return XV_USAGE;
	}
	if (rename(tmp, o->out)) {
		fprintf(stderr, "simt-xval: cannot write %s: %s\n", o->out, strerror(errno));
		remove(tmp);
		return XV_USAGE;
	}
	printf("simt-xval: wrote %s from %s:\n", o->out, stamp);
	for (unsigned i = 0; i < ns; i++)
		printf("  %s.%s = %.0f  (%s: %.3f)\n", set[i].section, set[i].key, set[i].value, set[i].how,
		       set[i].value);
	struct xsim s[8];
	xval_sim_run(o, &cfg, c, n - 1, s); /* the 1 GiB copy is a bandwidth, not a simulation case */
	printf("\n| microbenchmark | GPU | simulated with %s | error |\n| --- | --- | --- | --- |\n", o->out);
	int bad = 0;
	for (unsigned i = 0; i + 1 < n; i++) {
		double e = (s[i].value - g[i].value) / g[i].value;
		bad += fabs(e) > 0.10 || s[i].status != 0;
		printf("| %s | %.2f | %.2f | %+.1f%% |\n", c[i].id, g[i].value, s[i].value, 100 * e);
	}
	return bad ? XV_DIFFER : XV_OK;
}
