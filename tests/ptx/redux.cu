// redux.cu - the warp reductions __reduce_{add,min,max}_sync (unsigned and
// int) and __reduce_{and,or,xor}_sync over the whole warp, and an add over
// the lower 16 lanes alone (the others do not take part), each in its own
// row of out
// cuda_ptx: -arch=sm_80
__global__ void redux(const unsigned *a, unsigned *out)
{
	unsigned lane = threadIdx.x, v = a[lane];
	out[lane] = __reduce_add_sync(0xffffffffu, v);
	out[32 + lane] = __reduce_min_sync(0xffffffffu, v);
	out[64 + lane] = __reduce_max_sync(0xffffffffu, v);
	out[96 + lane] = (unsigned)__reduce_min_sync(0xffffffffu, (int)v);
	out[128 + lane] = (unsigned)__reduce_max_sync(0xffffffffu, (int)v);
	out[160 + lane] = __reduce_and_sync(0xffffffffu, v | 0x10u);
	out[192 + lane] = __reduce_or_sync(0xffffffffu, v & 0xf0f0u);
	out[224 + lane] = __reduce_xor_sync(0xffffffffu, v);
	out[256 + lane] = lane < 16 ? __reduce_add_sync(0x0000ffffu, v) : 7u;
}
