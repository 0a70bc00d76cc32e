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
#include <SDL.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "perfetto.h"
#include "png_write.h"
#include "render.h"

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
	return 0;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Keep the view inside the run and at least a few cycles wide. */
static void clamp_view(const struct model *m, struct view *v, double c0, double c1)
{
	double total = (double)m->l.total, span = c1 - c0;
	if (span < 8)
		span = 8;
	if (span > total)
		span = total;
	if (c0 < 0)
		c0 = 0;
	if (c0 + span > total)
		c0 = total - span;
	v->c0 = (uint64_t)c0;
	v->c1 = (uint64_t)(c0 + span);
	if (v->c1 <= v->c0)
		v->c1 = v->c0 + 1;
}

static void zoom(const struct model *m, struct view *v, double anchor, double factor)
{
	double c0 = anchor - (anchor - (double)v->c0) * factor;
	double c1 = anchor + ((double)v->c1 - anchor) * factor;
	clamp_view(m, v, c0, c1);
}

static void pan(const struct model *m, struct view *v, double by)
{
	clamp_view(m, v, (double)v->c0 + by, (double)v->c1 + by);
}

/* Show rows [r0, r0 + n): at least a screenful of the tallest rows, at most
 * all of them, inside the trace. */
static void set_rows(const struct model *m, const struct layout *lo, struct view *v, double r0, double n)
{
	double least = lo->plot_h / 24.0, all = m->nrows;
	if (n < least)
		n = least;
	if (n < 1)
		n = 1;
	if (n >= all) {
		v->r0 = v->r1 = 0; /* all rows */
		return;
	}
	if (r0 < 0)
		r0 = 0;
	if (r0 + n > all)
		r0 = all - n;
	v->r0 = (unsigned)r0;
	v->r1 = (unsigned)(r0 + n);
}

/* Show factor times as many rows, keeping row `at` where it is on screen. */
static void zoom_rows(const struct model *m, const struct layout *lo, struct view *v, double at, double factor)
{
	double r0 = lo->r0, n = lo->r1 - lo->r0;
	set_rows(m, lo, v, at - (at - r0) * factor, n * factor);
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
	layout_of(m, f, v, p->w, p->h, &lo);
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
			render(m, f, v, p);
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

static int interactive(struct model *m, const struct font *f, struct view *v, const struct options *o);

int main(int argc, char **argv)
{
	struct options o;
	int rc = parse_args(argc, argv, &o);
	if (rc)
		return rc < 0 ? 0 : rc;
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
		if (o.c0 >= m.l.total) {
			fprintf(stderr, "simt-view: --cycles %" PRIu64 ":%" PRIu64 ": the run has %" PRIu64 " cycles\n", o.c0,
				o.c1, m.l.total);
			model_close(&m);
			return EXIT_BAD;
		}
		v.c0 = o.c0;
		v.c1 = o.c1;
	}
	if (o.have_rows) {
		if (o.r0 >= m.nrows) {
			fprintf(stderr, "simt-view: --rows %" PRIu64 ":%" PRIu64 ": the trace has %u rows (slots that held a warp)\n",
				o.r0, o.r1, m.nrows);
			model_close(&m);
			return EXIT_BAD;
		}
		v.r0 = (unsigned)o.r0;
		v.r1 = (unsigned)(o.r1 < m.nrows ? o.r1 : m.nrows);
	}
	if (o.perfetto) {
		FILE *f = fopen(o.perfetto, "w");
		if (!f) {
			fprintf(stderr, "simt-view: cannot write '%s': %s\n", o.perfetto, strerror(errno));
			model_close(&m);
			return EXIT_FAIL;
		}
		bool ok = perfetto_write(&m, f, v.c0, v.c1);
		if (fclose(f) || !ok) {
			fprintf(stderr, "simt-view: %s\n", ok ? "cannot write the JSON" : m.err);
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
			if (!render(&m, f, &v, &p)) {
				fprintf(stderr, "simt-view: %s\n", m.err);
				rc = EXIT_BAD;
			} else {
				rc = save_png(o.png, &p);
			}
		}
		free(p.px);
	} else {
		rc = interactive(&m, f, &v, &o);
	}
	font_close(f);
	model_close(&m);
	return rc;
}

