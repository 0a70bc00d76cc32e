/*
 * fuzz_asm.c - libFuzzer entry for the assembler: any bytes must assemble
 * or be refused with a located message, never crash or hang; a program
 * that assembles must disassemble to source that assembles again to the
 * same code. Corpus seeds: workloads/ and tests/bad/.
 *   meson setup build-fuzz -Dfuzz=true (CC=clang); build-fuzz/tests/fuzz/fuzz-asm CORPUS
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "program.h"
#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	struct diag d;
	memset(&d, 0, sizeof d);
	/* includes resolve against a directory that holds none: every
	 * .include is refused (reading arbitrary paths is not the target) */
	struct program *p = asm_from_buffer("/nonexistent/fuzz.s", text, size, NULL, 0, &d);
	if (!p && !d.set)
		abort(); /* a refusal always says why */
	if (p) {
		char *src = disasm_program(p);
		struct diag d2;
		memset(&d2, 0, sizeof d2);
		struct program *q = asm_from_string("/nonexistent/again.s", src, NULL, 0, &d2);
		if (!q || q->ncode != p->ncode || memcmp(q->code, p->code, p->ncode * sizeof *p->code))
			abort(); /* --disasm must give back the same program */
		program_free(q);
		free(src);
		program_free(p);
	}
	free(text);
	return 0;
}
