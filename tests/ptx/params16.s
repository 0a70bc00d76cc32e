; params16.s - tests/ptx/params16.cu with 8- and 16-bit parameters; the check is
; the C semantics computed by the expression. An H200 (simt-gpu, 2026-11-29)
; passed it with these values and with -D C=100 -D A=32767 and -D C=-128
; -D D=255 -D B=0 -D A=-32768.
.ptx "params16.ptx" params16
.param A -1234
.param B 60000
.param C -7
.param D 200
.buffer O s32 128 zero
.arg a A
.arg b B
.arg c C
.arg d D
.arg O
.grid 1
.block 32
.check O expr((i / 32 == 0) * (A * (i % 32) + B) + (i / 32 == 1) * (C * (i % 32) + D) + (i / 32 == 2) * ((A < C) | (B > D) << 1 | (C < 0) << 2) + (i / 32 == 3) * ((((A + B) & 65535) ^ 32768) - 32768 + ((C ^ D) & 255)))
