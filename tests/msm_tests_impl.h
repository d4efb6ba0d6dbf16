/* Template: MSM tests for one CURVE (pallas | vesta) on a backend table (tests/test_msm.c,
 * core/for_each.h). References: the naive sum of mul_var products or of double-and-add
 * products, and ref_pippenger below, a plain Pippenger (unsigned windows, Jacobian
 * buckets, no GLV, no batching) written only from the curve layer's group law. */
#define T(name) PASTA_CAT3(t_, CURVE, PASTA_CAT(_, name))
#define SO(o) ((o)->SCALAR)
#define CO(o) ((o)->CURVE)
#define CNAME PASTA_STR_(CURVE)

static void T(rand_scalar)(const pasta_ops *o, SE *k, tu_rng *r) {
    cr_assert_eq(SO(o)->random(k, tu_rng_fill, r), PASTA_OK);
}

/* n random affine bases: [k_i] G for random k_i, one batch normalisation. */
static AFF *T(rand_bases)(const pasta_ops *o, size_t n, tu_rng *r) {
    AFF *b = calloc(n ? n : 1, sizeof *b);
    JAC *j = calloc(n ? n : 1, sizeof *j);
    cr_assert(b != NULL && j != NULL);
    JAC g;
    CO(o)->generator(&g);
    for (size_t i = 0; i < n; i++) {
        SE k;
        T(rand_scalar)(o, &k, r);
        CO(o)->mul_var(&j[i], &g, &k);
    }
    cr_assert_eq(CO(o)->batch_to_affine(b, j, n), PASTA_OK);
    free(j);
    return b;
}

static SE *T(rand_scalars)(const pasta_ops *o, size_t n, tu_rng *r) {
    SE *s = calloc(n ? n : 1, sizeof *s);
    cr_assert(s != NULL);
    for (size_t i = 0; i < n; i++) T(rand_scalar)(o, &s[i], r);
    return s;
}

/* sum [k_i] P_i with mul_var (GLV + wNAF, independent of the MSM code). */
static void T(naive)(const pasta_ops *o, JAC *r, const AFF *b, const SE *k, size_t n) {
    JAC acc, p, t;
    CO(o)->identity(&acc);
    for (size_t i = 0; i < n; i++) {
        CO(o)->from_affine(&p, &b[i]);
        CO(o)->mul_var(&t, &p, &k[i]);
        CO(o)->add_var(&acc, &acc, &t);
    }
    *r = acc;
}

/* sum [k_i] P_i by plain double-and-add over the 255 bits of each k_i. */
static void T(naive_dadd)(const pasta_ops *o, JAC *r, const AFF *b, const SE *k, size_t n) {
    JAC acc, t;
    CO(o)->identity(&acc);
    for (size_t i = 0; i < n; i++) {
        uint64_t raw[4];
        SO(o)->to_raw(raw, &k[i]);
        CO(o)->identity(&t);
        for (int bit = 254; bit >= 0; bit--) {
            CO(o)->dbl_var(&t, &t);
            if ((raw[bit / 64] >> (bit % 64)) & 1) CO(o)->madd_var(&t, &t, &b[i]);
        }
        CO(o)->add_var(&acc, &acc, &t);
    }
    *r = acc;
}

/* The reference Pippenger: c-bit unsigned windows over 255 bits, 2^c - 1 Jacobian
 * buckets filled by mixed additions, running sums, Horner over the windows. */
static void T(ref_pippenger)(const pasta_ops *o, JAC *r, const AFF *b, const SE *k, size_t n,
                             int c) {
    uint64_t *raw = malloc((n ? n : 1) * 4 * sizeof(uint64_t));
    JAC *bk = malloc(((size_t)1 << c) * sizeof(JAC));
    cr_assert(raw != NULL && bk != NULL);
    for (size_t i = 0; i < n; i++) SO(o)->to_raw(raw + 4 * i, &k[i]);
    int nwin = (255 + c - 1) / c;
    JAC acc;
    CO(o)->identity(&acc);
    for (int w = nwin - 1; w >= 0; w--) {
        for (int i = 0; i < c; i++) CO(o)->dbl_var(&acc, &acc);
        for (size_t j = 0; j < ((size_t)1 << c); j++) CO(o)->identity(&bk[j]);
        for (size_t i = 0; i < n; i++) {
            uint64_t d = 0;
            for (int t = c - 1; t >= 0; t--) {
                int bit = w * c + t;
                d = 2 * d + (bit < 256 ? (raw[4 * i + bit / 64] >> (bit % 64)) & 1 : 0);
            }
            if (d) CO(o)->madd_var(&bk[d], &bk[d], &b[i]);
        }
        JAC run, tot;
        CO(o)->identity(&run);
        CO(o)->identity(&tot);
        for (size_t j = ((size_t)1 << c) - 1; j >= 1; j--) {
            CO(o)->add_var(&run, &run, &bk[j]);
            CO(o)->add_var(&tot, &tot, &run);
        }
        CO(o)->add_var(&acc, &acc, &tot);
    }
    *r = acc;
    free(raw);
    free(bk);
}

