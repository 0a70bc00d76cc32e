/* test_isa.c - the opcode table, encoding, and the ISA self-test: every
 * opcode (with every modifier, immediate position and guard) survives
 * assemble -> encode -> decode -> disassemble -> assemble unchanged, and no
 * two instructions share an encoding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "util.h"

START_TEST(names_unique_and_lookup)
{
	for (int a = 0; a < OP_COUNT; a++) {
		ck_assert_int_lt(isa_ops[a].unit, UNIT_COUNT);
		for (int b = a + 1; b < OP_COUNT; b++)
			ck_assert_str_ne(isa_ops[a].name, isa_ops[b].name);
	}
	unsigned used;
	ck_assert_int_eq(isa_lookup_mnemonic("atomg.cas", 9, &used), OP_ATOMG_CAS);
	ck_assert_uint_eq(used, 9);
	ck_assert_int_eq(isa_lookup_mnemonic("atomg.add.f32", 13, &used), OP_ATOMG);
	ck_assert_uint_eq(used, 5);
	ck_assert_int_eq(isa_lookup_mnemonic("vote.ballot", 11, &used), OP_BALLOT);
	ck_assert_int_eq(isa_lookup_mnemonic("bar.sync", 8, &used), OP_BAR);
	ck_assert_int_eq(isa_lookup_mnemonic("bar", 3, &used), -1);
	ck_assert_int_eq(isa_lookup_mnemonic("isetpx", 6, &used), -1);
	ck_assert_int_eq(isa_lookup_mnemonic("isetp.lt.s32", 12, &used), OP_ISETP);
	ck_assert_uint_eq(used, 5);
}
END_TEST

/* Operand text for one slot; imm selects an immediate for a source, pair
 * an even register (a 64-bit atomic's operand). */
static void slot_text(char *buf, size_t n, const struct isa_opinfo *oi, enum isa_slot k, int i,
		      int imm, int special, bool pair)
{
	switch (k) {
	case SLOT_REG: snprintf(buf, n, "r%d", 8 + 4 * i); break;
	case SLOT_PRED: snprintf(buf, n, i == 1 ? "!p%d" : "p%d", 1 + i); break;
	case SLOT_SRC:
		if (imm)
			snprintf(buf, n, (oi->flags & IF_FLOAT) ? "-1.5" : "0x7fff0001");
		else
			snprintf(buf, n, "r%d", pair ? 10 + 2 * i : 9 + i);
		break;
	case SLOT_SPECIAL: snprintf(buf, n, "%s", isa_special_names[special]); break;
	case SLOT_ADDR: snprintf(buf, n, i ? "[r%d-8]" : "[r%d+16]", 20 + 4 * i); break;
	case SLOT_NONE: buf[0] = 0; break;
	}
}

struct gen {
	char **texts;
	unsigned n, cap;
};

static void add(struct gen *g, const char *t)
{
	GROW(g->texts, g->cap, g->n + 1);
	g->texts[g->n++] = xstrdup(t);
}

/* Every opcode x every modifier combination x every immediate position x
 * with and without a guard (and every special register for s2r). */
