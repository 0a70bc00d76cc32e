// nanbits.cu - the bits an NVIDIA GPU gives for f32 operations whose result is a NaN
#include <cstdio>
#include <cstdint>
#include <cstring>
#define OPS(X) \
 X(add_inf_minf, "add.rn.f32 %0, %1, %2;", pinf, minf) \
 X(sub_inf_inf, "sub.rn.f32 %0, %1, %2;", pinf, pinf) \
 X(mul_inf_0, "mul.rn.f32 %0, %1, %2;", pinf, zero) \
 X(add_snan_1, "add.rn.f32 %0, %1, %2;", snan, one) \
 X(add_1_nqnan, "add.rn.f32 %0, %1, %2;", one, nqnan) \
 X(mul_nqnan_1, "mul.rn.f32 %0, %1, %2;", nqnan, one) \
 X(add_snan_nqnan, "add.rn.f32 %0, %1, %2;", snan, nqnan) \
 X(div_0_0, "div.rn.f32 %0, %1, %2;", zero, zero) \
 X(div_full_0_0, "div.full.f32 %0, %1, %2;", zero, zero) \
 X(div_approx_0_0, "div.approx.f32 %0, %1, %2;", zero, zero) \
 X(div_nqnan_1, "div.rn.f32 %0, %1, %2;", nqnan, one) \
 X(min_snan_nqnan, "min.f32 %0, %1, %2;", snan, nqnan) \
 X(max_snan_nqnan, "max.f32 %0, %1, %2;", snan, nqnan) \
 X(min_nqnan_1, "min.f32 %0, %1, %2;", nqnan, one) \
 X(copysign, "copysign.f32 %0, %1, %2;", mone, nqnan)
#define UOPS(X) \
 X(sqrt_rn_m1, "sqrt.rn.f32 %0, %1;", mone) \
 X(sqrt_approx_m1, "sqrt.approx.f32 %0, %1;", mone) \
 X(rsqrt_m1, "rsqrt.approx.f32 %0, %1;", mone) \
 X(rcp_rn_nqnan, "rcp.rn.f32 %0, %1;", nqnan) \
 X(rcp_approx_snan, "rcp.approx.f32 %0, %1;", snan) \
 X(ex2_nqnan, "ex2.approx.f32 %0, %1;", nqnan) \
 X(lg2_m1, "lg2.approx.f32 %0, %1;", mone) \
 X(sin_inf, "sin.approx.f32 %0, %1;", pinf) \
 X(cos_inf, "cos.approx.f32 %0, %1;", pinf) \
 X(neg_snan, "neg.f32 %0, %1;", snan) \
 X(neg_nqnan, "neg.f32 %0, %1;", nqnan) \
 X(abs_nqnan, "abs.f32 %0, %1;", nqnan) \
 X(mov_snan, "mov.f32 %0, %1;", snan) \
 X(cvt_rni_nqnan, "cvt.rni.f32.f32 %0, %1;", nqnan) \
 X(cvt_sat_nqnan, "cvt.sat.f32.f32 %0, %1;", nqnan) \
 X(tanh_nqnan, "tanh.approx.f32 %0, %1;", nqnan)
struct In { float pinf, minf, zero, one, mone, snan, nqnan; };
#define N_BIN 15
#define N_UN 16
__global__ void k(const In *in, uint32_t *out, uint32_t *fma_out)
{
	float pinf = in->pinf, minf = in->minf, zero = in->zero, one = in->one, mone = in->mone,
	      snan = in->snan, nqnan = in->nqnan;
	int n = 0;
	float r;
#define B(name, asmstr, a, b) asm volatile(asmstr : "=f"(r) : "f"(a), "f"(b)); out[n++] = __float_as_uint(r);
#define U(name, asmstr, a) asm volatile(asmstr : "=f"(r) : "f"(a)); out[n++] = __float_as_uint(r);
	OPS(B)
	UOPS(U)
	asm volatile("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(pinf), "f"(zero), "f"(one)); fma_out[0] = __float_as_uint(r);
	asm volatile("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(one), "f"(one), "f"(snan)); fma_out[1] = __float_as_uint(r);
	asm volatile("fma.rn.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(nqnan), "f"(one), "f"(one)); fma_out[2] = __float_as_uint(r);
}
int main()
{
	In h;
	uint32_t b[7] = {0x7f800000u, 0xff800000u, 0, 0x3f800000u, 0xbf800000u, 0x7fa00001u, 0xffc00005u};
	memcpy(&h, b, sizeof b);
	In *din; uint32_t *dout, *dfma;
	cudaMalloc(&din, sizeof h); cudaMalloc(&dout, 4 * 64); cudaMalloc(&dfma, 16);
	cudaMemcpy(din, &h, sizeof h, cudaMemcpyHostToDevice);
	k<<<1, 1>>>(din, dout, dfma);
	uint32_t o[64], f[4];
	if (cudaMemcpy(o, dout, 4 * 64, cudaMemcpyDeviceToHost) || cudaMemcpy(f, dfma, 16, cudaMemcpyDeviceToHost)) { printf("cuda error\n"); return 1; }
	cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
	printf("# %s; inputs snan=0x7fa00001 nqnan=0xffc00005\n", p.name);
	int n = 0;
#define PB(name, asmstr, a, b) printf("%-16s %-28s 0x%08x\n", #name, asmstr, o[n++]);
#define PU(name, asmstr, a) printf("%-16s %-28s 0x%08x\n", #name, asmstr, o[n++]);
	OPS(PB)
	UOPS(PU)
	printf("fma_inf_0_1      fma.rn.f32 inf,0,1           0x%08x\nfma_1_1_snan     fma.rn.f32 1,1,snan          0x%08x\nfma_nqnan_1_1    fma.rn.f32 nqnan,1,1         0x%08x\n", f[0], f[1], f[2]);
	return 0;
}
