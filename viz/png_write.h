/* png_write.h - write a picture as PNG (libpng). */
#ifndef SIMT_PNG_WRITE_H
#define SIMT_PNG_WRITE_H

#include <stdbool.h>
#include <stddef.h>

#include "text.h"

/* false with a message in err on failure */
bool png_save(const char *path, const struct picture *p, char *err, size_t errlen);

#endif
