// cache_ops.cu - one global load of each kind the PTX front end tells apart:
// those the L1 may serve (plain, .nc, relaxed at CTA scope) and those it
// may not (.cg, .cv, volatile, relaxed at GPU scope). out[k] = in[k].
__global__ void cache_ops(const unsigned *in, unsigned *out)
{
	unsigned gpu, cta;
	asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(gpu) : "l"(in + 5));
	asm volatile("ld.relaxed.cta.global.u32 %0, [%1];" : "=r"(cta) : "l"(in + 6));
	out[0] = in[0];
	out[1] = __ldcg(in + 1);
	out[2] = __ldcv(in + 2);
	out[3] = ((const volatile unsigned *)in)[3];
	out[4] = __ldg(in + 4);
	out[5] = gpu;
	out[6] = cta;
}