/* The normal form of results: Z = 1, or all zero for the identity. */
static int T(normalised)(const pasta_ops *o, const JAC *r) {
    JAC id;
    CO(o)->identity(&id);
    if (CO(o)->is_identity(r)) return memcmp(r, &id, sizeof id) == 0;
    PASTA_CAT3(pasta_, FIELD, ) one;
    (o)->FIELD->one(&one);
    return memcmp(&r->z, &one, sizeof one) == 0 && CO(o)->is_on_curve(r);
}

static void T(expect)(const pasta_ops *o, const JAC *got, const JAC *want, const char *what,
                      size_t n) {
    cr_assert(CO(o)->eq(got, want), "%s %s: wrong sum (n = %zu)", CNAME, what, n);
    cr_assert(T(normalised)(o, got), "%s %s: result not normalised (n = %zu)", CNAME, what, n);
}

/* Random n up to 2^10 against the naive sum; small n also against double-and-add. */
static void T(vs_naive)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3531);
    static const size_t sizes[] = {1,  2,  3,  4,  5,   7,   8,   16,  31,  32,
                                   33, 63, 64, 65, 100, 255, 256, 257, 600, 1024};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        AFF *b = T(rand_bases)(o, n, &r);
        SE *k = T(rand_scalars)(o, n, &r);
        JAC want, got;
        T(naive)(o, &want, b, k, n);
        if (n <= 8) {
            JAC w2;
            T(naive_dadd)(o, &w2, b, k, n);
            cr_assert(CO(o)->eq(&w2, &want), "naive references disagree");
        }
        cr_assert_eq(CO(o)->msm_var(&got, b, k, n, 1), PASTA_OK);
        T(expect)(o, &got, &want, "msm_var", n);
        free(b);
        free(k);
    }
}

/* Every window size 1..16 and each bucket mode (batch-affine, Jacobian, with and without
 * GLV) against the naive sum. */
static void T(options)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3532);
    size_t n = 150;
    AFF *b = T(rand_bases)(o, n, &r);
    SE *k = T(rand_scalars)(o, n, &r);
    JAC want, got;
    T(naive)(o, &want, b, k, n);
    static const int flags[] = {0, PASTA_MSM_F_AFFINE, PASTA_MSM_F_JACOBIAN,
                                PASTA_MSM_F_NOGLV | PASTA_MSM_F_AFFINE,
                                PASTA_MSM_F_NOGLV | PASTA_MSM_F_JACOBIAN};
    int light = msm_light();
    for (int c = 1; c <= 16; c++)
        for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++) {
            if (c > 12 && (flags[f] & PASTA_MSM_F_NOGLV)) continue;
            if (light && c % 3 != 1 && f != 1) continue;
            cr_assert_eq(CO(o)->msm_var_opt(&got, b, k, n, 1, c, flags[f]), PASTA_OK);
            cr_assert(CO(o)->eq(&got, &want), "%s c=%d flags=%d: wrong sum", CNAME, c,
                      flags[f]);
        }
    free(b);
    free(k);
}

/* Larger n against the reference Pippenger (2^12 by default; PASTA_TEST_MSM_BIG=1: 2^12,
 * 2^13, 2^14). */
static void T(vs_reference)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3533);
    const char *big = getenv("PASTA_TEST_MSM_BIG");
    int top = (big != NULL && atoi(big) > 0) ? 14 : 12;
    for (int lg = 12; lg <= top; lg++) {
        size_t n = (size_t)1 << lg;
        n += (size_t)lg - 12; /* 4096, 8193, 16386: not only powers of two */
        AFF *b = T(rand_bases)(o, n, &r);
        SE *k = T(rand_scalars)(o, n, &r);
        JAC want, got;
        T(ref_pippenger)(o, &want, b, k, n, 10);
        cr_assert_eq(CO(o)->msm_var(&got, b, k, n, 1), PASTA_OK);
        T(expect)(o, &got, &want, "msm_var vs reference", n);
        cr_assert_eq(CO(o)->msm_var_opt(&got, b, k, n, 1, 0, PASTA_MSM_F_JACOBIAN), PASTA_OK);
        T(expect)(o, &got, &want, "msm_var (Jacobian buckets) vs reference", n);
        free(b);
        free(k);
    }
}

