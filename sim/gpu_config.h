/*
 * gpu_config.h - the machine description a run uses. Filled by the frontend from
 * an INI file through the key table (frontend/config_keys.def); the
 * simulator only reads it. Every field's unit is in its comment.
 */
#ifndef SIMT_GPU_CONFIG_H
#define SIMT_GPU_CONFIG_H

#include <stdint.h>

/* sm.max_warps's upper bound: warp slots per SM. Every NVIDIA GPU to date
 * keeps at most 64 warps resident per SM (the CUDA programming guide's
 * table of compute capabilities); the timing core's sets of slots are
 * words of 64 (core.h's SLOT_WORDS follows this). */
#define SIM_MAX_WARPS 64

struct gpu_config {
#define KEY_INT(sec, key, field, lo, hi, def, help) int64_t field;
#define KEY_STR(sec, key, field, def, allowed, help) char field[64];
#include "config_keys.def"
#undef KEY_INT
#undef KEY_STR
};

#endif
