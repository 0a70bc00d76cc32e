/* explain.c - the text and JSON of what a run found (explain.h). */
#include "explain.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "isa.h"
#include "json.h"
#include "occupancy.h"
#include "sched.h"

void explain_threads(char *buf, size_t n, uint32_t mask, unsigned base)
{
	int lanes[32], k = 0;
	for (int l = 0; l < 32; l++)
		if (mask >> l & 1)
			lanes[k++] = l;
	buf[0] = 0;
	if (!k)
		return;
	int step = k > 1 ? lanes[1] - lanes[0] : 0;
	bool ap = k >= 4 && step > 1;
	for (int i = 2; i < k && ap; i++)
		ap = lanes[i] - lanes[i - 1] == step;
	if (ap) {
		snprintf(buf, n, "%u,%u,%u,...,%u", base + lanes[0], base + lanes[1], base + lanes[2],
			 base + lanes[k - 1]);
		return;
	}
	size_t len = 0;
	for (int i = 0; i < k; i++) {
		int j = i;
		while (j + 1 < k && lanes[j + 1] == lanes[j] + 1)
			j++;
		int w = j > i ? snprintf(buf + len, n - len, "%s%u-%u", i ? "," : "", base + lanes[i], base + lanes[j])
			      : snprintf(buf + len, n - len, "%s%u", i ? "," : "", base + lanes[i]);
		if (w < 0 || (size_t)w >= n - len)
			return;
		len += (size_t)w;
		i = j;
	}
}

/* " (file.cu:line)" for an instruction of a CUDA kernel whose PTX has .loc
 * for it, else "". */
static const char *cu_at(const struct program *p, uint32_t pc, char *buf, size_t n)
{
	buf[0] = 0;
	if (p->cuda_loc && pc < p->ncode && p->cuda_loc[pc].line)
		snprintf(buf, n, " (%s:%u)", p->files[p->cuda_loc[pc].file], p->cuda_loc[pc].line);
	return buf;
}

/* "file:line (pc N)", and the .cu line of a CUDA kernel */
static const char *where(const struct program *p, uint32_t pc, char *buf, size_t n)
{
	char cu[300];
	if (pc < p->ncode)
		snprintf(buf, n, "%s:%u%s (pc %u)", p->files[p->loc[pc].file], p->loc[pc].line,
			 cu_at(p, pc, cu, sizeof cu), pc);
	else
		snprintf(buf, n, "the kernel's end");
	return buf;
}

const char *explain_sched_names(char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	for (size_t i = 0; sched_at(i) && len < n; i++) {
		int w = snprintf(buf + len, n - len, "%s%s", i ? ", " : "", sched_at(i)->name);
		if (w < 0)
			break;
		len += (size_t)w;
	}
	return buf;
}

const char *explain_limiter(unsigned limiter)
{
	static const char *const names[] = {
		[OCC_BLOCK_SIZE] = "block size (sm.max_threads_per_block)",
		[OCC_REGS_PER_THREAD] = "registers per thread (sm.max_regs_per_thread)",
		[OCC_REGS_PER_BLOCK] = "registers per block (sm.max_regs_per_block)",
		[OCC_SMEM_PER_BLOCK] = "shared memory per block (sm.max_shared_per_block)",
		[OCC_WARPS] = "warps", [OCC_BLOCKS] = "blocks", [OCC_REGS] = "registers", [OCC_SMEM] = "shared memory"};
	return limiter < sizeof names / sizeof *names ? names[limiter] : "?";
}

