/* smem.c - shared-memory bank conflicts (see smem.h). */
#include "smem.h"

#include <string.h>

#include "hostvec.h"

#define MAX_WORDS (32 * 16 / 4) /* 32 lanes x 16 bytes in 4-byte words */

/* Whether [lo, hi] holds a nonzero multiple of b (b > 0). */
static bool nonzero_multiple_in(int64_t lo, int64_t hi, int64_t b)
{
	int64_t m = lo >= 0 ? (lo + b - 1) / b * b : -(-lo / b * b); /* the first multiple >= lo */
	if (m == 0)
		m = b;
	return m <= hi;
}

/* Whether a whole group of lanes (every one active, lanes a power of two)
 * takes one pass with no conflict, for the patterns shared tiles make,
 * each checked over the group at once (the loops vectorize): every lane on
 * one address (a broadcast: its per_lane words sit in per_lane banks); one
 * word per lane, lane l on word w0 + l, no more lanes than banks; the
 * second half repeating the first (its lanes only add broadcasts: the
 * first half decides); each half on one address, their words in different
 * banks. false: not shown here, count in full. */
static bool one_pass(const uint32_t *addr, unsigned lanes, unsigned per_lane, unsigned shift, unsigned banks)
{
	uint32_t a0 = addr[0], w0 = a0 >> shift;
	uint32_t other = 0, off = 0; /* bits where a lane differs from a0, from w0 + l */
#define DIFFER(l) (other |= addr[l] ^ a0, off |= (addr[l] >> shift) ^ (w0 + (l)))
	if (lanes == 32) { /* a warp: unrolled and vectorised */
		for (uint32_t l = 0; l < 32; l++)
			DIFFER(l);
	} else if (lanes == 16) { /* a half-warp (G80): vectorised (unrolled first, it is not) */
#pragma GCC unroll 1
		for (uint32_t l = 0; l < 16; l++)
			DIFFER(l);
	} else {
		for (uint32_t l = 0; l < lanes; l++)
			DIFFER(l);
	}
#undef DIFFER
	if (!other)
		return per_lane <= banks;
	if (!off)
		return per_lane == 1 && lanes <= banks;
	unsigned h = lanes / 2;
	if (h < 2)
		return false;
	uint32_t rep = 0, halves = 0; /* the second half differs from the first; a half from its first lane */
	for (uint32_t l = 0; l < h; l++) {
		rep |= addr[l] ^ addr[l + h];
		halves |= (addr[l] ^ a0) | (addr[l + h] ^ addr[h]);
	}
	if (!rep)
		return one_pass(addr, h, per_lane, shift, banks);
	if (halves)
		return false;
	/* two different words of the halves, w0 + j and w1 + k (j, k <
	 * per_lane), share a bank when w1 - w0 + k - j is a nonzero multiple
	 * of banks */
	int64_t d = (int64_t)(addr[h] >> shift) - (int64_t)w0, p = per_lane;
	if (nonzero_multiple_in(d - (p - 1), d + (p - 1), banks))
		return false;
	return per_lane <= banks / 2;
}

#ifdef HOST_AVX2
/* half_scan for h = 16, in two vectors of 8 lanes (hostvec.h) */
HOST_AVX2_FN static void half_scan16_avx2(const uint32_t *a, unsigned shift, uint32_t *same, uint32_t *run)
{
	const __m128i sh = _mm_cvtsi32_si128((int)shift);
	const __m256i a0 = _mm256_set1_epi32((int)a[0]), w0 = _mm256_set1_epi32((int)(a[0] >> shift));
	const __m256i lo = _mm256_add_epi32(w0, _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
	const __m256i hi = _mm256_add_epi32(lo, _mm256_set1_epi32(8));
	__m256i v0 = _mm256_loadu_si256((const __m256i *)(const void *)a);
	__m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(a + 8));
	__m256i s = _mm256_or_si256(_mm256_xor_si256(v0, a0), _mm256_xor_si256(v1, a0));
	__m256i r = _mm256_or_si256(_mm256_xor_si256(_mm256_srl_epi32(v0, sh), lo),
				    _mm256_xor_si256(_mm256_srl_epi32(v1, sh), hi));
	*same = !_mm256_testz_si256(s, s);
	*run = !_mm256_testz_si256(r, r);
}
#endif

