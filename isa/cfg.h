/* cfg.h - control-flow graph and immediate post-dominators of a kernel. */
#ifndef SIMT_CFG_H
#define SIMT_CFG_H

#include <stdint.h>

#include "isa.h"

/* For every pc, ipdom[pc] is the first pc of the immediate post-dominator of
 * the basic block holding pc: where the threads that diverge at a branch
 * ending that block are certain to meet again. n means "only at kernel
 * exit" (also for blocks that cannot reach an exit). */
void cfg_ipdom(const struct isa_insn *code, uint32_t n, uint32_t *ipdom);

/* Basic-block leaders: leader[pc] is 1 when a block starts at pc. */
void cfg_leaders(const struct isa_insn *code, uint32_t n, uint8_t *leader);

#endif
