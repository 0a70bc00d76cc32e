// bitops.cu - __brev, __ffs of the same value (nvcc shares one brev.b32),
// 31 - __clz, and bfind in its four forms (inline PTX), each in its own row
// of out
__device__ unsigned bfind_u(unsigned v) { unsigned r; asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(v)); return r; }
__device__ unsigned bfind_s(int v) { unsigned r; asm("bfind.s32 %0, %1;" : "=r"(r) : "r"(v)); return r; }
__device__ unsigned bfind_us(unsigned v) { unsigned r; asm("bfind.shiftamt.u32 %0, %1;" : "=r"(r) : "r"(v)); return r; }
__device__ unsigned bfind_ss(int v) { unsigned r; asm("bfind.shiftamt.s32 %0, %1;" : "=r"(r) : "r"(v)); return r; }

__global__ void bitops(const unsigned *a, unsigned *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned x = a[i];
	out[i] = __brev(x);
	out[n + i] = __ffs(x);
	out[2 * n + i] = 31 - __clz(x);
	out[3 * n + i] = bfind_u(x);
	out[4 * n + i] = bfind_s((int)x);
	out[5 * n + i] = bfind_us(x);
	out[6 * n + i] = bfind_ss((int)x);
}
