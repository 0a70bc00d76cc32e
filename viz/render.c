/*
 * render.c - drawing the warp timeline into a picture (see render.h).
 * Columns of the plot sample the cycle at their centre: from the level of
 * detail summary (the dominant state of the bucket there) when a pixel
 * spans at least a bucket, else from the exact intervals.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "trace_format.h"

#define BG 0x181818u
#define FG 0xe0e0e0u
#define DIM 0x909090u
#define LABEL_W 84
#define OVER_MAX_H 64
#define MAX_ROW_H 24.0

static const struct {
	const char *name;
	uint32_t rgb;
} palette[] = {
	{"selected", 0x2ca02c},           {"not_selected", 0x98df8a},     {"long_scoreboard", 0xd62728},
	{"short_scoreboard", 0xff7f0e},   {"wait", 0xe6c619},             {"barrier", 0x1f77b4},
	{"membar", 0x17318f},             {"branch_resolving", 0x9467bd}, {"math_pipe_throttle", 0x8c564b},
	{"mio_throttle", 0xe377c2},       {"lg_throttle", 0xad1457},      {"no_instruction", 0x7f9fbf},
	{"drain", 0xbcbd22},              {"sleeping", 0x17becf},         {"idle", 0x262626},
	{"exited", 0x5a5a5a},
};

uint32_t render_state_colour(const struct trace *t, unsigned s)
{
	if (s < t->nstates)
		for (size_t i = 0; i < sizeof palette / sizeof *palette; i++)
			if (!strcmp(palette[i].name, t->state_names[s]))
				return palette[i].rgb;
	return 0xffffff;
}

static void fill(struct picture *p, int x, int y, int w, int h, uint32_t rgb)
{
	int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
	int x1 = x + w > p->w ? p->w : x + w, y1 = y + h > p->h ? p->h : y + h;
	for (int j = y0; j < y1; j++)
		for (int i = x0; i < x1; i++)
			p->px[(size_t)j * (size_t)p->w + (size_t)i] = 0xff000000u | rgb;
}

static void frame(struct picture *p, int x, int y, int w, int h, uint32_t rgb)
{
	fill(p, x, y, w, 1, rgb);
	fill(p, x, y + h - 1, w, 1, rgb);
	fill(p, x, y, 1, h, rgb);
	fill(p, x + w - 1, y, 1, h, rgb);
}

void render_layout(const struct model *m, const struct font *f, const struct view *v, int w, int h, struct layout *lo)
{
	int lh = f ? font_height(f) + 2 : 14;
	lo->line_h = lh;
	lo->title_y = 2;
	lo->over_y = lo->title_y + lh + 2;
	int oh = (int)m->t.nsms * 3;
	lo->over_h = oh < 16 ? 16 : oh > OVER_MAX_H ? OVER_MAX_H : oh;
	lo->axis_y = lo->over_y + lo->over_h + 4;
	lo->plot_x = LABEL_W;
	lo->plot_y = lo->axis_y + lh + 2;
	lo->plot_w = w - LABEL_W - 4;
	lo->legend_y = h - 3 * lh - 4;
	lo->plot_h = lo->legend_y - 4 - lo->plot_y;
	if (lo->plot_w < 1)
		lo->plot_w = 1;
	if (lo->plot_h < 1)
		lo->plot_h = 1;
	lo->r0 = v && v->r1 ? v->r0 : 0;
	lo->r1 = v && v->r1 ? v->r1 : m->nrows;
	if (lo->r1 > m->nrows)
		lo->r1 = m->nrows;
	if (lo->r0 >= lo->r1)
		lo->r0 = 0;
	lo->row_h = (double)lo->plot_h / (lo->r1 - lo->r0);
	if (lo->row_h > MAX_ROW_H)
		lo->row_h = MAX_ROW_H;
}

int render_row_at(const struct model *m, const struct layout *lo, int y)
{
	if (y < lo->plot_y || y >= lo->plot_y + lo->plot_h)
		return -1;
	unsigned r = lo->r0 + (unsigned)((y - lo->plot_y) / lo->row_h);
	return r < lo->r1 && r < m->nrows ? (int)r : -1;
}

uint64_t render_cycle_at(const struct view *v, const struct layout *lo, int x)
{
	double cpp = (double)(v->c1 - v->c0) / lo->plot_w;
	double c = (double)v->c0 + ((double)(x - lo->plot_x) + 0.5) * cpp;
	return c < 0 ? 0 : (uint64_t)c;
}

/* The state of every plot column for global slot g, into st[plot_w], and
 * its active lanes into lanes[] (32 where the summary is drawn: it has no
 * masks). */
