/* test_xval.c - cross-validation: simt-xval skips cleanly without a GPU,
 * compares against the answers an NVIDIA H100 gave (tests/data/h100_gpu/,
 * written by simt-cuda on the GPU: its gpu.txt lines and its matmul outputs
 * at 32x32x32), and calibrates a config from the H100's microbenchmarks;
 * configs/h100.ini reproduces those microbenchmarks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "config.h"
#include "run.h"
#include "util.h"

static char out[1 << 16];

/* Run simt-xval (next to SIMT_SIM) from the source root. */
static int xval(const char *args)
{
	const char *bin = getenv("SIMT_SIM");
	ck_assert_msg(bin, "SIMT_SIM is not set (run through meson test)");
	char cmd[8192];
	snprintf(cmd, sizeof cmd, "cd '%s' && '%.*sxval' %s", src_dir(), (int)(strlen(bin) - 3), bin, args);
	return run_cmd(cmd, out, sizeof out);
}

/* A private copy of the H100's answers (simt-xval reads and may add to it). */
static const char *gpu_copy(const char *tag, const char *gpu_txt)
{
	static char dir[256];
	snprintf(dir, sizeof dir, "/tmp/simt-test-xval-%s-%d", tag, (int)getpid());
	char cmd[4096];
	snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s && cp '%s'/tests/data/h100_gpu/*.bin %s/ && cp '%s'/tests/data/h100_gpu/%s %s/gpu.txt",
		 dir, dir, src_dir(), dir, src_dir(), gpu_txt, dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	return dir;
}

/* The value of key in the H100's line for case id (gpu.txt format). */
static double gpu_value(const char *file, const char *id, const char *key)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/data/h100_gpu/%s", src_dir(), file);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s", path);
	char line[2048];
	double v = NAN;
	size_t il = strlen(id), kl = strlen(key);
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, id, il) && line[il] == ' ')
			for (char *p = line; (p = strstr(p, key)); p++)
				if (p[-1] == ' ' && p[kl] == '=')
					v = strtod(p + kl + 1, NULL);
	fclose(f);
	ck_assert_msg(!isnan(v), "no %s for %s in %s", key, id, file);
	return v;
}

START_TEST(skips_without_cuda_program)
{
	ck_assert_int_eq(xval("--cuda /nonexistent/simt-cuda --quick"), 0);
	ck_assert_msg(strstr(out, "simt-xval: skipped: no CUDA program (/nonexistent/simt-cuda)"), "%s", out);
}
END_TEST

/* With the simt-cuda that was built (or none), on a machine without a GPU:
 * a clean skip that says why, exit 0. (On a machine with one, a table.) */
START_TEST(default_run_skips_or_compares)
{
	ck_assert_int_eq(xval("--quick --mm-only --sizes 32"), 0);
	ck_assert_msg(strstr(out, "simt-xval: skipped: no CUDA") || strstr(out, "bit-exact with the GPU"), "%s", out);
}
END_TEST

/* The simulator's outputs equal the H100's bit for bit, and the table has
 * the GPU's cycles next to the simulated ones. */
START_TEST(reuse_h100_answers)
{
	const char *d = gpu_copy("reuse", "gpu.txt");
	char args[1024];
	snprintf(args, sizeof args, "--reuse --gpu-dir %s --sizes 32 --mm-only --csv %s/x.csv --json %s/x.json", d, d, d);
	ck_assert_int_eq(xval(args), 0);
	static const char *const rows[] = {"| tiled_mm | 32x32x32 | 8 | yes | 4305 | 4256 |",
					   "| tiled_mm | 32x32x32 | 16 | yes | 2912 | 2802 |",
					   "| tiled_mm | 32x32x32 | 32 | yes | 3355 | 3351 |",
					   "| naive_mm | 32x32x32 | 16 | yes | 9369 | 9314 |"};
	for (int i = 0; i < 4; i++)
		ck_assert_msg(strstr(out, rows[i]), "missing %s in\n%s", rows[i], out);
	ck_assert_msg(strstr(out, "outputs: every matmul is bit-exact with the GPU"), "%s", out);
	char path[512];
	snprintf(path, sizeof path, "%s/x.json", d);
	char *json = read_file(path, NULL);
	ck_assert(json != NULL);
	unsigned n = 0;
	for (const char *p = json; (p = strstr(p, "\"bit_exact\": true")); p++)
		n++;
	ck_assert_uint_eq(n, 4);
	free(json);
	snprintf(path, sizeof path, "%s/x.csv", d);
	char *csv = read_file(path, NULL);
	ck_assert(csv != NULL);
	ck_assert(strstr(csv, "kernel,size,tile,bit_exact,") == csv);
	n = 0;
	for (const char *p = csv; (p = strchr(p, '\n')); p++)
		n++;
	ck_assert_uint_eq(n, 5);
	free(csv);
}
END_TEST