/* Edge cases: each against the naive sum, in every bucket mode. */
static void T(check_all)(const pasta_ops *o, const AFF *b, const SE *k, size_t n,
                         const char *what) {
    JAC want, got;
    T(naive)(o, &want, b, k, n);
    cr_assert_eq(CO(o)->msm_var(&got, b, k, n, 1), PASTA_OK);
    T(expect)(o, &got, &want, what, n);
    static const int flags[] = {PASTA_MSM_F_AFFINE, PASTA_MSM_F_JACOBIAN, PASTA_MSM_F_NOGLV};
    static const int cs[] = {0, 3, 8};
    for (size_t f = 0; f < 3; f++)
        for (size_t ci = 0; ci < 3; ci++) {
            cr_assert_eq(CO(o)->msm_var_opt(&got, b, k, n, 1, cs[ci], flags[f]), PASTA_OK);
            cr_assert(CO(o)->eq(&got, &want), "%s %s c=%d flags=%d", CNAME, what, cs[ci],
                      flags[f]);
        }
}

static void T(edges)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3534);
    const size_t n = msm_light() ? 120 : 300;
    AFF *b = T(rand_bases)(o, n, &r), *b2 = calloc(n, sizeof *b2);
    SE *k = T(rand_scalars)(o, n, &r), *k2 = calloc(n, sizeof *k2);
    cr_assert(b2 != NULL && k2 != NULL);
    JAC got, id;
    CO(o)->identity(&id);

    /* n = 0: the identity, NULL arrays allowed */
    memset(&got, 0x5a, sizeof got);
    cr_assert_eq(CO(o)->msm_var(&got, NULL, NULL, 0, 1), PASTA_OK);
    cr_assert(memcmp(&got, &id, sizeof id) == 0, "n = 0 gives (0, 0, 0)");
    memset(&got, 0x5a, sizeof got);
    cr_assert_eq(CO(o)->msm_bytes_var(&got, NULL, NULL, 0, 0), PASTA_OK);
    cr_assert(memcmp(&got, &id, sizeof id) == 0, "n = 0 gives (0, 0, 0)");

    T(check_all)(o, b, k, 1, "n = 1");
    /* zero scalars, all of them or every third */
    for (size_t i = 0; i < n; i++) SO(o)->zero(&k2[i]);
    T(check_all)(o, b, k2, n, "all scalars zero");
    for (size_t i = 0; i < n; i++) k2[i] = k[i];
    for (size_t i = 0; i < n; i += 3) SO(o)->zero(&k2[i]);
    T(check_all)(o, b, k2, n, "some scalars zero");
    /* order - 1, 1, 2, small and near-order scalars */
    for (size_t i = 0; i < n; i++) {
        SO(o)->from_u64(&k2[i], (uint64_t)(i % 5));
        if (i % 2) SO(o)->neg(&k2[i], &k2[i]); /* -1 = order - 1, -3, ... */
    }
    T(check_all)(o, b, k2, n, "small and order - small scalars");
    for (size_t i = 0; i < n; i++) {
        SO(o)->one(&k2[i]);
        SO(o)->neg(&k2[i], &k2[i]);
    }
    T(check_all)(o, b, k2, n, "all scalars order - 1");
    /* mostly one (a permutation column), the rest random: one crowded bucket among busy
     * ordinary ones (its additions queued once, then Jacobian) */
    for (size_t i = 0; i < n; i++) {
        k2[i] = k[i];
        if (i % 8 != 0) SO(o)->one(&k2[i]);
    }
    T(check_all)(o, b, k2, n, "mostly one");
    /* all scalars equal (random) */
    for (size_t i = 0; i < n; i++) k2[i] = k[0];
    T(check_all)(o, b, k2, n, "all scalars equal");
    /* identity bases */
    for (size_t i = 0; i < n; i++) b2[i] = b[i];
    for (size_t i = 0; i < n; i += 2) memset(&b2[i], 0, sizeof b2[i]);
    T(check_all)(o, b2, k, n, "identity bases");
    memset(b2, 0, n * sizeof *b2);
    T(check_all)(o, b2, k, n, "all bases identity");
    /* repeated bases: few distinct */
    for (size_t i = 0; i < n; i++) b2[i] = b[i % 7];
    T(check_all)(o, b2, k, n, "repeated bases");
    /* a base and its negation, same scalar (the sum cancels) and different ones */
    for (size_t i = 0; i < n; i++) {
        b2[i] = b[i / 2];
        if (i & 1) CO(o)->affine_neg(&b2[i], &b2[i]);
        k2[i] = k[i / 2];
    }
    T(check_all)(o, b2, k2, n, "base and negation, same scalars (sum = identity)");
    T(check_all)(o, b2, k, n, "base and negation");
    /* all bases equal, random scalars; and all bases and scalars equal (every batch
     * collides) */
    for (size_t i = 0; i < n; i++) b2[i] = b[0];
    T(check_all)(o, b2, k, n, "all bases equal");
    for (size_t i = 0; i < n; i++) k2[i] = k[1];
    T(check_all)(o, b2, k2, n, "all bases and scalars equal");
    /* few points (msm_var's Straus path, msm/var_impl.h): the same kinds of input */
    for (size_t m = 2; m <= 16; m += 7) {
        for (size_t i = 0; i < m; i++) b2[i] = b[i], k2[i] = k[i];
        for (size_t i = 0; i < m; i += 2) memset(&b2[i], 0, sizeof b2[i]);
        for (size_t i = 0; i < m; i += 3) SO(o)->zero(&k2[i]);
        T(check_all)(o, b2, k2, m, "few points: identity bases, zero scalars");
        memset(b2, 0, m * sizeof *b2);
        T(check_all)(o, b2, k, m, "few points: all bases identity");
        for (size_t i = 0; i < m; i++) {
            b2[i] = b[i / 2];
            if (i & 1) CO(o)->affine_neg(&b2[i], &b2[i]);
            k2[i] = k[i / 2];
        }
        T(check_all)(o, b2, k2, m, "few points: base and negation (sum = identity)");
        for (size_t i = 0; i < m; i++) b2[i] = b[0], k2[i] = k[1];
        T(check_all)(o, b2, k2, m, "few points: all bases and scalars equal");
        for (size_t i = 0; i < m; i++) SO(o)->from_u64(&k2[i], (uint64_t)i + 1);
        T(check_all)(o, b2, k2, m, "few points: one base, scalars 1..m");
    }
    free(b);
    free(b2);
    free(k);
    free(k2);
}