static int interactive(struct model *m, const struct font *f, struct view *v, const struct options *o)
{
	/* a viewer has no reason to keep the screen awake (and so SDL does not
	 * talk to D-Bus to inhibit the screensaver) */
	SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
	if (SDL_Init(SDL_INIT_VIDEO) != 0) {
		fprintf(stderr, "simt-view: no display: %s (use --png for pictures without one)\n", SDL_GetError());
		return EXIT_FAIL;
	}
	SDL_Window *win = SDL_CreateWindow("simt-view", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o->w, o->h,
					   SDL_WINDOW_RESIZABLE);
	SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, 0) : NULL;
	if (!ren) {
		fprintf(stderr, "simt-view: cannot open a window: %s\n", SDL_GetError());
		SDL_Quit();
		return EXIT_FAIL;
	}
	char title[300];
	snprintf(title, sizeof title, "simt-view - %s on %s", m->t.workload, m->t.config);
	SDL_SetWindowTitle(win, title);
	struct picture p = {NULL, 0, 0};
	SDL_Texture *tex = NULL;
	bool dirty = true, quit = false, dragging = false, moved = false;
	int drag_x = 0, down_x = 0, down_y = 0;
	uint64_t drag_c0 = 0;
	int rc = 0;
	while (!quit) {
		int w, h;
		SDL_GetWindowSize(win, &w, &h);
		if (w != p.w || h != p.h || !tex) {
			free(p.px);
			p = (struct picture){malloc((size_t)w * (size_t)h * 4), w, h};
			if (tex)
				SDL_DestroyTexture(tex);
			tex = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, w, h);
			dirty = true;
		}
		struct layout lo;
		layout_of(m, f, v, p.w, p.h, &lo);
		if (dirty) {
			if (!render(m, f, v, &p)) {
				fprintf(stderr, "simt-view: %s\n", m->err);
				rc = EXIT_BAD;
				break;
			}
			SDL_UpdateTexture(tex, NULL, p.px, p.w * 4);
			SDL_RenderClear(ren);
			SDL_RenderCopy(ren, tex, NULL, NULL);
			SDL_RenderPresent(ren);
			dirty = false;
		}
		SDL_Event e;
		if (!SDL_WaitEventTimeout(&e, 100))
			continue;
		double cpp = (double)(v->c1 - v->c0) / lo.plot_w;
		int mx, my;
		SDL_GetMouseState(&mx, &my);
		bool in_plot = mx >= lo.plot_x && mx < lo.plot_x + lo.plot_w && my >= lo.over_y;
		double anchor = in_plot ? (double)cycle_at(v, &lo, mx) : ((double)v->c0 + (double)v->c1) / 2;
		int mrow = row_at(m, &lo, my);
		double row_anchor = in_plot && mrow >= 0 ? mrow : (lo.r0 + lo.r1) / 2.0;
		double nrows = lo.r1 - lo.r0, step = nrows / 8 < 1 ? 1 : nrows / 8;
		switch (e.type) {
		case SDL_QUIT:
			quit = true;
			break;
		case SDL_WINDOWEVENT:
			if (e.window.event == SDL_WINDOWEVENT_LEAVE)
				v->mouse_x = v->mouse_y = -1; /* no tooltip */
			dirty = true;
			break;
		case SDL_MOUSEWHEEL:
			if (SDL_GetModState() & KMOD_CTRL) /* rows */
				zoom_rows(m, &lo, v, row_anchor, e.wheel.y > 0 ? 0.5 : 2.0);
			else
				zoom(m, v, anchor, e.wheel.y > 0 ? 0.8 : 1.25);
			dirty = true;
			break;
		case SDL_MOUSEMOTION:
			v->mouse_x = e.motion.x;
			v->mouse_y = e.motion.y;
			if (dragging) {
				double c0 = (double)drag_c0 - (e.motion.x - drag_x) * cpp;
				clamp_view(m, v, c0, c0 + (double)(v->c1 - v->c0));
				if (abs(e.motion.x - down_x) + abs(e.motion.y - down_y) > 3)
					moved = true;
			}
			dirty = true;
			break;
		case SDL_MOUSEBUTTONDOWN:
			if (e.button.button == SDL_BUTTON_LEFT) {
				dragging = true;
				moved = false;
				drag_x = down_x = e.button.x;
				down_y = e.button.y;
				drag_c0 = v->c0;
			}
			break;
		case SDL_MOUSEBUTTONUP:
			if (e.button.button == SDL_BUTTON_LEFT && dragging) {
				dragging = false;
				int x = e.button.x, y = e.button.y;
				if (!moved && x >= lo.plot_x && x < lo.plot_x + lo.plot_w) {
					int r = row_at(m, &lo, y);
					if (r >= 0) { /* click a warp: pin its panel */
						v->pinned = true;
						v->pin_slot = m->row_slot[r];
						v->pin_cycle = cycle_at(v, &lo, x);
					} else if (y >= lo.over_y && y < lo.over_y + lo.over_h) { /* click the overview: go there */
						double c = (double)(x - lo.plot_x) * (double)m->l.total / lo.plot_w;
						double half = (double)(v->c1 - v->c0) / 2;
						clamp_view(m, v, c - half, c + half);
					}
				}
				dirty = true;
			}
			break;
		case SDL_KEYDOWN: {
			SDL_Keycode k = e.key.keysym.sym;
			dirty = true;
			if (v->goto_mode) {
				size_t n = strlen(v->goto_text);
				if (k >= SDLK_0 && k <= SDLK_9 && n + 1 < sizeof v->goto_text) {
					v->goto_text[n] = (char)('0' + (k - SDLK_0));
					v->goto_text[n + 1] = 0;
				} else if (k == SDLK_BACKSPACE && n) {
					v->goto_text[n - 1] = 0;
				} else if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
					double c = strtod(v->goto_text, NULL), half = (double)(v->c1 - v->c0) / 2;
					if (n)
						clamp_view(m, v, c - half, c + half);
					v->goto_mode = false;
				} else if (k == SDLK_ESCAPE) {
					v->goto_mode = false;
				}
				break;
			}
			if (k == SDLK_q)
				quit = true;
			else if (k == SDLK_ESCAPE && v->pinned)
				v->pinned = false;
			else if (k == SDLK_ESCAPE)
				quit = true;
			else if (k == SDLK_w)
				zoom(m, v, anchor, 0.8);
			else if (k == SDLK_s)
				zoom(m, v, anchor, 1.25);
			else if (k == SDLK_a || k == SDLK_LEFT)
				pan(m, v, -0.1 * (double)(v->c1 - v->c0));
			else if (k == SDLK_d || k == SDLK_RIGHT)
				pan(m, v, 0.1 * (double)(v->c1 - v->c0));
			else if (k == SDLK_f) {
				clamp_view(m, v, 0, (double)m->l.total);
				v->r0 = v->r1 = 0;
			} else if (k == SDLK_EQUALS || k == SDLK_PLUS || k == SDLK_KP_PLUS)
				zoom_rows(m, &lo, v, row_anchor, 0.5);
			else if (k == SDLK_MINUS || k == SDLK_KP_MINUS)
				zoom_rows(m, &lo, v, row_anchor, 2.0);
			else if (k == SDLK_UP || k == SDLK_DOWN)
				set_rows(m, &lo, v, lo.r0 + (k == SDLK_UP ? -step : step), nrows);
			else if (k == SDLK_PAGEUP || k == SDLK_PAGEDOWN)
				set_rows(m, &lo, v, lo.r0 + (k == SDLK_PAGEUP ? -nrows : nrows), nrows);
			else if (k == SDLK_g) {
				v->goto_mode = true;
				v->goto_text[0] = 0;
			}
			else if (k == SDLK_h)
				v->help = !v->help;
			else if (k == SDLK_p) {
				if (!render(m, f, v, &p) || save_png(o->shot, &p))
					break;
				printf("simt-view: saved %s (cycles %" PRIu64 ":%" PRIu64 ", rows %u:%u, %dx%d)\n", o->shot, v->c0,
				       v->c1, lo.r0, lo.r1, p.w, p.h);
				fflush(stdout);
			}
			break;
		}
		default:
			break;
		}
	}
	free(p.px);
	if (tex)
		SDL_DestroyTexture(tex);
	SDL_DestroyRenderer(ren);
	SDL_DestroyWindow(win);
	SDL_Quit();
	return rc;
}
