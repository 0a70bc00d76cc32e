// match_all.cu - __match_all_sync over a whole warp, half-warps and quads,
// on values equal in some groups and not in others, and from the odd lanes
// of a divergent branch; one row of out a result (the mask, then the
// predicate), one column a thread
__global__ void match_all(const unsigned *a, unsigned *out)
{
	unsigned t = threadIdx.x, l = t % 32, v = a[t];
	const unsigned n = blockDim.x;
	int p;
	unsigned m = __match_all_sync(0xffffffffu, v, &p);
	out[t] = m;
	out[n + t] = p;
	m = __match_all_sync(l < 16 ? 0x0000ffffu : 0xffff0000u, v, &p);
	out[2 * n + t] = m;
	out[3 * n + t] = p;
	m = __match_all_sync(0xfu << (l & ~3u), v, &p);
	out[4 * n + t] = m;
	out[5 * n + t] = p;
	if (l & 1) {
		m = __match_all_sync(0xaaaaaaaau, v, &p);
		out[6 * n + t] = m | (unsigned)p;
	}
}