/* The bytes form equals the element form; non-canonical bytes are rejected, nothing
 * written. */
static void T(bytes_form)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3535);
    const size_t n = 200;
    AFF *b = T(rand_bases)(o, n, &r);
    SE *k = T(rand_scalars)(o, n, &r);
    uint8_t *kb = malloc(32 * n);
    cr_assert(kb != NULL);
    for (size_t i = 0; i < n; i++) SO(o)->to_bytes(kb + 32 * i, &k[i]);
    JAC a, c;
    cr_assert_eq(CO(o)->msm_var(&a, b, k, n, 1), PASTA_OK);
    cr_assert_eq(CO(o)->msm_bytes_var(&c, b, kb, n, 1), PASTA_OK);
    cr_assert(memcmp(&a, &c, sizeof a) == 0, "%s: bytes form differs", CNAME);
    /* the order itself, 2^255 - 1 and bit 255 set, anywhere in the array */
    uint64_t m[4];
    memcpy(m, PASTA_CAT3(pasta_, SCALAR, _MODULUS), sizeof m);
    uint8_t ord[32], ones[32];
    for (int i = 0; i < 32; i++) ord[i] = (uint8_t)(m[i / 8] >> (8 * (i % 8)));
    memset(ones, 0xff, 32);
    const uint8_t *bad[] = {ord, ones};
    const size_t at[] = {0, n / 2, n - 1};
    for (size_t bi = 0; bi < 2; bi++)
        for (size_t ai = 0; ai < 3; ai++) {
            uint8_t keep[32];
            memcpy(keep, kb + 32 * at[ai], 32);
            memcpy(kb + 32 * at[ai], bad[bi], 32);
            memset(&c, 0xa5, sizeof c);
            cr_assert_eq(CO(o)->msm_bytes_var(&c, b, kb, n, 1), PASTA_ERR_NONCANONICAL);
            cr_assert(tu_all_bytes(&c, sizeof c, 0xa5), "output written on error");
            memcpy(kb + 32 * at[ai], keep, 32);
        }
    free(b);
    free(k);
    free(kb);
}

/* Thread counts 1..8 (and 0, the default) give identical bytes. */
static void T(threads)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3536);
    static const size_t sizes[] = {1, 5, 64, 333, 2049};
    int light = msm_light();
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0] - (size_t)light; s++) {
        size_t n = sizes[s];
        AFF *b = T(rand_bases)(o, n, &r);
        SE *k = T(rand_scalars)(o, n, &r);
        JAC one, got;
        cr_assert_eq(CO(o)->msm_var(&one, b, k, n, 1), PASTA_OK);
        for (int t = 0; t <= 8; t++) {
            if (light && t > 3 && t != 8) continue;
            cr_assert_eq(CO(o)->msm_var(&got, b, k, n, t), PASTA_OK);
            cr_assert(memcmp(&got, &one, sizeof one) == 0, "%s n=%zu: %d threads differ",
                      CNAME, n, t);
            cr_assert_eq(CO(o)->msm_var_opt(&got, b, k, n, t, 0, PASTA_MSM_F_JACOBIAN),
                         PASTA_OK);
            cr_assert(memcmp(&got, &one, sizeof one) == 0,
                      "%s n=%zu: %d threads (Jacobian buckets) differ", CNAME, n, t);
        }
        free(b);
        free(k);
    }
}

