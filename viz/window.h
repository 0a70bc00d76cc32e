/*
 * window.h - simt-view's interactive window (SDL2).
 */
#ifndef SIMT_WINDOW_H
#define SIMT_WINDOW_H

#include "render.h"

/* Open a width x height window on the display and run until the user
 * quits. P saves the window as PNG to shot. Returns 0, 1 when there is no
 * display or window, 2 when a chunk of the trace cannot be decoded. */
int window_run(struct model *m, const struct font *f, struct view *v, int width, int height, const char *shot);

#endif
