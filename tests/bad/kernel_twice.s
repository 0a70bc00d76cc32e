; two kernel names in one workload
.kernel first
.grid 1
.block 32
.kernel second
    exit
