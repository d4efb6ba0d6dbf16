/* prover_bench/circuits.h */
#include "prover_bench/circuits.h"

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