/* A GPU output that differs is found and named. */
/* --one-source against the H100's stored answers (docs/data/xval-h100/
 * gpu.txt): the cases up to 32^3 and the teaching kernels, the GPU's
 * columns as ncu measured them, every output bit-exact on both sides; bad
 * combinations are usage errors; with no GPU tools on PATH it skips. */
START_TEST(one_source_from_stored_answers)
{
	ck_assert_int_eq(xval("--one-source --answers docs/data/xval-h100/gpu.txt --max-size 32 -j 2"), 0);
	static const char *const want[] = {
		"| case | GPU warp instructions (ncu) | simt-sim | ratio | GPU cycles: elapsed, cold |",
		"| tiled_mm16_32 | 5248 | ",  /* ncu's warp instructions on the H100 */
		"| naive_mm_32 | 6240 | ",
		"| spinlock | 710 | ",
		"| 8274 | 6984 | 4395 | ", /* tiled_mm8_32: elapsed cold, warm, active cold (2026-11-26) */
		"- teaching kernels, against elapsed cycles, cold: mean absolute error ",
	};
	for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++)
		ck_assert_msg(strstr(out, want[i]), "missing %s in\n%s", want[i], out);
	ck_assert_msg(!strstr(out, "FAIL"), "%s", out);
	ck_assert_msg(!strstr(out, "tiled_mm16_256"), "%s", out); /* --max-size 32 */
	ck_assert_int_eq(xval("--answers docs/data/xval-h100/gpu.txt"), 2);
	ck_assert_msg(strstr(out, "go with --one-source"), "%s", out);
	ck_assert_int_eq(xval("--one-source --max-size 3x"), 2);
	ck_assert_int_eq(xval("--one-source --answers /nonexistent/answers.txt"), 2);
	ck_assert_msg(strstr(out, "table.py: /nonexistent/answers.txt: cannot read"), "%s", out);
	ck_assert_int_eq(xval("--one-source --answers docs/data/xval-h100/ncu-data-pipe.txt --max-size 32"), 2);
	ck_assert_msg(strstr(out, "docs/data/xval-h100/ncu-data-pipe.txt:"), "%s", out);
	ck_assert_msg(strstr(out, ": expected NAME cold|warm cycles=N,... inst=N,... checks=pass|FAIL"), "%s", out);
	/* a cases file that is not one, a warm line with one launch (its median
	 * leaves the first out): the file and line, exit 2, no traceback */
	char cmd[8192], args[512];
	snprintf(cmd, sizeof cmd, "printf 'a w.s M=x N=1 K=1\\n' > /tmp/simt-test-xval-cases-%d.txt && "
		 "printf 'v cold cycles=5 inst=4 checks=pass\\nv warm cycles=5 inst=4 checks=pass\\n' "
		 "> /tmp/simt-test-xval-warm-%d.txt", (int)getpid(), (int)getpid());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--one-source --answers docs/data/xval-h100/gpu.txt --cases /tmp/simt-test-xval-cases-%d.txt",
		 (int)getpid());
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "cases-") && strstr(out, ".txt:1: expected NAME WORKLOAD [PARAM=VALUE ...]") &&
			      !strstr(out, "Traceback"), "%s", out);
	snprintf(args, sizeof args, "--one-source --answers /tmp/simt-test-xval-warm-%d.txt", (int)getpid());
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "warm-") && strstr(out, ".txt:2: expected NAME cold|warm") && !strstr(out, "Traceback"),
		      "%s", out);
	/* from elsewhere than the source directory: said, not a missing script */
	const char *bin = getenv("SIMT_SIM");
	snprintf(cmd, sizeof cmd, "cd / && '%.*sxval' --one-source --answers x", (int)(strlen(bin) - 3), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	ck_assert_msg(strstr(out, "scripts/xval/table.py not found here: run simt-xval from simt-sim's source directory"),
		      "%s", out);
	snprintf(cmd, sizeof cmd, "cd '%s' && env PATH=/nonexistent '%.*sxval' --one-source", src_dir(),
		 (int)(strlen(bin) - 3), bin);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "simt-xval: skipped: --one-source needs an NVIDIA GPU and Nsight Compute"), "%s", out);
}
END_TEST

