// occupancy_golden.cpp - golden values for the occupancy test, from CUDA's
// own calculator (cuda_occupancy.h, the header behind
// cudaOccupancyMaxActiveBlocksPerMultiprocessor). Needs only the CUDA
// headers, no GPU:
//
//   g++ -I/usr/local/cuda/include scripts/occupancy_golden.cpp -o /tmp/occ
//   /tmp/occ > tests/data/occupancy_h100.txt
//
// Device: H100 SXM5 (cc 9.0) as cudaGetDeviceProperties reports it. The
// kernel uses REGS registers per thread and SMEM bytes of shared memory per
// block (static), default cache and carveout configuration.
#include <cstdio>
#include <cuda_occupancy.h>

int main()
{
	cudaOccDeviceProp p;
	p.computeMajor = 9;
	p.computeMinor = 0;
	p.maxThreadsPerBlock = 1024;
	p.maxThreadsPerMultiprocessor = 2048;
	p.regsPerBlock = 65536;
	p.regsPerMultiprocessor = 65536;
	p.warpSize = 32;
	p.sharedMemPerBlock = 49152;
	p.sharedMemPerMultiprocessor = 233472;
	p.numSms = 132;
	p.sharedMemPerBlockOptin = 232448;
	p.reservedSharedMemPerBlock = 1024;
	const int threads[] = {32, 64, 96, 128, 192, 256, 288, 384, 512, 640, 768, 1024};
	const int regs[] = {8, 16, 24, 32, 33, 40, 48, 64, 72, 96, 128, 168, 255};
	const int smem[] = {0, 1024, 4096, 12000, 16384, 33000, 48000};
	printf("# threads regs smem blocks_per_sm   (cuda_occupancy.h, H100 cc 9.0)\n");
	for (int t : threads)
		for (int r : regs)
			for (int s : smem) {
				cudaOccFuncAttributes a;
				a.maxThreadsPerBlock = 1024;
				a.numRegs = r;
				a.sharedSizeBytes = (size_t)s;
				a.partitionedGCConfig = PARTITIONED_GC_OFF;
				a.shmemLimitConfig = FUNC_SHMEM_LIMIT_DEFAULT;
				a.maxDynamicSharedSizeBytes = 0;
				a.numBlockBarriers = 1;
				cudaOccDeviceState st;
				cudaOccResult res;
				if (cudaOccMaxActiveBlocksPerMultiprocessor(&res, &p, &a, &st, t, 0) != CUDA_OCC_SUCCESS)
					return 1;
				printf("%d %d %d %d\n", t, r, s, res.activeBlocksPerMultiprocessor);
			}
	return 0;
}
