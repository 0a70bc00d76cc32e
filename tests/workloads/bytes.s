; bytes.s - byte and half-word loads and stores (ldg.s8, stg.u8, sts.u16,
; lds.s16) and a bit-field extract, checked against the bytes of the input
; as the check expressions compute them (little-endian words).
.buffer a u32 16 random(3)
.buffer o s32 64 zero
.buffer b u32 16 zero
.buffer p u32 64 zero
.arg a
.arg o
.arg b
.arg p
.grid 1
.block 64
.shared sh 128
    s2r r0, %tid.x
    ldc r1, a
    iadd r2, r1, r0
    ldg.s8 r3, [r2]             ; byte t, sign-extended
    shl r4, r0, 2
    ldc r5, o
    iadd r6, r5, r4
    stg [r6], r3
    imul r7, r3, 3
    ldc r8, b
    iadd r9, r8, r0
    stg.u8 [r9], r7             ; byte t of b: its low byte
    shl r10, r0, 1
    sts.u16 [r10+sh], r3        ; its low half-word
    bar.sync
    xor r11, r0, 1
    shl r11, r11, 1
    lds.s16 r12, [r11+sh]       ; the neighbour's, sign-extended
    bfe.u32 r13, r12, 0x0804    ; its bits 4..11
    ldc r14, p
    iadd r15, r14, r4
    stg [r15], r13
    exit
.check o expr((((a[(i)/4] >> (8*((i)%4))) & 255) - 2*(((a[(i)/4] >> (8*((i)%4))) & 255) & 128)))
.check b expr((((3*(((a[(4*i+0)/4] >> (8*((4*i+0)%4))) & 255) - 2*(((a[(4*i+0)/4] >> (8*((4*i+0)%4))) & 255) & 128))) & 255) << 0) + (((3*(((a[(4*i+1)/4] >> (8*((4*i+1)%4))) & 255) - 2*(((a[(4*i+1)/4] >> (8*((4*i+1)%4))) & 255) & 128))) & 255) << 8) + (((3*(((a[(4*i+2)/4] >> (8*((4*i+2)%4))) & 255) - 2*(((a[(4*i+2)/4] >> (8*((4*i+2)%4))) & 255) & 128))) & 255) << 16) + (((3*(((a[(4*i+3)/4] >> (8*((4*i+3)%4))) & 255) - 2*(((a[(4*i+3)/4] >> (8*((4*i+3)%4))) & 255) & 128))) & 255) << 24))
.check p expr((((((a[(i ^ 1)/4] >> (8*((i ^ 1)%4))) & 255) - 2*(((a[(i ^ 1)/4] >> (8*((i ^ 1)%4))) & 255) & 128)) & 0xffffffff) >> 4) & 255)