/* --sim-dir: a case whose NAME.json is there is read, not simulated (the
 * stored result's cycles are marked so that only reading can show them);
 * the others are simulated as before. */
START_TEST(one_source_reads_sim_dir)
{
	char dir[256], cmd[4096], args[1024];
	snprintf(dir, sizeof dir, "/tmp/simt-test-xval-simdir-%d", (int)getpid());
	snprintf(cmd, sizeof cmd,
		 "rm -rf %s && mkdir -p %s && cd '%s' && '%s' configs/h100.ini workloads/cuda/tiled_mm16.s "
		 "-D M=32 -D N=32 -D K=32 --json %s/tiled_mm16_32.json > /dev/null && "
		 "sed -i 's/\"cycles\": [0-9]*/\"cycles\": 123456/' %s/tiled_mm16_32.json",
		 dir, dir, src_dir(), getenv("SIMT_SIM"), dir, dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--one-source --answers docs/data/xval-h100/gpu.txt --max-size 32 -j 2 --sim-dir %s",
		 dir);
	ck_assert_int_eq(xval(args), 0);
	ck_assert_msg(strstr(out, "| 123456 | 119656 |"), "%s", out); /* tiled_mm16_32 read: cycles, span */
	ck_assert_msg(strstr(out, "| tiled_mm32_32 | 4512 | 4320 |"), "%s", out); /* simulated */
	ck_assert_int_eq(xval("--sim-dir /tmp"), 2);
	ck_assert_msg(strstr(out, "go with --one-source"), "%s", out);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
}
END_TEST

START_TEST(reuse_detects_a_difference)
{
	const char *d = gpu_copy("differ", "gpu.txt");
	char path[512];
	snprintf(path, sizeof path, "%s/tiled_mm-32-t16.bin", d);
	FILE *f = fopen(path, "r+b");
	ck_assert(f != NULL);
	float v = 12345.5f;
	fseek(f, 4 * 37, SEEK_SET);
	ck_assert_uint_eq(fwrite(&v, 4, 1, f), 1);
	fclose(f);
	char args[512];
	snprintf(args, sizeof args, "--reuse --gpu-dir %s --sizes 32 --mm-only", d);
	ck_assert_int_eq(xval(args), 1);
	ck_assert_msg(strstr(out, "| tiled_mm | 32x32x32 | 16 | no: C[37] GPU 12345.5 sim "), "%s", out);
	ck_assert_msg(strstr(out, "outputs: 1 differ from the GPU's"), "%s", out);
}
END_TEST

/* Corrupt GPU answers are refused, never dropped from the figures: an
 * output file of the wrong size, a negative or infinite cycle count, a
 * calibration without the driver's version (which leaves no file). */
