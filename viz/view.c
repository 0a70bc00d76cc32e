/*
 * view.c - simt-view: the warp-timeline viewer of a simt-sim trace.
 *
 *   simt-view TRACE                         interactive (SDL2 window)
 *   simt-view TRACE --png OUT.png [--size WxH] [--cycles A:B]
 *   simt-view TRACE --perfetto OUT.json [--cycles A:B]
 *
 * Exit codes: 0 done; 2 bad usage or a bad trace (the message names the
 * byte); 1 anything else that failed (no display, cannot write).
 */
#include <errno.h>
#include <sys/stat.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "perfetto.h"
#include "outfile.h"
#include "png_write.h"
#include "render.h"
#include "window.h"

#define EXIT_BAD 2
#define EXIT_FAIL 1

struct options {
	const char *trace, *png, *perfetto, *shot;
	int w, h;
	bool have_cycles, have_rows;
	uint64_t c0, c1, r0, r1;
	bool timing;
	unsigned threads;         /* for loading (0: one per CPU) */
};

static void usage(FILE *f)
{
	fputs("usage: simt-view TRACE [options]\n"
	      "  (no option)          open the interactive viewer\n"
	      "  --png OUT.png        render the picture without a display and exit\n"
	      "  --perfetto OUT.json  write Chrome trace-event JSON (ui.perfetto.dev) and exit\n"
	      "  --size WxH           picture or window size (default 1280x800)\n"
	      "  --cycles A:B         show cycles [A, B) (default: the whole run)\n"
	      "  --rows A:B           show rows [A, B) (default: all)\n"
	      "  --shot FILE          where P saves the window as PNG (default simt-view.png)\n"
	      "  --timing             print load and render times (stderr)\n"
	      "  --threads N          threads that load the trace (default: one per CPU)\n"
	      "controls: wheel or W/S zoom, drag or A/D pan, F fit, G go to a cycle,\n"
	      "  +/- or Ctrl+wheel show fewer/more rows, Up/Down/PgUp/PgDn scroll rows,\n"
	      "  hover for details, click to pin a warp's panel (Esc unpins), P save PNG, Q quit\n",
	      f);
}

static int bad(const char *fmt, const char *arg)
{
	fprintf(stderr, "simt-view: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	usage(stderr);
	return EXIT_BAD;
}

static bool parse_u64(const char *s, uint64_t *v, char **end)
{
	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	unsigned long long x = strtoull(s, end, 10);
	if (errno)
		return false;
	*v = x;
	return true;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	o->w = 1280;
	o->h = 800;
	o->shot = "simt-view.png";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool has = i + 1 < argc;
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return -1;
		} else if (!strcmp(a, "--timing")) {
			o->timing = true;
		} else if (!strcmp(a, "--png") || !strcmp(a, "--perfetto") || !strcmp(a, "--shot")) {
			if (!has)
				return bad("%s needs a file", a);
			const char *v = argv[++i];
			if (!strcmp(a, "--png"))
				o->png = v;
			else if (!strcmp(a, "--perfetto"))
				o->perfetto = v;
			else
				o->shot = v;
		} else if (!strcmp(a, "--size")) {
			if (!has)
				return bad("%s needs WxH", a);
			const char *v = argv[++i];
			uint64_t w, h;
			char *e;
			if (!parse_u64(v, &w, &e) || *e != 'x' || !parse_u64(e + 1, &h, &e) || *e || w < 200 || h < 150 ||
			    w > 16384 || h > 16384)
				return bad("--size %s: expected WxH, 200x150 to 16384x16384", v);
			o->w = (int)w;
			o->h = (int)h;
		} else if (!strcmp(a, "--threads")) {
			if (!has)
				return bad("%s needs a number", a);
			const char *v = argv[++i];
			uint64_t n;
			char *e;
			if (!parse_u64(v, &n, &e) || *e || n < 1 || n > 64)
				return bad("--threads %s: expected 1 to 64", v);
			o->threads = (unsigned)n;
		} else if (!strcmp(a, "--cycles") || !strcmp(a, "--rows")) {
			bool cyc = !strcmp(a, "--cycles");
			if (!has)
				return bad("%s needs A:B", a);
			const char *v = argv[++i];
			uint64_t x, y;
			char *e;
			if (!parse_u64(v, &x, &e) || *e != ':' || !parse_u64(e + 1, &y, &e) || *e || y <= x)
				return bad(cyc ? "--cycles %s: expected A:B with A < B" : "--rows %s: expected A:B with A < B", v);
			if (cyc) {
				o->c0 = x;
				o->c1 = y;
				o->have_cycles = true;
			} else {
				o->r0 = x;
				o->r1 = y;
				o->have_rows = true;
			}
		} else if (a[0] == '-' && a[1]) {
			return bad("unknown option %s", a);
		} else if (!o->trace) {
			o->trace = a;
		} else {
			return bad("one trace only (got another: %s)", a);
		}
	}
	if (!o->trace)
		return bad("%s", "no trace file given");
	/* an output naming the trace would destroy it (the same file by any
	 * path: its device and inode) */
	struct stat ts;
	const char *outs[] = {o->png, o->perfetto, o->shot};
	if (!stat(o->trace, &ts))
		for (unsigned k = 0; k < 3; k++) {
			struct stat os;
			if (outs[k] && !stat(outs[k], &os) && os.st_dev == ts.st_dev && os.st_ino == ts.st_ino)
				return bad("%s is the trace being read: give the output another path", outs[k]);
		}
	/* --png and --perfetto to one file: one would be lost (the same path, or
	 * one existing file by two paths) */
	if (o->png && o->perfetto) {
		struct stat a, b;
		if (!strcmp(o->png, o->perfetto) ||
		    (!stat(o->png, &a) && !stat(o->perfetto, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino))
			return bad("--png %s and --perfetto write the same file: give each its own", o->png);
	}
	return 0;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}


