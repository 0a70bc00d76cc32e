/* hostvec.h - HOST_VECTOR_CLONES marks a small lane loop the host runs in
 * a second copy built for x86-64-v3 (AVX2, FMA), chosen when the program
 * loads on a CPU that has them: 8 lanes an instruction instead of 4 (or 1).
 * gcc's target_clones on x86-64, where meson found that it links
 * (SIMT_TARGET_CLONES: it needs the C library's ifunc); elsewhere, with
 * clang, or where the whole build already targets AVX2 (-Dmarch), nothing.
 * Both copies compute the same bits: -ffp-contract=off holds in both, and
 * fmaf rounds once in both. */
#ifndef SIMT_HOSTVEC_H
#define SIMT_HOSTVEC_H

#if defined(SIMT_TARGET_CLONES) && defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
	!defined(__AVX2__)
#define HOST_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define HOST_VECTOR_CLONES
#endif

/* HOST_AVX2: a function marked HOST_AVX2_FN may use AVX2 intrinsics
 * (immintrin.h) and is called only where host_avx2() says the CPU has them
 * (a read of the C runtime's CPU description, no state of ours); its
 * caller keeps a plain path for every other host. x86-64 with gcc or
 * clang; -DSIMT_NO_HOST_AVX2 builds the plain paths alone (to test them on
 * an AVX2 host: meson setup B -Dc_args=-DSIMT_NO_HOST_AVX2). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(SIMT_NO_HOST_AVX2)
#include <immintrin.h>
#include <stdbool.h>
#define HOST_AVX2 1
#define HOST_AVX2_FN __attribute__((target("avx2")))
static inline bool host_avx2(void)
{
#ifdef __AVX2__
	return true;
#else
	return __builtin_cpu_supports("avx2");
#endif
}
/* ... and a function marked HOST_FMA_FN also FMA (fused multiply-add,
 * one rounding, as fmaf), called only where host_fma() says so */
#define HOST_FMA_FN __attribute__((target("avx2,fma")))
static inline bool host_fma(void)
{
#if defined(__AVX2__) && defined(__FMA__)
	return true;
#else
	return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
}
#endif

#endif