static void generate(struct gen *g)
{
	for (int op = 0; op < OP_COUNT; op++) {
		const struct isa_opinfo *oi = &isa_ops[op];
		const struct isa_fmtinfo *fi = &isa_fmts[oi->fmt];
		unsigned n0 = isa_modsets[oi->ms[0]].count ? isa_modsets[oi->ms[0]].count : 1;
		unsigned n1 = isa_modsets[oi->ms[1]].count ? isa_modsets[oi->ms[1]].count : 1;
		int nimm = 0;
		for (int s = 0; s < 3; s++)
			nimm += fi->src[s] == SLOT_SRC;
		int nspec = fi->src[0] == SLOT_SPECIAL ? SR_COUNT : 1;
		/* immpos nimm+1: the first two sources are both immediates */
		int maxpos = nimm >= 2 && !fi->has_off ? nimm + 1 : nimm;
		for (unsigned m0 = 0; m0 < n0; m0++)
			for (unsigned m1 = 0; m1 < n1; m1++)
				for (int immpos = 0; immpos <= maxpos; immpos++)
					for (int sp = 0; sp < nspec; sp++)
						for (int guard = 0; guard < 2; guard++) {
							if ((op == OP_ATOMG || op == OP_ATOMS) && m1 == ATYPE_F32 &&
							    m0 != ATOM_ADD && m0 != ATOM_EXCH)
								continue;
							if ((oi->flags & IF_LOCAL) && (m0 == WIDTH_64 || m0 == WIDTH_128))
								continue; /* local memory: 32 bits a lane at most */
							bool a64 = ((op == OP_ATOMG || op == OP_ATOMS) && m1 >= ATYPE_U64) ||
								   ((op == OP_ATOMG_CAS || op == OP_ATOMS_CAS || op == OP_ATOMS_CAST) &&
								    m0 == BITS_64);
							if (a64 && (immpos || ((op == OP_ATOMG || op == OP_ATOMS) &&
										(m0 == ATOM_INC || m0 == ATOM_DEC ||
										 (m1 == ATYPE_F64 && m0 != ATOM_ADD)))))
								continue; /* 64-bit atomics: register pairs, no inc or dec, f64 add alone */
							bool spair = (oi->flags & IF_SPAIR) != 0;
							if (spair && immpos)
								continue; /* doubles: register pairs, no immediates */
							a64 = a64 || spair;
							char t[256], o[64];
							int k = snprintf(t, sizeof t, "%s%s", guard ? "@!p3 " : "", oi->name);
							if (isa_modsets[oi->ms[0]].count)
								k += snprintf(t + k, sizeof t - (size_t)k, ".%s", isa_modsets[oi->ms[0]].words[m0]);
							if (isa_modsets[oi->ms[1]].count)
								k += snprintf(t + k, sizeof t - (size_t)k, ".%s", isa_modsets[oi->ms[1]].words[m1]);
							const char *sep = " ";
							if (fi->dst != SLOT_NONE) {
								k += snprintf(t + k, sizeof t - (size_t)k, " %s",
									      fi->dst == SLOT_REG ? "r4" : "p5");
								sep = ", ";
							}
							if (oi->fmt == FMT_L) {
								k += snprintf(t + k, sizeof t - (size_t)k, " top");
							} else if (oi->fmt == FMT_R_C) {
								k += snprintf(t + k, sizeof t - (size_t)k, ", x");
							}
							int srcno = 0;
							for (int s = 0; s < 3; s++) {
								if (fi->src[s] == SLOT_NONE)
									continue;
								int imm = fi->src[s] == SLOT_SRC &&
									  (++srcno == immpos || (immpos > nimm && srcno <= 2));
								slot_text(o, sizeof o, oi, fi->src[s], s, imm, sp, a64);
								k += snprintf(t + k, sizeof t - (size_t)k, "%s%s", sep, o);
								sep = ", ";
							}
							add(g, t);
						}
	}
}

static struct isa_insn assemble_one(const char *insn, char *err, size_t n)
{
	char text[512];
	snprintf(text, sizeof text, ".grid 1\n.block 32\n.arg x 7\ntop:\n    %s\n    exit\n", insn);
	struct diag d = {0};
	struct program *p = asm_from_string("selftest.s", text, NULL, 0, &d);
	struct isa_insn in;
	memset(&in, 0xff, sizeof in);
	if (!p) {
		diag_format(&d, err, n);
		return in;
	}
	in = p->code[0];
	err[0] = 0;
	program_free(p);
	return in;
}

