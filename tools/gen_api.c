/* The generator of the dispatch code (docs/DESIGN.md, "One list per layer"): reads the
 * lists (fields/field_list.h, fft/fft_list.h, curves/curve_list.h, msm/msm_list.h) through
 * their X-macros and writes plain C, committed:
 *   backends/ops_gen.h                the ops structs (one pointer per list entry)
 *   backends/table_<backend>_gen.h    each backend's tables
 *   backends/api_gen.c                the public functions pasta_<layer>_<name>
 *   tests/api_cases_gen.h             test_api's case per public function
 * Usage: pasta_gen_api DIR (writes DIR/backends/..., DIR/tests/...; the folders must exist).
 * `make generate` runs it on the source tree; ctest generated_current checks the committed
 * files (scripts/check-generated.sh). A new list: include it and append it to
 * field_lists or curve_lists below. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curves/curve_list.h"
#include "fft/fft_list.h"
#include "fields/field_list.h"
#include "msm/msm_list.h"

enum kind {
    K_NONE,
    K_OUT,
    K_IN,
    K_INOUT,
    K_VAL,
    K_OUTA,
    K_INA,
    K_INOUTA,
    K_OUTW,
    K_INW,
    K_OUTB,
    K_INB,
    K_INBA,
    K_TABW,
    K_TABR,
    K_RNG,
    K_STR,
    K_MSG
};
/* A parameter kind as the list writes it: K(a, b) (b "" for one-argument kinds). */
struct param {
    enum kind k;
    const char *a, *b;
};
#define MAX_PARAMS 8
struct entry {
    const char *ret, *name;
    struct param p[MAX_PARAMS + 1]; /* ends at k == K_NONE */
};