void explain_refusal(const struct sim_refused *why, const struct gpu_config *c, const struct program *p,
		     struct diag *d)
{
	static const char *const cache_why[] = {
		[REFUSE_TXN_LINE] = "the line size must be 128 bytes (the transaction size)",
		[REFUSE_LINE_POW2] = "the line size must be a power of two",
		[REFUSE_SECTOR] = "the sector size must be a power of two dividing the line, with at most 8 sectors per line",
		[REFUSE_CACHE_SIZE] = "the size must be a multiple of line x ways",
	};
	uint32_t threads = p->block[0] * p->block[1] * p->block[2];
	const char *lvl = why->level == 1 ? "l1" : "l2";
	long long size = why->level == 1 ? c->l1_size : c->l2_size, line = why->level == 1 ? c->l1_line : c->l2_line,
		  sector = why->level == 1 ? c->l1_sector : c->l2_sector,
		  ways = why->level == 1 ? c->l1_assoc : c->l2_assoc;
	char key[16], names[256];
	switch (why->why) {
	case REFUSE_NONE:
		break;
	case REFUSE_SCHEDULER:
		diag_config(d, "sm.scheduler", "sm.scheduler = '%s' is not a scheduler (one of: %s)", c->scheduler,
			    explain_sched_names(names, sizeof names));
		break;
	case REFUSE_DIVERGENCE:
		diag_config(d, "sm.divergence", "sm.divergence = '%s' is not a divergence model (one of: stack, its)",
			    c->divergence);
		break;
	case REFUSE_LAUNCH: {
		/* the per-SM limits' keys (the others name theirs) */
		const char *keys = why->limiter == OCC_WARPS ? " per SM (sm.max_threads, sm.max_warps)"
				   : why->limiter == OCC_BLOCKS ? " per SM (sm.max_blocks)"
				   : why->limiter == OCC_REGS ? " per SM (sm.registers)"
				   : why->limiter == OCC_SMEM ? " per SM (sm.shared_mem)" : "";
		diag_error(d, p->files[0], 0, 0, "",
			   "cannot launch on %s: %u threads per block, %u registers per thread and %u bytes of shared memory per block exceed its %s%s",
			   c->name, threads, p->nregs, p->shared_bytes, explain_limiter(why->limiter), keys);
		break;
	}
	case REFUSE_TXN_LINE:
	case REFUSE_LINE_POW2:
	case REFUSE_SECTOR:
	case REFUSE_CACHE_SIZE:
		snprintf(key, sizeof key, "%s.%s", lvl,
			 why->why == REFUSE_SECTOR ? "sector" : why->why == REFUSE_CACHE_SIZE ? "size" : "line");
		diag_config(d, key, "%s.size = %lld, %s.line = %lld, %s.sector = %lld, %s.assoc = %lld: %s", lvl, size, lvl,
			    line, lvl, sector, lvl, ways, cache_why[why->why]);
		break;
	case REFUSE_L2_FETCH:
		diag_config(d, "l2.fetch_bytes", "l2.fetch_bytes = %lld must be a power of two and a multiple of l2.sector = %lld",
			    (long long)c->l2_fetch_bytes, (long long)c->l2_sector);
		break;
	case REFUSE_SMEM_GROUP:
		diag_config(d, "smem.group_lanes", "smem.group_lanes = %lld must divide 32", (long long)c->smem_group_lanes);
		break;
	case REFUSE_SMEM_BANK:
		diag_config(d, "smem.bank_bytes", "smem.bank_bytes = %lld must be 4 or 8", (long long)c->smem_bank_bytes);
		break;
	case REFUSE_CONST_CACHE:
		diag_config(d, why->level ? "const.cache_size" : "const.line",
			    "const.cache_size = %lld, const.line = %lld, const.assoc = %lld: the line must be a power of two and the size a multiple of line x ways",
			    (long long)c->const_cache_size, (long long)c->const_line, (long long)c->const_assoc);
		break;
	case REFUSE_CONST_GROUP:
		diag_config(d, "const.group_lanes", "const.group_lanes = %lld must divide 32", (long long)c->const_group_lanes);
		break;
	case REFUSE_LOCAL:
		diag_error(d, p->files[0], 0, 0, "",
			   "cannot launch on %s: %u bytes of local memory per thread, for the %u SMs' resident threads, do not fit the 32-bit global space above the buffers",
			   c->name, p->local_bytes, (unsigned)c->num_sms);
		break;
	case REFUSE_FP64: {
		char at[600];
		diag_error(d, p->files[0], 0, 0, "",
			   "cannot launch on %s: %s at %s is a double-precision instruction, and this GPU has no FP64 unit (units.fp64_lanes = 0; CUDA's doubles need compute capability 1.3)",
			   c->name, isa_ops[p->code[why->pc].op].name, where(p, why->pc, at, sizeof at));
		break;
	}
	}
}

