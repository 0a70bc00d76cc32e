/* ptxas.h - a CUDA kernel's registers per thread as ptxas counts them. */
#ifndef SIMT_PTXAS_H
#define SIMT_PTXAS_H

#include <stdbool.h>
#include <stddef.h>

/* Run `ptxas -v -arch=sm_<cc>` (from PATH, else /usr/local/cuda/bin; the
 * environment variable SIMT_PTXAS names another, or "none" for none) on the
 * PTX file and read the registers it allocates for entry. False, with why
 * set, when ptxas is not found or does not compile it for that target. */
bool ptxas_regs(const char *ptx_path, const char *entry, unsigned cc, unsigned *regs, char *why, size_t n);

#endif
