// uni.cu - __uni_sync (PTX vote.sync.uni): whether every lane of the mask
// has the same predicate. Warp 0's values are all positive, warp 1's none,
// warp 2's mixed; warp 3 votes in two halves (lanes 0-15 all positive,
// 16-31 mixed); in warp 4 only the odd lanes vote, over the odd lanes'
// values (all positive) while the even lanes' are not.
__global__ void uni(const int *in, unsigned *O)
{
	int t = threadIdx.x, lane = t % 32, w = t / 32;
	bool p = in[t] > 0;
	unsigned mask = w == 3 ? (lane < 16 ? 0x0000ffffu : 0xffff0000u) : 0xffffffffu;
	if (w == 4) {
		if (lane & 1)
			O[t] = __uni_sync(0xaaaaaaaau, p);
		return;
	}
	O[t] = __uni_sync(mask, p);
}