START_TEST(reuse_refuses_corrupt_answers)
{
	const char *d = gpu_copy("corrupt", "gpu.txt");
	char cmd[1024], args[1024];
	snprintf(cmd, sizeof cmd, "truncate -s 100 %s/tiled_mm-32-t16.bin", d);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--reuse --gpu-dir %s --sizes 32 --mm-only", d);
	ck_assert_int_eq(xval(args), 1);
	ck_assert_msg(strstr(out, "| tiled_mm | 32x32x32 | 16 | corrupt GPU output |"), "%s", out);
	ck_assert_msg(strstr(out, "tiled_mm-32-t16.bin has 100 bytes; C has 4096"), "%s", out);
	static const char *const bad[] = {"sm_cycles=-2802", "sm_cycles=inf", "sm_cycles=12x"};
	for (int k = 0; k < 3; k++) {
		d = gpu_copy("corrupt", "gpu.txt");
		snprintf(cmd, sizeof cmd, "sed -i 's/sm_cycles=2802 /%s /' %s/gpu.txt", bad[k], d);
		ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
		snprintf(args, sizeof args, "--reuse --gpu-dir %s --sizes 32 --mm-only", d);
		ck_assert_int_eq(xval(args), 2);
		char want[128];
		snprintf(want, sizeof want, "gpu.txt:3: %s: expected a finite, non-negative number", bad[k]);
		ck_assert_msg(strstr(out, want), "%s", out);
	}
	d = gpu_copy("nodriver", "calibration.txt");
	snprintf(cmd, sizeof cmd, "sed -i 's/ driver=13000//' %s/gpu.txt", d);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--calibrate --reuse --gpu-dir %s --out %s/cal.ini -j 2", d, d);
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "needs clock_measured_mhz= and driver="), "%s", out);
	char path[512];
	snprintf(path, sizeof path, "%s/cal.ini", d);
	ck_assert_int_ne(access(path, F_OK), 0);
	/* a calibrated config that does not load (an L1 latency out of range)
	 * is refused, and touches no file that was beside --out */
	d = gpu_copy("noload", "calibration.txt");
	snprintf(cmd, sizeof cmd, "sed -i 's/cycles_per_load=32.500/cycles_per_load=1000000000000/' %s/gpu.txt && "
		 "echo kept > %s/cal.ini.tmp", d, d);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--calibrate --reuse --gpu-dir %s --out %s/cal.ini -j 2", d, d);
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "cal.ini:") && strstr(out, "l1.latency = 1000000000000 is out of range"), "%s", out);
	snprintf(path, sizeof path, "%s/cal.ini", d);
	ck_assert_int_ne(access(path, F_OK), 0);
	snprintf(cmd, sizeof cmd, "test \"$(cat %s/cal.ini.tmp)\" = kept && test $(ls %s | grep -c cal.ini) = 1", d, d);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
}
END_TEST

/* What --reuse reads is input: a directory with no answers, or answers for
 * none of the cases, or a FIFO for gpu.txt is exit 2 with the reason, never
 * a table of nothing (exit 0) or a wait; a line longer than any buffer is
 * read whole (the values after 3,000 bytes of kernel name still count). */
START_TEST(reuse_refuses_what_is_not_answers)
{
	char dir[256], cmd[1024], args[1024];
	snprintf(dir, sizeof dir, "/tmp/simt-test-xval-none-%d", (int)getpid());
	snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s", dir, dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--reuse --gpu-dir %s --sizes 32 --mm-only", dir);
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "gpu.txt: No such file or directory"), "%s", out);
	snprintf(cmd, sizeof cmd, "echo 'info device=x' > %s/gpu.txt", dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "gpu.txt holds no answer for any of the 4 cases"), "%s", out);
	snprintf(cmd, sizeof cmd, "rm %s/gpu.txt && mkfifo %s/gpu.txt", dir, dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	ck_assert_int_eq(xval(args), 2);
	ck_assert_msg(strstr(out, "gpu.txt: not a regular file"), "%s", out);
	const char *d = gpu_copy("long", "gpu.txt");
	snprintf(cmd, sizeof cmd, "sed -i \"s/^tiled_mm-32-t16 kernel=tiled_mm/tiled_mm-32-t16 kernel=tiled_mm$(printf 'x%%.0s' $(seq 3000))/\" %s/gpu.txt", d);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	snprintf(args, sizeof args, "--reuse --gpu-dir %s --sizes 32 --mm-only", d);
	ck_assert_msg(xval(args) == 0, "%s", out);
	ck_assert_msg(strstr(out, "| tiled_mm | 32x32x32 | 16 | yes | 2912 | 2802 |"), "%s", out);
	/* options: a trailing comma, an empty value, a count with letters */
	static const char *const bad[] = {"--sizes 8,", "--sizes ''", "-j 1x", "-j ''", "--one-source --max-size ''",
					  "--one-source --max-size 0"};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(xval(bad[i]) == 2 && strstr(out, "simt-xval: "), "%s: %s", bad[i], out);
}
END_TEST