/* The kinds of core/list.h, as data. */
#define OUT(t, n) \
    { K_OUT, #t, #n }
#define IN(t, n) \
    { K_IN, #t, #n }
#define INOUT(t, n) \
    { K_INOUT, #t, #n }
#define VAL(v, n) \
    { K_VAL, #v, #n }
#define OUTA(t, n) \
    { K_OUTA, #t, #n }
#define INA(t, n) \
    { K_INA, #t, #n }
#define INOUTA(t, n) \
    { K_INOUTA, #t, #n }
#define OUTW(n, k) \
    { K_OUTW, #n, #k }
#define INW(n, k) \
    { K_INW, #n, #k }
#define OUTB(n, k) \
    { K_OUTB, #n, #k }
#define INB(n, k) \
    { K_INB, #n, #k }
#define INBA(n, k) \
    { K_INBA, #n, #k }
#define TABW(n) \
    { K_TABW, #n, "" }
#define TABR(n) \
    { K_TABR, #n, "" }
#define RNG(f, c) \
    { K_RNG, #f, #c }
#define STR(n) \
    { K_STR, #n, "" }
#define MSG(p, k) \
    { K_MSG, #p, #k }
/* (K(...), K(...)) -> the kinds as an initialiser list. */
#define GEN_KINDS(...) __VA_ARGS__
#define GEN_V(name, kinds) {"void", #name, {GEN_KINDS kinds}},
#define GEN_R(type, name, kinds) {#type, #name, {GEN_KINDS kinds}},

static const struct entry field_ops[] = {PASTA_FIELD_OPS(GEN_V, GEN_R)};
static const struct entry field_internal_ops[] = {PASTA_FIELD_INTERNAL_OPS(GEN_V, GEN_R)};
static const struct entry fft_field_ops[] = {PASTA_FFT_FIELD_OPS(GEN_V, GEN_R)};
static const struct entry fft_field_internal_ops[] = {
    PASTA_FFT_FIELD_INTERNAL_OPS(GEN_V, GEN_R)};
static const struct entry curve_ops[] = {PASTA_CURVE_OPS(GEN_V, GEN_R)};
static const struct entry curve_internal_ops[] = {PASTA_CURVE_INTERNAL_OPS(GEN_V, GEN_R)};
static const struct entry fft_curve_ops[] = {PASTA_FFT_CURVE_OPS(GEN_V, GEN_R)};
static const struct entry msm_curve_ops[] = {PASTA_MSM_CURVE_OPS(GEN_V, GEN_R)};
static const struct entry msm_curve_internal_ops[] = {
    PASTA_MSM_CURVE_INTERNAL_OPS(GEN_V, GEN_R)};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))
struct list {
    const char *file, *macro;
    const struct entry *e;
    size_t n;
    int internal; /* in the tables, not in the API */
};
#define LIST(file, macro, arr, internal) \
    { file, #macro, arr, N_OF(arr), internal }
/* Public lists first, then internal ones: the order of the struct members. */
static const struct list field_lists[] = {
    LIST("fields/field_list.h", PASTA_FIELD_OPS, field_ops, 0),
    LIST("fft/fft_list.h", PASTA_FFT_FIELD_OPS, fft_field_ops, 0),
    LIST("fields/field_list.h", PASTA_FIELD_INTERNAL_OPS, field_internal_ops, 1),
    LIST("fft/fft_list.h", PASTA_FFT_FIELD_INTERNAL_OPS, fft_field_internal_ops, 1),
};
static const struct list curve_lists[] = {
    LIST("curves/curve_list.h", PASTA_CURVE_OPS, curve_ops, 0),
    LIST("fft/fft_list.h", PASTA_FFT_CURVE_OPS, fft_curve_ops, 0),
    LIST("msm/msm_list.h", PASTA_MSM_CURVE_OPS, msm_curve_ops, 0),
    LIST("curves/curve_list.h", PASTA_CURVE_INTERNAL_OPS, curve_internal_ops, 1),
    LIST("msm/msm_list.h", PASTA_MSM_CURVE_INTERNAL_OPS, msm_curve_internal_ops, 1),
};

/* An instance: a field (its entries are F(name) in the templates) or a curve (CV(name)). */
struct layer {
    const char *name, *field, *scalar, *curve, *macro;
    const struct list *lists;
    size_t nlists;
};
static const struct layer layers[] = {
    {"fp", "fp", NULL, NULL, "F", field_lists, N_OF(field_lists)},
    {"fq", "fq", NULL, NULL, "F", field_lists, N_OF(field_lists)},
    {"pallas", "fp", "fq", "pallas", "CV", curve_lists, N_OF(curve_lists)},
    {"vesta", "fq", "fp", "vesta", "CV", curve_lists, N_OF(curve_lists)},
};
struct backend {
    const char *name, *id, *label, *kernels;
};
static const struct backend backends[] = {
    {"portable", "PASTA_BACKEND_PORTABLE", "portable", "fields/portable.h's"},
    {"x86_64_asm", "PASTA_BACKEND_X86_64_ASM", "x86_64-asm", "fields/x86_64_asm.h's"},
    {"x86_64_ifma", "PASTA_BACKEND_X86_64_IFMA", "x86_64-ifma",
     "fields/x86_64_asm.h's, the batched\n * work fields/x86_64_ifma.h's"},
};

#define HEADER \
    "/* generated by tools/gen_api.c, do not edit: change the lists, run `make generate` */\n"

_Noreturn static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("gen_api: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* Short-lived strings: a ring of buffers, each valid for the next 31 calls. */
static const char *fmt(const char *f, ...) {
    static char ring[32][512];
    static unsigned next;
    char *b = ring[next++ % 32];
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(b, sizeof ring[0], f, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof ring[0]) die("string too long: %s", f);
    return b;
}

/* The C type of a type tag (core/list.h) in instance L. */
static const char *type_of(const struct layer *L, const char *tag) {
    if (strcmp(tag, "int") == 0) return "int";
    if (strcmp(tag, "fe") == 0) return fmt("pasta_%s", L->field);
    if (strcmp(tag, "wk") == 0) return fmt("pasta_%s_work", L->field); /* work form */
    if (strcmp(tag, "dom") == 0) return fmt("pasta_%s_domain", L->field);
    if (L->scalar != NULL && strcmp(tag, "se") == 0) return fmt("pasta_%s", L->scalar);
    if (L->scalar != NULL && strcmp(tag, "sdom") == 0)
        return fmt("pasta_%s_domain", L->scalar);
    if (L->curve != NULL && strcmp(tag, "jac") == 0) return fmt("pasta_%s_jacobian", L->curve);
    if (L->curve != NULL && strcmp(tag, "aff") == 0) return fmt("pasta_%s_affine", L->curve);
    if (L->curve != NULL && strcmp(tag, "tab") == 0)
        return fmt("pasta_%s_msm_table", L->curve);
    die("type tag %s has no type in %s", tag, L->name);
    return NULL;
}

static const char *val_type(const char *v) {
    if (strcmp(v, "int") == 0) return "int";
    if (strcmp(v, "u64") == 0) return "uint64_t";
    if (strcmp(v, "size") == 0) return "size_t";
    die("VAL type %s unknown", v);
    return NULL;
}

/* The field a domain tag belongs to (dom: the instance's field; sdom: its scalars). */
static const char *dom_field(const struct layer *L, const char *tag) {
    return strcmp(tag, "sdom") == 0 ? L->scalar : L->field;
}
static int is_dom(const char *tag) {
    return strcmp(tag, "dom") == 0 || strcmp(tag, "sdom") == 0;
}
/* The test helper that makes an input of a type: gen_fp for pasta_fp, gen_pallas_affine, ... */
static const char *gen_fn(const char *type) {
    return fmt("gen_%s", strncmp(type, "pasta_", 6) == 0 ? type + 6 : type);
}

/* Parameter declaration / argument names of one kind. */
static const char *param_decl(const struct layer *L, const struct param *p) {
    switch (p->k) {
    case K_OUT:
    case K_INOUT:
    case K_OUTA:
    case K_INOUTA: return fmt("%s *%s", type_of(L, p->a), p->b);
    case K_IN:
    case K_INA: return fmt("const %s *%s", type_of(L, p->a), p->b);
    case K_VAL: return fmt("%s %s", val_type(p->a), p->b);
    case K_OUTW: return fmt("uint64_t %s[%s]", p->a, p->b);
    case K_INW: return fmt("const uint64_t %s[%s]", p->a, p->b);
    case K_OUTB: return fmt("uint8_t %s[%s]", p->a, p->b);
    case K_INB: return fmt("const uint8_t %s[%s]", p->a, p->b);
    case K_INBA: return fmt("const uint8_t *%s", p->a);
    case K_TABW: return fmt("%s *%s, size_t %s_size", type_of(L, "tab"), p->a, p->a);
    case K_TABR: return fmt("const %s *%s", type_of(L, "tab"), p->a);
    case K_RNG: return fmt("pasta_rng_fn %s, void *%s", p->a, p->b);
    case K_STR: return fmt("const char *%s", p->a);
    case K_MSG: return fmt("const uint8_t *%s, size_t %s", p->a, p->b);
    case K_NONE: break;
    }
    die("bad kind");
    return NULL;
}

static const char *param_arg(const struct param *p) {
    switch (p->k) {
    case K_OUT:
    case K_IN:
    case K_INOUT:
    case K_VAL:
    case K_OUTA:
    case K_INA:
    case K_INOUTA: return p->b;
    case K_TABW: return fmt("%s, %s_size", p->a, p->a);
    case K_RNG:
    case K_MSG: return fmt("%s, %s", p->a, p->b);
    default: return p->a;
    }
}

static void put_params(FILE *o, const struct layer *L, const struct entry *e) {
    if (e->p[0].k == K_NONE) fputs("void", o);
    for (int i = 0; e->p[i].k != K_NONE; i++)
        fprintf(o, "%s%s", i ? ", " : "", param_decl(L, &e->p[i]));
}

static void put_args(FILE *o, const struct entry *e) {
    for (int i = 0; e->p[i].k != K_NONE; i++)
        fprintf(o, "%s%s", i ? ", " : "", param_arg(&e->p[i]));
}

static FILE *open_out(const char *dir, const char *path) {
    const char *full = fmt("%s/%s", dir, path);
    FILE *o = fopen(full, "w");
    if (o == NULL) die("cannot write %s", full);
    fputs(HEADER, o);
    return o;
}

static void close_out(FILE *o, const char *path) {
    if (ferror(o) || fclose(o) != 0) die("write error on %s", path);
}

static void check_lists(void) {
    for (size_t l = 0; l < N_OF(layers); l++)
        for (size_t i = 0; i < layers[l].nlists; i++)
            for (size_t j = 0; j < layers[l].lists[i].n; j++)
                if (layers[l].lists[i].e[j].p[MAX_PARAMS].k != K_NONE)
                    die("%s: more than %d parameter kinds", layers[l].lists[i].e[j].name,
                        MAX_PARAMS);
}

/* ---- backends/ops_gen.h */
static void gen_ops(const char *dir) {
    const char *path = "backends/ops_gen.h";
    FILE *o = open_out(dir, path);
    fputs(
        "/* The ops structs: one function pointer per list entry of each field (Fp, Fq) and curve\n"
        " * (Pallas, Vesta) instance, public entries first. Included by backends/backend.h; the\n"
        " * tables are backends/table_<backend>_gen.h. */\n"
        "#ifndef PASTA_BACKENDS_OPS_GEN_H\n#define PASTA_BACKENDS_OPS_GEN_H\n\n"
        "#include <stddef.h>\n#include <stdint.h>\n\n"
        "#include \"pasta/curve.h\"\n#include \"pasta/fft.h\"\n#include \"pasta/field.h\"\n"
        "#include \"pasta/msm.h\"\n",
        o);
    for (size_t l = 0; l < N_OF(layers); l++) {
        const struct layer *L = &layers[l];
        fprintf(o, "\nstruct pasta_%s_ops {\n", L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            fprintf(o, "    /* %s %s%s */\n", li->file, li->macro,
                    li->internal ? " (internal)" : "");
            for (size_t j = 0; j < li->n; j++) {
                fprintf(o, "    %s (*%s)(", li->e[j].ret, li->e[j].name);
                put_params(o, L, &li->e[j]);
                fputs(");\n", o);
            }
        }
        fputs("};\n", o);
    }
    fputs("\n#endif /* PASTA_BACKENDS_OPS_GEN_H */\n", o);
    close_out(o, path);
}

/* ---- backends/table_<backend>_gen.h */
static void gen_table(const char *dir, const struct backend *b) {
    char path[64];
    snprintf(path, sizeof path, "backends/table_%s_gen.h", b->name);
    FILE *o = open_out(dir, path);
    fprintf(
        o,
        "/* The tables of backend %s: each entry pasta_%s_<layer>_<name> is the template\n"
        " * function F(name) (fields) or CV(name) (curves) instantiated by backends/templates.h;\n"
        " * the field kernels add, sub, dbl, mul, sqr are %s. Included once, by\n"
        " * backends/%s.c. */\n",
        b->name, b->name, b->kernels, b->name);
    for (size_t l = 0; l < N_OF(layers); l++) {
        const struct layer *L = &layers[l];
        fprintf(o, "\nstatic const struct pasta_%s_ops pasta_%s_%s_ops = {\n", L->name,
                b->name, L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            for (size_t j = 0; j < li->n; j++)
                fprintf(o, "    .%s = pasta_%s_%s_%s, /* %s(%s) */\n", li->e[j].name, b->name,
                        L->name, li->e[j].name, L->macro, li->e[j].name);
        }
        fputs("};\n", o);
    }
    fprintf(o, "\nconst pasta_ops pasta_ops_%s = {\n    .backend = %s,\n    .name = \"%s\",\n",
            b->name, b->id, b->label);
    for (size_t l = 0; l < N_OF(layers); l++)
        fprintf(o, "    .%s = &pasta_%s_%s_ops,\n", layers[l].name, b->name, layers[l].name);
    fputs("};\n", o);
    close_out(o, path);
}

/* ---- backends/api_gen.c */
static void gen_api(const char *dir) {
    const char *path = "backends/api_gen.c";
    FILE *o = open_out(dir, path);
    fputs(
        "/* The public functions pasta_<fp|fq|pallas|vesta>_<name>, one per public list entry, one\n"
        " * a line: each loads its pointer from pasta_api_<layer> (relaxed atomic) and jumps to it.\n"
        " * pasta_api_install (under backends/dispatch.c's lock) copies the active backend's table\n"
        " * (backends/table_<backend>_gen.h, entry .<name>) into those pointers; until the first\n"
        " * choice each pointer is a lazy stub that chooses (pasta_dispatch_init) and calls on. */\n"
        "#include <stdatomic.h>\n\n#include \"backends/backend.h\"\n\n"
        "/* A public function here without its declaration in include/pasta/ is an error. */\n"
        "#pragma GCC diagnostic error \"-Wmissing-prototypes\"\n",
        o);
    for (size_t l = 0; l < N_OF(layers); l++) {
        const struct layer *L = &layers[l];
        fprintf(o, "\n/* ---- %s:", L->name);
        for (size_t i = 0; i < L->nlists; i++)
            if (!L->lists[i].internal)
                fprintf(o, " %s %s", L->lists[i].file, L->lists[i].macro);
        fprintf(o, " */\n\nstatic struct pasta_api_%s {\n", L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++) {
                fprintf(o, "    _Atomic(%s (*)(", li->e[j].ret);
                put_params(o, L, &li->e[j]);
                fprintf(o, ")) %s;\n", li->e[j].name);
            }
        }
        fprintf(o, "} pasta_api_%s;\n\n", L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++) {
                const struct entry *e = &li->e[j];
                fprintf(o, "static %s lazy_%s_%s(", e->ret, L->name, e->name);
                put_params(o, L, e);
                fprintf(
                    o,
                    ") { pasta_dispatch_init(); %satomic_load_explicit(&pasta_api_%s.%s, memory_order_relaxed)(",
                    strcmp(e->ret, "void") ? "return " : "", L->name, e->name);
                put_args(o, e);
                fputs("); }\n", o);
            }
        }
        fprintf(o, "\nstatic struct pasta_api_%s pasta_api_%s = {\n", L->name, L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++)
                fprintf(o, "    .%s = lazy_%s_%s,\n", li->e[j].name, L->name, li->e[j].name);
        }
        fprintf(o, "};\n\nstatic void install_%s(const struct pasta_%s_ops *o) {\n", L->name,
                L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++)
                fprintf(
                    o,
                    "    atomic_store_explicit(&pasta_api_%s.%s, o->%s, memory_order_relaxed);\n",
                    L->name, li->e[j].name, li->e[j].name);
        }
        fputs("}\n\n", o);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++) {
                const struct entry *e = &li->e[j];
                fprintf(o, "%s pasta_%s_%s(", e->ret, L->name, e->name);
                put_params(o, L, e);
                fprintf(o,
                        ") { %satomic_load_explicit(&pasta_api_%s.%s, memory_order_relaxed)(",
                        strcmp(e->ret, "void") ? "return " : "", L->name, e->name);
                put_args(o, e);
                fputs("); }\n", o);
            }
        }
    }
    fputs("\nvoid pasta_api_install(const pasta_ops *t) {\n", o);
    for (size_t l = 0; l < N_OF(layers); l++)
        fprintf(o, "    install_%s(t->%s);\n", layers[l].name, layers[l].name);
    fputs("}\n", o);
    close_out(o, path);
}

/* ---- tests/api_cases_gen.h: per kind, the inputs (decl), the public and the table's
 * arguments (pub, ref), the comparison of outputs (cmp) and the release of inputs (fin). */
static void case_decl(FILE *o, const struct layer *L, const struct param *p) {
    const char *a = p->a, *b = p->b;
    switch (p->k) {
    case K_OUT:
        fprintf(o, "    %s %s_p, %s_r;\n    api_fill(&%s_p, &%s_r, sizeof %s_p);\n",
                type_of(L, a), b, b, b, b, b);
        break;
    case K_IN:
        fprintf(o, "    %s %s;\n    %s(t, g, it, &%s);\n", type_of(L, a), b,
                gen_fn(type_of(L, a)), b);
        break;
    case K_INOUT:
        fprintf(o, "    %s %s_p, %s_r;\n", type_of(L, a), b, b);
        if (is_dom(a)) /* a domain is a resource: two of the same size, not one copied */
            fprintf(o, "    %s_pair(t, g, &%s_p, &%s_r);\n", gen_fn(type_of(L, a)), b, b);
        else
            fprintf(o, "    %s(t, g, it, &%s_p);\n    %s_r = %s_p;\n", gen_fn(type_of(L, a)),
                    b, b, b);
        break;
    case K_INOUTA:
        fprintf(o, "    %s %s_p[API_NA], %s_r[API_NA];\n", type_of(L, a), b, b);
        fprintf(o,
                "    for (int i_ = 0; i_ < API_NA; i_++) {\n        %s(t, g, it, &%s_p[i_]);\n"
                "        %s_r[i_] = %s_p[i_];\n    }\n",
                gen_fn(type_of(L, a)), b, b, b);
        break;
    case K_VAL:
        fprintf(o, "    %s %s = (%s)gen_val_%s(g);\n", val_type(a), b, val_type(a), a);
        break;
    case K_OUTA:
        fprintf(o,
                "    %s %s_p[API_NA], %s_r[API_NA];\n    api_fill(%s_p, %s_r, sizeof %s_p);\n",
                type_of(L, a), b, b, b, b, b);
        break;
    case K_INA:
        fprintf(
            o,
            "    %s %s[API_NA];\n    for (int i_ = 0; i_ < API_NA; i_++) %s(t, g, it, &%s[i_]);\n",
            type_of(L, a), b, gen_fn(type_of(L, a)), b);
        break;
    case K_OUTW:
    case K_OUTB:
        fprintf(o, "    %s %s_p[%s], %s_r[%s];\n    api_fill(%s_p, %s_r, sizeof %s_p);\n",
                p->k == K_OUTW ? "uint64_t" : "uint8_t", a, b, a, b, a, a, a);
        break;
    case K_INW:
        fprintf(
            o,
            "    uint64_t %s[%s];\n    for (int i_ = 0; i_ < %s; i_++) %s[i_] = tu_next(g);\n",
            a, b, b, a);
        break;
    case K_INB:
        fprintf(o, "    uint8_t %s[%s];\n    gen_bytes(%s, %s, g, it);\n", a, b, a, b);
        break;
    case K_INBA:
        fprintf(
            o,
            "    uint8_t %s[API_NA * %s];\n    for (int i_ = 0; i_ < API_NA; i_++) gen_bytes(%s + i_ * %s, %s, g, it);\n",
            a, b, a, b, b);
        break;
    case K_TABW:
        /* API_TAB_BYTES of memory, or 100 bytes (too small: an error) on odd iterations */
        fprintf(o,
                "    static uint64_t %s_pm[API_TAB_BYTES / 8], %s_rm[API_TAB_BYTES / 8];\n"
                "    size_t %s_size = (it & 1) ? 100 : API_TAB_BYTES;\n"
                "    api_fill(%s_pm, %s_rm, sizeof %s_pm);\n",
                a, a, a, a, a, a);
        break;
    case K_TABR:
        fprintf(o, "    const %s *%s = %s(t, g, it);\n", type_of(L, "tab"), a,
                gen_fn(type_of(L, "tab")));
        break;
    case K_RNG:
        fprintf(
            o,
            "    tu_rng %s_p, %s_r;\n    tu_rng_init(&%s_p, tu_next(g));\n    %s_r = %s_p;\n",
            b, b, b, b, b);
        break;
    case K_STR: fprintf(o, "    const char *%s = \"pasta-api-test\";\n", a); break;
    case K_MSG:
        fprintf(
            o,
            "    uint8_t %s[64];\n    size_t %s = (size_t)(tu_next(g) %% 65);\n    gen_bytes(%s, 64, g, 0);\n",
            a, b, a);
        break;
    case K_NONE: break;
    }
}

/* side 'p': the public call's arguments; 'r': the table entry's. */
static const char *case_arg(const struct layer *L, const struct param *p, char side) {
    const char *a = p->a, *b = p->b;
    switch (p->k) {
    case K_OUT:
    case K_INOUT: return fmt("&%s_%c", b, side);
    case K_IN: return fmt("&%s", b);
    case K_OUTA:
    case K_INOUTA: return fmt("%s_%c", b, side);
    case K_VAL:
    case K_INA: return b;
    case K_OUTW:
    case K_OUTB: return fmt("%s_%c", a, side);
    case K_TABW: return fmt("(%s *)(void *)%s_%cm, %s_size", type_of(L, "tab"), a, side, a);
    case K_RNG: return fmt("tu_rng_fill, &%s_%c", b, side);
    case K_MSG: return fmt("%s, %s", a, b);
    default: return a;
    }
}

static void case_cmp(FILE *o, const struct layer *L, const struct param *p) {
    const char *a = p->a, *b = p->b;
    switch (p->k) {
    case K_OUT:
        if (is_dom(a))
            fprintf(o, "    api_dom_same_%s(t, &%s_p, &%s_r, \"%s\");\n", dom_field(L, a), b,
                    b, b);
        else fprintf(o, "    api_same(&%s_p, &%s_r, sizeof %s_p, \"%s\");\n", b, b, b, b);
        break;
    case K_INOUT:
        fprintf(o, "    api_same(&%s_p, &%s_r, sizeof %s_p, \"%s\");\n", b, b, b, b);
        break;
    case K_OUTA:
    case K_INOUTA:
        fprintf(o, "    api_same(%s_p, %s_r, sizeof %s_p, \"%s\");\n", b, b, b, b);
        break;
    case K_OUTW:
    case K_OUTB:
        fprintf(o, "    api_same(%s_p, %s_r, sizeof %s_p, \"%s\");\n", a, a, a, a);
        break;
    case K_TABW:
        fprintf(o, "    api_same(%s_pm, %s_rm, sizeof %s_pm, \"%s\");\n", a, a, a, a);
        break;
    case K_RNG:
        fprintf(o, "    api_same(&%s_p, &%s_r, sizeof %s_p, \"rng state\");\n", b, b, b);
        break;
    default: break;
    }
}

static void case_fin(FILE *o, const struct layer *L, const struct param *p) {
    if (p->k == K_IN && is_dom(p->a))
        fprintf(o, "    t->%s->domain_free(&%s);\n", dom_field(L, p->a), p->b);
}

static void gen_cases(const char *dir) {
    const char *path = "tests/api_cases_gen.h";
    FILE *o = open_out(dir, path);
    fputs(
        "/* test_api's cases (tests/test_api.c defines the helpers): for each public list entry,\n"
        " * inputs of the kinds the list states, the public function pasta_<layer>_<name> and the\n"
        " * backend's own table entry called with the same inputs and identically initialised\n"
        " * outputs: the same return code and the same bytes in every output. */\n",
        o);
    size_t total = 0;
    for (size_t l = 0; l < N_OF(layers); l++) {
        const struct layer *L = &layers[l];
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++) {
                const struct entry *e = &li->e[j];
                int ret = strcmp(e->ret, "void") != 0;
                fprintf(o,
                        "\nstatic void check_%s_%s(const pasta_ops *t, tu_rng *g, int it) {\n",
                        L->name, e->name);
                fprintf(o, "    (void)t, (void)g, (void)it;\n    api_op = \"pasta_%s_%s\";\n",
                        L->name, e->name);
                for (int k = 0; e->p[k].k != K_NONE; k++) case_decl(o, L, &e->p[k]);
                for (int s = 0; s < 2; s++) {
                    char side = s ? 'r' : 'p';
                    fputs("    ", o);
                    if (ret) fprintf(o, "%s ret_%c = ", e->ret, side);
                    if (s) fprintf(o, "t->%s->%s(", L->name, e->name);
                    else fprintf(o, "pasta_%s_%s(", L->name, e->name);
                    for (int k = 0; e->p[k].k != K_NONE; k++)
                        fprintf(o, "%s%s", k ? ", " : "", case_arg(L, &e->p[k], side));
                    fputs(");\n", o);
                }
                if (ret)
                    fputs(
                        "    cr_assert_eq(ret_p, ret_r, \"%s: returned %d, its table entry %d\", api_op, (int)ret_p,\n"
                        "                 (int)ret_r);\n",
                        o);
                for (int k = 0; e->p[k].k != K_NONE; k++) case_cmp(o, L, &e->p[k]);
                for (int k = 0; e->p[k].k != K_NONE; k++) case_fin(o, L, &e->p[k]);
                fputs("    api_checked++;\n}\n", o);
                total++;
            }
        }
        fprintf(o,
                "\nstatic void (*const checks_%s[])(const pasta_ops *, tu_rng *, int) = {\n",
                L->name);
        for (size_t i = 0; i < L->nlists; i++) {
            const struct list *li = &L->lists[i];
            if (li->internal) continue;
            for (size_t j = 0; j < li->n; j++)
                fprintf(o, "    check_%s_%s,\n", L->name, li->e[j].name);
        }
        fputs("};\n", o);
    }
    fprintf(o, "\n/* Public list entries of all four instances. */\n#define API_CASES %zu\n",
            total);
    close_out(o, path);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr,
                "usage: %s DIR (writes DIR/backends/*_gen.*, DIR/tests/api_cases_gen.h)\n",
                argv[0]);
        return 2;
    }
    check_lists();
    gen_ops(argv[1]);
    for (size_t b = 0; b < N_OF(backends); b++) gen_table(argv[1], &backends[b]);
    gen_api(argv[1]);
    gen_cases(argv[1]);
    return 0;
}