/* Over lanes 0..h-1 of a: *same, non-zero where two addresses differ; *run,
 * non-zero where the words (addresses >> shift) are not consecutive. */
static void half_scan(const uint32_t *a, unsigned h, unsigned shift, uint32_t *same, uint32_t *run)
{
#ifdef HOST_AVX2
	if (h == 16 && host_avx2()) {
		half_scan16_avx2(a, shift, same, run);
		return;
	}
#endif
	uint32_t a0 = a[0], w0 = a0 >> shift, s = 0, r = 0;
	for (uint32_t l = 0; l < h; l++) {
		s |= a[l] ^ a0;
		r |= (a[l] >> shift) ^ (w0 + l);
	}
	*same = s;
	*run = r;
}

/* The passes of a whole group of lanes (every one active, one word a lane)
 * whose two halves each read one word or consecutive words, as a global
 * load of two matrix rows does: 1 or 2 (a half takes one pass; the two
 * share one when no bank holds two different words of them). 0: not that
 * shape. *distinct gets the number of different words. */
static unsigned two_halves(const uint32_t *addr, unsigned lanes, unsigned shift, unsigned banks, unsigned *distinct)
{
	unsigned h = lanes / 2;
	if (h < 2 || h > banks)
		return 0;
	uint32_t w[2];
	bool step[2];
	for (unsigned k = 0; k < 2; k++) {
		const uint32_t *a = addr + k * h;
		uint32_t w0 = a[0] >> shift, same, run;
		half_scan(a, h, shift, &same, &run);
		if (same && run)
			return 0;
		w[k] = w0;
		step[k] = same != 0;
	}
	/* half k reads words w[k] .. w[k] + n[k] - 1; two of them differ and
	 * share a bank when a word of the second less one of the first, D + j
	 * - i, is a nonzero multiple of banks: look for one in its range */
	int64_t n0 = step[0] ? h : 1, n1 = step[1] ? h : 1;
	int64_t d = (int64_t)w[1] - (int64_t)w[0];
	int64_t lo = d > 0 ? d : 0, hi = d + n1 < n0 ? d + n1 : n0; /* the runs' overlap: [lo, hi) of the first */
	*distinct = (unsigned)(n0 + n1 - (hi > lo ? hi - lo : 0));
	return nonzero_multiple_in(d - (n0 - 1), d + (n1 - 1), banks) ? 2 : 1;
}

/* The steps of one group's read narrower than a bank on cc 1.x (smem.h):
 * gm the group's active lanes (bit k: lane base + k). */
static unsigned steps_cc1(const struct smem_geom *g, const uint32_t *addr, uint32_t gm, unsigned base,
			  unsigned shift)
{
	unsigned steps = 0;
	while (gm) {
		steps++;
		uint32_t bw = addr[base + (unsigned)__builtin_ctz(gm)] >> shift, served = 0;
		uint64_t banks_done = 1ull << (bw % g->banks);
		for (uint32_t r = gm; r; r &= r - 1) {
			unsigned k = (unsigned)__builtin_ctz(r);
			uint32_t a = addr[base + k], b = (a >> shift) % g->banks;
			if (a >> shift == bw) {
				served |= 1u << k;
			} else if (!(banks_done >> b & 1)) { /* this bank's one address */
				banks_done |= 1ull << b;
				for (uint32_t q = r; q; q &= q - 1)
					if (addr[base + (unsigned)__builtin_ctz(q)] == a)
						served |= 1u << __builtin_ctz(q);
			}
		}
		gm &= ~served;
	}
	return steps;
}