static int save_png(const char *path, const struct picture *p)
{
	char err[512];
	if (!png_save(path, p, err, sizeof err)) {
		fprintf(stderr, "simt-view: %s\n", err);
		return EXIT_FAIL;
	}
	return 0;
}

/* The widest view around the middle of the run that render draws from
 * exact intervals (the most decoding a frame can do). */
static uint64_t widest_exact(const struct model *m, const struct layout *lo)
{
	uint64_t lo_span = 64, hi_span = (uint64_t)((double)m->l.bsize[0] * lo->plot_w * 0.99);
	uint64_t mid = m->l.total / 2;
	while (lo_span + 1 < hi_span) {
		uint64_t s = lo_span + (hi_span - lo_span) / 2;
		if (model_window_records(m, mid - s / 2, mid - s / 2 + s) <= EXACT_MAX_RECORDS)
			lo_span = s;
		else
			hi_span = s;
	}
	return lo_span;
}

/* Render at a few zooms: the whole run, 1/64 of it, the widest view drawn
 * from exact intervals (the most decoding), and 2000 cycles. Each: the
 * first frame (which decodes what it needs) and the median of 9 more,
 * panning 1/32 of the view between them. */
static void timing(struct model *m, const struct font *f, struct view *v, struct picture *p)
{
	struct layout lo;
	render_layout(m, f, v, p->w, p->h, &lo);
	uint64_t total = m->l.total;
	uint64_t spans[] = {total, total / 64, widest_exact(m, &lo), 2000};
	const char *what[] = {"whole run", "1/64 of the run", "widest exact view", "2000 cycles"};
	for (size_t k = 0; k < sizeof spans / sizeof *spans; k++) {
		uint64_t span = spans[k];
		if (span < 64 || span > total)
			continue;
		v->c0 = total / 2 - span / 2;
		v->c1 = v->c0 + span;
		m->have_window = false; /* as if arriving at this zoom */
		double t[10];
		for (int i = 0; i < 10; i++) {
			double t0 = now();
			render_frame(m, f, v, p);
			t[i] = now() - t0;
			v->c0 += span / 32;
			v->c1 += span / 32;
		}
		for (int i = 1; i < 10; i++)
			for (int j = i + 1; j < 10; j++)
				if (t[j] < t[i]) {
					double x = t[i];
					t[i] = t[j];
					t[j] = x;
				}
		fprintf(stderr, "simt-view: render %dx%d, %s (%" PRIu64 " cycles, %.3g per pixel): first frame %.1f ms, then median %.1f ms (max %.1f)\n",
			p->w, p->h, what[k], span, (double)span / lo.plot_w, 1e3 * t[0], 1e3 * t[5], 1e3 * t[9]);
	}
}

