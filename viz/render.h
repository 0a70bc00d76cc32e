/*
 * render.h - the warp-timeline picture: title, overview strip (SM x time
 * issue utilisation), cycle axis, one row per warp slot grouped by SM and
 * sub-partition, legend and controls; the hover tooltip and the pinned
 * detail panel. The same code draws the window and --png.
 */
#ifndef SIMT_RENDER_H
#define SIMT_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"
#include "text.h"

struct view {
	uint64_t c0, c1;          /* visible cycles [c0, c1) */
	unsigned r0, r1;          /* visible rows [r0, r1) (r1 = 0: all rows) */
	int mouse_x, mouse_y;     /* -1: no hover */
	bool pinned;              /* a detail panel for pin_slot at pin_cycle */
	unsigned pin_slot;
	uint64_t pin_cycle;
	bool goto_mode;           /* typing a cycle after G */
	char goto_text[24];
	bool help;                /* draw the controls line */
};

/* The most intervals decoded for one view; wider views draw the summary. */
#define EXACT_MAX_RECORDS ((uint64_t)2 << 20)

struct layout {
	int title_y, over_y, over_h, axis_y;
	int plot_x, plot_y, plot_w, plot_h;
	int legend_y, line_h;
	double row_h;             /* pixels per row (may be below 1) */
	unsigned r0, r1;          /* the rows shown */
};

/* v may be NULL (all rows). */
void render_layout(const struct model *m, const struct font *f, const struct view *v, int w, int h, struct layout *lo);

/* The row under pixel row y (-1: none) and the cycle under pixel column x. */
int render_row_at(const struct model *m, const struct layout *lo, int y);
uint64_t render_cycle_at(const struct view *v, const struct layout *lo, int x);

/* The colour of state s (by its name in the trace). */
uint32_t render_state_colour(const struct trace *t, unsigned s);

/* Draw everything; false (m->err) when a chunk cannot be decoded. */
bool render_frame(struct model *m, const struct font *f, const struct view *v, struct picture *p);

#endif