/* The distinct words of one group's lanes gm. */
static unsigned distinct_words(const uint32_t *addr, uint32_t gm, unsigned base, unsigned shift)
{
	unsigned n = 0;
	for (uint32_t r = gm; r; r &= r - 1) {
		uint32_t w = addr[base + (unsigned)__builtin_ctz(r)] >> shift;
		bool seen = false;
		for (uint32_t q = gm & ((1u << __builtin_ctz(r)) - 1); q && !seen; q &= q - 1)
			seen = addr[base + (unsigned)__builtin_ctz(q)] >> shift == w;
		n += !seen;
	}
	return n;
}

/* smem_cost; halves: whether to look for two_halves' shape (not when the
 * caller already has: smem_global_passes). */
static struct smem_cost cost(const struct smem_geom *g, const uint32_t *addr, uint32_t mask, unsigned bytes,
			     bool atomic, bool halves)
{
	struct smem_cost c = {0, 0};
	unsigned per_lane = bytes > g->bank_bytes ? bytes / g->bank_bytes : 1;
	unsigned shift = g->bank_bytes == 8 ? 3 : 2;             /* bank_bytes is 4 or 8 */
	uint32_t bank_mask = (g->banks & (g->banks - 1)) ? 0 : g->banks - 1; /* 0: not a power of two */
	for (unsigned base = 0; base < 32; base += g->group_lanes) {
		uint32_t gm = g->group_lanes == 32 ? mask : (mask >> base) & ((1u << g->group_lanes) - 1);
		if (!gm)
			continue;
		uint32_t full = g->group_lanes == 32 ? ~0u : (1u << g->group_lanes) - 1;
		if (g->one_broadcast && bytes < g->bank_bytes && !atomic) {
			c.passes += steps_cc1(g, addr, gm, base, shift);
			c.ideal += (distinct_words(addr, gm, base, shift) + g->banks - 1) / g->banks;
			continue;
		}
		if (!atomic && gm == full && one_pass(addr + base, g->group_lanes, per_lane, shift, g->banks)) {
			c.passes++;
			c.ideal++;
			continue;
		}
		if (halves && per_lane == 1 && !atomic && gm == full) {
			unsigned distinct, n = two_halves(addr + base, g->group_lanes, shift, g->banks, &distinct);
			if (n) {
				c.passes += n;
				c.ideal += (distinct + g->banks - 1) / g->banks; /* 2 where the halves' words outnumber the banks */
				continue;
			}
		}
		if (per_lane == 1 && !atomic) { /* the common case first: one word per bank, one pass */
			uint64_t seen = 0;
			uint32_t word_of[64];
			bool clash = false;
			for (uint32_t r = gm; r && !clash; r &= r - 1) {
				uint32_t w = addr[base + (unsigned)__builtin_ctz(r)] >> shift;
				unsigned b = bank_mask ? w & bank_mask : w % g->banks;
				if ((seen >> b) & 1)
					clash = word_of[b] != w; /* the same word is a broadcast */
				seen |= 1ull << b;
				word_of[b] = w;
			}
			if (!clash) {
				c.passes++;
				c.ideal++;
				continue;
			}
			/* a conflict: each bank's distinct words, in a list per bank
			 * (a global load's rows; cheaper than sorting the lanes) */
			uint8_t head[64], next[32];
			uint32_t word[32];
			unsigned nw = 0, worst = 0, in_bank[64];
			memset(head, 0xff, sizeof head);
			for (uint32_t r = gm; r; r &= r - 1) {
				uint32_t w = addr[base + (unsigned)__builtin_ctz(r)] >> shift;
				unsigned b = bank_mask ? w & bank_mask : w % g->banks;
				uint8_t k = head[b];
				while (k != 0xff && word[k] != w)
					k = next[k];
				if (k != 0xff)
					continue; /* a broadcast */
				in_bank[b] = head[b] == 0xff ? 1 : in_bank[b] + 1;
				if (in_bank[b] > worst)
					worst = in_bank[b];
				word[nw] = w;
				next[nw] = head[b];
				head[b] = (uint8_t)nw++;
			}
			c.passes += worst;
			c.ideal += (nw + g->banks - 1) / g->banks;
			continue;
		}
		/* the lanes' first words, sorted; lanes on the same address read
		 * the same words, a broadcast, so without an atomic one of them
		 * stands for all (an atomic's lanes each take their turn) */
		uint32_t first[32];
		unsigned nl = 0;
		for (uint32_t r = gm; r; r &= r - 1) {
			uint32_t w = addr[base + (unsigned)__builtin_ctz(r)] / g->bank_bytes;
			unsigned i = nl;
			while (i && first[i - 1] > w)
				i--;
			if (!atomic && i && first[i - 1] == w)
				continue;
			memmove(&first[i + 1], &first[i], (nl - i) * sizeof *first);
			first[i] = w;
			nl++;
		}
		uint32_t words[MAX_WORDS];
		unsigned n = 0;
		for (unsigned k = 0; k < nl; k++)
			for (unsigned j = 0; j < per_lane; j++) {
				/* insertion sort: in order but where lanes' words overlap */
				uint32_t w = first[k] + j;
				unsigned i = n++;
				while (i && words[i - 1] > w) {
					words[i] = words[i - 1];
					i--;
				}
				words[i] = w;
			}
		unsigned per_bank[64] = {0}, distinct = 0, worst = 0;
		for (unsigned i = 0; i < n; i++) {
			if (!atomic && i && words[i] == words[i - 1])
				continue; /* broadcast */
			distinct += !i || words[i] != words[i - 1];
			unsigned b = words[i] % g->banks;
			if (++per_bank[b] > worst)
				worst = per_bank[b];
		}
		c.passes += worst;
		c.ideal += (distinct + g->banks - 1) / g->banks;
	}
	return c;
}

