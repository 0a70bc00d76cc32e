/* png_write.c - write a picture as an RGB PNG with libpng's simplified API. */
#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "png_write.h"

bool png_save(const char *path, const struct picture *p, char *err, size_t errlen)
{
	png_image img;
	memset(&img, 0, sizeof img);
	img.version = PNG_IMAGE_VERSION;
	img.width = (png_uint_32)p->w;
	img.height = (png_uint_32)p->h;
	img.format = PNG_FORMAT_RGB;
	unsigned char *rgb = malloc((size_t)p->w * (size_t)p->h * 3);
	for (size_t i = 0; i < (size_t)p->w * (size_t)p->h; i++) {
		rgb[3 * i] = (unsigned char)(p->px[i] >> 16);
		rgb[3 * i + 1] = (unsigned char)(p->px[i] >> 8);
		rgb[3 * i + 2] = (unsigned char)p->px[i];
	}
	/* to a stream of its own (png_image_write_to_file removes the path when
	 * a write fails, whatever it was, a device included), beside the path
	 * and renamed into place once whole (outfile.h) */
	struct outfile of;
	if (!outfile_open(&of, path, "wb", false)) {
		snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
		free(rgb);
		return false;
	}
	int ok = png_image_write_to_stdio(&img, of.f, 0, rgb, 0, NULL);
	free(rgb);
	int why = 0;
	if (ok)
		why = outfile_commit(&of);
	else
		outfile_discard(&of);
	if (!ok || why) {
		snprintf(err, errlen, "cannot write '%s': %s", path, !ok ? img.message : strerror(why));
		png_image_free(&img);
		return false;
	}
	return true;
}