static void row_states(const struct model *m, const struct view *v, const struct layout *lo, int level,
		       unsigned g, uint8_t *st, uint8_t *lanes)
{
	const struct lod *l = &m->l;
	uint8_t idle = (uint8_t)(m->t.st_idle >= 0 ? m->t.st_idle : 0);
	if (level >= 0) {
		const uint8_t *d = l->dom[level] + (size_t)g * l->nb[level];
		for (int x = 0; x < lo->plot_w; x++) {
			uint64_t c = render_cycle_at(v, lo, lo->plot_x + x);
			uint64_t b = c / l->bsize[level];
			st[x] = c < l->total && b < l->nb[level] ? d[b] : idle;
			lanes[x] = 32;
		}
		return;
	}
	size_t i = m->win_first[g], e = m->win_first[g + 1];
	for (int x = 0; x < lo->plot_w; x++) {
		uint64_t c = render_cycle_at(v, lo, lo->plot_x + x);
		while (i < e && m->win[i].end <= c)
			i++;
		bool in = i < e && m->win[i].start <= c;
		st[x] = in ? m->win[i].state : idle;
		lanes[x] = in && (int)m->win[i].state != m->t.st_exited ? (uint8_t)__builtin_popcount(m->win[i].mask) : 32;
	}
}

/* Rows of at least this many pixels show the active lanes: the lit part of
 * the bar, from the bottom, is the share of the warp's 32 lanes active. */
#define MASK_ROW_H 6

static void draw_plot(struct model *m, const struct view *v, const struct layout *lo, int level,
		      struct picture *p)
{
	uint32_t colour[TRACE_MAX_STATES], dim[TRACE_MAX_STATES];
	for (unsigned s = 0; s < m->t.nstates; s++) {
		colour[s] = 0xff000000u | render_state_colour(&m->t, s);
		dim[s] = 0xff000000u | ((render_state_colour(&m->t, s) >> 2) & 0x3f3f3f);
	}
	uint8_t *st = malloc((size_t)lo->plot_w), *lanes = malloc((size_t)lo->plot_w);
	int prev_row = -1, top = 0, rows_h = 0;
	double rh = lo->row_h;
	for (int y = lo->plot_y; y < lo->plot_y + lo->plot_h && y < p->h; y++) {
		int r = render_row_at(m, lo, y);
		if (r < 0)
			break;
		unsigned g = m->row_slot[r];
		if (r != prev_row) { /* this row's first pixel row: its states, and its height */
			row_states(m, v, lo, level, g, st, lanes);
			top = y;
			rows_h = 1;
			while (y + rows_h < lo->plot_y + lo->plot_h && render_row_at(m, lo, y + rows_h) == r)
				rows_h++;
		}
		prev_row = r;
		uint32_t *dst = &p->px[(size_t)y * (size_t)p->w + (size_t)lo->plot_x];
		int h = rows_h, in = y - top;
		/* a dark line where a new SM's rows begin, when rows are tall enough to spare one */
		bool new_sm = (unsigned)r > lo->r0 && model_sm(m, g) != model_sm(m, m->row_slot[r - 1]);
		if (new_sm && rh >= 3) {
			if (in == 0) {
				for (int x = 0; x < lo->plot_w; x++)
					dst[x] = 0xff000000u | BG;
				continue;
			}
			in--;
			h--;
		}
		if (h < MASK_ROW_H || level >= 0) {
			for (int x = 0; x < lo->plot_w; x++)
				dst[x] = colour[st[x]];
			continue;
		}
		for (int x = 0; x < lo->plot_w; x++) {
			int lit = (h * lanes[x] + 31) / 32; /* pixel rows lit, from the bottom */
			dst[x] = h - in <= lit ? colour[st[x]] : dim[st[x]];
		}
	}
	free(st);
	free(lanes);
}

/* The check modes' colours (racecheck, initcheck, synccheck): none is a
 * state's colour, and a black outline sets them off any state. */
static const uint32_t mark_colour[TRACE_MARK_KINDS] = {0xffffff, 0xff00ff, 0x00ffff};
static const char *const mark_names[TRACE_MARK_KINDS] = {"race", "uninitialized read", "sync misuse"};

/* The findings of the check modes: a bar across the row of the warp slot
 * at the cycle, 3 pixels wide in a black outline and a little taller than
 * the row, so it shows whatever the zoom. */
