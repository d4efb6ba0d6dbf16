/* prover_bench/circuits.h */
#include "circuits.h"

#include <string.h>

void halo2_plonk_configure(halo2_cs *cs, halo2_plonk_config *cfg) {
    cs->minimum_degree = 5;
    cfg->a = halo2_cs_advice_column(cs);
    cfg->b = halo2_cs_advice_column(cs);
    cfg->c = halo2_cs_advice_column(cs);
    halo2_cs_enable_equality(cs, cfg->a);
    halo2_cs_enable_equality(cs, cfg->b);
    halo2_cs_enable_equality(cs, cfg->c);
    cfg->sm = halo2_cs_fixed_column(cs);
    cfg->sa = halo2_cs_fixed_column(cs);
    cfg->sb = halo2_cs_fixed_column(cs);
    cfg->sc = halo2_cs_fixed_column(cs);
    /* "Combined add-mult": queries in the closure's order a, b, c, sa, sb, sc, sm */
    int a = halo2_query_advice(cs, cfg->a, 0);
    int b = halo2_query_advice(cs, cfg->b, 0);
    int c = halo2_query_advice(cs, cfg->c, 0);
    int sa = halo2_query_fixed(cs, cfg->sa);
    int sb = halo2_query_fixed(cs, cfg->sb);
    int sc = halo2_query_fixed(cs, cfg->sc);
    int sm = halo2_query_fixed(cs, cfg->sm);
    /* a.clone() * sa + b.clone() * sb + a * b * sm - (c * sc), left to right */
    int e = halo2_expr_sum(cs, halo2_expr_product(cs, a, sa), halo2_expr_product(cs, b, sb));
    e = halo2_expr_sum(cs, e, halo2_expr_product(cs, halo2_expr_product(cs, a, b), sm));
    e = halo2_expr_sub(cs, e, halo2_expr_product(cs, c, sc));
    halo2_cs_add_gate_poly(cs, e);
}

int halo2_plonk_synthesize_keygen(halo2_assembly *a, const halo2_cs *cs,
                                  const halo2_plonk_config *cfg) {
    pasta_fp zero, one;
    pasta_fp_zero(&zero);
    pasta_fp_one(&one);
    const size_t pairs = ((size_t)1 << (a->k - 1)) - 3;
    int rc = PASTA_OK;
    for (size_t i = 0; i < pairs && rc == PASTA_OK; i++) {
        const size_t m = 2 * i, d = 2 * i + 1; /* raw_multiply, raw_add rows */
        rc |= halo2_assign_fixed(a, cfg->sa, m, &zero);
        rc |= halo2_assign_fixed(a, cfg->sb, m, &zero);
        rc |= halo2_assign_fixed(a, cfg->sc, m, &one);
        rc |= halo2_assign_fixed(a, cfg->sm, m, &one);
        rc |= halo2_assign_fixed(a, cfg->sa, d, &one);
        rc |= halo2_assign_fixed(a, cfg->sb, d, &one);
        rc |= halo2_assign_fixed(a, cfg->sc, d, &one);
        rc |= halo2_assign_fixed(a, cfg->sm, d, &zero);
        rc |= halo2_copy(a, cs, cfg->a, m, cfg->a, d); /* a0 = a1 */
        rc |= halo2_copy(a, cs, cfg->b, d, cfg->c, m); /* b1 = c0 */
    }
    return rc == PASTA_OK ? PASTA_OK : PASTA_ERR_INVALID_ARG;
}

int halo2_plonk_synthesize_witness(pasta_fp *advice, int k, const halo2_plonk_config *cfg,
                                   const pasta_fp *a) {
    if (advice == NULL || cfg == NULL || a == NULL || k < 3 || k > 20)
        return PASTA_ERR_INVALID_ARG;
    const size_t n = (size_t)1 << k, pairs = ((size_t)1 << (k - 1)) - 3;
    pasta_fp a2, sum;
    pasta_fp_sqr(&a2, a);
    pasta_fp_add(&sum, a, &a2);
    memset(advice, 0, 3 * n * sizeof *advice);
    pasta_fp *col_a = &advice[(size_t)cfg->a.index * n],
             *col_b = &advice[(size_t)cfg->b.index * n],
             *col_c = &advice[(size_t)cfg->c.index * n];
    for (size_t i = 0; i < pairs; i++) {
        const size_t m = 2 * i, d = 2 * i + 1;
        col_a[m] = *a, col_b[m] = *a, col_c[m] = a2;
        col_a[d] = *a, col_b[d] = a2, col_c[d] = sum;
    }
    return PASTA_OK;
}

