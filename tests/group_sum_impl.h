/* Group template (core/for_each.h, PASTA_GROUP_TEMPLATE), as a later layer writes one:
 * r = sum of [k_i] P_i by the group law alone (G(g_zero), G(g_scale), G(g_add)), the
 * naive form of what an MSM or an NTT over points computes. */
PASTA_TFN void G(naive_sum)(GE *r, const GE *p, const GS *k, size_t n) {
    GE acc, t;
    G(g_zero)(&acc);
    for (size_t i = 0; i < n; i++) {
        G(g_scale)(&t, &p[i], &k[i]);
        G(g_add)(&acc, &acc, &t);
    }
    *r = acc;
}
/* sum - last = the sum of the first n - 1 terms (G(g_sub)). */
PASTA_TFN void G(naive_sum_but_last)(GE *r, const GE *p, const GS *k, size_t n) {
    GE all, t;
    G(naive_sum)(&all, p, k, n);
    G(g_scale)(&t, &p[n - 1], &k[n - 1]);
    G(g_sub)(r, &all, &t);
}
