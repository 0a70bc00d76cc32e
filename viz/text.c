/*
 * text.c - text through SDL2_ttf (no window needed: it renders to
 * surfaces), blended into the picture.
 */
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

#include "text.h"

struct font {
	TTF_Font *ttf;
};

static const char *const font_paths[] = {
	"/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
	"/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
};

struct font *font_open(int points, char *err, size_t errlen)
{
	if (!TTF_WasInit() && TTF_Init() != 0) {
		snprintf(err, errlen, "SDL2_ttf: %s", TTF_GetError());
		return NULL;
	}
	const char *env = getenv("SIMT_VIEW_FONT");
	TTF_Font *ttf = NULL;
	if (env && *env)
		ttf = TTF_OpenFont(env, points);
	for (size_t i = 0; !ttf && !(env && *env) && i < sizeof font_paths / sizeof *font_paths; i++)
		ttf = TTF_OpenFont(font_paths[i], points);
	if (!ttf) {
		snprintf(err, errlen, "no font: install fonts-dejavu-core or set SIMT_VIEW_FONT to a .ttf file (%s)",
			 TTF_GetError());
		return NULL;
	}
	TTF_SetFontHinting(ttf, TTF_HINTING_MONO);
	struct font *f = malloc(sizeof *f);
	f->ttf = ttf;
	return f;
}

void font_close(struct font *f)
{
	if (!f)
		return;
	TTF_CloseFont(f->ttf);
	free(f);
	TTF_Quit();
}

int font_height(const struct font *f) { return TTF_FontHeight(f->ttf); }

int font_width(const struct font *f, const char *s)
{
	int w = 0, h = 0;
	if (!*s || TTF_SizeUTF8(f->ttf, s, &w, &h))
		return 0;
	return w;
}

int font_draw(const struct font *f, struct picture *p, int x, int y, const char *s, uint32_t rgb)
{
	if (!*s)
		return 0;
	SDL_Color c = {(Uint8)(rgb >> 16), (Uint8)(rgb >> 8), (Uint8)rgb, 255};
	SDL_Surface *src = TTF_RenderUTF8_Blended(f->ttf, s, c);
	if (!src)
		return 0;
	SDL_Surface *g = SDL_ConvertSurfaceFormat(src, SDL_PIXELFORMAT_ARGB8888, 0);
	SDL_FreeSurface(src);
	if (!g)
		return 0;
	SDL_LockSurface(g);
	for (int j = 0; j < g->h; j++) {
		int yy = y + j;
		if (yy < 0 || yy >= p->h)
			continue;
		const uint32_t *row = (const uint32_t *)((const uint8_t *)g->pixels + (size_t)j * (size_t)g->pitch);
		for (int i = 0; i < g->w; i++) {
			int xx = x + i;
			if (xx < 0 || xx >= p->w)
				continue;
			uint32_t a = row[i] >> 24;
			if (!a)
				continue;
			uint32_t *d = &p->px[(size_t)yy * (size_t)p->w + (size_t)xx];
			uint32_t out = 0xff000000u;
			for (int sh = 0; sh < 24; sh += 8) {
				uint32_t sc = (row[i] >> sh) & 0xff, dc = (*d >> sh) & 0xff;
				out |= ((sc * a + dc * (255 - a)) / 255) << sh;
			}
			*d = out;
		}
	}
	int w = g->w;
	SDL_UnlockSurface(g);
	SDL_FreeSurface(g);
	return w;
}
