/* cfg.h - control-flow graph and immediate post-dominators of a kernel. */
#ifndef SIMT_CFG_H
#define SIMT_CFG_H

#include <stdint.h>

#include "isa.h"

/* For every pc, ipdom[pc] is the first pc of the immediate post-dominator of
 * the basic block holding pc: where the threads that diverge at a branch
 * ending that block are certain to meet again. n means "only at kernel
 * exit" (also for blocks that cannot reach an exit). Where that block
 * starts with bsync, the pc after it: each path runs the bsync itself. */
void cfg_ipdom(const struct isa_insn *code, uint32_t n, uint32_t *ipdom);

/* Spin loops. For every backward branch (the loop is [its target, its pc]),
 * spin[pc] is SPIN_SLEEP when the loop sleeps (nanosleep), else SPIN_YIELD
 * when it waits on something outside the thread: a
 * conditional branch or exit that leaves the loop, or the backward branch
 * itself, depends (through the loop's registers and predicates) on a global
 * or shared load or atomic, on %clock, %clock64 or %globaltimer; but not a
 * loop around an atoms.cast (ptxas's loop of a 64-bit shared atomic, which
 * has no YIELD). SPIN_NONE for every other pc. Independent thread scheduling yields at a spin loop's
 * backward branch (sim/simt_its.c), as ptxas puts a YIELD in a loop of the
 * second kind (one that sleeps has none: the sleep gives way); a counted loop
 * runs to its end. */
enum cfg_spin_kind { SPIN_NONE, SPIN_YIELD, SPIN_SLEEP };
void cfg_spin(const struct isa_insn *code, uint32_t n, uint8_t *spin);

/* Basic-block leaders: leader[pc] is 1 when a block starts at pc. */
void cfg_leaders(const struct isa_insn *code, uint32_t n, uint8_t *leader);

#endif