static const char *const deadlock_why[] = {
	[DL_NO_ISSUE] = "no warp can issue",
	[DL_BAR_NEVER_OPENS] = "the barrier can never open",
	[DL_BAR_DIFFER] = "threads wait at different bar.sync instructions (sm.barrier = strict requires one)",
	[DL_WARPSYNC] = "threads wait at warpsync for threads that can never arrive",
};

static const char *const park_why[] = {
	[PARK_STACK] = "masked off in the reconvergence stack",
	[PARK_ITS] = "on another path (independent thread scheduling)",
	[PARK_BLOCKED] = "blocked (barrier or warp sync)",
};

static const char *const race_names[] = {[RACE_RAW] = "RAW", [RACE_WAR] = "WAR", [RACE_WAW] = "WAW"};

static const char *pick(const char *const *names, size_t n, unsigned i)
{
	return i < n && names[i] ? names[i] : "?";
}
#define PICK(names, i) pick(names, sizeof names / sizeof *names, i)

/* "name+0x10" for an offset in the block's shared memory */
static void shared_name(const struct program *p, uint32_t off, char *buf, size_t n)
{
	for (unsigned i = 0; i < p->nshared; i++)
		if (off >= p->shared[i].offset && off - p->shared[i].offset < p->shared[i].size) {
			snprintf(buf, n, "%s+0x%x", p->shared[i].name, off - p->shared[i].offset);
			return;
		}
	snprintf(buf, n, "shared+0x%x", off);
}

static void global_name(const struct gmem *g, uint32_t addr, char *buf, size_t n)
{
	for (unsigned i = 0; g && i < g->n; i++)
		if (addr >= g->bufs[i].base && addr - g->bufs[i].base < g->bufs[i].size) {
			snprintf(buf, n, "%s+0x%x", g->bufs[i].name, addr - g->bufs[i].base);
			return;
		}
	snprintf(buf, n, "outside every buffer");
}

/* "thread 17 (warp 0, lane 17) at file:line (pc N): text", with "of
 * block (x,y,z) " after the thread number when block is not NULL */
static void thread_at(FILE *f, const struct program *p, const uint32_t *block, unsigned warp, uint32_t lanes,
		      uint32_t pc)
{
	unsigned lane = lanes ? (unsigned)__builtin_ctz(lanes) : 0;
	char at[160], text[160], of[64] = "";
	disasm_insn(p, &p->code[pc < p->ncode ? pc : 0], text, sizeof text);
	if (block)
		snprintf(of, sizeof of, " of block (%u,%u,%u)", block[0], block[1], block[2]);
	fprintf(f, "thread %u%s (warp %u, lane %u) at %s: %s\n", warp * 32 + lane, of, warp, lane,
		where(p, pc, at, sizeof at), pc < p->ncode ? text : "end");
}

/* Block id (x,y,z) of linear id lin in p's grid. */
static void block_id(const struct program *p, uint64_t lin, uint32_t id[3])
{
	id[0] = (uint32_t)(lin % p->grid[0]);
	id[1] = (uint32_t)(lin / p->grid[0] % p->grid[1]);
	id[2] = (uint32_t)(lin / ((uint64_t)p->grid[0] * p->grid[1]));
}

