/* test_e2e.c - the simt-sim command as a user runs it: the matmul sweep
 * of the foundation issue, the seed's 4x4 numbers, exit codes, --json,
 * --dump and --disasm. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "util.h"

static char out[65536];

static int sim(const char *args) { return run_simt_sim(args, out, sizeof out); }

/* tiled_mm and naive_mm for M=N=K in {4, 16, 64, 100} and 500x300x200,
 * TILE 8, 16 and 32, on every config under every scheduler policy: each
 * run must pass its bit-exact check, except that a GPU whose blocks hold
 * at most 512 threads (the G80) must refuse the 1024-thread TILE 32 launch
 * with exit code 2. SIMT_SWEEP_CONFIG picks one config (meson test runs
 * one test per config, in parallel). */
START_TEST(matmul_sweep)
{
	static const char *const sizes[] = {"-D M=4 -D N=4 -D K=4", "-D M=16 -D N=16 -D K=16",
					    "-D M=64 -D N=64 -D K=64", "-D M=100 -D N=100 -D K=100",
					    "-D M=500 -D N=300 -D K=200"};
	static const char *const wls[] = {"tiled_mm", "naive_mm"};
	static const char *const cfgs[] = {"g80", "gtx480", "v100", "a100", "h100"};
	static const char *const scheds[] = {"lrr", "gto", "two_level", "oldest"};
	static const int tiles[] = {8, 16, 32};
	const char *only = getenv("SIMT_SWEEP_CONFIG");
	int runs = 0;
	for (int c = 0; c < 5; c++) {
		if (only && strcmp(only, cfgs[c]))
			continue;
		for (int sc = 0; sc < 4; sc++)
			for (int w = 0; w < 2; w++)
				for (int s = 0; s < 5; s++)
					for (int t = 0; t < 3; t++) {
						char args[512];
						snprintf(args, sizeof args,
							 "configs/%s.ini workloads/%s.s %s -D TILE=%d --scheduler %s",
							 cfgs[c], wls[w], sizes[s], tiles[t], scheds[sc]);
						int rc = sim(args);
						if (tiles[t] == 32 && !strcmp(cfgs[c], "g80")) {
							ck_assert_msg(rc == 2 && strstr(out, "cannot launch"), "%s: exit %d\n%s",
								      args, rc, out);
						} else {
							ck_assert_msg(rc == 0, "simt-sim %s: exit %d\n%s", args, rc, out);
							ck_assert_msg(strstr(out, "bit-exact") && !strstr(out, "FAIL"), "%s\n%s",
								      args, out);
						}
						runs++;
					}
	}
	ck_assert_int_eq(runs, only ? 120 : 600);
}
END_TEST

START_TEST(tile32_refused_on_g80)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s -D TILE=32"), 2);
	ck_assert_msg(strstr(out, "cannot launch: the block has 1024 threads; g80 allows at most 512"), "%s", out);
	/* a per-SM limit a --set lowered names its keys */
	ck_assert_int_eq(sim("configs/h100.ini workloads/vecadd.s --set sm.max_threads=32"), 2);
	ck_assert_msg(strstr(out, "exceed its warps per SM (sm.max_threads, sm.max_warps)"), "%s", out);
}
END_TEST

START_TEST(seed_4x4_numbers)
{
	char tmp[] = "/tmp/simt-c-XXXXXX";
	int fd = mkstemp(tmp);
	ck_assert_int_ge(fd, 0);
	close(fd);
	char args[256];
	snprintf(args, sizeof args, "configs/g80.ini workloads/seed_4x4.s --dump C=%s", tmp);
	ck_assert_int_eq(sim(args), 0);
	size_t len;
	float *c = (float *)read_file(tmp, &len);
	ck_assert(c);
	ck_assert_uint_eq(len, 64);
	/* the seed's top-left block of C: 60 108 / 32 51 */
	ck_assert(c[0] == 60.0f && c[1] == 108.0f && c[4] == 32.0f && c[5] == 51.0f);
	free(c);
	unlink(tmp);
}
END_TEST

