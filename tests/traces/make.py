#!/usr/bin/env python3
"""make.py - writes the trace corpus of tests/traces from the format of
viz/trace_format.h, by an implementation of its own (so the reader is tested
against the format, not against the writer):

  good.trc       a valid trace whose records tests/test_trace.c knows
  bad/*.trc      one defect each; bad/expect.txt: name, then the text the
                 reader's message must contain

Run from anywhere: python3 tests/traces/make.py
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
STATES = ["selected", "not_selected", "long_scoreboard", "short_scoreboard", "wait", "barrier", "membar",
          "branch_resolving", "math_pipe_throttle", "mio_throttle", "lg_throttle", "no_instruction", "drain",
          "sleeping", "idle", "exited"]
S = {n: i for i, n in enumerate(STATES)}
PC_SAME, PC_NEXT, MASK, BLOCK = 1, 2, 4, 8


def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7f) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def zigzag(v):
    return (v << 1) ^ (v >> 63) if v >= 0 else ((v << 1) ^ -1) & (2**64 - 1)


def s16(text):
    b = text if isinstance(text, bytes) else text.encode()
    return struct.pack("<H", len(b)) + b


def header(nsms=2, nslots=4, nsub=2, version=1, names=STATES, code=None, magic=b"SIMTTRC\x1a", total=30,
           peak=65536):
    """Version 1 (no peak issue rate), or version 2 with peak (x 65536)."""
    code = code or [("iadd r1, r1, 1", "k.s:1"), ("iadd r2, r1, 1", "k.s:2"), ("exit", "k.s:3")]
    h = magic + struct.pack("<IIIII", version, nsms, nslots, nsub, 1000)
    if version >= 2:
        h += struct.pack("<I", peak)
    h += struct.pack("<Q", total) + s16("testcfg") + s16("k.s")
    h += bytes([len(names)]) + b"".join(s16(n) for n in names)
    h += struct.pack("<I", len(code)) + b"".join(s16(a) + s16(b) for a, b in code)
    return h


def record(prev_end, end, slot, state, flags, pc=None, mask=None, block=None, wib=None, length=1):
    r = varint(zigzag(end - prev_end)) + bytes([slot, state, flags])
    if pc is not None:
        r += varint(pc)
    if mask is not None:
        r += struct.pack("<I", mask)
    if block is not None:
        r += varint(block) + bytes([wib])
    return r + varint(length)


def chunk(sm, recs, nrec=None, codec=0, stored=None):
    raw = b"".join(recs)
    stored = raw if stored is None else stored
    return b"C" + struct.pack("<IIBII", sm, len(recs) if nrec is None else nrec, codec, len(raw), len(stored)) + stored


def marks(items, count=None):
    """Version 3's marks section: (cycle, sm, slot, check, pc, pc2) each."""
    out = b"M" + struct.pack("<I", len(items) if count is None else count)
    for cycle, sm, slot, check, pc, pc2 in items:
        out += struct.pack("<QIBBII", cycle, sm, slot, check, pc, pc2)
    return out


# The marked trace: the good trace's records as version 3, with a race at
# cycle 24 on SM 0 slot 0 (pcs 1 and 0) and a sync misuse at cycle 10 on
# SM 1 slot 3 (pc 1).
GOOD_MARKS = [(24, 0, 0, 0, 1, 0), (10, 1, 3, 2, 1, 1)]


def marked():
    return header(version=3) + chunk(0, GOOD_RECS0) + chunk(1, GOOD_RECS1) + marks(GOOD_MARKS) + end(30, 2)


def end(total, nchunks):
    return b"E" + struct.pack("<QQ", total, nchunks)


# The good trace: SM 0 slot 0 runs pc 0..2 with a wait, slot 1 is throttled;
# SM 1 slot 3 has one long barrier interval.
GOOD_RECS0 = [
    record(0, 1, 0, S["selected"], MASK | BLOCK, pc=0, mask=0xffffffff, block=0, wib=0),
    record(1, 4, 1, S["math_pipe_throttle"], MASK | BLOCK, pc=0, mask=0x0000ffff, block=0, wib=1, length=4),
    record(4, 24, 0, S["wait"], PC_NEXT, length=23),
    record(24, 25, 0, S["selected"], PC_SAME),
    record(25, 26, 0, S["selected"], PC_NEXT),
    record(26, 30, 0, S["exited"], MASK, pc=0, mask=0, length=4),
]
GOOD_RECS1 = [record(0, 30, 3, S["barrier"], MASK | BLOCK, pc=1, mask=0xf0f0f0f0, block=7, wib=2, length=20)]