void explain_text(FILE *f, const struct explain_env *e, const struct sim_report *r)
{
	const struct program *p = e->p;
	char at[160], who[160], other[160], name[96];
	unsigned base = r->warp * 32;
	explain_threads(who, sizeof who, r->lanes, base);
	explain_threads(other, sizeof other, r->lanes2, base);
	const char *op = r->op < OP_COUNT ? isa_ops[r->op].name : "?";
	switch ((enum report_kind)r->kind) {
	case RPT_DEADLOCK:
		fprintf(f, "deadlock: block (%u,%u,%u) on SM %u at cycle %" PRIu64 ": %s\n", r->block[0], r->block[1],
			r->block[2], r->sm, r->cycle, PICK(deadlock_why, r->why));
		if (r->pc != REPORT_NO_PC)
			fprintf(f, "    barrier: bar.sync at %s, sm.barrier = %s\n", where(p, r->pc, at, sizeof at),
				e->c->barrier);
		break;
	case RPT_WAIT_BAR:
		fprintf(f, "    waiting: warp %u threads %s at %s\n", r->warp, who, where(p, r->pc, at, sizeof at));
		break;
	case RPT_WAIT_WARPSYNC:
		fprintf(f, "    waiting: warp %u threads %s at warpsync %s\n", r->warp, who,
			where(p, r->pc, at, sizeof at));
		break;
	case RPT_RUNNING:
		fprintf(f, "    running: warp %u threads %s at %s\n", r->warp, who, where(p, r->pc, at, sizeof at));
		break;
	case RPT_MISSING:
	case RPT_PARKED:
		if (p->cuda_loc) /* a CUDA kernel: name the PTX file too */
			fprintf(f, "    %s: threads %s of warp %u are %s, waiting at %s: %s\n",
				r->kind == RPT_MISSING ? "missing" : "parked", who, r->warp, PICK(park_why, r->why),
				where(p, r->pc, at, sizeof at), r->pc < p->ncode ? p->src_text[r->pc] : "end");
		else
			fprintf(f, "    %s: threads %s of warp %u are %s, waiting at line %u (pc %u: %s)\n",
				r->kind == RPT_MISSING ? "missing" : "parked", who, r->warp, PICK(park_why, r->why),
				r->pc < p->ncode ? p->loc[r->pc].line : 0, r->pc, r->pc < p->ncode ? p->src_text[r->pc] : "end");
		break;
	case RPT_EXITED:
		fprintf(f, "    exited: %" PRIu64 " threads\n", r->n);
		break;
	case RPT_LIVELOCK:
		fprintf(f, "no forward progress: for %" PRIu64 " cycles (sim.livelock_window = %lld) warps kept issuing but no store or atomic changed memory, no load returned a new value, no thread exited, none arrived at a barrier, and every warp that issued came back to a state it had been in (the same pc, mask and registers)\n",
			r->n, (long long)e->c->livelock_window);
		break;
	case RPT_SPINNING: {
		uint32_t lo = r->pc < p->ncode ? r->pc : 0, hi = r->pc2 < p->ncode ? r->pc2 : lo;
		char cu[200] = "";
		if (p->cuda_loc) { /* the .cu lines the loop's instructions come from */
			unsigned clo = 0, chi = 0;
			for (uint32_t pc = lo; pc <= hi; pc++) {
				unsigned l = p->cuda_loc[pc].line;
				if (l && (!clo || l < clo))
					clo = l;
				if (l > chi)
					chi = l;
			}
			if (clo == chi && clo)
				snprintf(cu, sizeof cu, ", %s:%u", p->files[p->cuda_loc[lo].file], clo);
			else if (clo)
				snprintf(cu, sizeof cu, ", %s:%u-%u", p->files[p->cuda_loc[lo].file], clo, chi);
		}
		fprintf(f, "    spinning: block (%u,%u,%u) warp %u (SM %u), threads %s, %s pcs %u..%u (%s:%u-%u%s)\n",
			r->block[0], r->block[1], r->block[2], r->warp, r->sm, who, r->why ? "in the loop over" : "over",
			r->pc, r->pc2, p->files[p->loc[lo].file], p->loc[lo].line, p->loc[hi].line, cu);
		break;
	}
	case RPT_MORE_SPINNING:
		fprintf(f, "    ... and %" PRIu64 " more spinning warps\n", r->n);
		break;
	case RPT_STARVED:
		fprintf(f, "no forward progress: no warp issued an instruction for %" PRIu64
			   " cycles (sim.livelock_window = %lld) although some could (sm.scheduler = %s starves them)\n",
			r->n, (long long)e->c->livelock_window, e->c->scheduler);
		break;
	case RPT_NEVER_SELECTED:
		fprintf(f, "    never selected: block (%u,%u,%u) warp %u (SM %u, scheduler %" PRIu64 ") ready at %s\n",
			r->block[0], r->block[1], r->block[2], r->warp, r->sm, r->n, where(p, r->pc, at, sizeof at));
		break;
	case RPT_FAULT: {
		unsigned lane = r->lanes ? (unsigned)__builtin_ctz(r->lanes) : 0;
		char text[160];
		uint32_t pc = r->pc < p->ncode ? r->pc : 0;
		disasm_insn(p, &p->code[pc], text, sizeof text);
		char cu[300];
		if (r->why == FAULT_TRAP)
			fprintf(f, "%s:%u:%s trap: the kernel called __trap() (on a GPU the launch fails: "
				   "cudaErrorLaunchFailure)\n",
				p->files[p->loc[pc].file], p->loc[pc].line, cu_at(p, pc, cu, sizeof cu));
		else if (r->why == FAULT_READ_ONLY)
			fprintf(f, "%s:%u:%s global %s of %u bytes into constant memory at address 0x%08" PRIx32
				   ": constant memory is read-only to a kernel\n",
				p->files[p->loc[pc].file], p->loc[pc].line, cu_at(p, pc, cu, sizeof cu),
				isa_ops[p->code[pc].op].flags & IF_ATOMIC ? "atomic" : "store", r->bytes, r->addr);
		else if (r->space == SPACE_LOCAL) /* (its address: an offset in the thread's window) */
			fprintf(f, "%s:%u:%s %s local access of %u bytes at offset 0x%" PRIx32 "\n", p->files[p->loc[pc].file],
				p->loc[pc].line, cu_at(p, pc, cu, sizeof cu),
				r->why == FAULT_MISALIGNED ? "misaligned" : "out-of-bounds", r->bytes, r->addr);
		else
			fprintf(f, "%s:%u:%s %s %s access of %u bytes at address 0x%08" PRIx32 "\n", p->files[p->loc[pc].file],
				p->loc[pc].line, cu_at(p, pc, cu, sizeof cu),
				r->why == FAULT_MISALIGNED ? "misaligned" : "out-of-bounds",
				r->space == SPACE_SHARED ? "shared" : r->space == SPACE_CONST ? "constant" : "global", r->bytes,
				r->addr);
		fprintf(f, "    SM %u, block (%u,%u,%u), warp %u, lane %u (thread %u), pc %u: %s\n", r->sm, r->block[0],
			r->block[1], r->block[2], r->warp, lane, base + lane, r->pc, text);
		if (r->why == FAULT_TRAP) {
			/* (no memory: nothing more to say) */
		} else if (r->space == SPACE_SHARED) {
			fprintf(f, "    the block's shared memory is [0x0, 0x%x) (%u bytes)\n", p->shared_bytes,
				p->shared_bytes);
		} else if (r->space == SPACE_LOCAL) {
			fprintf(f, "    a thread's local memory is [0x0, 0x%x) (%u bytes, .local)\n", p->local_bytes,
				p->local_bytes);
		} else {
			const struct gmem_buffer *nb = e->g ? gmem_nearest(e->g, r->addr) : NULL;
			if (nb && r->space == SPACE_CONST && r->addr - nb->base < nb->size && !nb->readonly)
				fprintf(f, "    in buffer %s at [0x%08" PRIx32 ", 0x%08" PRIx32 "), which is not constant memory (const)\n",
					nb->name, nb->base, nb->base + nb->size);
			else if (nb)
				fprintf(f, "    nearest buffer: %s at [0x%08" PRIx32 ", 0x%08" PRIx32 ") (%u bytes)\n",
					nb->name, nb->base, nb->base + nb->size, nb->size);
		}
		break;
	}
	case RPT_CYCLE_LIMIT:
		fprintf(f, "stopped at the limit of %" PRIu64 " cycles (--max-cycles); %" PRIu64 " of %" PRIu64
			   " blocks finished\n", r->n, r->n2, r->n3);
		break;
	case SYNC_BAR_PARTIAL:
		fprintf(f, "bar.sync at %s reached by threads %s of warp %u only (threads %s are on another path); the warp counts as arrived (sm.barrier = warp), undefined under the CUDA rules\n",
			where(p, r->pc, at, sizeof at), who, r->warp, other);
		break;
	case SYNC_BAR_DIVERGENT:
		fprintf(f, "bar.sync at %s reached by threads %s of warp %u while threads %s of that warp are on another path (synccheck: a divergent __syncthreads is undefined under the CUDA rules)\n",
			where(p, r->pc, at, sizeof at), who, r->warp, other);
		break;
	case SYNC_BAR_DIFFER:
		fprintf(f, "block (%u,%u,%u): threads arrived at different bar.sync instructions (first at %s); they are released together\n",
			r->block[0], r->block[1], r->block[2], where(p, r->pc, at, sizeof at));
		break;
	case SYNC_WARPSYNC_STACK:
		fprintf(f, "warpsync at %s: threads %s of warp %u are on another path of the reconvergence stack; they do not wait (undefined under the CUDA rules)\n",
			where(p, r->pc, at, sizeof at), other, r->warp);
		break;
	case SYNC_MASK_OUTSIDE:
		fprintf(f, "%s at %s: the mask 0x%08x names threads %s of warp %u, which are not in the issuing group (inactive or on another path): the result is undefined\n",
			op, where(p, r->pc, at, sizeof at), r->mask, other, r->warp);
		break;
	case SYNC_MASK_EXITED:
		fprintf(f, "%s at %s: the mask 0x%08x names threads %s of warp %u, which have exited or are not in the block: the result is undefined\n",
			op, where(p, r->pc, at, sizeof at), r->mask, other, r->warp);
		break;
	case SYNC_SHFL_SRC:
		fprintf(f, "%s at %s reads threads %s of warp %u, which are not in the issuing group: the values are undefined\n",
			op, where(p, r->pc, at, sizeof at), other, r->warp);
		break;
	case HAZ_RACE: {
		bool now_write = r->why != RACE_RAW, then_write = r->why != RACE_WAR;
		bool shared = r->space == SPACE_SHARED;
		if (shared)
			shared_name(p, r->addr, name, sizeof name);
		else
			global_name(e->g, r->addr, name, sizeof name);
		char blk[48] = "";
		if (shared)
			snprintf(blk, sizeof blk, "block (%u,%u,%u) ", r->block[0], r->block[1], r->block[2]);
		fprintf(f, "%s hazard on %s memory at 0x%x (%s, %u bytes), %son SM %u, cycle %" PRIu64 "\n",
			PICK(race_names, r->why), shared ? "shared" : "global", r->addr, name, r->bytes, blk, r->sm, r->cycle);
		uint32_t other[3];
		block_id(p, r->block2, other);
		fprintf(f, "    %s by ", then_write ? "write" : "read ");
		thread_at(f, p, shared ? NULL : other, r->warp2, r->lanes2, r->pc2);
		fprintf(f, "    %s by ", now_write ? "write" : "read ");
		thread_at(f, p, shared ? NULL : r->block, r->warp, r->lanes, r->pc);
		break;
	}
	case HAZ_UNINIT:
		if (r->space == SPACE_SHARED)
			shared_name(p, r->addr, name, sizeof name);
		else
			global_name(e->g, r->addr, name, sizeof name);
		fprintf(f, "read of uninitialized %s memory at 0x%x (%s, %u bytes), block (%u,%u,%u) on SM %u, cycle %" PRIu64
			   "\n    by ", r->space == SPACE_SHARED ? "shared" : "global", r->addr, name, r->bytes,
			r->block[0], r->block[1], r->block[2], r->sm, r->cycle);
		thread_at(f, p, NULL, r->warp, r->lanes, r->pc);
		break;
	case REPORT_KIND_COUNT:
		break;
	}
}

