/*
 * coalesce.h - how one warp's global access becomes memory transactions,
 * by generation (mem.coalescing):
 *
 *  halfwarp  compute capability 1.0/1.1 (CUDA C Programming Guide, "Global
 *            Memory", cc 1.x): each half-warp separately. If every active
 *            thread k of the half-warp accesses word k of one segment aligned
 *            to 16 words (64 bytes for 4-byte words, 128 for 8-byte, two
 *            128-byte transactions for 16-byte words), it is one transaction
 *            of the segment (inactive threads allowed); otherwise one
 *            32-byte transaction per active thread, even when threads read
 *            the same word. 1- and 2-byte accesses never coalesce (the
 *            guide's condition names 4-, 8- and 16-byte words only).
 *  line      Fermi: one transaction per 128-byte line touched by any lane.
 *  sector    Volta and later: one transaction per 128-byte line touched,
 *            moving only the 32-byte sectors the lanes touch.
 *
 * A transaction names its line (128-byte aligned address), the 32-byte
 * sectors of that line it covers and the bytes it moves.
 */
#ifndef SIMT_COALESCE_H
#define SIMT_COALESCE_H

#include <stdint.h>

enum coalescing { COAL_HALFWARP, COAL_LINE, COAL_SECTOR };

#define TXN_LINE 128u
#define TXN_SECTOR 32u
#define TXN_MAX 32 /* one per lane at most: an aligned access of at most 16 bytes lies in one line */

struct txn {
	uint32_t line;    /* the 128-byte aligned line */
	uint8_t sectors;  /* its 32-byte sectors the transaction covers (bit i: bytes 32i..32i+31) */
	uint32_t bytes;   /* bytes moved */
};

/* The number of 32-byte sectors transaction x covers (a table of the
 * counts of 0..15 in nibbles: no call where the build has no popcount
 * instruction). */
static inline unsigned txn_sectors(const struct txn *x)
{
	return (unsigned)(0x4332322132212110ull >> (4 * (x->sectors & 15u))) & 15u;
}

/* Transactions, in the order of the lowest lane that needs each; returns
 * their number (0 when mask is 0). addr[l] for each lane in mask, bytes per
 * lane 1, 2, 4, 8 or 16 and naturally aligned (the executor faults otherwise). */
unsigned coalesce(enum coalescing mode, const uint32_t *addr, uint32_t mask, unsigned bytes,
		  struct txn *out);

#endif