void halo2_lookup_configure(halo2_cs *cs, halo2_lookup_config *cfg) {
    cfg->a = halo2_cs_advice_column(cs);
    cfg->b = halo2_cs_advice_column(cs);
    cfg->c = halo2_cs_advice_column(cs);
    cfg->inst = halo2_cs_instance_column(cs);
    halo2_cs_enable_equality(cs, cfg->a);
    halo2_cs_enable_equality(cs, cfg->inst);
    cfg->table = halo2_cs_table_column(cs);
    cfg->q_add = halo2_cs_selector(cs);
    cfg->q_mul = halo2_cs_selector(cs);
    cfg->q_lookup = halo2_cs_complex_selector(cs);
    /* "add next": q * (a0 + b0 - a1) */
    int q = halo2_query_selector(cs, cfg->q_add);
    int a0 = halo2_query_advice(cs, cfg->a, 0);
    int b0 = halo2_query_advice(cs, cfg->b, 0);
    int a1 = halo2_query_advice(cs, cfg->a, 1);
    halo2_cs_add_gate_poly(
        cs, halo2_expr_product(cs, q, halo2_expr_sub(cs, halo2_expr_sum(cs, a0, b0), a1)));
    /* "mul prev": q * (ap * b0 - c0) */
    q = halo2_query_selector(cs, cfg->q_mul);
    int ap = halo2_query_advice(cs, cfg->a, -1);
    b0 = halo2_query_advice(cs, cfg->b, 0);
    int c0 = halo2_query_advice(cs, cfg->c, 0);
    halo2_cs_add_gate_poly(
        cs, halo2_expr_product(cs, q, halo2_expr_sub(cs, halo2_expr_product(cs, ap, b0), c0)));
    /* "b is a bit": q * b0.clone() * (Constant(1) - b0) */
    q = halo2_query_selector(cs, cfg->q_add);
    b0 = halo2_query_advice(cs, cfg->b, 0);
    pasta_fp one;
    pasta_fp_one(&one);
    halo2_cs_add_gate_poly(
        cs, halo2_expr_product(cs, halo2_expr_product(cs, q, b0),
                               halo2_expr_sub(cs, halo2_expr_constant(cs, &one), b0)));
    /* lookup: (q_lookup * c0, table) */
    q = halo2_query_selector(cs, cfg->q_lookup);
    c0 = halo2_query_advice(cs, cfg->c, 0);
    const int input = halo2_expr_product(cs, q, c0);
    halo2_cs_lookup(cs, &input, &cfg->table, 1);
}

int halo2_lookup_synthesize_keygen(halo2_assembly *a, const halo2_cs *cs,
                                   const halo2_lookup_config *cfg) {
    int rc = PASTA_OK;
    for (uint64_t i = 0; i < 1024; i++) {
        pasta_fp v;
        pasta_fp_from_u64(&v, i);
        rc |= halo2_assign_fixed(a, cfg->table, (size_t)i, &v);
    }
    pasta_fp first;
    pasta_fp_zero(&first); /* the table's default: its first value, Fp::from(0) */
    for (size_t r = 1024; r < a->usable_rows; r++)
        rc |= halo2_assign_fixed(a, cfg->table, r, &first);
    for (size_t i = 0; i < HALO2_LOOKUP_ROWS; i++) {
        if (i + 1 < HALO2_LOOKUP_ROWS) rc |= halo2_enable_selector(a, cfg->q_add, i);
        if (i > 0) {
            rc |= halo2_enable_selector(a, cfg->q_mul, i);
            rc |= halo2_enable_selector(a, cfg->q_lookup, i);
        }
    }
    rc |= halo2_copy(a, cs, cfg->a, 0, cfg->inst, 0);
    rc |= halo2_copy(a, cs, cfg->a, HALO2_LOOKUP_ROWS - 1, cfg->inst, 1);
    return rc == PASTA_OK ? PASTA_OK : PASTA_ERR_INVALID_ARG;
}

int halo2_lookup_synthesize_witness(pasta_fp *advice, pasta_fp instance[2], int k,
                                    const halo2_lookup_config *cfg, const uint8_t *bits) {
    if (advice == NULL || instance == NULL || cfg == NULL || bits == NULL || k < 10 || k > 20)
        return PASTA_ERR_INVALID_ARG;
    const size_t n = (size_t)1 << k;
    memset(advice, 0, 3 * n * sizeof *advice);
    pasta_fp *a = &advice[(size_t)cfg->a.index * n], *b = &advice[(size_t)cfg->b.index * n],
             *c = &advice[(size_t)cfg->c.index * n];
    uint64_t av = 1, prev = 1;
    for (size_t i = 0; i < HALO2_LOOKUP_ROWS; i++) {
        if (bits[i] > 1) return PASTA_ERR_INVALID_ARG;
        pasta_fp_from_u64(&a[i], av);
        pasta_fp_from_u64(&b[i], bits[i]);
        pasta_fp_from_u64(&c[i], i > 0 ? prev * bits[i] : 0);
        prev = av;
        av += bits[i];
    }
    instance[0] = a[0];
    instance[1] = a[HALO2_LOOKUP_ROWS - 1];
    return PASTA_OK;
}
