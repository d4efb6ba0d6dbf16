/* Template (core/for_each.h, fields and curves; tests/test_api.c): one check per entry of
 * the layer's list, generated from the list itself. Each check makes inputs of the kinds
 * the list states, calls the public function pasta_<layer>_<name> and the active
 * backend's own table entry with the same inputs and identically initialised outputs,
 * and requires the same return code and the same bytes in every output. A wrapper wired
 * to the wrong entry, or an entry missing from the wrappers, fails here. */
#include "backends/layer_select.h"
#define PUB(name) PASTA_CAT3(pasta_, LAYER, PASTA_CAT(_, name))
#define CHK(name) PASTA_CAT3(check_, LAYER, PASTA_CAT(_, name))
#define ENTRY(t, name) ((t)->LAYER->name)

/* Inputs of each type tag, made with the reference table t. */
#define GEN_fe(x) gen_field_bytes(g, it), t->FIELD->from_uniform_bytes((x), gen_buf)
#define GEN_se(x) gen_field_bytes(g, it), t->SCALAR->from_uniform_bytes((x), gen_buf)
#define GEN_jac(x)                                                                        \
    do {                                                                                  \
        PASTA_T_jac gen_g;                                                                \
        PASTA_T_se gen_k;                                                                 \
        GEN_se(&gen_k);                                                                   \
        t->CURVE->generator(&gen_g);                                                      \
        t->CURVE->mul_var((x), &gen_g, &gen_k);                                           \
    } while (0)
#define GEN_aff(x)                                                                        \
    do {                                                                                  \
        PASTA_T_jac gen_j;                                                                \
        GEN_jac(&gen_j);                                                                  \
        t->CURVE->to_affine_var((x), &gen_j);                                             \
    } while (0)
/* Domains (include/pasta/fft.h): small ones (n <= 4, N <= 8), freed after the check. */
#define GEN_dom(x) t->FIELD->domain_init((x), (int)(tu_next(g) % 3), (int)(tu_next(g) % 2))
#define GEN_sdom(x) t->SCALAR->domain_init((x), (int)(tu_next(g) % 3), (int)(tu_next(g) % 2))
#define GEN_1(tag, x) PASTA_CAT(GEN_, tag)(x)
/* Own paste for the per-tag cases below (PASTA_CAT may be expanding around them). */
#define API_TCAT_(a, b) a##b
#define API_TCAT(a, b) API_TCAT_(a, b)

#ifndef CURVE
/* The two copies of a domain output: both untouched, or equal scalars and equal tables
 * (at different addresses); then both are freed. */
static void PASTA_CAT3(api_dom_same_, FIELD, )(const pasta_ops *t, PASTA_T_dom *p,
                                               PASTA_T_dom *r, const char *what) {
    if (memcmp(p, r, sizeof *p) == 0) return;
    cr_assert(memcmp(p, r, offsetof(PASTA_T_dom, tables)) == 0 && p->tables != NULL &&
                  r->tables != NULL && p->k + p->j <= 32,
              "%s: output %s differs from its table entry's", api_op, what);
    size_t cnt = (size_t)(2 * p->ext_n + ((uint64_t)1 << p->j));
    cr_assert(memcmp(p->tables, r->tables, cnt * sizeof *p->tables) == 0,
              "%s: the tables of %s differ from its table entry's", api_op, what);
    t->FIELD->domain_free(p);
    t->FIELD->domain_free(r);
}
#endif

/* Per kind: declarations and inputs (D_), public and reference arguments (P_, Q_), and
 * the comparison of outputs (C_). */