static int cmp_words(const void *a, const void *b)
{
	const struct isa_word *x = a, *y = b;
	if (x->hi != y->hi)
		return x->hi < y->hi ? -1 : 1;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

START_TEST(roundtrip_every_opcode)
{
	struct gen g = {0};
	generate(&g);
	ck_assert_uint_gt(g.n, 300);
	struct isa_word *words = xcalloc(g.n, sizeof *words);
	int seen_op[OP_COUNT] = {0};
	char err[2048], text[256], text2[256];
	for (unsigned i = 0; i < g.n; i++) {
		struct isa_insn a = assemble_one(g.texts[i], err, sizeof err);
		ck_assert_msg(!err[0], "'%s' does not assemble:\n%s", g.texts[i], err);
		seen_op[a.op]++;
		/* encode -> decode is the identity */
		struct isa_word w = isa_encode(&a);
		struct isa_insn d;
		ck_assert_msg(isa_decode(w, &d), "'%s' does not decode", g.texts[i]);
		ck_assert_msg(!memcmp(&a, &d, sizeof a), "'%s' changes through encode/decode", g.texts[i]);
		/* disassemble -> assemble is the identity */
		struct program fake;
		memset(&fake, 0, sizeof fake);
		struct label top = {"top", 0};
		struct arg_spec arg = {.name = "x", .buffer = -1, .value = 7};
		fake.labels = &top;
		fake.nlabels = 1;
		fake.args = &arg;
		fake.nargs = 1;
		disasm_insn(&fake, &a, text, sizeof text);
		struct isa_insn b = assemble_one(text, err, sizeof err);
		ck_assert_msg(!err[0], "disassembly '%s' of '%s' does not assemble:\n%s", text, g.texts[i], err);
		struct isa_word wb = isa_encode(&b);
		ck_assert_msg(wb.lo == w.lo && wb.hi == w.hi, "'%s' -> '%s' changes the encoding", g.texts[i], text);
		disasm_insn(&fake, &b, text2, sizeof text2);
		ck_assert_str_eq(text, text2);
		words[i] = w;
	}
	for (int op = 0; op < OP_COUNT; op++)
		ck_assert_msg(seen_op[op] > 0, "opcode %s not covered", isa_ops[op].name);
	/* the generated instructions are all different, so their encodings must be */
	qsort(words, g.n, sizeof *words, cmp_words);
	for (unsigned i = 1; i < g.n; i++)
		ck_assert_msg(cmp_words(&words[i - 1], &words[i]) != 0, "two instructions share an encoding");
	for (unsigned i = 0; i < g.n; i++)
		free(g.texts[i]);
	free(g.texts);
	free(words);
}
END_TEST

START_TEST(decode_rejects_invalid_words)
{
	struct isa_insn in;
	memset(&in, 0, sizeof in);
	in.op = OP_IADD;
	in.guard = ISA_PT;
	in.dst = 1;
	in.src[0] = 2;
	in.src[1] = 3;
	struct isa_word w = isa_encode(&in), bad;
	struct isa_insn out;
	ck_assert(isa_decode(w, &out));
	bad = w;
	bad.lo |= 1ull << 60; /* reserved bits */
	ck_assert(!isa_decode(bad, &out));
	bad = w;
	bad.lo = (bad.lo & ~0xffull) | OP_COUNT; /* no such opcode */
	ck_assert(!isa_decode(bad, &out));
	bad = w;
	bad.lo |= 3ull << 8; /* a modifier on an op without modifiers */
	ck_assert(!isa_decode(bad, &out));
	bad = w;
	bad.hi |= 5; /* an immediate value with no immediate operand */
	ck_assert(!isa_decode(bad, &out));
	in.op = OP_LDG;
	in.mod[0] = WIDTH_128;
	in.dst = 6; /* a 128-bit load needs a multiple of 4 */
	in.src[1] = 0;
	ck_assert(!isa_valid(&in));
	in.dst = 8;
	ck_assert(isa_valid(&in));
}
END_TEST

/* docs/ISA.md describes every opcode of the table. */
START_TEST(every_opcode_documented)
{
	char *doc = read_file(src_path("docs/ISA.md"), NULL);
	ck_assert_msg(doc, "docs/ISA.md is missing");
	for (int op = 0; op < OP_COUNT; op++) {
		char key[64];
		snprintf(key, sizeof key, "`%s`", isa_ops[op].name);
		ck_assert_msg(strstr(doc, key), "docs/ISA.md does not describe %s", key);
	}
	free(doc);
}
END_TEST

Suite *isa_suite(void)
{
	Suite *s = suite_create("isa");
	TCase *t = tcase_create("table");
	tcase_set_timeout(t, 120);
	tcase_add_test(t, names_unique_and_lookup);
	tcase_add_test(t, roundtrip_every_opcode);
	tcase_add_test(t, decode_rejects_invalid_words);
	tcase_add_test(t, every_opcode_documented);
	suite_add_tcase(s, t);
	return s;
}
