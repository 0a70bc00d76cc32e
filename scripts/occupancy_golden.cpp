// occupancy_golden.cpp - golden values for the occupancy test, from CUDA's
// own calculator (cuda_occupancy.h, the header behind
// cudaOccupancyMaxActiveBlocksPerMultiprocessor). Needs only the CUDA
// headers, no GPU:
//
//   g++ -I/usr/local/cuda/include scripts/occupancy_golden.cpp -o /tmp/occ
//   /tmp/occ > tests/data/occupancy_h100.txt
//   /tmp/occ --optin > tests/data/occupancy_h100_optin.txt
//
// Device: H100 SXM5 (cc 9.0) as cudaGetDeviceProperties reports it. The
// kernel uses REGS registers per thread and SMEM bytes of shared memory per
// block (static), default cache and carveout configuration. With --optin
// the kernel opted in (cudaFuncSetAttribute
// cudaFuncAttributeMaxDynamicSharedMemorySize = sharedMemPerBlockOptin) and
// SMEM is its dynamic shared memory, 48 KB to 227 KB.
#include <cstdio>
#include <string>
#include <vector>
#include <cuda_occupancy.h>

int main(int argc, char **argv)
{
	bool optin = argc > 1 && std::string(argv[1]) == "--optin";
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
	const int threads_all[] = {32, 64, 96, 128, 192, 256, 288, 384, 512, 640, 768, 1024};
	const int regs_all[] = {8, 16, 24, 32, 33, 40, 48, 64, 72, 96, 128, 168, 255};
	const int smem_all[] = {0, 1024, 4096, 12000, 16384, 33000, 48000};
	// opt-in: 48 KB to 227 KB (232448) in steps of 6 KB less 1, the edges,
	// and around the per-block limit
	std::vector<int> threads(threads_all, threads_all + 12), regs(regs_all, regs_all + 13),
		smem(smem_all, smem_all + 7);
	if (optin) {
		threads = {32, 128, 256, 512, 1024};
		regs = {16, 32, 64, 128, 255};
		smem.clear();
		for (int s = 49152; s <= 232448; s += 6 * 1024 - 1)
			smem.push_back(s);
		for (int s : {49153, 57344, 77824, 116736, 116737, 231424, 231425, 232447, 232448, 232449})
			smem.push_back(s);
	}
	printf("# threads regs smem blocks_per_sm   (cuda_occupancy.h, H100 cc 9.0%s)\n",
	       optin ? "; opted in to 232448 bytes, smem dynamic" : "");
	for (int t : threads)
		for (int r : regs)
			for (int s : smem) {
				cudaOccFuncAttributes a;
				a.maxThreadsPerBlock = 1024;
				a.numRegs = r;
				a.sharedSizeBytes = optin ? 0 : (size_t)s;
				a.partitionedGCConfig = PARTITIONED_GC_OFF;
				a.shmemLimitConfig = optin ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
				a.maxDynamicSharedSizeBytes = optin ? p.sharedMemPerBlockOptin : 0;
				a.numBlockBarriers = 1;
				cudaOccDeviceState st;
				cudaOccResult res;
				if (cudaOccMaxActiveBlocksPerMultiprocessor(&res, &p, &a, &st, t, optin ? (size_t)s : 0) !=
				    CUDA_OCC_SUCCESS)
					return 1;
				printf("%d %d %d %d\n", t, r, s, res.activeBlocksPerMultiprocessor);
			}
	return 0;
}