int main(int argc, char **argv)
{
	struct options o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
	if (o.png || o.perfetto) /* (headless: a signal leaves no partial output behind) */
		outfile_clean_on_signals();
	struct model m;
	double t0 = now();
	if (!model_open(&m, o.trace, o.threads)) {
		fprintf(stderr, "simt-view: %s\n", m.err);
		model_close(&m);
		return EXIT_BAD;
	}
	if (o.timing)
		fprintf(stderr, "simt-view: loaded %zu bytes, %" PRIu64 " intervals, %" PRIu64 " cycles x %u slots in %.2f s (summary: %u levels from %" PRIu64 " cycles per bucket)\n",
			m.size, m.t.nrecords, m.t.total_cycles, m.nrows, now() - t0, m.l.nlev, m.l.bsize[0]);
	struct view v = {.c1 = m.l.total, .mouse_x = -1, .mouse_y = -1, .help = true};
	if (o.have_cycles) {
		if (o.c0 >= m.l.total || o.c1 > m.l.total) {
			fprintf(stderr, "simt-view: --cycles %" PRIu64 ":%" PRIu64 ": the run has %" PRIu64 " cycles\n", o.c0,
				o.c1, m.l.total);
			model_close(&m);
			return EXIT_BAD;
		}
		v.c0 = o.c0;
		v.c1 = o.c1;
	}
	if (o.have_rows) {
		if (o.r0 >= m.nrows || o.r1 > m.nrows) { /* (as --cycles: a range past the end is refused, not cut) */
			fprintf(stderr, "simt-view: --rows %" PRIu64 ":%" PRIu64 ": the trace has %u rows (slots that held a warp)\n",
				o.r0, o.r1, m.nrows);
			model_close(&m);
			return EXIT_BAD;
		}
		v.r0 = (unsigned)o.r0;
		v.r1 = (unsigned)o.r1;
	}
	if (o.perfetto) {
		struct outfile of;
		if (!outfile_open(&of, o.perfetto, "w", false)) {
			fprintf(stderr, "simt-view: --perfetto: cannot write '%s': %s\n", o.perfetto, strerror(errno));
			model_close(&m);
			return EXIT_FAIL;
		}
		bool ok = perfetto_write(&m, of.f, v.c0, v.c1);
		int err = 0;
		if (ok)
			err = outfile_commit(&of);
		else
			outfile_discard(&of);
		if (!ok) {
			fprintf(stderr, "simt-view: %s\n", m.err);
			rc = EXIT_FAIL;
		} else if (err) {
			fprintf(stderr, "simt-view: --perfetto: cannot write '%s': %s\n", o.perfetto, strerror(err));
			rc = EXIT_FAIL;
		}
		if (!o.png) {
			model_close(&m);
			return rc;
		}
	}
	char err[512];
	struct font *f = font_open(12, err, sizeof err);
	if (!f) {
		fprintf(stderr, "simt-view: %s\n", err);
		model_close(&m);
		return EXIT_FAIL;
	}
	if (o.png || o.timing) {
		struct picture p = {malloc((size_t)o.w * (size_t)o.h * 4), o.w, o.h};
		if (o.timing)
			timing(&m, f, &v, &p);
		v.c0 = o.have_cycles ? o.c0 : 0;
		v.c1 = o.have_cycles ? o.c1 : m.l.total;
		if (o.png) {
			if (!render_frame(&m, f, &v, &p)) {
				fprintf(stderr, "simt-view: %s\n", m.err);
				rc = EXIT_BAD;
			} else {
				rc = save_png(o.png, &p);
			}
		}
		free(p.px);
	} else {
		rc = window_run(&m, f, &v, o.w, o.h, o.shot);
	}
	font_close(f);
	model_close(&m);
	return rc;
}
