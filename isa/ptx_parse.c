/*
 * ptx_parse.c - read one .entry of a PTX file into statements.
 *
 * The file is scanned at top level (.version, .target, .address_size, .file,
 * .entry, .func, .global, .extern .shared ...); the requested entry's
 * parameters, register declarations, static .shared arrays, labels, .loc
 * lines and instruction statements are recorded. Nothing is translated here.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx_int.h"
#include "util.h"

/* A cursor over the PTX text. */
struct cur {
	const char *path;
	const char *text, *p;
	unsigned line;
	const char *bol; /* start of the current line */
	struct diag *d;
};

static void line_text(const char *bol, char *out, size_t n)
{
	size_t len = strcspn(bol, "\n");
	if (len && bol[len - 1] == '\r')
		len--;
	if (len >= n)
		len = n - 1;
	memcpy(out, bol, len);
	out[len] = 0;
	for (size_t i = 0; i < len; i++)
		if (out[i] == '\t')
			out[i] = ' ';
}

static unsigned col_of(const struct cur *c, const char *at) { return (unsigned)(at - c->bol) + 1; }

static bool err_at(struct cur *c, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool err_at(struct cur *c, const char *at, const char *fmt, ...)
{
	char msg[512], text[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* the line and column of at itself (the cursor may be lines past it) */
	unsigned line = 1;
	const char *bol = c->text;
	for (const char *q = c->text; q < at; q++)
		if (*q == '\n') {
			line++;
			bol = q + 1;
		}
	line_text(bol, text, sizeof text);
	return diag_error(c->d, c->path, line, (unsigned)(at - bol) + 1, text, "%s", msg);
}

bool ptx_err(const struct pentry *e, const struct stmt *s, unsigned col, const char *fmt, ...)
{
	char msg[512], where[300] = "";
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* the CUDA source line the statement came from (.loc), where known */
	const struct ptx_kernel *k = e->k;
	if (s->cu_line && s->cu_file >= 1 && s->cu_file <= k->ncuda_files && k->cuda_files[s->cu_file - 1]) {
		const char *f = k->cuda_files[s->cu_file - 1], *slash = strrchr(f, '/');
		snprintf(where, sizeof where, " (%.200s:%u)", slash ? slash + 1 : f, s->cu_line);
	}
	return diag_error(e->d, e->path, s->line, col ? col : s->col, s->text, "%s%s", msg, where);
}

/* Skip blanks, newlines and comments. False on an unterminated comment. */
static bool skip(struct cur *c)
{
	for (;;) {
		char ch = *c->p;
		if (ch == '\n') {
			c->p++;
			c->line++;
			c->bol = c->p;
		} else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
			c->p++;
		} else if (ch == '/' && c->p[1] == '/') {
			while (*c->p && *c->p != '\n')
				c->p++;
		} else if (ch == '/' && c->p[1] == '*') {
			const char *start = c->p;
			c->p += 2;
			while (*c->p && !(c->p[0] == '*' && c->p[1] == '/')) {
				if (*c->p == '\n') {
					c->line++;
					c->bol = c->p + 1;
				}
				c->p++;
			}
			if (!*c->p)
				return err_at(c, start, "unterminated /* comment");
			c->p += 2;
		} else {
			return true;
		}
	}
}

static bool is_id0(char ch) { return isalpha((unsigned char)ch) || ch == '_' || ch == '$' || ch == '%'; }
static bool is_id(char ch) { return isalnum((unsigned char)ch) || ch == '_' || ch == '$'; }

/* An identifier (with dots inside when dotted): its length at c->p, 0 if none. */
static unsigned ident_len(const char *p, bool dotted)
{
	if (!is_id0(*p) && !(dotted && *p == '.'))
		return 0;
	unsigned n = 1;
	while (is_id(p[n]) || (dotted && p[n] == '.' && is_id(p[n + 1])))
		n++;
	return n;
}

static bool word_is(const char *p, unsigned n, const char *w) { return strlen(w) == n && !strncmp(p, w, n); }

/* Expect the character ch (after skipping). */
static bool expect(struct cur *c, char ch, const char *what)
{
	if (!skip(c))
		return false;
	if (*c->p != ch)
		return err_at(c, c->p, "expected %s", what);
	c->p++;
	return true;
}

/* Read a directive or identifier word at the cursor into out. */
static bool read_word(struct cur *c, char *out, unsigned size, bool dotted, const char *what)
{
	if (!skip(c))
		return false;
	unsigned n = ident_len(c->p, dotted);
	if (*c->p == '.' && !dotted)
		n = 1 + ident_len(c->p + 1, false) * (is_id0(c->p[1]) ? 1 : 0);
	if (n == 0)
		return err_at(c, c->p, "expected %s", what);
	if (n >= size)
		return err_at(c, c->p, "name too long (at most %u characters)", size - 1);
	memcpy(out, c->p, n);
	out[n] = 0;
	c->p += n;
	return true;
}

/* An unsigned decimal (or 0x hex) number. */
static bool read_uint(struct cur *c, uint64_t *v, const char *what)
{
	if (!skip(c))
		return false;
	char *end;
	if (!isdigit((unsigned char)*c->p))
		return err_at(c, c->p, "expected %s", what);
	errno = 0;
	*v = strtoull(c->p, &end, 0);
	if (errno || is_id(*end))
		return err_at(c, c->p, "malformed number (expected %s)", what);
	c->p = end;
	return true;
}

/* ---- registers ----------------------------------------------------------- */

struct regdecl {
	char prefix[PTX_NAME_MAX];
	unsigned count; /* %r<count>: %r0 .. %r(count-1); 0: a single name */
	int base;       /* first virtual register */
};

struct parser {
	struct cur c;
	struct pentry *e;
	struct regdecl *decls;     /* the registers in scope, outermost first */
	unsigned ndecls, cap_decls;
	unsigned scope_base;       /* decls from here on are the innermost { } block's */
	unsigned cu_file, cu_line; /* the last .loc */
	unsigned inl_file, inl_line; /* its inlined_at, 0 when none */
	bool nounroll; /* a `.pragma "nounroll";` waits for the next statement */
};

static int new_vreg(struct pentry *e, enum vclass cls, unsigned bits, bool fl)
{
	GROW(e->vregs, e->cap_vregs, e->nvregs + 1);
	e->vregs[e->nvregs] = (struct vreg_info){cls, (uint8_t)bits, fl};
	return (int)e->nvregs++;
}

/* The virtual register named name[0..n), or -1. */
static int find_reg(const struct parser *ps, const char *name, unsigned n)
{
	for (unsigned i = ps->ndecls; i-- > 0;) { /* innermost first: a block's own hide the outer ones */
		const struct regdecl *r = &ps->decls[i];
		size_t pl = strlen(r->prefix);
		if (r->count == 0) {
			if (pl == n && !strncmp(name, r->prefix, n))
				return r->base;
			continue;
		}
		if (n <= pl || strncmp(name, r->prefix, pl))
			continue;
		const char *d = name + pl;
		unsigned dn = n - (unsigned)pl;
		bool digits = dn <= 9 && !(dn > 1 && d[0] == '0');
		for (unsigned k = 0; k < dn && digits; k++)
			digits = isdigit((unsigned char)d[k]);
		if (!digits)
			continue;
		unsigned long v = strtoul(d, NULL, 10);
		if (v < r->count)
			return r->base + (int)v;
	}
	return -1;
}

static bool type_info(const char *t, enum vclass *cls, unsigned *bits, bool *fl)
{
	static const struct {
		const char *name;
		enum vclass cls;
		unsigned bits;
		bool fl;
	} types[] = {
		{".pred", VC_PRED, 1, false}, {".b16", VC_REG, 16, false}, {".u16", VC_REG, 16, false},
		{".s16", VC_REG, 16, false},  {".b32", VC_REG, 32, false}, {".u32", VC_REG, 32, false},
		{".s32", VC_REG, 32, false},  {".f32", VC_REG, 32, true},  {".b64", VC_REG, 64, false},
		{".u64", VC_REG, 64, false},  {".s64", VC_REG, 64, false},
		/* (an f64 is taken only as printf's argument: ptx_select.c) */
		{".f64", VC_REG, 64, false},
	};
	for (unsigned i = 0; i < sizeof types / sizeof types[0]; i++)
		if (!strcmp(t, types[i].name)) {
			*cls = types[i].cls;
			*bits = types[i].bits;
			*fl = types[i].fl;
			return true;
		}
	return false;
}

/* .reg .TYPE %r<N>, %x, ... ; */
static bool do_reg(struct parser *ps)
{
	struct cur *c = &ps->c;
	char ty[32];
	const char *at;
	if (!skip(c))
		return false;
	at = c->p;
	if (!read_word(c, ty, sizeof ty, false, "a register type after .reg"))
		return false;
	enum vclass cls;
	unsigned bits;
	bool fl;
	if (!strcmp(ty, ".v2") || !strcmp(ty, ".v4"))
		return err_at(c, at, "vector register declarations (.reg %s) are not supported", ty);
	if (!type_info(ty, &cls, &bits, &fl))
		return err_at(c, at, "register type %s is not supported (.pred, .b16/.u16/.s16, .b32/.u32/.s32, .f32, .b64/.u64/.s64, .f64)", ty);
	for (;;) {
		if (!skip(c))
			return false;
		at = c->p;
		unsigned n = ident_len(c->p, false);
		/* (a name without '%' is declared too: nvcc's call blocks declare
		 * temp_param_reg, which nothing reads) */
		if (!n || *c->p == '$')
			return err_at(c, at, "expected a register name (%%name) in .reg");
		if (n >= PTX_NAME_MAX)
			return err_at(c, at, "register name too long");
		struct regdecl r;
		memset(&r, 0, sizeof r);
		memcpy(r.prefix, c->p, n);
		c->p += n;
		if (*c->p == '<') {
			c->p++;
			uint64_t cnt;
			if (!read_uint(c, &cnt, "a register count in <N>"))
				return false;
			if (cnt == 0 || cnt > 1000000)
				return err_at(c, at, "register count %llu out of range (1 .. 1000000)",
					      (unsigned long long)cnt);
			if (!expect(c, '>', "'>' after the register count"))
				return false;
			r.count = (unsigned)cnt;
		}
		for (unsigned i = ps->scope_base; i < ps->ndecls; i++)
			if (!strcmp(ps->decls[i].prefix, r.prefix))
				return err_at(c, at, "registers %s are declared twice", r.prefix);
		if (ps->e->nvregs + (r.count ? r.count : 1) > 4000000)
			return err_at(c, at, "too many registers declared");
		r.base = (int)ps->e->nvregs;
		for (unsigned i = 0; i < (r.count ? r.count : 1); i++)
			new_vreg(ps->e, cls, bits, fl);
		GROW(ps->decls, ps->cap_decls, ps->ndecls + 1);
		ps->decls[ps->ndecls++] = r;
		if (!skip(c))
			return false;
		if (*c->p == ',') {
			c->p++;
			continue;
		}
		return expect(c, ';', "';' after .reg");
	}
}

/* The size in bytes of a .b8 .. .b64 element type, 0 if not one. */
static unsigned elem_bytes(const char *t)
{
	if (!strcmp(t, ".b8") || !strcmp(t, ".u8") || !strcmp(t, ".s8"))
		return 1;
	if (!strcmp(t, ".b16") || !strcmp(t, ".u16") || !strcmp(t, ".s16") || !strcmp(t, ".f16"))
		return 2;
	if (!strcmp(t, ".b32") || !strcmp(t, ".u32") || !strcmp(t, ".s32") || !strcmp(t, ".f32"))
		return 4;
	if (!strcmp(t, ".b64") || !strcmp(t, ".u64") || !strcmp(t, ".s64") || !strcmp(t, ".f64"))
		return 8;
	return 0;
}

/* A function-local static's PTX name (_ZZ<function>E4ds_A) shortened to the
 * variable's own (ds_A); other names as they are, if they fit. */
static void short_name(const char *name, char *out, size_t size)
{
	const char *best = NULL;
	if (!strncmp(name, "_ZZ", 3))
		for (const char *q = name + 3; *q; q++) {
			if (*q != 'E' || !isdigit((unsigned char)q[1]))
				continue;
			char *end;
			unsigned long len = strtoul(q + 1, &end, 10);
			if (len && strlen(end) == len)
				best = end;
		}
	if (best && strlen(best) < size) {
		snprintf(out, size, "%s", best);
		return;
	}
	if (strlen(name) < size) {
		snprintf(out, size, "%s", name);
		return;
	}
	snprintf(out, size, "shared_%.*s", (int)(size - 8), name + strlen(name) - (size - 8));
}

/* [.align N] .TYPE NAME[N]...; after .shared; dynamic: NAME[] allowed. */
static bool do_shared(struct parser *ps, const char *at0, bool ext, bool local)
{
	const char *sp = local ? "local" : "shared";
	struct cur *c = &ps->c;
	struct ptx_kernel *k = ps->e->k;
	uint64_t align = 0;
	char w[PTX_NAME_MAX];
	const char *at;
	if (!skip(c))
		return false;
	at = c->p;
	if (!read_word(c, w, sizeof w, false, local ? "a type after .local" : "a type after .shared"))
		return false;
	if (!strcmp(w, ".align")) {
		if (!read_uint(c, &align, "an alignment after .align"))
			return false;
		if (align == 0 || align > 4096 || (align & (align - 1)))
			return err_at(c, at, ".align %llu is not a power of two up to 4096", (unsigned long long)align);
		if (!skip(c))
			return false;
		at = c->p;
		if (!read_word(c, w, sizeof w, false, "a type after .align N"))
			return false;
	}
	unsigned eb = elem_bytes(w);
	if (!eb)
		return err_at(c, at, "%s variable type %s is not supported", sp, w);
	if (!align)
		align = eb;
	if (!skip(c))
		return false;
	at = c->p;
	unsigned n = ident_len(c->p, false);
	if (!n || *c->p == '%')
		return err_at(c, at, "expected a %s variable name", sp);
	char name[PTX_NAME_MAX];
	if (n >= sizeof name)
		return err_at(c, at, "%s variable name too long", sp);
	memcpy(name, c->p, n);
	name[n] = 0;
	c->p += n;
	uint64_t count = 1;
	bool dynamic = false;
	if (!skip(c))
		return false;
	while (*c->p == '[') {
		c->p++;
		if (!skip(c))
			return false;
		if (*c->p == ']') {
			if (!ext)
				return err_at(c, c->p, "an array without a size must be .extern");
			dynamic = true;
			c->p++;
		} else {
			uint64_t dim;
			if (!read_uint(c, &dim, "an array size"))
				return false;
			count *= dim;
			if (count > (1u << 24))
				return err_at(c, at, "%s array too large", sp);
			if (!expect(c, ']', "']'"))
				return false;
		}
		if (!skip(c))
			return false;
	}
	if (*c->p == '=')
		return err_at(c, c->p, "initialised %s variables are not supported", sp);
	if (!expect(c, ';', local ? "';' after the local variable" : "';' after the shared variable"))
		return false;
	if (local) {
		/* a thread's local memory: each variable at its alignment, after
		 * the last (CUDA's limit: 512 KB a thread) */
		struct pentry *e = ps->e;
		for (unsigned i = 0; i < e->nlocals; i++)
			if (!strcmp(e->local_names[i], name))
				return err_at(c, at, "local variable %s is declared twice", name);
		uint32_t off = (uint32_t)((k->local_bytes + align - 1) & ~(align - 1));
		if (off + count * eb > (1u << 19))
			return err_at(c, at, "local memory too large (at most 524288 bytes a thread)");
		GROW(e->local_names, e->cap_locals, e->nlocals + 1);
		e->local_off = xrealloc(e->local_off, sizeof *e->local_off * e->cap_locals);
		e->local_names[e->nlocals] = xstrdup(name);
		e->local_off[e->nlocals++] = off;
		k->local_bytes = off + (uint32_t)(count * eb);
		return true;
	}
	for (unsigned i = 0; i < k->nshared; i++)
		if (!strcmp(k->shared[i].name, name))
			return err_at(c, at, "shared variable %s is declared twice", name);
	(void)at0;
	/* every array starts 16-byte aligned (at least its .align), as the
	 * assembler places .shared arrays */
	if (align < 16)
		align = 16;
	uint32_t off = (uint32_t)((k->shared_bytes + align - 1) & ~(align - 1));
	uint64_t size = dynamic ? 0 : count * eb;
	if (off + size > (1u << 24))
		return err_at(c, at, "shared memory too large");
	GROW(k->shared, ps->e->cap_shared, k->nshared + 1);
	ps->e->shared_names = xrealloc(ps->e->shared_names, sizeof *ps->e->shared_names * (k->nshared + 1));
	ps->e->shared_names[k->nshared] = xstrdup(name);
	struct shared_sym *s = &k->shared[k->nshared++];
	memset(s, 0, sizeof *s);
	short_name(name, s->name, sizeof s->name);
	for (unsigned i = 0; i + 1 < k->nshared; i++)
		if (!strcmp(k->shared[i].name, s->name))
			snprintf(s->name, sizeof s->name, "shared%u", k->nshared - 1);
	s->offset = off;
	s->size = (uint32_t)size;
	k->shared_bytes = off + (uint32_t)size;
	return true;
}

static bool parse_opnd(struct parser *ps, struct opnd *o);

/* [.align N] .TYPE NAME[N]... [= VALUE | = {VALUE, ...}]; after a top-level
 * .global (constant false) or .const (true): a module-scope variable the
 * entry uses. Initial values are integers or 0f constants, one per element,
 * the rest zero. */
static bool do_global(struct parser *ps, bool constant)
{
	struct cur *c = &ps->c;
	struct ptx_kernel *k = ps->e->k;
	char w[PTX_NAME_MAX];
	const char *at;
	if (!skip(c))
		return false;
	at = c->p;
	if (!read_word(c, w, sizeof w, false, constant ? "a type after .const" : "a type after .global"))
		return false;
	if (!strcmp(w, ".align")) {
		uint64_t al;
		if (!read_uint(c, &al, "an alignment") || !skip(c))
			return false;
		at = c->p;
		if (!read_word(c, w, sizeof w, false, "a type after .align N"))
			return false;
	}
	unsigned eb = elem_bytes(w);
	if (!eb || !strcmp(w, ".f64") || !strcmp(w, ".f16"))
		return err_at(c, at, "module-scope variables of type %s are not supported", w);
	if (!skip(c))
		return false;
	at = c->p;
	unsigned n = ident_len(c->p, false);
	if (!n || *c->p == '%')
		return err_at(c, at, "expected a variable name");
	if (n >= PROG_NAME_MAX)
		return err_at(c, at, "module-scope variable name too long (at most %d characters)", PROG_NAME_MAX - 1);
	struct ptx_global g;
	memset(&g, 0, sizeof g);
	g.constant = constant;
	memcpy(g.name, c->p, n);
	c->p += n;
	uint64_t count = 1;
	if (!skip(c))
		return false;
	while (*c->p == '[') {
		c->p++;
		uint64_t dim;
		if (!read_uint(c, &dim, "an array size") || !expect(c, ']', "']'"))
			return false;
		count *= dim;
		if (count * eb > (1u << 24))
			return err_at(c, at, "module-scope variable too large");
		if (!skip(c))
			return false;
	}
	g.size = (uint32_t)(count * eb);
	g.init = xcalloc(g.size ? g.size : 1, 1);
	if (*c->p == '=') {
		c->p++;
		if (!skip(c))
			return false;
		bool list = *c->p == '{';
		if (list)
			c->p++;
		for (uint64_t i = 0;; i++) {
			if (!skip(c))
				goto fail;
			if (list && *c->p == '}' && i == 0)
				break;
			struct opnd o;
			const char *va = c->p;
			if (!parse_opnd(ps, &o))
				goto fail;
			if (o.kind != PO_IMM && o.kind != PO_FIMM) {
				err_at(c, va, "an initial value must be a number");
				goto fail;
			}
			if (i >= count) {
				err_at(c, va, "more initial values than elements");
				goto fail;
			}
			uint64_t v = (uint64_t)o.imm;
			for (unsigned b = 0; b < eb; b++)
				g.init[i * eb + b] = (uint8_t)(v >> (8 * b));
			if (!skip(c))
				goto fail;
			if (list && *c->p == ',') {
				c->p++;
				continue;
			}
			if (list && !expect(c, '}', "',' or '}' in the initial values"))
				goto fail;
			break;
		}
	}
	if (!expect(c, ';', "';' after the variable"))
		goto fail;
	GROW(k->globals, ps->e->cap_globals, k->nglobals + 1);
	k->globals[k->nglobals++] = g;
	return true;
fail:
	free(g.init);
	return false;
}

/* .loc FILE LINE COL [, function_name ..., inlined_at ...] (to end of line). */
static bool do_loc(struct parser *ps)
{
	struct cur *c = &ps->c;
	uint64_t f, l;
	if (!read_uint(c, &f, "a file number after .loc") || !read_uint(c, &l, "a line number after .loc"))
		return false;
	ps->cu_file = (unsigned)f;
	ps->cu_line = l > 0xffffffffu ? 0 : (unsigned)l;
	ps->inl_file = ps->inl_line = 0;
	/* ", function_name NAME, inlined_at F L C": where an inlined function
	 * was called from */
	const char *q = c->p;
	while (*q && *q != '\n' && strncmp(q, "inlined_at", 10))
		q++;
	if (!strncmp(q, "inlined_at", 10)) {
		char *end;
		unsigned long ff = strtoul(q + 10, &end, 10);
		unsigned long ll = strtoul(end, &end, 10);
		ps->inl_file = ff > 1024 ? 0 : (unsigned)ff;
		ps->inl_line = ll > 0xffffffffu ? 0 : (unsigned)ll;
	}
	while (*c->p && *c->p != '\n')
		c->p++;
	return true;
}

/* ---- operands ------------------------------------------------------------ */

static bool parse_int(struct cur *c, int64_t *v)
{
	const char *at = c->p;
	bool neg = false;
	if (*c->p == '-') {
		neg = true;
		c->p++;
	}
	if (!isdigit((unsigned char)*c->p))
		return err_at(c, at, "expected a number");
	char *end;
	errno = 0;
	uint64_t u;
	if (c->p[0] == '0' && (c->p[1] == 'x' || c->p[1] == 'X'))
		u = strtoull(c->p + 2, &end, 16);
	else if (c->p[0] == '0' && isdigit((unsigned char)c->p[1]))
		u = strtoull(c->p + 1, &end, 8);
	else
		u = strtoull(c->p, &end, 10);
	if (errno || (is_id(*end) && *end != 'U'))
		return err_at(c, at, "malformed integer");
	if (*end == 'U')
		end++;
	c->p = end;
	*v = (int64_t)(neg ? 0 - u : u); /* (negated unsigned: -9223372036854775808, nvcc's LLONG_MIN, too) */
	return true;
}

static bool parse_reg_or_special(struct parser *ps, struct opnd *o, bool allow_neg)
{
	struct cur *c = &ps->c;
	const char *at = c->p;
	if (*c->p == '!') {
		if (!allow_neg)
			return err_at(c, at, "'!' only negates a predicate source");
		o->neg = true;
		c->p++;
	}
	unsigned n = ident_len(c->p, false);
	if (!n || *c->p != '%')
		return err_at(c, c->p, "expected a register");
	int r = find_reg(ps, c->p, n);
	if (r >= 0) {
		o->kind = PO_REG;
		o->reg = r;
		c->p += n;
		if (o->neg && ps->e->vregs[r].cls != VC_PRED)
			return err_at(c, at, "'!' only negates a predicate");
		return true;
	}
	if (o->neg)
		return err_at(c, at + 1, "unknown register '%.*s'", (int)n, c->p);
	/* PTX's special registers (the ones the translator reads are a subset) */
	static const char *const sregs[] = {"%tid", "%ntid", "%ctaid", "%nctaid", "%laneid", "%warpid", "%nwarpid",
					    "%smid", "%nsmid", "%gridid", "%clock", "%clock64", "%clock_hi",
					    "%globaltimer", "%globaltimer_lo", "%globaltimer_hi", "%lanemask_eq",
					    "%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge",
					    "%dynamic_smem_size", "%total_smem_size", "%clusterid", "%nclusterid",
					    "%cluster_ctaid", "%cluster_nctaid", "%is_explicit_cluster", NULL};
	bool known = false;
	for (unsigned i = 0; sregs[i] && !known; i++)
		known = word_is(c->p, n, sregs[i]);
	if (!known)
		return err_at(c, at, "unknown register '%.*s' (not declared with .reg)", (int)n, c->p);
	unsigned m = ident_len(c->p, true); /* %tid.x */
	if (m >= PTX_NAME_MAX)
		return err_at(c, at, "name too long");
	o->kind = PO_SPECIAL;
	memcpy(o->name, c->p, m);
	o->name[m] = 0;
	c->p += m;
	return true;
}

static bool parse_opnd(struct parser *ps, struct opnd *o)
{
	struct cur *c = &ps->c;
	memset(o, 0, sizeof *o);
	o->reg = o->reg2 = -1;
	if (!skip(c))
		return false;
	o->col = col_of(c, c->p);
	const char *at = c->p;
	if (*c->p == '%' || *c->p == '!') {
		if (!parse_reg_or_special(ps, o, true))
			return false;
		if (!skip(c))
			return false;
		if (o->kind == PO_REG && *c->p == '|') {
			c->p++;
			if (!skip(c))
				return false;
			if (*c->p == '_') {
				c->p++;
				return true;
			}
			struct opnd q;
			memset(&q, 0, sizeof q);
			const char *qa = c->p;
			if (!parse_reg_or_special(ps, &q, false))
				return false;
			if (q.kind != PO_REG || ps->e->vregs[q.reg].cls != VC_PRED)
				return err_at(c, qa, "expected a predicate after '|'");
			o->reg2 = q.reg;
		}
		return true;
	}
	if (*c->p == '_' && !is_id(c->p[1])) {
		o->kind = PO_SINK;
		c->p++;
		return true;
	}
	if (c->p[0] == '0' && (c->p[1] == 'f' || c->p[1] == 'F') && isxdigit((unsigned char)c->p[2])) {
		char *end;
		uint64_t u = strtoull(c->p + 2, &end, 16);
		if (end - c->p != 10 || is_id(*end))
			return err_at(c, at, "malformed f32 constant (0f and 8 hex digits)");
		o->kind = PO_FIMM;
		o->imm = (int64_t)u;
		c->p = end;
		return true;
	}
	if (c->p[0] == '0' && (c->p[1] == 'd' || c->p[1] == 'D') && isxdigit((unsigned char)c->p[2])) {
		char *end;
		uint64_t u = strtoull(c->p + 2, &end, 16);
		if (end - c->p != 18 || is_id(*end))
			return err_at(c, at, "malformed f64 constant (0d and 16 hex digits)");
		o->kind = PO_DIMM;
		o->imm = (int64_t)u;
		c->p = end;
		return true;
	}
	if (isdigit((unsigned char)*c->p) || *c->p == '-') {
		o->kind = PO_IMM;
		return parse_int(c, &o->imm);
	}
	if (*c->p == '[') {
		c->p++;
		o->kind = PO_ADDR;
		if (!skip(c))
			return false;
		if (*c->p == '%') {
			struct opnd b;
			memset(&b, 0, sizeof b);
			const char *ba = c->p;
			if (!parse_reg_or_special(ps, &b, false))
				return false;
			if (b.kind != PO_REG || ps->e->vregs[b.reg].cls != VC_REG)
				return err_at(c, ba, "an address is [register + offset] or [symbol + offset]");
			o->reg = b.reg;
		} else if (is_id0(*c->p)) {
			unsigned n = ident_len(c->p, false);
			if (n >= PTX_NAME_MAX)
				return err_at(c, c->p, "name too long");
			memcpy(o->name, c->p, n);
			o->name[n] = 0;
			c->p += n;
		} else if (isdigit((unsigned char)*c->p)) {
			if (!parse_int(c, &o->imm))
				return false;
			return expect(c, ']', "']'");
		} else {
			return err_at(c, c->p, "expected a register or symbol in the address");
		}
		if (!skip(c))
			return false;
		if (*c->p == ',')
			return err_at(c, at, "texture and surface operands are not supported");
		if (*c->p == '+' || *c->p == '-') {
			bool minus = *c->p == '-';
			c->p++;
			if (!skip(c))
				return false;
			int64_t v;
			if (!parse_int(c, &v))
				return false;
			o->imm = minus ? -v : v;
		}
		return expect(c, ']', "']' to close the address");
	}
	if (*c->p == '{') {
		c->p++;
		o->kind = PO_VEC;
		for (;;) {
			if (!skip(c))
				return false;
			if (o->nvec == 4)
				return err_at(c, c->p, "a vector has at most 4 elements");
			if (*c->p == '_' && !is_id(c->p[1])) {
				o->vec[o->nvec++] = -1;
				c->p++;
			} else {
				struct opnd e;
				memset(&e, 0, sizeof e);
				const char *ea = c->p;
				if (!parse_reg_or_special(ps, &e, false))
					return false;
				if (e.kind != PO_REG || ps->e->vregs[e.reg].cls != VC_REG)
					return err_at(c, ea, "a vector element is a register");
				o->vec[o->nvec++] = e.reg;
			}
			if (!skip(c))
				return false;
			if (*c->p == ',') {
				c->p++;
				continue;
			}
			return expect(c, '}', "'}' to close the vector");
		}
	}
	if (is_id0(*c->p)) {
		unsigned n = ident_len(c->p, false);
		if (n >= PTX_NAME_MAX)
			return err_at(c, at, "name too long");
		o->kind = PO_NAME;
		memcpy(o->name, c->p, n);
		o->name[n] = 0;
		c->p += n;
		if (!skip(c))
			return false;
		if (*c->p == '+' && o->kind == PO_NAME)
			return err_at(c, c->p, "symbol arithmetic outside an address is not supported");
		return true;
	}
	return err_at(c, at, "expected an operand");
}

/* An instruction statement at the cursor (the guard, if any, is read). */
/* The operands of a call, as nvcc writes printf's over several lines:
 * call[.uni] (RET), vprintf, (ARG, ARG); into o[0] (RET's name, PO_SINK
 * when it returns nothing), o[1] (the callee) and o[2...] (the arguments),
 * c->p left at the ';'. */
/* A name at c->p into o (PO_NAME, its column), c->p past it; else an
 * error: "expected WHAT". */
static bool call_name(struct cur *c, struct opnd *o, const char *what)
{
	unsigned n = ident_len(c->p, false);
	if (!n || n >= PTX_NAME_MAX)
		return err_at(c, c->p, "expected %s", what);
	*o = (struct opnd){.kind = PO_NAME, .col = col_of(c, c->p), .reg = -1, .reg2 = -1};
	memcpy(o->name, c->p, n);
	c->p += n;
	return true;
}

static bool do_call(struct parser *ps, struct stmt *s)
{
	struct cur *c = &ps->c;
	struct opnd *o = s->o;
	if (*c->p == '(') {
		c->p++;
		if (!skip(c))
			return false;
		if (!call_name(c, &o[0], "the name of the call's return value") || !skip(c) || !expect(c, ')', "')' after a call's return value") || !skip(c) ||
		    !expect(c, ',', "',' after a call's return value") || !skip(c))
			return false;
	} else {
		o[0] = (struct opnd){.kind = PO_SINK, .col = col_of(c, c->p), .reg = -1, .reg2 = -1};
	}
	if (!call_name(c, &o[1], "the function a call calls"))
		return false;
	s->no = 2;
	if (!skip(c))
		return false;
	if (*c->p == ',') {
		c->p++;
		if (!skip(c) || !expect(c, '(', "'(' before a call's arguments"))
			return false;
		for (;;) {
			if (!skip(c))
				return false;
			const char *at = c->p;
			struct opnd a;
			if (!call_name(c, &a, "the name of a call's argument"))
				return false;
			if (s->no == PTX_MAX_OPNDS)
				return err_at(c, at, "too many arguments (at most %d)", PTX_MAX_OPNDS - 2);
			o[s->no++] = a;
			if (!skip(c))
				return false;
			if (*c->p == ',') {
				c->p++;
				continue;
			}
			if (!expect(c, ')', "',' or ')' in a call's arguments") || !skip(c))
				return false;
			break;
		}
	}
	return true;
}

static bool do_stmt(struct parser *ps)
{
	struct cur *c = &ps->c;
	struct pentry *e = ps->e;
	struct stmt s;
	memset(&s, 0, sizeof s);
	s.guard = -1;
	s.line = c->line;
	s.col = col_of(c, c->p);
	s.cu_file = ps->cu_file;
	s.cu_line = ps->cu_line;
	s.inl_file = ps->inl_file;
	s.inl_line = ps->inl_line;
	s.nounroll = ps->nounroll;
	ps->nounroll = false;
	const char *start = c->p;
	if (*c->p == '@') {
		c->p++;
		if (*c->p == '!') {
			s.guard_neg = true;
			c->p++;
		}
		const char *at = c->p;
		unsigned n = ident_len(c->p, false);
		int r = n && *c->p == '%' ? find_reg(ps, c->p, n) : -1;
		if (r < 0 || e->vregs[r].cls != VC_PRED)
			return err_at(c, at, "expected a predicate register after '@'");
		s.guard = r;
		c->p += n;
		if (!skip(c))
			return false;
	}
	const char *at = c->p;
	unsigned n = ident_len(c->p, true);
	if (!n || *c->p == '%' || *c->p == '$')
		return err_at(c, at, "expected an instruction");
	if (n >= sizeof s.op)
		return err_at(c, at, "instruction name too long");
	memcpy(s.op, c->p, n);
	s.op[n] = 0;
	c->p += n;
	unsigned line0 = c->line;
	if (!skip(c))
		return false;
	/* (refuse_calls has refused every call but printf's, with the callee
	 * named, before the body was parsed) */
	bool call = !strncmp(s.op, "call", 4) && (s.op[4] == 0 || s.op[4] == '.');
	if (call) {
		if (!do_call(ps, &s))
			return false;
		line0 = c->line;
	} else if (*c->p != ';') {
		for (;;) {
			if (s.no == PTX_MAX_OPNDS)
				return err_at(c, c->p, "too many operands (at most %d)", PTX_MAX_OPNDS);
			if (!parse_opnd(ps, &s.o[s.no++]))
				return false;
			if (!skip(c))
				return false;
			if (*c->p == ',') {
				c->p++;
				continue;
			}
			break;
		}
	}
	if (*c->p != ';')
		return err_at(c, c->p, "expected ',' or ';' after an operand of %s", s.op);
	c->p++;
	if (c->line != line0)
		return err_at(c, at, "a statement split over lines is not supported");
	size_t len = (size_t)(c->p - start);
	s.text = xstrndup(start, len);
	for (char *q = s.text; *q; q++)
		if (*q == '\t')
			*q = ' ';
	GROW(e->stmts, e->cap_stmts, e->nstmts + 1);
	e->stmts[e->nstmts++] = s;
	return true;
}

/* The body of the entry, after its '{'. */
/* A call in the body that starts at c->p (before its first statement): the
 * one refusal it will end in, made before any of the scaffolding nvcc puts
 * around a call (a .local depot for printf's arguments, the call block's
 * ".reg .b32 temp_param_reg", param declarations) can be refused first in
 * words that do not say why. True when there is none. */
static bool refuse_calls(struct cur *c)
{
	unsigned depth = 0;
	bool start = true; /* at the start of a statement */
	for (const char *q = c->p; *q; q++) {
		if (q[0] == '/' && q[1] == '/') {
			while (*q && *q != '\n')
				q++;
			if (!*q)
				break;
			continue;
		}
		if (q[0] == '/' && q[1] == '*') {
			const char *end = strstr(q + 2, "*/");
			if (!end)
				break;
			q = end + 1;
			continue;
		}
		if (*q == '{' || *q == ';' || *q == ':') {
			depth += *q == '{';
			start = true;
			continue;
		}
		if (*q == '}') {
			if (depth-- == 0)
				break;
			start = true;
			continue;
		}
		if (isspace((unsigned char)*q))
			continue;
		if (start && *q == '@') { /* a guard (@%p, @!%p): the statement starts after it */
			while (q[1] && !isspace((unsigned char)q[1]) && q[1] != ';')
				q++;
			continue;
		}
		if (start && !strncmp(q, "call", 4) && (q[4] == '.' || isspace((unsigned char)q[4]))) {
			/* the callee: the first name after the return values' (...) */
			const char *r = q + 4;
			while (*r && *r != ';' && *r != ',' && !isspace((unsigned char)*r))
				r++;
			while (isspace((unsigned char)*r))
				r++;
			if (*r == '(') {
				while (*r && *r != ')' && *r != ';')
					r++;
				if (*r == ')')
					r++;
				while (isspace((unsigned char)*r) || *r == ',')
					r++;
			}
			unsigned n = ident_len(r, false);
			int oplen = (int)strcspn(q, " \t\n(");
			if (word_is(r, n, "vprintf")) { /* printf: translated (do_call) */
				start = false;
				continue;
			}
			if (word_is(r, n, "__assertfail"))
				return err_at(c, q, "%.*s __assertfail: assert is not supported (compile with -DNDEBUG, or "
					      "check the condition in a .check)", oplen, q);
			if (word_is(r, n, "malloc") || word_is(r, n, "free"))
				return err_at(c, q, "%.*s %.*s: the device heap (malloc, free) is not supported", oplen, q,
					      (int)n, r);
			return err_at(c, q, "%.*s: calls to device functions are not supported (nvcc inlines them at "
				      "-O3; mark them __forceinline__)", oplen, q);
		}
		start = false;
	}
	return true;
}

static bool do_body(struct parser *ps)
{
	struct cur *c = &ps->c;
	struct pentry *e = ps->e;
	unsigned depth = 0;
	/* per open { } block: the declarations and scope before it (a block's
	 * registers, as inline asm declares them, end with it) */
	enum { MAX_DEPTH = 64 };
	unsigned saved_n[MAX_DEPTH], saved_base[MAX_DEPTH];
	if (!refuse_calls(c))
		return false;
	for (;;) {
		if (!skip(c))
			return false;
		const char *at = c->p;
		if (!*c->p)
			return err_at(c, at, "end of file inside the body of %s: missing '}'", e->k->entry);
		if (*c->p == '{') {
			if (depth == MAX_DEPTH)
				return err_at(c, at, "blocks nested more than %d deep", MAX_DEPTH);
			c->p++;
			saved_n[depth] = ps->ndecls;
			saved_base[depth] = ps->scope_base;
			ps->scope_base = ps->ndecls;
			depth++;
			continue;
		}
		if (*c->p == '}') {
			c->p++;
			if (depth == 0)
				return true;
			depth--;
			ps->ndecls = saved_n[depth];
			ps->scope_base = saved_base[depth];
			continue;
		}
		if (*c->p == '.') {
			char w[64];
			if (!read_word(c, w, sizeof w, false, "a directive"))
				return false;
			if (!strcmp(w, ".reg")) {
				if (!do_reg(ps))
					return false;
			} else if (!strcmp(w, ".shared")) {
				if (!do_shared(ps, at, false, false))
					return false;
			} else if (!strcmp(w, ".loc")) {
				if (!do_loc(ps))
					return false;
			} else if (!strcmp(w, ".pragma")) {
				const char *q = c->p;
				while (*c->p && *c->p != ';' && *c->p != '\n')
					c->p++;
				/* "nounroll" marks the loop it opens (the only pragma
				 * with an effect here; others are hints to ptxas) */
				const char *nu = strstr(q, "\"nounroll\"");
				if (nu && nu < c->p)
					ps->nounroll = true;
				if (!expect(c, ';', "';' after .pragma"))
					return false;
			} else if (!strcmp(w, ".local")) {
				if (!do_shared(ps, at, false, true))
					return false;
			} else if (!strcmp(w, ".param") && depth > 0) {
				/* a call's argument or return value (printf's
				 * block: .param .b64 param0;), named by the st.param,
				 * call and ld.param that use it */
				char ty[16], nm[PTX_NAME_MAX];
				if (!read_word(c, ty, sizeof ty, false, "a type after .param"))
					return false;
				if (strcmp(ty, ".b32") && strcmp(ty, ".b64"))
					return err_at(c, at, ".param %s in a call: only .b32 and .b64 (printf's) are supported", ty);
				if (!skip(c))
					return false;
				unsigned nn = ident_len(c->p, false);
				if (!nn || nn >= sizeof nm)
					return err_at(c, c->p, "expected the name of a call's parameter");
				memcpy(nm, c->p, nn);
				nm[nn] = 0;
				c->p += nn;
				if (!skip(c) || !expect(c, ';', "';' after .param"))
					return false;
			} else {
				return err_at(c, at, "directive %s inside a kernel body is not supported", w);
			}
			continue;
		}
		/* a label? */
		unsigned n = ident_len(c->p, false);
		if (n && *c->p != '%') {
			const char *q = c->p + n;
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == ':') {
				if (n >= PTX_NAME_MAX)
					return err_at(c, at, "label name too long");
				for (unsigned i = 0; i < e->nlabels; i++)
					if (word_is(at, n, e->labels[i].name))
						return err_at(c, at, "label %.*s is defined twice", (int)n, at);
				GROW(e->labels, e->cap_labels, e->nlabels + 1);
				struct plabel *l = &e->labels[e->nlabels++];
				memcpy(l->name, at, n);
				l->name[n] = 0;
				l->stmt = e->nstmts;
				l->line = c->line;
				l->col = col_of(c, at);
				c->p = q + 1;
				continue;
			}
		}
		if (!do_stmt(ps))
			return false;
	}
}