static const char *const kind_names[REPORT_KIND_COUNT] = {
	[RPT_DEADLOCK] = "deadlock", [RPT_WAIT_BAR] = "waiting_barrier",
	[RPT_WAIT_WARPSYNC] = "waiting_warpsync", [RPT_RUNNING] = "running", [RPT_MISSING] = "missing",
	[RPT_EXITED] = "exited", [RPT_LIVELOCK] = "livelock", [RPT_SPINNING] = "spinning",
	[RPT_PARKED] = "parked", [RPT_MORE_SPINNING] = "more_spinning", [RPT_STARVED] = "starved",
	[RPT_NEVER_SELECTED] = "never_selected", [RPT_FAULT] = "fault", [RPT_CYCLE_LIMIT] = "cycle_limit",
	[SYNC_BAR_PARTIAL] = "barrier_partial_warp", [SYNC_BAR_DIVERGENT] = "barrier_divergent",
	[SYNC_BAR_DIFFER] = "barrier_different_pcs", [SYNC_WARPSYNC_STACK] = "warpsync_on_stack",
	[SYNC_MASK_OUTSIDE] = "mask_names_inactive", [SYNC_MASK_EXITED] = "mask_names_exited",
	[SYNC_SHFL_SRC] = "shfl_reads_inactive", [HAZ_RACE] = "race", [HAZ_UNINIT] = "uninitialized_read",
};