struct smem_cost smem_cost(const struct smem_geom *g, const uint32_t *addr, uint32_t mask,
			   unsigned bytes, bool atomic)
{
	return cost(g, addr, mask, bytes, atomic, true);
}

HOST_VECTOR_CLONES
bool smem_same_pattern(const uint32_t *addr, uint32_t a0, const uint32_t *diff)
{
	uint32_t differ = 0;
	for (uint32_t l = 0; l < 32; l++)
		differ |= (addr[l] - a0) ^ diff[l];
	return !differ;
}

struct smem_cost smem_cost_memo(struct smem_memo *memo, uint32_t site, const struct smem_geom *g,
				const uint32_t *addr, uint32_t mask, unsigned bytes, bool atomic)
{
	const struct smem_cost *hit = smem_memo_hit(memo, site, g, addr, mask, bytes, atomic);
	return hit ? *hit : smem_memo_fill(memo, site, g, addr, mask, bytes, atomic);
}

struct smem_cost smem_memo_fill(struct smem_memo *memo, uint32_t site, const struct smem_geom *g,
				const uint32_t *addr, uint32_t mask, unsigned bytes, bool atomic)
{
	struct smem_memo_entry *e = &memo->e[site % SMEM_MEMO_SITES];
	uint32_t a0 = addr[0];
	for (uint32_t l = 0; l < 32; l++)
		e->diff[l] = addr[l] - a0;
	e->site = site;
	e->mask = mask;
	e->a0_in_row = smem_in_row(g, a0);
	e->bytes = (uint8_t)bytes;
	e->atomic = atomic;
	e->used = true;
	e->c = cost(g, addr, mask, bytes, atomic, true);
	return e->c;
}

unsigned smem_global_passes(const struct smem_geom *g, const uint32_t *addr, uint32_t mask, unsigned bytes)
{
	bool whole = mask == ~0u && g->group_lanes == 32 && bytes <= g->bank_bytes;
	if (whole) {
		unsigned distinct, n = two_halves(addr, 32, g->bank_bytes == 8 ? 3 : 2, g->banks, &distinct);
		if (n)
			return n;
	}
	return cost(g, addr, mask, bytes, false, !whole).passes;
}