/* ( .param .TYPE [.ptr [.space] .align N] NAME, ... ) */
static bool do_params(struct parser *ps, bool keep)
{
	struct cur *c = &ps->c;
	struct ptx_kernel *k = ps->e->k;
	unsigned cap = 0;
	if (!skip(c))
		return false;
	if (*c->p != '(')
		return true;
	c->p++;
	if (!skip(c))
		return false;
	if (*c->p == ')') {
		c->p++;
		return true;
	}
	for (;;) {
		char w[PTX_NAME_MAX];
		const char *at;
		if (!skip(c))
			return false;
		at = c->p;
		if (!read_word(c, w, sizeof w, false, ".param") || strcmp(w, ".param"))
			return err_at(c, at, "expected .param");
		if (!skip(c))
			return false;
		const char *tat = c->p;
		if (!read_word(c, w, sizeof w, false, "a parameter type"))
			return false;
		if (!strcmp(w, ".align")) { /* .param .align N .b8 name[size]: a struct */
			uint64_t al;
			if (!read_uint(c, &al, "an alignment") || !skip(c))
				return false;
			tat = c->p;
			if (!read_word(c, w, sizeof w, false, "a parameter type"))
				return false;
		}
		struct ptx_param prm;
		memset(&prm, 0, sizeof prm);
		int ty = w[0] == '.' ? ptx_ptype_lookup(w + 1) : -1;
		bool found = ty >= 0;
		if (found)
			prm.type = (enum ptx_ptype)ty;
		if (!found && keep)
			return err_at(c, tat, "parameter type %s is not supported (.u8 .s8 .b8 .u16 .s16 .b16 .u32 .s32 .u64 .s64 .f32 .f64 .b32 .b64)", w);
		for (;;) {
			if (!skip(c))
				return false;
			if (*c->p != '.')
				break;
			const char *qa = c->p;
			if (!read_word(c, w, sizeof w, false, "a parameter attribute"))
				return false;
			if (!strcmp(w, ".align")) {
				uint64_t al;
				if (!read_uint(c, &al, "an alignment"))
					return false;
			} else if (strcmp(w, ".ptr") && strcmp(w, ".global") && strcmp(w, ".const") &&
				   strcmp(w, ".shared") && strcmp(w, ".local")) {
				return err_at(c, qa, "parameter attribute %s is not supported", w);
			}
		}
		at = c->p;
		unsigned n = ident_len(c->p, false);
		if (!n || *c->p == '%' || n >= PTX_NAME_MAX)
			return err_at(c, at, "expected a parameter name");
		memcpy(prm.name, c->p, n);
		c->p += n;
		if (!skip(c))
			return false;
		if (*c->p == '[' && keep) { /* a struct or vector passed by value: its bytes */
			if (strcmp(w, ".b8"))
				return err_at(c, tat, "array parameters of %s are not supported (a struct passed by value is .b8 NAME[N])", w);
			c->p++;
			uint64_t n;
			if (!skip(c))
				return false;
			const char *nat = c->p;
			if (!read_uint(c, &n, "the parameter's bytes"))
				return false;
			if (n < 1 || n > 32764) /* CUDA's limit on a kernel's parameters, sm_70 on */
				return err_at(c, nat, "a parameter of %llu bytes is not supported (1 to 32764 bytes)", (unsigned long long)n);
			if (!expect(c, ']', "']' after the parameter's bytes"))
				return false;
			prm.type = PTX_P_BYTES;
			prm.size = (uint32_t)n;
		}
		while (*c->p && *c->p != ',' && *c->p != ')') { /* (what else an entry not kept declares) */
			if (*c->p == '\n') {
				c->line++;
				c->bol = c->p + 1;
			}
			c->p++;
		}
		if (keep) {
			if (k->nparams >= 1024)
				return err_at(c, at, "too many parameters");
			GROW(k->params, cap, k->nparams + 1);
			k->params[k->nparams++] = prm;
		}
		if (*c->p == ',') {
			c->p++;
			continue;
		}
		return expect(c, ')', "')' after the parameters");
	}
}

