; local_words.s - local memory (ldl, stl), checked against values worked by
; hand. Each thread writes WORDS words of its own local memory, word k =
; tid x 16 + k, at offsets it computes (stl [r + 4k]); then reads back word
; tid % WORDS through a register offset, and the byte at offset
; 4 x WORDS + tid % 4 it stored as tid - 128 (ldl.s8: sign-extended).
; out[i] = i x 16 + i % WORDS; outb[i] = i - 128 as a signed byte.
.param WORDS 8
.param THREADS 96
.local 4 * WORDS + 4
.buffer out u32 THREADS zero
.buffer outb s32 THREADS zero
.arg out
.arg outb
.grid 1
.block THREADS
        s2r     r0, %tid.x
        shl     r1, r0, 4               ; tid x 16
        mov     r2, 0                   ; k
        mov     r3, 0                   ; offset 4k
loop:   iadd    r4, r1, r2
        stl     [r3], r4
        iadd    r2, r2, 1
        iadd    r3, r3, 4
        isetp.lt.s32 p0, r2, WORDS
  @p0   bra     loop
        and     r5, r0, 3               ; tid % 4
        isub    r6, r0, 128
        stl.u8  [r5 + 4 * WORDS], r6
        and     r7, r0, WORDS - 1       ; tid % WORDS (WORDS a power of two)
        shl     r7, r7, 2
        ldl     r8, [r7]
        ldl.s8  r9, [r5 + 4 * WORDS]
        ldc     r10, out
        ldc     r11, outb
        shl     r12, r0, 2
        iadd    r10, r10, r12
        iadd    r11, r11, r12
        stg     [r10], r8
        stg     [r11], r9
        exit
.check out expr(i * 16 + i % WORDS)
.check outb expr(((i - 128) + 128) % 256 - 128)