static void draw_marks(const struct model *m, const struct view *v, const struct layout *lo, struct picture *p)
{
	double cpp = (double)(v->c1 - v->c0) / lo->plot_w;
	for (size_t i = 0; i < m->t.nmarks; i++) {
		const struct trace_mark *k = &m->t.marks[i];
		if (k->cycle < v->c0 || k->cycle >= v->c1)
			continue;
		unsigned g = k->sm * m->t.nslots + k->slot;
		for (unsigned r = lo->r0; r < lo->r1; r++) {
			if (m->row_slot[r] != g)
				continue;
			int x = lo->plot_x + (int)((double)(k->cycle - v->c0) / cpp);
			int y = lo->plot_y + (int)((r - lo->r0) * lo->row_h);
			int h = (int)lo->row_h;
			fill(p, x - 2, y - 3, 5, (h < 1 ? 1 : h) + 6, 0);
			fill(p, x - 1, y - 2, 3, (h < 1 ? 1 : h) + 4, mark_colour[k->check]);
			break;
		}
	}
}

static void draw_labels(const struct model *m, const struct font *f, const struct layout *lo, struct picture *p)
{
	const struct trace *t = &m->t;
	int last_y = -1000;
	for (unsigned r = lo->r0; r < lo->r1; r++) {
		unsigned g = m->row_slot[r], sm = model_sm(m, g), sp = model_slot(m, g) % t->nsub;
		bool new_sm = r == lo->r0 || model_sm(m, m->row_slot[r - 1]) != sm;
		bool new_sp = new_sm || model_slot(m, m->row_slot[r - 1]) % t->nsub != sp;
		int y = lo->plot_y + (int)((r - lo->r0) * lo->row_h);
		char s[32];
		if (new_sm && y - last_y >= lo->line_h) {
			snprintf(s, sizeof s, "SM %u", sm);
			fill(p, 0, y, LABEL_W - 4, 1, 0x404040);
			font_draw(f, p, 4, y, s, FG);
			last_y = y;
		}
		if (t->nsub > 1 && new_sp && y - last_y >= lo->line_h) {
			snprintf(s, sizeof s, "sp %u", sp);
			font_draw(f, p, 40, y, s, DIM);
			last_y = y;
		} else if (lo->row_h >= lo->line_h && y - last_y >= lo->line_h) {
			snprintf(s, sizeof s, "w%u", model_slot(m, g));
			font_draw(f, p, 40, y, s, DIM);
			last_y = y;
		}
	}
}

/* The smallest of 1, 2, 5 x 10^k cycles giving at most max_ticks ticks. */
static uint64_t nice_step(double span, int max_ticks)
{
	double raw = span / max_ticks;
	for (uint64_t p = 1;; p *= 10)
		for (int i = 0; i < 3; i++) {
			uint64_t step = p * (uint64_t)(i == 0 ? 1 : i == 1 ? 2 : 5);
			if ((double)step >= raw || p > (uint64_t)1 << 60)
				return step;
		}
}

static void draw_axis(const struct view *v, const struct font *f, const struct layout *lo, struct picture *p)
{
	uint64_t span = v->c1 - v->c0;
	uint64_t step = nice_step((double)span, lo->plot_w / 110 > 1 ? lo->plot_w / 110 : 1);
	uint64_t first = v->c0 / step * step + (v->c0 % step ? step : 0);
	/* (no c += step past 2^64: a view may end anywhere below it) */
	for (uint64_t c = first; c < v->c1 && c >= first; c = c <= UINT64_MAX - step ? c + step : v->c1) {
		int x = lo->plot_x + (int)((double)(c - v->c0) * lo->plot_w / (double)span);
		fill(p, x, lo->axis_y + lo->line_h - 4, 1, 4, DIM);
		char s[32];
		snprintf(s, sizeof s, "%" PRIu64, c);
		font_draw(f, p, x + 2, lo->axis_y, s, DIM);
	}
	font_draw(f, p, 4, lo->axis_y, "cycle", DIM);
}

static uint32_t heat(float u)
{
	if (u < 0)
		u = 0;
	if (u > 1)
		u = 1;
	/* black -> red -> yellow -> white */
	float r = u * 3 > 1 ? 1 : u * 3, g = u * 3 - 1, b = u * 3 - 2;
	g = g < 0 ? 0 : g > 1 ? 1 : g;
	b = b < 0 ? 0 : b > 1 ? 1 : b;
	return (uint32_t)(r * 255) << 16 | (uint32_t)(g * 255) << 8 | (uint32_t)(b * 255);
}