/* An entry's performance directives, between its parameters and its
 * body (PTX ISA, "Performance-Tuning Directives"): .maxntid and .reqntid,
 * which a launch must keep to, and .maxnreg, kept in k (NULL: another
 * entry's, read only); .minnctapersm, .maxnctapersm and the cluster
 * directives, hints to ptxas that change nothing here; .noreturn. Anything
 * else is refused. */
static bool do_perf(struct cur *c, struct ptx_kernel *k)
{
	for (;;) {
		if (!skip(c))
			return false;
		if (*c->p == '{' || *c->p == ';' || !*c->p)
			return true;
		const char *at = c->p;
		char w[32];
		if (*c->p != '.')
			return err_at(c, at, "expected a performance directive (.maxntid, .reqntid, .maxnreg, ...) or the kernel's body");
		if (!read_word(c, w, sizeof w, true, "a performance directive"))
			return false;
		unsigned dims = !strcmp(w, ".maxntid") || !strcmp(w, ".reqntid") || !strcmp(w, ".reqnctapercluster")
					? 3 : !strcmp(w, ".maxnreg") || !strcmp(w, ".minnctapersm") ||
						      !strcmp(w, ".maxnctapersm") || !strcmp(w, ".maxclusterrank") ? 1 : 0;
		if (!dims) {
			if (!strcmp(w, ".noreturn") || !strcmp(w, ".explicitcluster"))
				continue;
			return err_at(c, at, "%s is not supported (a performance directive simt-sim does not know)", w);
		}
		uint64_t v[3] = {1, 1, 1};
		for (unsigned d = 0; d < dims; d++) {
			if (d) {
				if (!skip(c))
					return false;
				if (*c->p != ',')
					break;
				c->p++;
			}
			if (!read_uint(c, &v[d], "a number"))
				return false;
			if (!v[d] || v[d] > 65535)
				return err_at(c, at, "%s %llu: out of range 1..65535", w, (unsigned long long)v[d]);
		}
		if (!k)
			continue;
		if (!strcmp(w, ".maxntid") || !strcmp(w, ".reqntid")) {
			uint32_t *to = w[3] == 'x' ? k->maxntid : k->reqntid;
			for (unsigned d = 0; d < 3; d++)
				to[d] = (uint32_t)v[d];
		} else if (!strcmp(w, ".maxnreg")) {
			k->maxnreg = (unsigned)v[0];
		}
	}
}