/* Bad arguments: PASTA_ERR_INVALID_ARG, output untouched. */
static void T(bad_args)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x3537);
    AFF *b = T(rand_bases)(o, 2, &r);
    SE *k = T(rand_scalars)(o, 2, &r);
    uint8_t kb[64] = {0};
    JAC got;
    memset(&got, 0xa5, sizeof got);
    long live0 = pasta_test_alloc_live();
    cr_assert_eq(CO(o)->msm_var(&got, NULL, k, 2, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var(&got, b, NULL, 2, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var(&got, b, k, 2, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var(&got, b, k, SIZE_MAX, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var(&got, b, k, SIZE_MAX / 64 + 1, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_bytes_var(&got, NULL, kb, 2, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_bytes_var(&got, b, NULL, 2, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_bytes_var(&got, b, kb, SIZE_MAX / 32 + 1, 1),
                 PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_opt(&got, b, k, 2, 1, -1, 0), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_opt(&got, b, k, 2, 1, 99, 0), PASTA_ERR_INVALID_ARG);
    cr_assert(tu_all_bytes(&got, sizeof got, 0xa5), "output written on error");
    cr_assert_eq(pasta_test_alloc_live(), live0, "leak");
    free(b);
    free(k);
}

#define TAB PASTA_CAT3(pasta_, CURVE, _msm_table)

/* A table in malloc'd memory (8-byte aligned). */
static TAB *T(build)(const pasta_ops *o, const AFF *b, size_t n, int c, int threads) {
    size_t sz = CO(o)->msm_fixed_size(n, c);
    cr_assert(sz >= 64, "%s: fixed_size(%zu, %d) = %zu", CNAME, n, c, sz);
    TAB *t = malloc(sz);
    cr_assert(t != NULL);
    cr_assert_eq(CO(o)->msm_fixed_build(t, sz, b, n, c, threads), PASTA_OK);
    return t;
}

/* Fixed base equals variable base (same bytes), over prefixes, for several window sizes
 * (the memory parameter), thread counts and the edge cases. */
static void T(fixed)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x353a);
    const size_t n = 300;
    AFF *b = T(rand_bases)(o, n, &r);
    SE *k = T(rand_scalars)(o, n, &r);
    static const int cs[] = {0, 1, 3, 4, 8, 11, 13, 16};
    static const size_t pre[] = {0, 1, 2, 17, 64, 299, 300};
    int light = msm_light();
    for (size_t ci = 0; ci < sizeof cs / sizeof cs[0]; ci++) {
        if (light && ci % 2) continue;
        TAB *t = T(build)(o, b, n, cs[ci], ci % 3);
        if (cs[ci] > 0)
            cr_assert_eq(CO(o)->msm_fixed_size(n, cs[ci]),
                         64 + 64 * n * (size_t)((256 + cs[ci] - 1) / cs[ci]));
        for (size_t pi = 0; pi < sizeof pre / sizeof pre[0]; pi++) {
            JAC want, got;
            cr_assert_eq(CO(o)->msm_var(&want, b, k, pre[pi], 1), PASTA_OK);
            cr_assert_eq(CO(o)->msm_fixed_var(&got, t, k, pre[pi], 1), PASTA_OK);
            cr_assert(memcmp(&got, &want, sizeof got) == 0, "%s fixed c=%d n=%zu: differs",
                      CNAME, cs[ci], pre[pi]);
        }
        free(t);
    }
    /* thread counts, and the table built with several threads, give the same bytes */
    TAB *t1 = T(build)(o, b, n, 0, 1), *t5 = T(build)(o, b, n, 0, 5);
    size_t sz = CO(o)->msm_fixed_size(n, 0);
    cr_assert(memcmp(t1, t5, sz) == 0, "%s: table depends on the thread count", CNAME);
    JAC one, got;
    cr_assert_eq(CO(o)->msm_fixed_var(&one, t1, k, n, 1), PASTA_OK);
    for (int th = 0; th <= 8; th++) {
        cr_assert_eq(CO(o)->msm_fixed_var(&got, t5, k, n, th), PASTA_OK);
        cr_assert(memcmp(&got, &one, sizeof one) == 0, "%s fixed: %d threads differ", CNAME,
                  th);
    }
    free(t5);
    /* edge cases: zero scalars, order - 1, identity bases, a base and its negation */
    AFF *b2 = malloc(n * sizeof *b2);
    SE *k2 = malloc(n * sizeof *k2);
    cr_assert(b2 != NULL && k2 != NULL);
    for (size_t i = 0; i < n; i++) {
        b2[i] = b[i / 2];
        if (i & 1) CO(o)->affine_neg(&b2[i], &b2[i]);
        if (i % 5 == 0) memset(&b2[i], 0, sizeof b2[i]);
        k2[i] = k[i / 2];
        if (i % 7 == 0) SO(o)->zero(&k2[i]);
        if (i % 11 == 0) {
            SO(o)->one(&k2[i]);
            SO(o)->neg(&k2[i], &k2[i]);
        }
    }
    static const int ec[] = {0, 5, 12};
    for (size_t ci = 0; ci < 3; ci++) {
        TAB *t = T(build)(o, b2, n, ec[ci], 1);
        JAC want;
        T(naive)(o, &want, b2, k2, n);
        cr_assert_eq(CO(o)->msm_fixed_var(&got, t, k2, n, 2), PASTA_OK);
        T(expect)(o, &got, &want, "fixed edges", n);
        free(t);
    }
    /* mostly one (a permutation column), the rest random: one crowded bucket */
    for (size_t i = 0; i < n; i++) {
        k2[i] = k[i];
        if (i % 8 != 0) SO(o)->one(&k2[i]);
    }
    for (size_t ci = 0; ci < 3; ci++) {
        TAB *t = T(build)(o, b, n, ec[ci], 1);
        JAC want;
        T(naive)(o, &want, b, k2, n);
        for (int th = 1; th <= 2; th++) {
            cr_assert_eq(CO(o)->msm_fixed_var(&got, t, k2, n, th), PASTA_OK);
            T(expect)(o, &got, &want, "fixed, mostly one", n);
        }
        free(t);
    }
    /* runs of equal scalars (msm_fixed_runs): lengths 1 .. 9 and 150 (three segments),
     * runs of zero, a run whose bases cancel (P, -P, P, -P), one over identity bases */
    {
        size_t at = 0, len = 1;
        while (at < n) {
            size_t e = at + (len == 10 ? 150 : len);
            if (e > n) e = n;
            SE v = k[at];
            if (len == 3) SO(o)->zero(&v);
            for (size_t i = at; i < e; i++) {
                k2[i] = v;
                b2[i] = b[i];
                if (len == 4 && (i - at) % 2) CO(o)->affine_neg(&b2[i], &b2[i - 1]);
                if (len == 5) memset(&b2[i], 0, sizeof b2[i]);
            }
            at = e;
            len = len == 10 ? 1 : len + 1;
        }
        for (size_t ci = 0; ci < 3; ci++) {
            TAB *t = T(build)(o, b2, n, ec[ci], 1);
            JAC want;
            T(naive)(o, &want, b2, k2, n);
            for (int th = 1; th <= 2; th++) {
                cr_assert_eq(CO(o)->msm_fixed_var(&got, t, k2, n, th), PASTA_OK);
                T(expect)(o, &got, &want, "fixed, runs", n);
                for (size_t pi = 0; pi < sizeof pre / sizeof pre[0]; pi++) { /* prefixes */
                    JAC w2;
                    T(naive)(o, &w2, b2, k2, pre[pi]);
                    cr_assert_eq(CO(o)->msm_fixed_var(&got, t, k2, pre[pi], th), PASTA_OK);
                    T(expect)(o, &got, &w2, "fixed, runs, prefix", pre[pi]);
                }
            }
            free(t);
        }
    }
    /* bad arguments: nothing written */
    JAC keep;
    memset(&keep, 0xa5, sizeof keep);
    got = keep;
    cr_assert_eq(CO(o)->msm_fixed_var(&got, t1, k, n + 1, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var(&got, NULL, k, 1, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var(&got, t1, NULL, 1, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var(&got, t1, k, 1, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var(&got, (const TAB *)(const void *)b, k, 1, 1),
                 PASTA_ERR_INVALID_ARG, "not a table");
    cr_assert_eq(
        CO(o)->msm_fixed_var(&got, (const TAB *)(const void *)((const char *)t1 + 4), k, 1, 1),
        PASTA_ERR_INVALID_ARG, "misaligned");
    cr_assert(memcmp(&got, &keep, sizeof got) == 0, "output written on error");
    cr_assert_eq(CO(o)->msm_fixed_var(&got, NULL, NULL, 0, 1), PASTA_OK, "n = 0");
    JAC id;
    CO(o)->identity(&id);
    cr_assert(memcmp(&got, &id, sizeof id) == 0);
    uint64_t *mem = malloc(sz + 8);
    cr_assert(mem != NULL);
    memset(mem, 0x5a, sz + 8);
    cr_assert_eq(CO(o)->msm_fixed_build((TAB *)(void *)mem, sz - 1, b, n, 0, 1),
                 PASTA_ERR_INVALID_ARG, "too small");
    cr_assert_eq(CO(o)->msm_fixed_build((TAB *)(void *)((char *)mem + 4), sz, b, n, 0, 1),
                 PASTA_ERR_INVALID_ARG, "misaligned");
    cr_assert_eq(CO(o)->msm_fixed_build((TAB *)(void *)mem, sz, NULL, n, 0, 1),
                 PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_build(NULL, sz, b, n, 0, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_build((TAB *)(void *)mem, sz, b, n, -1, 1),
                 PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_build((TAB *)(void *)mem, sz, b, n, 21, 1),
                 PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_build((TAB *)(void *)mem, sz, b, n, 0, -2),
                 PASTA_ERR_INVALID_ARG);
    cr_assert(tu_all_bytes(mem, sz + 8, 0x5a), "table memory written on error");
    cr_assert_eq(CO(o)->msm_fixed_size(SIZE_MAX / 2, 1), 0, "overflow");
    cr_assert_eq(CO(o)->msm_fixed_size(10, 21), 0);
    cr_assert_eq(CO(o)->msm_fixed_size(10, -1), 0);
    cr_assert_eq(CO(o)->msm_fixed_size(0, 4), 64);
    free(mem);
    free(t1);
    free(b);
    free(b2);
    free(k);
    free(k2);
}

static int T(zero_bytes)(const void *p, size_t len) {
    const unsigned char *c = p;
    for (size_t i = 0; i < len; i++)
        if (c[i] != 0) return 0;
    return 1;
}

/* Fixed base on several threads (split by buckets, or by point chunks where the digits
 * crowd into a few buckets): random, tiny (0..2) and 20-bit scalars, several window
 * sizes; equal to the naive sum (and so to one thread's bytes). */
static void T(fixed_split)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x353b);
    const size_t n = 257;
    AFF *b = T(rand_bases)(o, n, &r);
    SE *k = calloc(n, sizeof *k);
    cr_assert(k != NULL);
    static const int cs[] = {0, 4, 9, 14};
    static const int ths[] = {2, 3, 4, 7};
    int light = msm_light();
    for (int kind = 0; kind < 3; kind++) {
        for (size_t i = 0; i < n; i++) {
            if (kind == 0) T(rand_scalar)(o, &k[i], &r);
            else SO(o)->from_u64(&k[i], tu_next(&r) % (kind == 1 ? 3 : (1u << 20)));
        }
        JAC want, one, got;
        T(naive)(o, &want, b, k, n);
        for (size_t ci = 0; ci < sizeof cs / sizeof cs[0]; ci++) {
            if (light && ci % 2) continue;
            TAB *t = T(build)(o, b, n, cs[ci], 2);
            cr_assert_eq(CO(o)->msm_fixed_var(&one, t, k, n, 1), PASTA_OK);
            T(expect)(o, &one, &want, "fixed, 1 thread", n);
            for (size_t ti = 0; ti < sizeof ths / sizeof ths[0]; ti++) {
                cr_assert_eq(CO(o)->msm_fixed_var(&got, t, k, n, ths[ti]), PASTA_OK);
                cr_assert(memcmp(&got, &one, sizeof one) == 0,
                          "%s fixed c=%d scalars %d: %d threads differ", CNAME, cs[ci], kind,
                          ths[ti]);
            }
            free(t);
        }
    }
    free(b);
    free(k);
}

/* A batch over different bases (msm_var_many): count MSMs against msm_var's bytes (and
 * the first against the naive sum), at 0..4 threads, for n in the Straus range, the
 * bucket range and 0; zero scalars and identity bases among them; the argument errors. */
static void T(var_many)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x766d);
    const size_t cmax = 4, ns[] = {0, 1, 5, 17, 300};
    const size_t nmax = 300;
    AFF *b = T(rand_bases)(o, cmax * nmax, &r);
    SE *k = calloc(cmax * nmax, sizeof *k);
    JAC *want = calloc(cmax, sizeof *want), *got = calloc(cmax, sizeof *got), ref;
    cr_assert(k != NULL && want != NULL && got != NULL);
    for (size_t i = 0; i < cmax * nmax; i++) T(rand_scalar)(o, &k[i], &r);
    for (size_t ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
        const size_t n = ns[ni];
        if (n > 3) { /* a zero scalar and an identity base in the second MSM */
            SO(o)->from_u64(&k[n + 2], 0);
            memset(&b[n + 3], 0, sizeof b[n + 3]);
        }
        for (size_t j = 0; j < cmax; j++)
            cr_assert_eq(CO(o)->msm_var(&want[j], b + j * n, k + j * n, n, 1), PASTA_OK);
        T(naive)(o, &ref, b, k, n);
        cr_assert(CO(o)->eq(&ref, &want[0]), "%s var many: n %zu, msm_var vs naive", CNAME, n);
        for (size_t count = 0; count <= cmax; count++)
            for (int th = 0; th <= 4; th++) {
                memset(got, 0, cmax * sizeof *got);
                cr_assert_eq(CO(o)->msm_var_many(got, b, k, count, n, th), PASTA_OK);
                cr_assert(memcmp(got, want, count * sizeof *got) == 0,
                          "%s var many: n %zu, count %zu, %d threads", CNAME, n, count, th);
                for (size_t j = count; j < cmax; j++) /* nothing beyond count */
                    cr_assert(T(zero_bytes)(&got[j], sizeof got[j]));
            }
    }
    /* errors: nothing written */
    memset(got, 0, cmax * sizeof *got);
    cr_assert_eq(CO(o)->msm_var_many(got, b, k, 2, 5, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_many(NULL, b, k, 2, 5, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_many(got, NULL, k, 2, 5, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_many(got, b, NULL, 2, 5, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_many(got, b, k, 2, SIZE_MAX, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_var_many(got, b, k, SIZE_MAX / 2, 4, 2), PASTA_ERR_INVALID_ARG);
    for (size_t j = 0; j < cmax; j++) cr_assert(T(zero_bytes)(&got[j], sizeof got[j]));
    cr_assert_eq(CO(o)->msm_var_many(NULL, NULL, NULL, 0, 5, 2), PASTA_OK);
    free(b);
    free(k);
    free(want);
    free(got);
}

/* A batch over one table (msm_fixed_var_many): count MSMs against msm_fixed_var's bytes,
 * at 1..4 threads (whole MSMs one per thread, the rest split; largest first, with one
 * MSM of a single run among them), and the argument errors. */
static void T(fixed_many)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, tu_seed() ^ 0x6d61);
    const size_t n = 129, cmax = 5;
    AFF *b = T(rand_bases)(o, n, &r);
    SE *k = calloc(cmax * n, sizeof *k);
    JAC *want = calloc(cmax, sizeof *want), *got = calloc(cmax, sizeof *got);
    cr_assert(k != NULL && want != NULL && got != NULL);
    for (size_t i = 0; i < cmax * n; i++) T(rand_scalar)(o, &k[i], &r);
    SO(o)->from_u64(&k[n + 7], 0); /* a zero and a small scalar in the second MSM */
    SO(o)->from_u64(&k[n + 8], 3);
    TAB *t = T(build)(o, b, n, 0, 2);
    for (size_t j = 0; j < cmax; j++)
        cr_assert_eq(CO(o)->msm_fixed_var(&want[j], t, k + j * n, n, 1), PASTA_OK);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1) {
            /* unequal work: the first MSM one run of equal scalars, so the order by
             * modelled work (largest first) is not the index order */
            for (size_t i = 1; i < n; i++) k[i] = k[0];
            cr_assert_eq(CO(o)->msm_fixed_var(&want[0], t, k, n, 1), PASTA_OK);
        }
        for (size_t count = 0; count <= cmax; count++)
            for (int th = 0; th <= 4; th++) {
                memset(got, 0, cmax * sizeof *got);
                cr_assert_eq(CO(o)->msm_fixed_var_many(got, t, k, count, n, th), PASTA_OK);
                cr_assert(memcmp(got, want, count * sizeof *got) == 0,
                          "%s fixed many (pass %d): count %zu, %d threads", CNAME, pass, count,
                          th);
                for (size_t j = count; j < cmax; j++) /* nothing beyond count */
                    cr_assert(T(zero_bytes)(&got[j], sizeof got[j]));
            }
    }
    /* a prefix of the table's bases: n - 1 */
    cr_assert_eq(CO(o)->msm_fixed_var_many(got, t, k, 3, n - 1, 2), PASTA_OK);
    for (size_t j = 0; j < 3; j++) {
        JAC one;
        cr_assert_eq(CO(o)->msm_fixed_var(&one, t, k + j * (n - 1), n - 1, 1), PASTA_OK);
        cr_assert(memcmp(&got[j], &one, sizeof one) == 0, "prefix %zu", j);
    }
    /* errors: nothing written */
    memset(got, 0, cmax * sizeof *got);
    cr_assert_eq(CO(o)->msm_fixed_var_many(got, t, k, 2, n + 1, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var_many(got, t, k, 2, n, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var_many(NULL, t, k, 2, n, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var_many(got, NULL, k, 2, n, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var_many(got, t, NULL, 2, n, 2), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->msm_fixed_var_many(got, t, k, SIZE_MAX / 2, 4, 2),
                 PASTA_ERR_INVALID_ARG);
    for (size_t j = 0; j < cmax; j++) cr_assert(T(zero_bytes)(&got[j], sizeof got[j]));
    free(t);
    free(b);
    free(k);
    free(want);
    free(got);
}
#undef TAB

#undef T
#undef SO
#undef CO
#undef CNAME
