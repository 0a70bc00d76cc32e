/*
 * text.h - text drawn into an RGBA picture with SDL2_ttf and a TrueType
 * font from a Debian package (fonts-dejavu-core), or $SIMT_VIEW_FONT.
 */
#ifndef SIMT_TEXT_H
#define SIMT_TEXT_H

#include <stdbool.h>
#include <stdint.h>

struct picture {
	uint32_t *px;  /* 0xAARRGGBB, row-major */
	int w, h;
};

struct font;

/* NULL with a message in err when no font can be opened. */
struct font *font_open(int points, char *err, size_t errlen);
void font_close(struct font *f);
int font_height(const struct font *f);
int font_width(const struct font *f, const char *s);
/* Draw s with its top-left at (x, y), clipped to the picture; returns its width. */
int font_draw(const struct font *f, struct picture *p, int x, int y, const char *s, uint32_t rgb);

#endif