/* Skip a balanced { ... } body (of another entry or a function). */
static bool skip_body(struct cur *c)
{
	unsigned depth = 0;
	for (;;) {
		if (!skip(c))
			return false;
		if (!*c->p)
			return err_at(c, c->p, "end of file inside a body: missing '}'");
		char ch = *c->p++;
		if (ch == '"') {
			while (*c->p && *c->p != '"' && *c->p != '\n')
				c->p++;
			if (*c->p == '"')
				c->p++;
		} else if (ch == '{') {
			depth++;
		} else if (ch == '}') {
			if (--depth == 0)
				return true;
		}
	}
}

void ptx_plain_name(const char *m, char *out, unsigned size)
{
	snprintf(out, size, "%s", m);
	if (strncmp(m, "_Z", 2) || !isdigit((unsigned char)m[2]))
		return;
	char *end;
	unsigned long len = strtoul(m + 2, &end, 10);
	if (len == 0 || strlen(end) < len)
		return;
	char buf[256];
	if (len >= sizeof buf)
		return;
	memcpy(buf, end, len);
	buf[len] = 0;
	const char *q = end + len;
	if (*q == 'I') { /* template arguments: integer literals (Li16E, Lj8E) and builtin types (f) */
		static const char *const builtin[26] = {
			['a' - 'a'] = "signed char", ['b' - 'a'] = "bool",   ['c' - 'a'] = "char",
			['d' - 'a'] = "double",      ['f' - 'a'] = "float",  ['h' - 'a'] = "unsigned char",
			['i' - 'a'] = "int",         ['j' - 'a'] = "unsigned int", ['l' - 'a'] = "long",
			['m' - 'a'] = "unsigned long", ['s' - 'a'] = "short", ['t' - 'a'] = "unsigned short",
			['x' - 'a'] = "long long",   ['y' - 'a'] = "unsigned long long",
		};
		q++;
		strncat(buf, "<", sizeof buf - strlen(buf) - 1);
		bool first = true;
		while (*q == 'L' || (*q >= 'a' && *q <= 'z' && builtin[*q - 'a'])) {
			if (*q != 'L') {
				if (!first)
					strncat(buf, ",", sizeof buf - strlen(buf) - 1);
				strncat(buf, builtin[*q - 'a'], sizeof buf - strlen(buf) - 1);
				first = false;
				q++;
				continue;
			}
			q++;
			if (!*q)
				return;
			q++; /* the literal's type */
			char num[32];
			unsigned nn = 0;
			if (*q == 'n') { /* negative */
				num[nn++] = '-';
				q++;
			}
			while (isdigit((unsigned char)*q) && nn < sizeof num - 1)
				num[nn++] = *q++;
			num[nn] = 0;
			if (*q != 'E')
				return;
			q++;
			if (!first)
				strncat(buf, ",", sizeof buf - strlen(buf) - 1);
			strncat(buf, num, sizeof buf - strlen(buf) - 1);
			first = false;
		}
		if (*q != 'E' || first)
			return;
		strncat(buf, ">", sizeof buf - strlen(buf) - 1);
	}
	snprintf(out, size, "%s", buf);
}

