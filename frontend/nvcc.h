/* nvcc.h - a .cuda kernel's .cu compiled to PTX with nvcc for the config's
 * GPU (the asm_hooks of simt-sim and simt-gpu). */
#ifndef SIMT_NVCC_H
#define SIMT_NVCC_H

#include <stddef.h>

/* ctx: a const long long * holding the config's gpu.compute_capability (0
 * for simt-gpu: the oldest target). Compiles with `nvcc -O3 -ptx -lineinfo
 * -arch=sm_<cc, at least 75>` into a cache keyed by the .cu's bytes and the
 * target ($XDG_CACHE_HOME/simt-sim/ptx, else ~/.cache/simt-sim/ptx; headers
 * the .cu includes are not part of the key). nvcc is looked for on PATH and
 * in /usr/local/cuda/bin; SIMT_NVCC names another, or "none" for none.
 * Returns as asm_hooks.cuda_to_ptx does. */
int nvcc_cuda_to_ptx(const char *cu_path, void *ctx, char **ptx_path, char *why, size_t n);

#endif
