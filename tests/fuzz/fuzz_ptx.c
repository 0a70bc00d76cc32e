/*
 * fuzz_ptx.c - libFuzzer entry for the PTX front end: any bytes must
 * translate or be refused with a message, never crash or hang. The entry
 * translated is the first .entry the text names ("k" if none). A kernel that
 * translates must hold only valid instructions, end with exit or bra, branch
 * inside itself, and fit simt-sim's registers. Corpus seeds: the PTX nvcc
 * wrote for workloads/cuda/ and tests/ptx/, and tests/bad_ptx/.
 *   meson setup build-fuzz -Dfuzz=true (CC=clang); build-fuzz/tests/fuzz/fuzz-ptx CORPUS
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (memchr(data, 0, size))
		return 0; /* the caller (asm.c) refuses NUL bytes before translating */
	char *text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	char entry[256] = "k";
	const char *e = strstr(text, ".entry");
	if (e) {
		e += 6;
		while (*e == ' ' || *e == '\t')
			e++;
		size_t n = 0;
		while (n < sizeof entry - 1 && (isalnum((unsigned char)e[n]) || e[n] == '_' || e[n] == '$'))
			n++;
		if (n) {
			memcpy(entry, e, n);
			entry[n] = 0;
		}
	}
	struct diag d;
	memset(&d, 0, sizeof d);
	struct ptx_kernel k;
	if (ptx_translate("fuzz.ptx", text, entry, 90, &k, &d)) {
		if (k.ncode == 0 || k.nregs > ISA_MAX_REGS || k.npreds > ISA_NUM_PREDS)
			abort();
		for (uint32_t pc = 0; pc < k.ncode; pc++) {
			const struct isa_insn *in = &k.code[pc];
			if (!isa_valid(in))
				abort();
			if (in->op == OP_BRA && (in->off < 0 || (uint32_t)in->off >= k.ncode))
				abort();
		}
		const struct isa_insn *last = &k.code[k.ncode - 1];
		if (!((last->op == OP_EXIT || last->op == OP_BRA) && last->guard == ISA_PT))
			abort();
		ptx_kernel_free(&k);
	} else if (!d.set) {
		abort(); /* a refusal always says why */
	}
	free(text);
	return 0;
}