static bool parse_file(struct parser *ps, const char *path, const char *text, const char *entry,
		       struct pentry *e, struct diag *d)
{
	ps->c = (struct cur){path, text, text, 1, text, d};
	ps->e = e;
	e->path = path;
	e->d = d;
	struct cur *c = &ps->c;
	struct ptx_kernel *k = e->k;
	/* first pass: the entries' names, to resolve a plain name */
	char names[64][256];
	unsigned nnames = 0, matches = 0, pick = 0;
	struct cur top[64];
	bool top_ext[64], top_global[64] = {false}, top_const[64] = {false};
	unsigned ntop = 0;
	bool parsed = false;
	for (int pass = 0; pass < 2; pass++) {
		*c = (struct cur){path, text, text, 1, text, d};
		for (;;) {
			if (!skip(c))
				return false;
			if (!*c->p)
				break;
			const char *at = c->p;
			char w[256];
			if (*c->p != '.')
				return err_at(c, at, "expected a directive at top level");
			if (!read_word(c, w, sizeof w, false, "a directive"))
				return false;
			if (!strcmp(w, ".version") || !strcmp(w, ".target") || !strcmp(w, ".address_size")) {
				while (*c->p && *c->p != '\n')
					c->p++;
			} else if (!strcmp(w, ".file")) {
				uint64_t num;
				if (!read_uint(c, &num, "a file number") || !skip(c))
					return false;
				if (*c->p != '"')
					return err_at(c, c->p, "expected a quoted file name");
				const char *q = ++c->p;
				while (*c->p && *c->p != '"' && *c->p != '\n')
					c->p++;
				if (*c->p != '"')
					return err_at(c, q - 1, "unterminated file name");
				if (pass == 1 && num >= 1 && num <= 1024) {
					if (num > k->ncuda_files) {
						GROW(k->cuda_files, e->cap_files, (unsigned)num);
						for (unsigned i = k->ncuda_files; i < num; i++)
							k->cuda_files[i] = NULL;
						k->ncuda_files = (unsigned)num;
					}
					free(k->cuda_files[num - 1]);
					k->cuda_files[num - 1] = xstrndup(q, (size_t)(c->p - q));
				}
				while (*c->p && *c->p != '\n')
					c->p++;
			} else if (!strcmp(w, ".visible") || !strcmp(w, ".weak") || !strcmp(w, ".extern")) {
				if (!strcmp(w, ".extern")) {
					if (!skip(c))
						return false;
					if (!strncmp(c->p, ".shared", 7) && !is_id(c->p[7])) {
						c->p += 7;
						if (pass == 1) {
							if (ntop == 64)
								return err_at(c, at, "too many top-level shared variables");
							top[ntop] = *c;
							top_ext[ntop++] = true;
						}
						while (*c->p && *c->p != ';')
							c->p++;
						if (*c->p)
							c->p++;
						continue;
					}
				}
				continue; /* the next word is the declaration */
			} else if (!strcmp(w, ".entry") || !strcmp(w, ".func")) {
				bool is_entry = !strcmp(w, ".entry");
				if (!is_entry) { /* .func [(ret)] name (params) */
					if (!skip(c))
						return false;
					if (*c->p == '(' && !do_params(ps, false))
						return false;
				}
				if (!skip(c))
					return false;
				const char *na = c->p;
				unsigned n = ident_len(c->p, false);
				if (!n || n >= 256)
					return err_at(c, na, "expected a name after %s", w);
				char name[256];
				memcpy(name, c->p, n);
				name[n] = 0;
				c->p += n;
				bool mine = false;
				if (is_entry && pass == 0) {
					char plain[256];
					ptx_plain_name(name, plain, sizeof plain);
					if (nnames < 64)
						snprintf(names[nnames++], 256, "%s", name);
					if (!strcmp(name, entry)) {
						matches = 1000;
						pick = nnames - 1;
					} else if (!strcmp(plain, entry) ||
						   (!strchr(entry, '<') && !strncmp(plain, entry, strlen(entry)) &&
						    plain[strlen(entry)] == '<')) {
						if (matches < 1000) {
							matches++;
							pick = nnames - 1;
						}
					}
				} else if (is_entry && pass == 1 && !parsed && !strcmp(name, names[pick])) {
					mine = true;
				}
				if (mine) {
					snprintf(k->entry, sizeof k->entry, "%s", name);
					ptx_plain_name(name, k->name, sizeof k->name);
					if (!do_params(ps, true))
						return false;
				} else if (!do_params(ps, false)) {
					return false;
				}
				/* performance directives, up to the body or ';' */
				if (!do_perf(c, mine ? k : NULL))
					return false;
				if (*c->p == ';') {
					c->p++;
				} else if (*c->p == '{') {
					if (mine) {
						c->p++;
						if (!do_body(ps))
							return false;
						parsed = true;
					} else if (!skip_body(c)) {
						return false;
					}
				} else {
					return err_at(c, c->p, "end of file after %s %s", w, name);
				}
			} else if (!strcmp(w, ".section")) { /* debug information: .section NAME { ... } */
				char nm[256];
				if (!read_word(c, nm, sizeof nm, true, "a section name") || !skip(c))
					return false;
				if (*c->p != '{')
					return err_at(c, c->p, "expected '{' after .section %s", nm);
				if (!skip_body(c))
					return false;
			} else if ((!strcmp(w, ".global") || !strcmp(w, ".const")) && pass == 1) {
				if (ntop == 64)
					return err_at(c, at, "too many top-level variables");
				top[ntop] = *c;
				top_ext[ntop] = false;
				top_const[ntop] = !strcmp(w, ".const");
				top_global[ntop++] = true;
				while (*c->p && *c->p != ';')
					c->p++;
				if (*c->p)
					c->p++;
			} else if (!strcmp(w, ".global") || !strcmp(w, ".const") || !strcmp(w, ".shared")) {
				if (!strcmp(w, ".shared") && pass == 1) {
					if (ntop == 64)
						return err_at(c, at, "too many top-level shared variables");
					top[ntop] = *c;
					top_ext[ntop++] = false;
				}
				while (*c->p && *c->p != ';')
					c->p++;
				if (*c->p)
					c->p++;
			} else {
				return err_at(c, at, "top-level directive %s is not supported", w);
			}
		}
		if (pass == 0 && (matches == 0 || (matches > 1 && matches < 1000))) {
			char list[512] = "";
			for (unsigned i = 0; i < nnames; i++) {
				char plain[256];
				ptx_plain_name(names[i], plain, sizeof plain);
				/* ambiguous: only the entries the name matched, by a name
				 * that tells them apart (the mangled one where the plain
				 * ones are alike) */
				bool match = !strcmp(plain, entry) || (!strchr(entry, '<') && !strncmp(plain, entry, strlen(entry)) &&
								      plain[strlen(entry)] == '<');
				if (matches && !match)
					continue;
				size_t used = strlen(list);
				snprintf(list + used, sizeof list - used, "%s%.255s", used ? ", " : "",
					 matches && !strcmp(plain, entry) ? names[i] : plain);
			}
			if (matches == 0)
				return diag_error(d, path, 0, 0, "", "no .entry named '%s' (entries: %s)", entry,
						  nnames ? list : "none");
			return diag_error(d, path, 0, 0, "", "'%s' names several entries: give one of %s", entry, list);
		}
	}
	if (!parsed)
		return diag_error(d, path, 0, 0, "", "entry '%s' has no body", entry);
	/* module-scope shared variables (extern __shared__) the entry uses
	 * follow its own */
	for (unsigned i = 0; i < ntop; i++) {
		*c = top[i];
		if (!skip(c))
			return false;
		const char *q = c->p; /* [.align N] .type NAME */
		for (int w = 0; w < 3 && *q == '.'; w++) {
			while (*q && *q != ' ' && *q != '\t')
				q++;
			while (*q == ' ' || *q == '\t' || isdigit((unsigned char)*q))
				q++;
		}
		unsigned n = ident_len(q, false);
		bool used = false;
		for (unsigned si = 0; si < e->nstmts && !used && n; si++)
			for (unsigned k = 0; k < e->stmts[si].no && !used; k++)
				used = word_is(q, n, e->stmts[si].o[k].name) && e->stmts[si].o[k].name[n] == 0;
		if (used && !(top_global[i] ? do_global(ps, top_const[i]) : do_shared(ps, c->p, top_ext[i], false)))
			return false;
	}
	return true;
}

bool ptx_parse(const char *path, const char *text, const char *entry, struct pentry *e, struct diag *d)
{
	struct parser ps;
	memset(&ps, 0, sizeof ps);
	bool ok = parse_file(&ps, path, text, entry, e, d);
	free(ps.decls);
	return ok;
}

void ptx_pentry_free(struct pentry *e)
{
	for (unsigned i = 0; i < e->nstmts; i++)
		free(e->stmts[i].text);
	free(e->stmts);
	free(e->labels);
	free(e->vregs);
	if (e->shared_names)
		for (unsigned i = 0; e->k && i < e->k->nshared; i++)
			free(e->shared_names[i]);
	free(e->shared_names);
	for (unsigned i = 0; i < e->nlocals; i++)
		free(e->local_names[i]);
	free(e->local_names);
	free(e->local_off);
	memset(e, 0, sizeof *e);
}