static void draw_overview(const struct model *m, const struct view *v, const struct font *f,
			  const struct layout *lo, struct picture *p)
{
	const struct lod *l = &m->l;
	for (int y = 0; y < lo->over_h; y++) {
		unsigned sm = (unsigned)((uint64_t)y * l->nsms / (unsigned)lo->over_h);
		for (int x = 0; x < lo->plot_w; x++) {
			unsigned col = (unsigned)((uint64_t)x * l->ocols / (unsigned)lo->plot_w);
			fill(p, lo->plot_x + x, lo->over_y + y, 1, 1, heat(l->issue[(size_t)sm * l->ocols + col]));
		}
	}
	font_draw(f, p, 4, lo->over_y, "issue/peak", DIM);
	font_draw(f, p, 4, lo->over_y + lo->line_h, "per SM", DIM);
	/* the visible window */
	int x0 = lo->plot_x + (int)((double)v->c0 * lo->plot_w / (double)l->total);
	int x1 = lo->plot_x + (int)((double)v->c1 * lo->plot_w / (double)l->total);
	if (x1 < x0 + 2)
		x1 = x0 + 2;
	frame(p, x0, lo->over_y - 1, x1 - x0, lo->over_h + 2, 0xffffff);
}

static void draw_legend(const struct model *m, const struct view *v, const struct font *f,
			const struct layout *lo, struct picture *p)
{
	int x = 4, y = lo->legend_y;
	for (unsigned s = 0; s < m->t.nstates; s++) {
		/* Nsight Compute's "selected" is the cycle a warp issued */
		const char *name = !strcmp(m->t.state_names[s], "selected") ? "selected (issued)" : m->t.state_names[s];
		int w = font_width(f, name) + lo->line_h + 12;
		if (x + w > p->w) {
			x = 4;
			y += lo->line_h;
		}
		fill(p, x, y + 2, lo->line_h - 4, lo->line_h - 4, render_state_colour(&m->t, s));
		frame(p, x, y + 2, lo->line_h - 4, lo->line_h - 4, 0x808080);
		font_draw(f, p, x + lo->line_h, y, name, FG);
		x += w;
	}
	for (unsigned k = 0; k < TRACE_MARK_KINDS && m->t.nmarks; k++) {
		int w = font_width(f, mark_names[k]) + lo->line_h + 12;
		if (x + w > p->w) {
			x = 4;
			y += lo->line_h;
		}
		fill(p, x + lo->line_h / 2 - 3, y, 5, lo->line_h, 0);
		fill(p, x + lo->line_h / 2 - 2, y + 1, 3, lo->line_h - 2, mark_colour[k]);
		font_draw(f, p, x + lo->line_h, y, mark_names[k], FG);
		x += w;
	}
	if (v->help)
		font_draw(f, p, 4, y + lo->line_h,
			  "wheel or W/S zoom   drag or A/D pan   +/- and Up/Down rows   F fit   G go to cycle   click pin   P save PNG   Q quit",
			  DIM);
}

static void mask_cells(struct picture *p, int x, int y, int cell, uint32_t mask)
{
	for (int i = 0; i < 32; i++) {
		int cx = x + i * (cell + 1);
		frame(p, cx, y, cell, cell, 0x909090);
		if (mask >> i & 1)
			fill(p, cx + 1, y + 1, cell - 2, cell - 2, 0x2ca02c);
	}
}

/* The text lines describing global slot g at cycle c. */
static unsigned describe(struct model *m, unsigned g, uint64_t c, char lines[][160], struct trace_rec *r)
{
	const struct trace *t = &m->t;
	bool busy = model_lookup(m, g, c, r);
	unsigned n = 0;
	unsigned slot = model_slot(m, g);
	snprintf(lines[n++], 160, "cycle %" PRIu64 "   SM %u   slot %u (sub-partition %u)", c, model_sm(m, g), slot,
		 slot % t->nsub);
	if (!busy) {
		snprintf(lines[n++], 160, "idle: no warp in this slot");
		return n;
	}
	snprintf(lines[n++], 160, "%s for %" PRIu64 " cycles [%" PRIu64 ", %" PRIu64 ")", t->state_names[r->state],
		 r->end - r->start, r->start, r->end);
	snprintf(lines[n++], 160, "block %" PRIu64 "   warp %u", r->block, r->wib);
	if ((int)r->state != t->st_exited) {
		snprintf(lines[n++], 160, "pc %u   %s", r->pc, t->disasm[r->pc]);
		snprintf(lines[n++], 160, "%s", t->srcloc[r->pc]);
		snprintf(lines[n++], 160, "active mask 0x%08x (%d threads)", r->mask, __builtin_popcount(r->mask));
	}
	return n;
}

