/*
 * fround.c - float arithmetic in a directed rounding mode.
 *
 * The host's rounding mode is set around one fmaf and put back; this file
 * is compiled with -frounding-math so that the compiler neither folds nor
 * moves the operation across fesetround. glibc's fmaf (the host's FMA
 * instruction, which follows MXCSR, or its exact software fallback) rounds
 * once in the current mode.
 */
#include <fenv.h>
#include <math.h>

#include "fround.h"
#include "isa.h"

float fma_round(float a, float b, float c, int mode)
{
	static const int fe[] = {[FRNDN_RN] = FE_TONEAREST, [FRNDN_RZ] = FE_TOWARDZERO, [FRNDN_RM] = FE_DOWNWARD,
				 [FRNDN_RP] = FE_UPWARD};
	int old = fegetround();
	fesetround(fe[mode]);
	volatile float r = fmaf(a, b, c);
	fesetround(old);
	return r;
}
