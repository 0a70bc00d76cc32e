/*
 * window.c - simt-view's interactive window (SDL2): the event loop and the
 * navigation it drives. The picture is render.c's, uploaded to a
 * streaming texture; nothing is redrawn until an event changes it.
 */
#include <SDL.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "png_write.h"
#include "window.h"

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

static bool save_png(const char *path, const struct picture *p)
{
	char err[512];
	if (!png_save(path, p, err, sizeof err)) {
		fprintf(stderr, "simt-view: %s\n", err);
		return false;
	}
	return true;
}

int window_run(struct model *m, const struct font *f, struct view *v, int width, int height, const char *shot)
{
	/* a viewer has no reason to keep the screen awake (and so SDL does not
	 * talk to D-Bus to inhibit the screensaver) */
	SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
	if (SDL_Init(SDL_INIT_VIDEO) != 0) {
		fprintf(stderr, "simt-view: no display: %s (use --png for pictures without one)\n", SDL_GetError());
		return 1;
	}
	/* With no display SDL falls back to a driver that draws nowhere
	 * (offscreen, dummy): the window would wait for input nobody can give. */
	const char *drv = SDL_GetCurrentVideoDriver();
	if (drv && (!strcmp(drv, "offscreen") || !strcmp(drv, "dummy") || !strcmp(drv, "evdev"))) {
		fprintf(stderr, "simt-view: no display (DISPLAY and WAYLAND_DISPLAY name none, so SDL chose its '%s' "
				"video driver, which shows nothing); use --png OUT.png or --perfetto OUT.json without one\n",
			drv);
		SDL_Quit();
		return 1;
	}
	SDL_Window *win = SDL_CreateWindow("simt-view", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height,
					   SDL_WINDOW_RESIZABLE);
	SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, 0) : NULL;
	if (!ren) {
		fprintf(stderr, "simt-view: cannot open a window: %s\n", SDL_GetError());
		SDL_Quit();
		return 1;
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
		render_layout(m, f, v, p.w, p.h, &lo);
		if (dirty) {
			if (!render_frame(m, f, v, &p)) {
				fprintf(stderr, "simt-view: %s\n", m->err);
				rc = 2;
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
		double anchor = in_plot ? (double)render_cycle_at(v, &lo, mx) : ((double)v->c0 + (double)v->c1) / 2;
		int mrow = render_row_at(m, &lo, my);
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
					int r = render_row_at(m, &lo, y);
					if (r >= 0) { /* click a warp: pin its panel */
						v->pinned = true;
						v->pin_slot = m->row_slot[r];
						v->pin_cycle = render_cycle_at(v, &lo, x);
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
				if (!render_frame(m, f, v, &p) || !save_png(shot, &p))
					break;
				printf("simt-view: saved %s (cycles %" PRIu64 ":%" PRIu64 ", rows %u:%u, %dx%d)\n", shot, v->c0,
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
