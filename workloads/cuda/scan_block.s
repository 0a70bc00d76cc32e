; scan_block.s - an inclusive prefix sum per block (scan.cu): in[i] = i, so
; out[i] = base + (base + 1) + ... + i for the block's first index base.
.cuda "scan.cu" scan_block
.param BLOCKS 4
.buffer in s32 BLOCKS*256 iota
.buffer out s32 BLOCKS*256 zero
.arg in
.arg out
.grid BLOCKS
.block 256                                 ; BLOCK in scan.cu
.check out expr((i % 256 + 1) * (2 * i - i % 256) / 2)
