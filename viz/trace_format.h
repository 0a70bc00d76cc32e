/*
 * trace_format.h - the warp-state trace file (simt-sim --trace, read by
 * simt-view). One definition, shared by the writer and the reader.
 *
 * Little-endian throughout. "str" is a u16 length and that many bytes
 * (not terminated); "varint" is LEB128 (7 bits a byte, low first, at most
 * 10 bytes); "zigzag" maps a signed value to a varint ((v << 1) ^ (v >> 63)).
 *
 *   header:
 *     8 bytes  TRACE_MAGIC
 *     u32      version (TRACE_VERSION)
 *     u32      SMs, u32 warp slots per SM (<= 255), u32 sub-partitions per SM
 *              (slot k belongs to sub-partition k % sub-partitions)
 *     u32      clock in MHz
 *     u32      (version 2) the most warp instructions a sub-partition can
 *              issue per cycle (sim_peak_issue_rate), times 65536; version 1
 *              has no such field and means 1 per cycle
 *     u64      total cycles of the run (written when the run ends; 0 if the
 *              file could not be rewound, e.g. a pipe: the end record has it too)
 *     str      config name, str workload path
 *     u8       number of states, then each state's name as a str
 *              (the stall reasons, "selected" being the cycle a warp issued;
 *              then "idle" and "exited")
 *     u32      number of instructions, then per pc: str disassembly,
 *              str "file:line" of its source
 *   chunks, in the order written, each:
 *     u8       'C'
 *     u32      SM
 *     u32      records
 *     u8       codec (TRACE_RAW or TRACE_ZSTD)
 *     u32      raw bytes, u32 stored bytes, then the stored bytes
 *   marks (version 3; at most one such section, after the chunks, absent
 *   when the run found nothing): the findings of the check modes
 *   (--racecheck, --initcheck, --synccheck), in the order found
 *     u8       'M'
 *     u32      count (at most TRACE_MAX_MARKS)
 *     count times: u64 cycle, u32 SM, u8 slot (of the warp that made the
 *              access or issued the instruction), u8 check (TRACE_MARK_*),
 *              u32 pc, u32 the other pc (a race's earlier access; else pc)
 *   end:
 *     u8       'E'
 *     u64      total cycles of the run
 *     u64      number of chunks written
 *
 * A chunk holds records of one SM's slots in the order their intervals
 * ended; it decodes alone (every slot's first record in a chunk carries
 * its pc, mask and block explicitly). A record is one interval [start, end)
 * of one warp slot in one state at one pc, active mask and block:
 *     zigzag   end minus the previous record's end in the chunk (the first: minus 0)
 *     u8       slot
 *     u8       state
 *     u8       flags: TR_PC_SAME or TR_PC_NEXT (pc = the slot's previous
 *              pc, or that + 1; neither: a varint pc follows), TR_MASK (a u32
 *              mask follows; else the previous mask), TR_BLOCK (a varint
 *              block and a u8 warp-in-block follow; else the previous ones)
 *     varint   length (>= 1): start = end - length
 * A slot's records never overlap and come in increasing time; cycles of a
 * slot covered by no record are idle (idle intervals are not written).
 */
#ifndef SIMT_TRACE_FORMAT_H
#define SIMT_TRACE_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#define TRACE_MAGIC "SIMTTRC\x1a"
#define TRACE_VERSION 3u /* a reader also reads versions 1 and 2 */
#define TRACE_MAX_SLOTS 255u
#define TRACE_MAX_STATES 32u
#define TRACE_CHUNK_RAW_MAX (1u << 24) /* a reader refuses bigger chunks */
#define TRACE_MAX_CYCLES ((uint64_t)1 << 62) /* a reader refuses longer runs */

enum { TRACE_RAW = 0, TRACE_ZSTD = 1 };
enum { TRACE_MARK_RACE = 0, TRACE_MARK_INIT = 1, TRACE_MARK_SYNC = 2, TRACE_MARK_KINDS };
#define TRACE_MAX_MARKS (1u << 20)
#define TRACE_MARK_BYTES 22u
enum { TR_PC_SAME = 1, TR_PC_NEXT = 2, TR_MASK = 4, TR_BLOCK = 8 };

static inline size_t trace_put_varint(uint8_t *p, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		p[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (uint8_t)v;
	return n;
}

static inline uint64_t trace_zigzag(int64_t v) { return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63); }
static inline int64_t trace_unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

#endif