const char *explain_check(const struct sim_report *r)
{
	return r->kind == HAZ_RACE ? "racecheck" : r->kind == HAZ_UNINIT ? "initcheck" : "synccheck";
}

static void json_thread(FILE *f, const char *key, const uint32_t *block, unsigned warp, uint32_t lanes, uint32_t pc,
			const struct program *p)
{
	unsigned lane = lanes ? (unsigned)__builtin_ctz(lanes) : 0;
	char text[160];
	disasm_insn(p, &p->code[pc < p->ncode ? pc : 0], text, sizeof text);
	fprintf(f, ", \"%s\": {\"block\": [%u, %u, %u], \"thread\": %u, \"warp\": %u, \"lane\": %u, \"pc\": %u, \"line\": %u, \"instruction\": ",
		key, block[0], block[1], block[2], warp * 32 + lane, warp, lane, pc, pc < p->ncode ? p->loc[pc].line : 0);
	json_string(f, pc < p->ncode ? text : "end");
	fputc('}', f);
}

void explain_json(FILE *f, const struct explain_env *e, const struct sim_report *r)
{
	fprintf(f, "{\"kind\": \"%s\", \"check\": \"%s\"", r->kind < REPORT_KIND_COUNT ? kind_names[r->kind] : "?",
		explain_check(r));
	if (r->kind == HAZ_RACE)
		fprintf(f, ", \"race\": \"%s\"", PICK(race_names, r->why));
	if (r->kind == HAZ_RACE || r->kind == HAZ_UNINIT) {
		char name[96];
		if (r->space == SPACE_SHARED)
			shared_name(e->p, r->addr, name, sizeof name);
		else
			global_name(e->g, r->addr, name, sizeof name);
		fprintf(f, ", \"space\": \"%s\", \"address\": %u, \"bytes\": %u, \"symbol\": ",
			r->space == SPACE_SHARED ? "shared" : "global", r->addr, r->bytes);
		json_string(f, name);
	}
	fprintf(f, ", \"sm\": %u, \"block\": [%u, %u, %u], \"cycle\": %" PRIu64, r->sm, r->block[0], r->block[1],
		r->block[2], r->cycle);
	if (r->kind == HAZ_RACE) {
		uint32_t other[3];
		block_id(e->p, r->block2, other);
		json_thread(f, "first", other, r->warp2, r->lanes2, r->pc2, e->p);
		json_thread(f, "second", r->block, r->warp, r->lanes, r->pc, e->p);
	} else {
		json_thread(f, "at", r->block, r->warp, r->lanes, r->pc, e->p);
		fprintf(f, ", \"lanes\": %u, \"other_lanes\": %u", r->lanes, r->lanes2);
		if (r->kind == SYNC_MASK_OUTSIDE || r->kind == SYNC_MASK_EXITED || r->kind == SYNC_WARPSYNC_STACK)
			fprintf(f, ", \"mask\": %u", r->mask);
	}
	fprintf(f, ", \"text\": ");
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (m) {
		explain_text(m, e, r);
		fclose(m);
	}
	json_string(f, text ? text : "");
	free(text);
	fputc('}', f);
}

char *explain_string(const struct explain_env *e, const struct sim_result *r, bool end)
{
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		return calloc(1, 1);
	for (unsigned i = 0; i < r->nreports; i++)
		if (end ? report_is_end(r->reports[i].kind) : report_is_sync(r->reports[i].kind))
			explain_text(m, e, &r->reports[i]);
	fclose(m);
	return text;
}