#define D_OUT(t_, n) PASTA_T_##t_ n##_p, n##_r; api_fill(&n##_p, &n##_r, sizeof n##_p);
#define D_IN(t_, n) PASTA_T_##t_ n; GEN_1(t_, &n);
#define D_INOUT(t_, n) API_TCAT(D_INOUT_, t_)(t_, n)
#define D_INOUT_ANY(t_, n) PASTA_T_##t_ n##_p, n##_r; GEN_1(t_, &n##_p); n##_r = n##_p;
#define D_INOUT_fe D_INOUT_ANY
#define D_INOUT_se D_INOUT_ANY
#define D_INOUT_jac D_INOUT_ANY
#define D_INOUT_aff D_INOUT_ANY
#define D_INOUT_int D_INOUT_ANY
/* A domain is a resource: two of the same size, not one copied. */
#define D_INOUT_dom(t_, n)                                                                \
    PASTA_T_dom n##_p, n##_r;                                                             \
    {                                                                                     \
        int k_ = (int)(tu_next(g) % 3), j_ = (int)(tu_next(g) % 2);                       \
        t->FIELD->domain_init(&n##_p, k_, j_);                                            \
        t->FIELD->domain_init(&n##_r, k_, j_);                                            \
    }
#define D_INOUTA(t_, n) PASTA_T_##t_ n##_p[API_NA], n##_r[API_NA]; for (int i_ = 0; i_ < API_NA; i_++) { GEN_1(t_, &n##_p[i_]); n##_r[i_] = n##_p[i_]; }
#define D_VAL(v, n) PASTA_V_##v n = (PASTA_V_##v)PASTA_CAT(gen_val_, v)(g);
#define D_OUTA(t_, n) PASTA_T_##t_ n##_p[API_NA], n##_r[API_NA]; api_fill(n##_p, n##_r, sizeof n##_p);
#define D_INA(t_, n) PASTA_T_##t_ n[API_NA]; for (int i_ = 0; i_ < API_NA; i_++) GEN_1(t_, &n[i_]);
#define D_OUTW(n, k) uint64_t n##_p[k], n##_r[k]; api_fill(n##_p, n##_r, sizeof n##_p);
#define D_INW(n, k) uint64_t n[k]; for (int i_ = 0; i_ < (k); i_++) n[i_] = tu_next(g);
#define D_OUTB(n, k) uint8_t n##_p[k], n##_r[k]; api_fill(n##_p, n##_r, sizeof n##_p);
#define D_INB(n, k) uint8_t n[k]; gen_bytes(n, k, g, it);
/* Fixed-base MSM tables (msm/): TABW gets API_TAB_BYTES of memory, or 100 bytes (too
 * small: an error) on odd iterations; TABR is built from API_NA random bases. */
#define D_TABW(n)                                                                         \
    static uint64_t n##_pm[API_TAB_BYTES / 8], n##_rm[API_TAB_BYTES / 8];                 \
    size_t n##_size = (it & 1) ? 100 : API_TAB_BYTES;                                     \
    api_fill(n##_pm, n##_rm, sizeof n##_pm);
#define D_TABR(n)                                                                         \
    static uint64_t n##_m[API_TAB_BYTES / 8];                                             \
    {                                                                                     \
        PASTA_T_aff tb_[API_NA];                                                          \
        for (int i_ = 0; i_ < API_NA; i_++) GEN_aff(&tb_[i_]);                            \
        cr_assert_eq(t->CURVE->msm_fixed_build((PASTA_T_tab *)(void *)n##_m, sizeof n##_m, \
                                               tb_, API_NA, 0, 1), PASTA_OK);             \
    }                                                                                     \
    const PASTA_T_tab *n = (const PASTA_T_tab *)(const void *)n##_m;
#define D_INBA(n, k) uint8_t n[API_NA * (k)]; for (int i_ = 0; i_ < API_NA; i_++) gen_bytes(n + i_ * (k), k, g, it);
#define D_RNG(f, c) tu_rng c##_p, c##_r; tu_rng_init(&c##_p, tu_next(g)); c##_r = c##_p;
#define D_STR(n) const char *n = "pasta-api-test";
#define D_MSG(p, k) uint8_t p[64]; size_t k = (size_t)(tu_next(g) % 65); gen_bytes(p, 64, g, 0);
#define P_OUT(t_, n) &n##_p
#define Q_OUT(t_, n) &n##_r
#define C_OUT(t_, n) API_TCAT(C_OUT_, t_)(n)
#define C_OUT_ANY(n) api_same(&n##_p, &n##_r, sizeof n##_p, #n);
#define C_OUT_fe C_OUT_ANY
#define C_OUT_se C_OUT_ANY
#define C_OUT_jac C_OUT_ANY
#define C_OUT_aff C_OUT_ANY
#define C_OUT_int C_OUT_ANY
#define C_OUT_dom(n) PASTA_CAT3(api_dom_same_, FIELD, )(t, &n##_p, &n##_r, #n);
#define P_IN(t_, n) &n
#define Q_IN(t_, n) &n
#define C_IN(t_, n)
#define P_INOUT(t_, n) &n##_p
#define Q_INOUT(t_, n) &n##_r
#define C_INOUT(t_, n) api_same(&n##_p, &n##_r, sizeof n##_p, #n);
#define P_VAL(v, n) n
#define Q_VAL(v, n) n
#define C_VAL(v, n)
#define P_OUTA(t_, n) n##_p
#define Q_OUTA(t_, n) n##_r
#define C_OUTA(t_, n) api_same(n##_p, n##_r, sizeof n##_p, #n);
#define P_INA(t_, n) n
#define Q_INA(t_, n) n
#define C_INA(t_, n)
#define P_INOUTA(t_, n) n##_p
#define Q_INOUTA(t_, n) n##_r
#define C_INOUTA(t_, n) api_same(n##_p, n##_r, sizeof n##_p, #n);
#define P_OUTW(n, k) n##_p
#define Q_OUTW(n, k) n##_r
#define C_OUTW(n, k) api_same(n##_p, n##_r, sizeof n##_p, #n);
#define P_INW(n, k) n
#define Q_INW(n, k) n
#define C_INW(n, k)
#define P_OUTB(n, k) n##_p
#define Q_OUTB(n, k) n##_r
#define C_OUTB(n, k) api_same(n##_p, n##_r, sizeof n##_p, #n);
#define P_INB(n, k) n
#define Q_INB(n, k) n
#define C_INB(n, k)
#define P_INBA(n, k) n
#define P_TABW(n) (PASTA_T_tab *)(void *)n##_pm, n##_size
#define Q_TABW(n) (PASTA_T_tab *)(void *)n##_rm, n##_size
#define C_TABW(n) api_same(n##_pm, n##_rm, sizeof n##_pm, #n);
#define P_TABR(n) n
#define Q_TABR(n) n
#define C_TABR(n)
#define Q_INBA(n, k) n
#define C_INBA(n, k)
#define P_RNG(f, c) tu_rng_fill, &c##_p
#define Q_RNG(f, c) tu_rng_fill, &c##_r
#define C_RNG(f, c) api_same(&c##_p, &c##_r, sizeof c##_p, "rng state");
#define P_STR(n) n
#define Q_STR(n) n
#define C_STR(n)
#define P_MSG(p, k) p, k
#define Q_MSG(p, k) p, k
#define C_MSG(p, k)
/* After the comparison: resources of the inputs are released (E_). */
#define E_OUT(t_, n)
#define E_IN(t_, n) API_TCAT(E_IN_, t_)(n)
#define E_IN_fe(n)
#define E_IN_se(n)
#define E_IN_jac(n)
#define E_IN_aff(n)
#define E_IN_int(n)
#define E_IN_dom(n) t->FIELD->domain_free(&n);
#define E_IN_sdom(n) t->SCALAR->domain_free(&n);
#define E_INOUT(t_, n)
#define E_VAL(v, n)
#define E_OUTA(t_, n)
#define E_INA(t_, n)
#define E_INOUTA(t_, n)
#define E_OUTW(n, k)
#define E_INW(n, k)
#define E_OUTB(n, k)
#define E_INB(n, k)
#define E_RNG(f, c)
#define E_STR(n)
#define E_MSG(p, k)
#define E_INBA(n, k)
#define E_TABW(n)
#define E_TABR(n)
#define D_1(k) PASTA_KCAT(D_, k)
#define E_1(k) PASTA_KCAT(E_, k)
#define P_1(k) PASTA_KCAT(P_, k)
#define Q_1(k) PASTA_KCAT(Q_, k)
#define C_1(k) PASTA_KCAT(C_, k)

/* One check; for an R entry RP/RQ capture the return codes and SAME compares them. */
#define CHECK_(name, kinds, RP, RQ, SAME)                                                 \
    static void CHK(name)(const pasta_ops *t, tu_rng *g, int it) {                       \
        uint8_t gen_buf[64];                                                              \
        (void)gen_buf, (void)it, (void)g, (void)t;                                        \
        api_op = PASTA_STR_(PUB(name));                                                   \
        PASTA_MAP_STMT(D_1, PASTA_UNPAREN kinds)                                          \
        RP PUB(name)(PASTA_MAP_LIST(P_1, PASTA_UNPAREN kinds));                           \
        RQ ENTRY(t, name)(PASTA_MAP_LIST(Q_1, PASTA_UNPAREN kinds));                      \
        SAME                                                                              \
        PASTA_MAP_STMT(C_1, PASTA_UNPAREN kinds)                                          \
        PASTA_MAP_STMT(E_1, PASTA_UNPAREN kinds)                                          \
        api_checked++;                                                                    \
    }
#define CHECK_V(name, kinds) CHECK_(name, kinds, , , )
#define CHECK_R(type, name, kinds)                                                        \
    CHECK_(name, kinds, type ret_p =, type ret_r =,                                      \
           cr_assert_eq(ret_p, ret_r, "%s: returned %d, its table entry %d", api_op,     \
                        (int)ret_p, (int)ret_r);)
LAYER_OPS(CHECK_V, CHECK_R)
#undef CHECK_
#undef CHECK_V
#undef CHECK_R

/* Every check of this layer, in list order. */
#define ITEM_V(name, kinds) CHK(name),
#define ITEM_R(type, name, kinds) CHK(name),
static void (*const PASTA_CAT(checks_, LAYER)[])(const pasta_ops *, tu_rng *, int) = {
    LAYER_OPS(ITEM_V, ITEM_R)};
#undef ITEM_V
#undef ITEM_R

#undef D_1
#undef E_1
#undef P_1
#undef Q_1
#undef C_1
#undef GEN_1
#undef GEN_fe
#undef GEN_se
#undef GEN_jac
#undef GEN_aff
#undef ENTRY
#undef CHK
#undef PUB
#include "backends/layer_unselect.h"
