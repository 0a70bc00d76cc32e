; a label in both branches is fine, one in code kept twice is not
.grid 1
.block 1
.if 1
x:
        exit
.else
x:
        exit
.endif
x:
        exit
