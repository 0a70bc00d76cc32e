; ballot_mask.s - __ballot_sync before a divergent branch and
; __shfl_down_sync inside it with that mask (warp_sync.cu). Lanes l + offset
; >= NUM_ELEMENTS are outside the branch: their values are undefined (the
; simulator warns) and hold 0 here, so lane 0 gets 0 + 1 + ... + 19 = 190.
; Every lane in the branch sees __activemask() equal to the ballot.
.cuda "warp_sync.cu" ballot_mask
.param NUM_ELEMENTS 20
.buffer input s32 32 iota
.buffer out s32 1 zero
.buffer masks u32 32 zero
.arg input
.arg out
.arg masks
.arg num_elements NUM_ELEMENTS
.grid 1
.block 32
.check out {(NUM_ELEMENTS - 1) * NUM_ELEMENTS / 2}
.check masks expr(i < NUM_ELEMENTS)