START_TEST(exit_codes)
{
	/* byte and half-word data: its checks compute the bytes independently */
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/bytes.s"), 0);
	ck_assert_msg(strstr(out, "check b expr(") && strstr(out, "pass (16 elements bit-exact)"), "%s", out);
	ck_assert_int_eq(sim("configs/h100.ini tests/workloads/bytes.s"), 0);
	/* 8- and 16-bit kernel parameters (tests/ptx/params16.s): the values an
	 * H200 passed the same checks with; a value the bits cannot hold */
	static const char *const p16[] = {"", "-D C=100 -D A=32767", "-D C=-128 -D D=255 -D B=0 -D A=-32768"};
	for (unsigned k = 0; k < 6; k++) {
		char args[256];
		snprintf(args, sizeof args, "configs/%s.ini tests/ptx/params16.s %s", k % 2 ? "h100" : "g80", p16[k / 2]);
		ck_assert_int_eq(sim(args), 0);
		ck_assert_msg(strstr(out, "pass (128 elements bit-exact)"), "%s", out);
	}
	ck_assert_int_eq(sim("configs/h100.ini tests/ptx/params16.s -D D=256"), 2);
	ck_assert_msg(strstr(out, "params16.s:14:8: error: parameter 4 of params16 is 8-bit: 256 is outside -128..255"), "%s",
		      out);
	/* structs and vector types by value (tests/ptx/structs.s): every field
	 * width, signed and not, at its edges; the values an H200 passed the
	 * same checks with */
	static const char *const st[] = {"", "-D C=127 -D U=0 -D S=32767 -D K=-5",
					 "-D C=-128 -D U=255 -D S=-32768 -D H=0 -D B0=255 -D B1=0 -D Q=4294967295",
					 "-D F=-1e30 -D VX=3.25 -D VY=0 -D WX=-2147483648 -D WW=1"};
	for (unsigned k = 0; k < 8; k++) {
		char args[256];
		snprintf(args, sizeof args, "configs/%s.ini tests/ptx/structs.s %s", k % 2 ? "h100" : "g80", st[k / 2]);
		ck_assert_int_eq(sim(args), 0);
		ck_assert_msg(strstr(out, "pass (128 elements bit-exact)") && strstr(out, "pass (32 elements bit-exact)"),
			      "%s: %s", args, out);
	}
	/* dp4a and dp2a of every signedness (tests/ptx/dp4a.s, dp2a.s): the
	 * checks sum the bytes and halves */
	static const char *const dp[] = {"configs/g80.ini tests/ptx/dp4a.s", "configs/h100.ini tests/ptx/dp4a.s",
					 "configs/g80.ini tests/ptx/dp2a.s", "configs/h100.ini tests/ptx/dp2a.s"};
	for (unsigned k = 0; k < 4; k++) {
		ck_assert_int_eq(sim(dp[k]), 0);
		ck_assert_msg(strstr(out, "pass (128 elements bit-exact)"), "%s: %s", dp[k], out);
	}
	/* __uni_sync (tests/ptx/uni.s): the results worked out by hand */
	ck_assert_int_eq(sim("configs/g80.ini tests/ptx/uni.s"), 0);
	ck_assert_msg(strstr(out, "pass (160 elements bit-exact)"), "%s", out);
	ck_assert_int_eq(sim("configs/h100.ini tests/ptx/uni.s"), 0);
	ck_assert_msg(strstr(out, "pass (160 elements bit-exact)"), "%s", out);
	/* a field's value its bits cannot hold (the other refusals: test_ptx's
	 * struct_args) */
	ck_assert_int_eq(sim("configs/g80.ini tests/ptx/structs.s -D H=70000"), 2);
	ck_assert_msg(strstr(out, "structs.s:27:9: error: field 1 (byte 0) of parameter 3 of structs is 16-bit: 70000 is "
				  "outside -32768..65535"),
		      "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/wrong_check.s"), 1);
	ck_assert_msg(strstr(out, "FAIL: 32 of 32 elements differ; first out[0] = 1, expected 0"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini tests/bad/unknown_mnemonic.s"), 2);
	ck_assert_msg(strstr(out, "error: unknown mnemonic 'fmma' (did you mean 'ffma'?)"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/nonexistent.s"), 2);
	ck_assert_msg(strstr(out, "workloads/nonexistent.s: error: cannot read workload: No such file or directory"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s --frobnicate"), 2);
	ck_assert_int_eq(sim("configs/g80.ini"), 2);
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s -D Q=3"), 2);
	ck_assert_msg(strstr(out, "-D Q: the workload has no parameter 'Q' (its parameters: M, N, K, TILE)"), "%s", out);
	ck_assert_int_eq(sim("tests/badcfg/out_of_range.ini workloads/tiled_mm.s"), 2);
	ck_assert_msg(strstr(out, "tests/badcfg/out_of_range.ini:2: error: gpu.num_sms = 0 is out of range 1..1024"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s --set gpu.bogus=1"), 2);
	ck_assert_int_eq(sim("configs/g80.ini workloads/barrier_divergence.s"), 3);
	ck_assert_msg(strstr(out, "deadlock: block (0,0,0) on SM 0"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/barrier_divergence.s --set sm.barrier=warp"), 0);
	ck_assert_msg(strstr(out, "warning: bar.sync at workloads/barrier_divergence.s:35"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/fault_oob.s"), 4);
	ck_assert_msg(strstr(out, "tests/workloads/fault_oob.s:11: out-of-bounds global access"), "%s", out);
	/* a store into constant memory, whatever the mode and host threads (a
	 * store's addresses are checked at issue where the SMs run side by side) */
	static const char *const modes[] = {"", "--jobs 2", "--jobs 4", "--functional", "--functional --jobs 4"};
	for (unsigned i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		char a[160];
		snprintf(a, sizeof a, "configs/h100.ini tests/workloads/const_fault.s %s", modes[i]);
		ck_assert_int_eq(sim(a), 4);
		ck_assert_msg(strstr(out, "tests/workloads/const_fault.s:28: global store of 8 bytes into constant memory at "
					  "address 0x00100120: constant memory is read-only to a kernel"),
			      "%s: %s", modes[i], out);
		ck_assert_msg(strstr(out, "block (77,0,0), warp 2, lane 6 (thread 70)"), "%s: %s", modes[i], out);
	}
	/* local memory for every thread the GPU holds must fit the 32-bit space */
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/local_huge.s"), 0);
	ck_assert_int_eq(sim("configs/h100.ini tests/workloads/local_huge.s"), 2);
	ck_assert_msg(strstr(out, "tests/workloads/local_huge.s: error: cannot launch on h100: 524288 bytes of local memory "
				  "per thread, for the 132 SMs' resident threads, do not fit the 32-bit global space above the buffers"),
		      "%s", out);
	/* a spin reading new values of its own local memory is no progress,
	 * whatever the host threads (a deferred local load once counted) */
	static const char *const spin_modes[] = {"", "--jobs 2", "--jobs 4", "--functional"};
	for (unsigned i = 0; i < sizeof spin_modes / sizeof spin_modes[0]; i++) {
		char a[200];
		snprintf(a, sizeof a,
			 "configs/h200.ini tests/workloads/local_spin.s --set sim.livelock_window=20000 --max-cycles 400000 %s",
			 spin_modes[i]);
		ck_assert_int_eq(sim(a), 5);
		ck_assert_msg(strstr(out, "no forward progress: for 20"), "%s: %s", spin_modes[i], out);
	}
	/* a store past a thread's local memory, likewise */
	for (unsigned i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		char a[160];
		snprintf(a, sizeof a, "configs/h100.ini tests/workloads/local_fault.s %s", modes[i]);
		ck_assert_int_eq(sim(a), 4);
		ck_assert_msg(strstr(out, "tests/workloads/local_fault.s:25: out-of-bounds local access of 4 bytes at offset 0x28\n"
					  "    SM 77, block (77,0,0), warp 2, lane 6 (thread 70), pc 14: @p0 stl [r1+16], r2\n"
					  "    a thread's local memory is [0x0, 0x20) (32 bytes, .local)"),
			      "%s: %s", modes[i], out);
	}
	ck_assert_int_eq(sim("configs/g80.ini tests/workloads/spin_forever.s --set sim.livelock_window=2000"), 5);
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s --max-cycles 100"), 5);
	ck_assert_msg(strstr(out, "stopped at the limit of 100 cycles (--max-cycles)"), "%s", out);
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s --scheduler fifo"), 2);
	ck_assert_msg(strstr(out, "sm.scheduler = 'fifo' is not a scheduler (one of: lrr, gto, two_level, oldest)"), "%s", out);
}
END_TEST

START_TEST(json_output)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s -D M=32 -D N=32 -D K=32 --json -"), 0);
	const char *j = strchr(out, '{');
	ck_assert(j);
	ck_assert_msg(strstr(j, "\"check\": \"pass\""), "%s", j);
	static const char *const keys[] = {"cycles", "warp_instructions", "thread_instructions", "ipc",
					   "simd_efficiency", "check", "stalls", "sms", "memory", "host_seconds",
					   "long_scoreboard", "not_selected", "math_pipe_throttle", "lg_throttle"};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		char k[64];
		snprintf(k, sizeof k, "\"%s\": ", keys[i]);
		ck_assert_msg(strstr(j, k), "no %s in\n%s", k, j);
	}
	ck_assert_msg(strstr(j, "\"simd_efficiency\": 1.000000"), "%s", j);
	ck_assert_msg(strstr(j, "\"blocks\": 4"), "%s", j); /* (32/16)^2 blocks */
	ck_assert_msg(strstr(j, "\"gpu.num_sms\": 16"), "%s", j);
	/* ffma count: every thread does TILE ffma per phase, 2 phases, 8 warps per block, 4 blocks */
	ck_assert_msg(strstr(j, "\"ffma\": 1024"), "%s", j);
}
END_TEST

/* The main job's registers follow the target: on the G80 the seed's 16x16
 * tiled kernel takes the textbook 10 registers a thread, so 3 blocks of 256
 * threads fit an SM (8192 registers, 768 threads: limited by warps, not
 * registers); on the H100, nvcc's 32 for sm_90 (ptxas -v), 8 blocks of 256
 * in 2048 threads. */
START_TEST(main_job_registers_by_target)
{
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s -D M=256 -D N=256 -D K=256 --json -"), 0);
	const char *j = strchr(out, '{');
	ck_assert(j);
	ck_assert_msg(strstr(j, "\"blocks_per_sm\": 3,"), "%s", j);
	ck_assert_msg(strstr(j, "\"occupancy_limiter\": \"warps\""), "%s", j);
	ck_assert_int_eq(sim("configs/g80.ini workloads/tiled_mm.s"), 0);
	ck_assert_msg(strstr(out, "10 regs/thread"), "%s", out);
	ck_assert_int_eq(sim("configs/h100.ini workloads/tiled_mm.s"), 0);
	ck_assert_msg(strstr(out, "32 regs/thread"), "%s", out);
	ck_assert_msg(strstr(out, "8 blocks/SM"), "%s", out);
}
END_TEST

START_TEST(disasm_via_command)
{
	char tmp[] = "/tmp/simt-dis-XXXXXX";
	int fd = mkstemp(tmp);
	ck_assert_int_ge(fd, 0);
	close(fd);
	char args[512];
	snprintf(args, sizeof args, "configs/g80.ini workloads/tiled_mm.s -D M=40 --disasm > %s", tmp);
	ck_assert_int_eq(sim(args), 0);
	char *first = read_file(tmp, NULL);
	ck_assert(first && strstr(first, ".param M 40"));
	snprintf(args, sizeof args, "configs/g80.ini %s --disasm", tmp);
	ck_assert_int_eq(sim(args), 0);
	ck_assert_str_eq(strchr(first, '\n'), strchr(out, '\n'));
	snprintf(args, sizeof args, "configs/g80.ini %s", tmp);
	ck_assert_int_eq(sim(args), 0); /* and it runs and passes */
	ck_assert_msg(strstr(out, "matmul(A, B, 40, 64, 64): pass"), "%s", out);
	free(first);
	unlink(tmp);
}
END_TEST

Suite *sweep_suite(void)
{
	Suite *s = suite_create("sweep");
	TCase *t = tcase_create("sweep");
	tcase_set_timeout(t, 3600);
	tcase_add_test(t, matmul_sweep);
	suite_add_tcase(s, t);
	return s;
}

Suite *e2e_suite(void)
{
	Suite *s = suite_create("e2e");
	TCase *t = tcase_create("e2e");
	tcase_set_timeout(t, 1800);
	tcase_add_test(t, tile32_refused_on_g80);
	tcase_add_test(t, seed_4x4_numbers);
	tcase_add_test(t, exit_codes);
	tcase_add_test(t, json_output);
	tcase_add_test(t, main_job_registers_by_target);
	tcase_add_test(t, disasm_via_command);
	suite_add_tcase(s, t);
	return s;
}