def good():
    return header() + chunk(0, GOOD_RECS0) + chunk(1, GOOD_RECS1) + end(30, 2)


def bad_cases():
    g = good()
    h = header()
    c0 = chunk(0, GOOD_RECS0)
    c1 = chunk(1, GOOD_RECS1)
    yield "empty", b"", "truncated: magic"
    yield "magic", b"PNG\x00" + g[4:], "bad magic"
    yield "version", header(version=4) + c0 + end(30, 1), "trace version 4"
    h3 = header(version=3)
    yield "marks_in_v2", header(version=2) + c0 + marks(GOOD_MARKS) + end(30, 1), "expected a chunk ('C')"
    yield "marks_twice", h3 + c0 + marks(GOOD_MARKS) + marks(GOOD_MARKS) + end(30, 1), "expected a chunk ('C') or"
    yield "marks_none", h3 + c0 + marks([]) + end(30, 1), "0 marks"
    yield "marks_count", h3 + c0 + marks(GOOD_MARKS, count=3) + end(30, 1), "3 marks"
    yield "mark_sm", h3 + c0 + marks([(1, 2, 0, 0, 0, 0)]) + end(30, 1), "bad mark 0: cycle 1, SM 2"
    yield "mark_slot", h3 + c0 + marks([(1, 0, 4, 0, 0, 0)]) + end(30, 1), "slot 4"
    yield "mark_check", h3 + c0 + marks([(1, 0, 0, 3, 0, 0)]) + end(30, 1), "check 3"
    yield "mark_pc", h3 + c0 + marks([(1, 0, 0, 0, 0, 3)]) + end(30, 1), "pcs 0 and 3"
    yield "mark_cycle", h3 + c0 + marks([(31, 0, 0, 0, 0, 0)]) + end(30, 1), "cycle 31"
    yield "peak_issue", header(version=2, peak=0) + c0 + end(30, 1), "peak issue rate 0 per cycle"
    yield "no_sms", header(nsms=0) + end(0, 0), "0 SMs"
    yield "many_slots", header(nslots=300) + end(0, 0), "300 warp slots"
    yield "sub_partitions", header(nsub=9) + end(0, 0), "9 sub-partitions"
    yield "header_cut", g[:40], "truncated"
    yield "ctrl_in_name", header(names=STATES[:3] + ["bad\nname"] + STATES[4:]) + end(0, 0), "control character"
    yield "no_states", header(names=[]) + end(0, 0), "0 states"
    yield "no_end", h + c0, "no end record"
    yield "cut_in_chunk", h + c0[:-3] + end(30, 1), "truncated: chunk data"
    yield "chunk_count", h + c0 + c1 + end(30, 3), "the end record says 3"
    yield "not_a_chunk", h + b"X" + c0[1:] + end(30, 1), "expected a chunk"
    yield "extra_chunk", h + c0 + c1 + end(30, 1), "more chunks than"
    yield "short_run", header(total=0) + c0 + c1 + end(20, 2), "outside the run"
    yield "bad_sm", h + chunk(5, GOOD_RECS1) + end(30, 1), "bad chunk: SM 5"
    yield "bad_codec", h + chunk(0, GOOD_RECS0, codec=7) + end(30, 1), "codec 7"
    yield "zero_records", h + chunk(0, []) + end(30, 1), "bad chunk"
    yield "record_count", h + chunk(0, GOOD_RECS0, nrec=5) + end(30, 1), "bytes after the chunk's 5 records"
    yield "too_few_bytes", h + chunk(0, GOOD_RECS0, nrec=7) + end(30, 1), "truncated: record end"
    yield "zstd_garbage", h + chunk(0, GOOD_RECS0, codec=1, stored=b"\x28\xb5\x2f\xfd" + b"\x00" * 20) + end(30, 1), \
        "does not decompress"
    yield "slot", h + chunk(0, [record(0, 1, 9, 0, MASK | BLOCK, pc=0, mask=1, block=0, wib=0)]) + end(30, 1), \
        "slot 9"
    yield "state", h + chunk(0, [record(0, 1, 0, 40, MASK | BLOCK, pc=0, mask=1, block=0, wib=0)]) + end(30, 1), \
        "state 40"
    yield "idle_record", h + chunk(0, [record(0, 1, 0, S["idle"], MASK | BLOCK, pc=0, mask=1, block=0, wib=0)]) + \
        end(30, 1), "state 14"
    yield "flags", h + chunk(0, [record(0, 1, 0, 0, MASK | BLOCK | PC_SAME | PC_NEXT, mask=1, block=0, wib=0)]) + \
        end(30, 1), "bad flags"
    yield "first_refers", h + chunk(0, [record(0, 1, 0, 0, PC_SAME | MASK | BLOCK, mask=1, block=0, wib=0)]) + \
        end(30, 1), "refers to a previous one"
    yield "pc", h + chunk(0, [record(0, 1, 0, 0, MASK | BLOCK, pc=3, mask=1, block=0, wib=0)]) + end(30, 1), \
        "pc 3"
    yield "zero_length", h + chunk(0, [record(0, 1, 0, 0, MASK | BLOCK, pc=0, mask=1, block=0, wib=0, length=0)]) + \
        end(30, 1), "length 0"
    yield "before_zero", h + chunk(0, [record(0, 1, 0, 0, MASK | BLOCK, pc=0, mask=1, block=0, wib=0, length=5)]) + \
        end(30, 1), "length 5"
    yield "overlap", h + chunk(0, [record(0, 10, 0, 0, MASK | BLOCK, pc=0, mask=1, block=0, wib=0, length=10),
                                   record(10, 12, 0, 4, PC_SAME, length=5)]) + end(30, 1), "overlaps"
    yield "overlap_chunks", h + c0 + chunk(0, [record(0, 28, 0, 0, MASK | BLOCK, pc=0, mask=1, block=0, wib=0,
                                                      length=4)]) + end(30, 2), "overlaps"
    yield "long_varint", h + chunk(0, [b"\xff" * 11 + b"\x00\x00\x00\x01"]) + end(30, 1), "varint"
    # zigzag 2^64 - 1 is -2^63, whose negation overflows (fuzz-trace found it)
    yield "end_min", h + chunk(0, [varint(2**64 - 1) + b"\x00\x00\x0c\x00\x01\x00\x00\x00\x00\x00\x01"]) + \
        end(30, 1), "record 0 ends outside the run"
    yield "huge_chunk", h + b"C" + struct.pack("<IIBII", 0, 1, 1, 1 << 30, 4) + b"abcd" + end(30, 1), "bad chunk"
    yield "too_long", header(total=0) + c0 + c1 + end(2**62 + 1, 2), "more than a run can have"
    yield "header_cycles", header(total=31) + c0 + c1 + end(30, 2), "the header says 31 cycles"
    yield "huge_code", g[:8 + 28] + s16("testcfg") + s16("k.s") + bytes([1]) + s16("selected") + \
        struct.pack("<I", 0xffffffff), "instructions"


def long_run():
    """A valid trace of the longest run a reader takes (2^62 cycles): one
    interval near the start, one of 2^61 cycles at the end."""
    total = 2**62
    recs = [record(0, 5, 0, S["selected"], MASK | BLOCK, pc=0, mask=1, block=0, wib=0, length=5),
            record(5, total, 1, S["barrier"], MASK | BLOCK, pc=1, mask=3, block=1, wib=0, length=2**61)]
    return header(total=total) + chunk(0, recs) + end(total, 1)


def main():
    with open(os.path.join(HERE, "good.trc"), "wb") as f:
        f.write(good())
    with open(os.path.join(HERE, "marked.trc"), "wb") as f:
        f.write(marked())
    with open(os.path.join(HERE, "long_run.trc"), "wb") as f:
        f.write(long_run())
    lines = []
    for name, data, expect in bad_cases():
        with open(os.path.join(HERE, "bad", name + ".trc"), "wb") as f:
            f.write(data)
        lines.append(f"{name}\t{expect}")
    with open(os.path.join(HERE, "bad", "expect.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