/* --calibrate from the H100's microbenchmarks writes a config that loads,
 * holds the measured values, and reproduces them (simt-xval checks each
 * within 10% and exits 1 otherwise). */
START_TEST(calibrate_from_h100_measurements)
{
	const char *d = gpu_copy("cal", "calibration.txt");
	char args[1024];
	snprintf(args, sizeof args, "--calibrate --reuse --gpu-dir %s --out %s/cal.ini -j 2", d, d);
	ck_assert_msg(xval(args) == 0, "%s", out);
	char path[512];
	snprintf(path, sizeof path, "%s/cal.ini", d);
	struct gpu_config c;
	cfg_defaults(&c);
	struct diag dg = {0};
	ck_assert_msg(cfg_load(path, &c, NULL, &dg), "%s", dg.msg);
	const char *f = "calibration.txt";
	ck_assert_int_eq(c.l1_latency, (int64_t)lrint(gpu_value(f, "micro-pointer_chase-SIZE16384-STRIDE128-WARM1-ITERS256", "cycles_per_load")));
	ck_assert_int_eq(c.l2_latency, (int64_t)lrint(gpu_value(f, "micro-pointer_chase-SIZE1048576-STRIDE128-WARM1-ITERS256", "cycles_per_load")));
	/* half of the 128 MB chase's lines are far (configs/h100.ini has two L2
	 * partitions): dram.latency is a near line's */
	struct gpu_config h = load_shipped_config("h100");
	ck_assert_int_gt(h.l2_far_cycles, 0);
	ck_assert_int_eq(c.l2_far_cycles, h.l2_far_cycles);
	ck_assert_int_eq(c.dram_latency, (int64_t)lrint(gpu_value(f, "micro-pointer_chase-SIZE134217728-STRIDE128-WARM1-ITERS256", "cycles_per_load") - h.l2_far_cycles / 2.0));
	ck_assert_int_eq(c.shared_latency, (int64_t)lrint(gpu_value(f, "micro-smem_stride-STRIDE1-ITERS128", "cycles_per_access")));
	ck_assert_int_eq(c.dram_bandwidth, (int64_t)lrint(1000 * gpu_value(f, "micro-stream_copy-N268435456-THREADS256", "gb_per_s")));
	ck_assert_int_eq(c.clock_mhz, (int64_t)lrint(gpu_value(f, "info", "clock_measured_mhz")));
	/* the chain's whole cycles per FMA: the rest is its loop's branch */
	ck_assert_int_eq(c.fp32_latency, (int64_t)floor(gpu_value(f, "micro-fma_chain-ITERS256", "cycles_per_fma")));
	/* every other key comes through unchanged from configs/h100.ini */
	ck_assert_int_eq(c.l1_size, h.l1_size);
	ck_assert_int_eq(c.barrier_latency, h.barrier_latency);
	ck_assert_str_eq(c.scheduler, h.scheduler);
	ck_assert_msg(strstr(out, "| micro-pointer_chase-SIZE16384-STRIDE128-WARM1-ITERS256 | 32.50 |"), "%s", out);
}
END_TEST

static double sim_report(const char *file, const char *const *params, const char *name)
{
	struct param_override ov[4];
	unsigned n = 0;
	for (; params[2 * n]; n++)
		ov[n] = (struct param_override){params[2 * n], params[2 * n + 1]};
	struct run x;
	char path[256];
	snprintf(path, sizeof path, "workloads/micro/%s.s", file);
	run_file(&x, path, "h100", NULL, ov, n);
	ck_assert_msg(x.r.status == SIM_DONE, "%s", x.diagnosis);
	for (unsigned i = 0; i < x.p->nreports; i++)
		if (!strcmp(x.p->reports[i].name, name)) {
			float v;
			memcpy(&v, x.g.bufs[x.p->reports[i].buffer].data + 4 * x.p->reports[i].index, 4);
			done(&x);
			return v;
		}
	ck_abort_msg("no report %s", name);
	return 0;
}

