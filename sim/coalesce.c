/* coalesce.c - warp accesses to transactions (see coalesce.h). */
#include "coalesce.h"

#include <stdbool.h>

#include "hostvec.h"

/* cc 1.0/1.1: one half-warp (lanes base..base+15 of mask). Inlined into
 * coalesce's copies (hostvec.h: a whole half-warp's check 8 lanes an
 * instruction where the host can). */
static inline __attribute__((always_inline)) unsigned halfwarp(const uint32_t *addr, uint32_t mask,
								unsigned base, unsigned bytes, struct txn *out)
{
	uint32_t m = (mask >> base) & 0xffff;
	if (!m)
		return 0;
	uint32_t seg = 16 * bytes; /* 64, 128 or 256 bytes */
	int first = __builtin_ctz(m);
	uint32_t start = addr[base + (unsigned)first] - (uint32_t)first * bytes;
	int ok = bytes >= 4 && start % seg == 0; /* bytes and half-words never coalesce */
	if (m == 0xffff) { /* (first is 0) */
		uint32_t differ = 0;
		for (uint32_t k = 0; k < 16; k++)
			differ |= addr[base + k] ^ (start + k * bytes);
		ok = ok && !differ;
	} else {
		for (uint32_t r = m; r && ok; r &= r - 1) {
			unsigned k = (unsigned)__builtin_ctz(r);
			ok = addr[base + k] == start + k * bytes;
		}
	}
	unsigned n = 0;
	if (ok) {
		for (uint32_t off = 0; off < seg; off += TXN_LINE) { /* 256 bytes: two transactions */
			uint32_t len = seg < TXN_LINE ? seg : TXN_LINE, a = start + off;
			uint8_t sm = (uint8_t)(((1u << (len / TXN_SECTOR)) - 1) << ((a % TXN_LINE) / TXN_SECTOR));
			out[n++] = (struct txn){a & ~(TXN_LINE - 1), sm, len};
		}
		return n;
	}
	for (uint32_t r = m; r; r &= r - 1) {
		uint32_t a = addr[base + (unsigned)__builtin_ctz(r)]; /* 16 bytes fit one aligned 32 */
		out[n++] = (struct txn){a & ~(TXN_LINE - 1), (uint8_t)(1u << ((a % TXN_LINE) / TXN_SECTOR)),
					TXN_SECTOR};
	}
	return n;
}

/* n active lanes (32, or 16: a half-warp) that all lie in one line, each
 * in one sector: that line and its sectors' bits in *sectors; false
 * otherwise. (XOR, OR and compares only: the loop vectorizes on any
 * x86-64.) */
static inline __attribute__((always_inline)) bool one_line(const uint32_t *addr, unsigned n, uint32_t *line,
							   uint8_t *sectors)
{
	uint32_t a0 = addr[0], diff = 0, s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	for (unsigned l = 0; l < n; l++) {
		uint32_t sector = addr[l] & (TXN_LINE - TXN_SECTOR); /* its sector's offset in the line */
		diff |= addr[l] ^ a0;
		s0 |= sector == 0 * TXN_SECTOR;
		s1 |= sector == 1 * TXN_SECTOR;
		s2 |= sector == 2 * TXN_SECTOR;
		s3 |= sector == 3 * TXN_SECTOR;
	}
	*line = a0 & ~(TXN_LINE - 1);
	*sectors = (uint8_t)((s0 != 0) | (s1 != 0) << 1 | (s2 != 0) << 2 | (s3 != 0) << 3);
	return diff < TXN_LINE;
}

/* The n lines' transactions: whole lines (COAL_LINE) or their sectors. */
static unsigned emit(enum coalescing mode, const uint32_t *lines, const uint8_t *sect, unsigned n,
		     struct txn *out)
{
	for (unsigned i = 0; i < n; i++)
		out[i] = mode == COAL_LINE ? (struct txn){lines[i], 0xf, TXN_LINE}
					   : (struct txn){lines[i], sect[i], (uint32_t)__builtin_popcount(sect[i]) * TXN_SECTOR};
	return n;
}

/* (hostvec.h: one_line's lane loops 8 lanes an instruction where the host
 * can, and a popcount instruction) */
HOST_VECTOR_CLONES
unsigned coalesce(enum coalescing mode, const uint32_t *addr, uint32_t mask, unsigned bytes,
		  struct txn *out)
{
	if (mode == COAL_HALFWARP) {
		unsigned n = halfwarp(addr, mask, 0, bytes, out);
		return n + halfwarp(addr, mask, 16, bytes, out + n);
	}
	/* line and sector: group by 128-byte line, collecting sectors; a
	 * naturally aligned access of at most 16 bytes lies in one sector */
	uint32_t lines[TXN_MAX];
	uint8_t sect[TXN_MAX];
	unsigned n = 0;
	if (mask == ~0u) {
		if (one_line(addr, 32, &lines[0], &sect[0]))
			return emit(mode, lines, sect, 1, out);
		/* each half-warp in a line of its own (two rows of a tile): the
		 * lines in the order of their lowest lanes, as below */
		if (one_line(addr, 16, &lines[0], &sect[0]) && one_line(addr + 16, 16, &lines[1], &sect[1]))
			return emit(mode, lines, sect, 2, out);
	}
	for (uint32_t r = mask; r; r &= r - 1) {
		uint32_t a = addr[__builtin_ctz(r)], line = a & ~(TXN_LINE - 1);
		unsigned i = n - 1;
		if (!n || lines[i] != line) /* most lanes: the line of the lane before */
			for (i = 0; i < n && lines[i] != line; i++)
				;
		if (i == n) {
			lines[n] = line;
			sect[n++] = 0;
		}
		sect[i] |= (uint8_t)(1u << (a / TXN_SECTOR % (TXN_LINE / TXN_SECTOR)));
	}
	return emit(mode, lines, sect, n, out);
}