static void draw_box(struct model *m, const struct font *f, const struct layout *lo, struct picture *p, int x, int y,
		     unsigned g, uint64_t c, bool listing)
{
	char lines[8][160];
	struct trace_rec r;
	unsigned n = describe(m, g, c, lines, &r);
	bool cells = n >= 6;
	int cell = 9;
	int w = 32 * (cell + 1) + 12;
	for (unsigned i = 0; i < n; i++) {
		int lw = font_width(f, lines[i]) + 12;
		if (lw > w)
			w = lw;
	}
	int nlist = listing && cells ? 9 : 0;
	int h = (int)n * lo->line_h + (cells ? cell + 6 : 0) + nlist * lo->line_h + 8;
	if (x + w > p->w)
		x = p->w - w;
	if (y + h > p->h)
		y = p->h - h;
	if (x < 0)
		x = 0;
	if (y < 0)
		y = 0;
	fill(p, x, y, w, h, 0x101010);
	frame(p, x, y, w, h, listing ? 0xffffff : 0xa0a0a0);
	fill(p, x + 1, y + 1, 4, h - 2, render_state_colour(&m->t, r.state));
	int yy = y + 4;
	for (unsigned i = 0; i < n; i++, yy += lo->line_h)
		font_draw(f, p, x + 8, yy, lines[i], FG);
	if (cells) {
		mask_cells(p, x + 8, yy + 1, cell, r.mask);
		yy += cell + 6;
	}
	/* the pinned panel: the listing around the pc */
	for (int k = -4; k <= 4 && nlist; k++, yy += lo->line_h) {
		int64_t pc = (int64_t)r.pc + k;
		if (pc < 0 || pc >= (int64_t)m->t.ncode)
			continue;
		char s[200];
		snprintf(s, sizeof s, "%s%4lld  %s", k ? "  " : "> ", (long long)pc, m->t.disasm[pc]);
		font_draw(f, p, x + 8, yy, s, k ? DIM : 0xffffff);
	}
}

bool render_frame(struct model *m, const struct font *f, const struct view *v, struct picture *p)
{
	struct layout lo;
	render_layout(m, f, v, p->w, p->h, &lo);
	fill(p, 0, 0, p->w, p->h, BG);
	double cpp = (double)(v->c1 - v->c0) / lo.plot_w;
	/* the summary while a pixel spans a bucket or more; exact intervals
	 * (with masks) closer in, unless that means decoding too much: then
	 * the finest summary level, a bucket wider than a pixel */
	int level = lod_level(&m->l, cpp);
	if (level == 0 && m->l.bsize[0] == 1 && cpp < 2)
		level = -1;
	if (level < 0 && model_window_records(m, v->c0, v->c1) > EXACT_MAX_RECORDS)
		level = 0;
	if (level < 0 && !model_window(m, v->c0, v->c1))
		return false;
	draw_plot(m, v, &lo, level, p);
	draw_marks(m, v, &lo, p);
	draw_labels(m, f, &lo, p);
	draw_axis(v, f, &lo, p);
	draw_overview(m, v, f, &lo, p);
	draw_legend(m, v, f, &lo, p);
	char title[320];
	if (v->goto_mode)
		snprintf(title, sizeof title, "go to cycle: %s_   (Enter: go, Esc: cancel)", v->goto_text);
	else
		snprintf(title, sizeof title, "%s on %s   cycles %" PRIu64 "-%" PRIu64 " of %" PRIu64 "   %.3g cycles/pixel   rows %u-%u of %u",
			 m->t.workload, m->t.config, v->c0, v->c1, m->l.total, cpp, lo.r0, lo.r1, m->nrows);
	font_draw(f, p, 4, lo.title_y, title, v->goto_mode ? 0xffd54f : FG);
	if (v->mouse_x >= lo.plot_x && v->mouse_x < lo.plot_x + lo.plot_w) {
		int r = render_row_at(m, &lo, v->mouse_y);
		if (r >= 0)
			draw_box(m, f, &lo, p, v->mouse_x + 14, v->mouse_y + 14, m->row_slot[r], render_cycle_at(v, &lo, v->mouse_x),
				 false);
	}
	if (v->pinned)
		draw_box(m, f, &lo, p, p->w - 10, lo.plot_y, v->pin_slot, v->pin_cycle, true);
	return true;
}
