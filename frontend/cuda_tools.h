/* cuda_tools.h - the CUDA toolkit's programs, where they are installed:
 * nvcc compiles a .cuda kernel's .cu to PTX (the asm_hooks of simt-sim and
 * simt-gpu), ptxas counts a kernel's registers. Each is looked for on PATH
 * and in /usr/local/cuda/bin; an environment variable (SIMT_NVCC,
 * SIMT_PTXAS) names another, or "none" for none. */
#ifndef SIMT_CUDA_TOOLS_H
#define SIMT_CUDA_TOOLS_H

#include <stdbool.h>
#include <stddef.h>

/* ctx: a const long long * holding the config's gpu.compute_capability (0
 * for simt-gpu: the oldest target). Compiles with `nvcc -O3 -ptx -lineinfo
 * -arch=sm_<cc, at least 75>` into a cache keyed by the .cu's bytes and the
 * target ($XDG_CACHE_HOME/simt-sim/ptx, else ~/.cache/simt-sim/ptx; headers
 * the .cu includes are not part of the key). Returns as asm_hooks.cuda_to_ptx
 * does. */
int nvcc_cuda_to_ptx(const char *cu_path, void *ctx, char **ptx_path, char *why, size_t n);

/* Run `ptxas -v -arch=sm_<cc>` on the PTX file and read the registers it
 * allocates for entry. False, with why
 * set, when ptxas is not found or does not compile it for that target. */
bool ptxas_regs(const char *ptx_path, const char *entry, unsigned cc, unsigned *regs, char *why, size_t n);

#endif