/* configs/h100.ini reproduces the H100's microbenchmarks within 10%. The
 * DRAM latency is checked with a cold chase in the simulator (where a cold
 * 1 MB chase misses every cache) against the GPU's chase beyond its L2. */
START_TEST(h100_config_reproduces_microbenchmarks)
{
	struct {
		const char *file, *params[7], *report, *id, *key;
	} m[] = {
		{"pointer_chase", {"SIZE", "16384", NULL}, "cycles_per_load",
		 "micro-pointer_chase-SIZE16384-STRIDE128-WARM1-ITERS256", "cycles_per_load"},
		{"pointer_chase", {"SIZE", "1048576", NULL}, "cycles_per_load",
		 "micro-pointer_chase-SIZE1048576-STRIDE128-WARM1-ITERS256", "cycles_per_load"},
		{"pointer_chase", {"SIZE", "1048576", "WARM", "0", NULL}, "cycles_per_load",
		 "micro-pointer_chase-SIZE134217728-STRIDE128-WARM1-ITERS256", "cycles_per_load"},
		{"smem_stride", {"STRIDE", "1", NULL}, "cycles_per_access", "micro-smem_stride-STRIDE1-ITERS128",
		 "cycles_per_access"},
		{"smem_stride", {"STRIDE", "2", NULL}, "cycles_per_access", "micro-smem_stride-STRIDE2-ITERS128",
		 "cycles_per_access"},
		{"smem_stride", {"STRIDE", "32", NULL}, "cycles_per_access", "micro-smem_stride-STRIDE32-ITERS128",
		 "cycles_per_access"},
		{"fma_chain", {NULL}, "cycles_per_fma", "micro-fma_chain-ITERS256", "cycles_per_fma"},
		{"syncthreads", {"THREADS", "256", NULL}, "cycles_per_barrier", "micro-syncthreads-THREADS256-ITERS64",
		 "cycles_per_barrier"},
		{"syncthreads", {"THREADS", "1024", NULL}, "cycles_per_barrier",
		 "micro-syncthreads-THREADS1024-ITERS64", "cycles_per_barrier"},
	};
	for (unsigned i = 0; i < sizeof m / sizeof m[0]; i++) {
		double gpu = gpu_value("gpu.txt", m[i].id, m[i].key);
		double sim = sim_report(m[i].file, m[i].params, m[i].report);
		ck_assert_msg(fabs(sim - gpu) <= 0.10 * gpu, "%s: simulated %.2f, H100 %.2f", m[i].id, sim, gpu);
	}
}
END_TEST

/* Each test's scratch files are named after its process (the tests run
 * forked): remove them when it passes. */
static void remove_scratch(void)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "rm -rf /tmp/simt-test-xval-*-%d /tmp/simt-test-xval-*-%d.txt", (int)getpid(),
		 (int)getpid());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
}

Suite *xval_suite(void)
{
	Suite *s = suite_create("xval");
	TCase *t = tcase_create("xval");
	tcase_set_timeout(t, 900);
	tcase_add_checked_fixture(t, NULL, remove_scratch);
	tcase_add_test(t, skips_without_cuda_program);
	tcase_add_test(t, default_run_skips_or_compares);
	tcase_add_test(t, reuse_h100_answers);
	tcase_add_test(t, reuse_detects_a_difference);
	tcase_add_test(t, one_source_from_stored_answers);
	tcase_add_test(t, one_source_reads_sim_dir);
	tcase_add_test(t, reuse_refuses_corrupt_answers);
	tcase_add_test(t, reuse_refuses_what_is_not_answers);
	tcase_add_test(t, calibrate_from_h100_measurements);
	tcase_add_test(t, h100_config_reproduces_microbenchmarks);
	suite_add_tcase(s, t);
	return s;
}
