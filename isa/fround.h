/* fround.h - float arithmetic in a directed rounding mode (fround.c). */
#ifndef SIMT_FROUND_H
#define SIMT_FROUND_H

/* a * b + c with one rounding in mode (enum isa_frndn: nearest even, toward
 * zero, down, up), as PTX's fma.{rn,rz,rm,rp}.f32. */
float fma_round(float a, float b, float c, int mode);

#endif
