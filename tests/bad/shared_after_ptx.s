.ptx "../../workloads/cuda/saxpy.ptx" saxpy
.shared extra 4096
