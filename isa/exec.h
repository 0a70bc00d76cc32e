/*
 * exec.h - the semantics of every instruction, for one warp at a time.
 *
 * This is the only place where an instruction's effect is written. The
 * timing model (sim/sm.c) calls exec_insn when an instruction issues and
 * never re-implements an opcode. Control effects (branch, exit, barrier, warp
 * sync, sleep) are reported in struct exec_result for the caller's
 * divergence model and scheduler to act on.
 */
#ifndef SIMT_EXEC_H
#define SIMT_EXEC_H

#include <stdbool.h>
#include <stdint.h>

#include "isa.h"

/* Registers of one warp: regs[r * 32 + lane], register-major so that a lane
 * loop over one register is contiguous. Predicates are lane masks. */
struct exec_warp {
	uint32_t *regs;                 /* nregs * 32 values */
	uint32_t preds[ISA_NUM_PREDS + 1]; /* preds[ISA_PT] is all ones */
	unsigned nregs;
	uint32_t warp_in_block; /* warp index within its block */
};

/* SPACE_CONST: constant memory (ldk), the global buffers that are
 * read-only (a workload's constant buffers, a CUDA kernel's __constant__
 * variables) and only those; SPACE_LOCAL: a thread's local memory (ldl,
 * stl), addressed by its offset in the thread's own window */
enum mem_space { SPACE_GLOBAL, SPACE_SHARED, SPACE_CONST, SPACE_LOCAL };

/* Global memory as the executor sees it: region finds the buffer holding
 * an address (its host data, first address and size in bytes, and, where
 * readonly is not NULL, whether it is constant memory, read-only to a
 * kernel), or NULL where the address is in none. */
struct exec_gmem {
	uint8_t *(*region)(void *ctx, uint32_t addr, uint32_t *base, uint32_t *size, bool *readonly);
	void *ctx;
};

/* What a warp's block and machine look like to the instructions it runs. */
struct exec_env {
	uint32_t ctaid[3], nctaid[3], ntid[3];
	uint32_t smid;
	uint64_t clock;        /* the cycle the instruction issues at */
	uint32_t clock_mhz;    /* %globaltimer: nanoseconds = clock * 1000 / this */
	uint8_t *shared;       /* the block's shared memory */
	uint32_t shared_size;  /* bytes */
	/* local memory (ldl, stl): thread t of the block (t = warp_in_block * 32
	 * + lane) holds local_size bytes at local + t * local_size; to the timing
	 * model its word k is at the global address local_addr + k * local_stride
	 * + 4 t (the CUDA guide's layout: consecutive 32-bit words of local memory
	 * by consecutive threads), its byte b of a word b further */
	uint8_t *local;
	uint32_t local_size;   /* bytes per thread (program local_bytes) */
	uint32_t local_addr, local_stride;
	const uint32_t *args;  /* kernel arguments, one 32-bit word each */
	uint32_t nargs;
	struct exec_gmem gmem;
	/* printf: thread t of the block (as above) prints the format string at
	 * global address fmt with the n bytes of arguments at args (NULL when n
	 * is 0; valid during the call only); NULL: printf prints nothing */
	void (*print)(void *ctx, const struct exec_env *env, uint32_t t, uint32_t fmt, const uint8_t *args,
		      uint32_t n);
	void *print_ctx;
};

/* FAULT_OUT_OF_BOUNDS: in no buffer (SPACE_CONST: in no constant buffer;
 * SPACE_LOCAL: past the thread's window, fault_addr then the offset in it);
 * FAULT_READ_ONLY: a store or atomic to constant memory; FAULT_TRAP: the
 * kernel executed trap (CUDA's __trap()): no memory, fault_lane the first
 * lane that did */
enum fault_kind { FAULT_NONE, FAULT_OUT_OF_BOUNDS, FAULT_MISALIGNED, FAULT_READ_ONLY, FAULT_TRAP };

struct exec_result {
	uint32_t exec_mask; /* lanes that executed: active and guard true */
	uint32_t taken;     /* bra: lanes that branch to the target */
	uint32_t sleep_ns;  /* nanosleep: the duration */
	bool mem_written;   /* a store or atomic changed memory */
	uint32_t shfl_src;  /* shfl: lanes read from (other than a lane's own) */
	uint32_t op_mask;   /* shfl/vote/match/warpsync: the mask operand of the first
			     * executing lane */
	/* memory fault: nothing of the instruction took effect */
	enum fault_kind fault;
	enum mem_space fault_space;
	uint32_t fault_lane, fault_addr, fault_bytes;
	/* a full warp's 4-byte load (ldg, lds) on a host with AVX2: the values
	 * loaded, exec_fold's hash of them, taken while they pass (folded);
	 * folded is false for any other instruction */
	bool folded;
	uint32_t fold;
	/* for the memory model: per-lane addresses of a memory instruction (local
	 * memory: the global addresses its words are kept at, exec_env) */
	uint32_t addr[ISA_WARP_SIZE];
};

/* The values v[l] of the lanes in lanes, each times its own odd
 * multiplier, summed (mod 2^32): a hash for telling a load's values from
 * an earlier load's. */
uint32_t exec_fold(const uint32_t *v, uint32_t lanes);

/* Execute one instruction for the lanes in active (the issuing group).
 * Guard predicates are applied here. On a fault, r->fault is set and no
 * register or memory was changed. */
void exec_insn(const struct isa_insn *in, struct exec_warp *w, const struct exec_env *env,
	       uint32_t active, struct exec_result *r);

/* For a memory instruction: what exec_insn would set of r (executing
 * lanes, per-lane addresses, a fault) without reading or writing memory
 * or registers. */
void exec_addresses(const struct isa_insn *in, struct exec_warp *w, const struct exec_env *env,
		    uint32_t active, struct exec_result *r);

#endif
