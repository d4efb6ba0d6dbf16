/* Template of tests/test_fft.c, included once per field with TF (fp | fq), TFID (0 | 1)
 * and TC (the curve whose scalar field TF is: vesta for fp, pallas for fq). */
#define FT PASTA_CAT3(pasta_, TF, )
#define FD PASTA_CAT3(pasta_, TF, _domain)
#define PUBF(name) PASTA_CAT3(pasta_, TF, PASTA_CAT(_, name))
#define PUBC(name) PASTA_CAT3(pasta_, TC, PASTA_CAT(_, name))
#define CJ PASTA_CAT3(pasta_, TC, _jacobian)
#define T(name) PASTA_CAT3(TF, _, name)
#define OPS(t) ((t)->TF)

static void T(rand)(FT *x, size_t n, tu_rng *g) {
    for (size_t i = 0; i < n; i++) PUBF(random)(&x[i], tu_rng_fill, g);
}
static FT *T(alloc)(size_t n) {
    FT *p = malloc((n ? n : 1) * sizeof(FT));
    cr_assert(p != NULL);
    return p;
}
static int T(same)(const FT *a, const FT *b, size_t n) {
    return memcmp(a, b, n * sizeof(FT)) == 0;
}

/* r[i] = sum_j a[j] w^(ij), the definition. */
static void T(naive_dft)(FT *r, const FT *a, size_t n, const FT *w) {
    FT wi;
    PUBF(one)(&wi);
    for (size_t i = 0; i < n; i++) {
        PUBF(poly_eval)(&r[i], a, n, &wi);
        PUBF(mul)(&wi, &wi, w);
    }
}

static void T(check_dft)(const pasta_ops *t) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0xf0f0ULL + TFID));
    for (int k = 0; k <= 10; k++) {
        for (int j = 0; j <= (k < 10 ? 2 : 0); j += 2) {
            FD d;
            cr_assert_eq(OPS(t)->domain_init(&d, k, j), PASTA_OK);
            size_t n = (size_t)1 << k;
            /* the domain's constants */
            FT x, one;
            PUBF(one)(&one);
            PUBF(mul)(&x, &d.omega, &d.omega_inv);
            cr_assert(PUBF(eq)(&x, &one));
            uint64_t e[4] = {n, 0, 0, 0};
            PUBF(pow_var)(&x, &d.omega, e);
            cr_assert(PUBF(eq)(&x, &one), "omega^n != 1 (k %d)", k);
            if (k > 0) {
                e[0] = n / 2;
                PUBF(pow_var)(&x, &d.omega, e);
                cr_assert(!PUBF(eq)(&x, &one), "omega not primitive (k %d)", k);
            }
            FT *a = T(alloc)(n), *r = T(alloc)(n), *want = T(alloc)(n), *b2 = T(alloc)(n);
            T(rand)(a, n, &g);
            T(naive_dft)(want, a, n, &d.omega);
            memcpy(r, a, n * sizeof(FT));
            cr_assert_eq(OPS(t)->ntt(&d, r, n, 1), PASTA_OK);
            cr_assert(T(same)(r, want, n), "%s ntt n=%zu j=%d != naive DFT", t->name, n, j);
            memcpy(b2, a, n * sizeof(FT));
            cr_assert_eq(OPS(t)->ntt_radix2(&d, b2, n, 0), PASTA_OK);
            cr_assert(T(same)(b2, want, n), "radix-2 baseline n=%zu", n);
            /* inverse: the DFT with omega^-1, times 1/n */
            T(naive_dft)(want, a, n, &d.omega_inv);
            for (size_t i = 0; i < n; i++) PUBF(mul)(&want[i], &want[i], &d.n_inv);
            memcpy(r, a, n * sizeof(FT));
            cr_assert_eq(OPS(t)->intt(&d, r, n, 1), PASTA_OK);
            cr_assert(T(same)(r, want, n), "intt n=%zu != naive", n);
            memcpy(b2, a, n * sizeof(FT));
            cr_assert_eq(OPS(t)->ntt_radix2(&d, b2, n, 1), PASTA_OK);
            cr_assert(T(same)(b2, want, n), "radix-2 inverse n=%zu", n);
            /* a length below the domain's N uses the same tables */
            if (j > 0 && k <= 8) {
                size_t m = n * 2;
                FT *c = T(alloc)(m), *cw = T(alloc)(m), w2;
                T(rand)(c, m, &g);
                /* the primitive 2n-th root: ext_omega^(N/2n) = ext_omega^2 (N = 4n) */
                PUBF(sqr)(&w2, &d.ext_omega);
                T(naive_dft)(cw, c, m, &w2);
                cr_assert_eq(OPS(t)->ntt(&d, c, m, 1), PASTA_OK);
                cr_assert(T(same)(c, cw, m), "ntt of length 2n on an extended domain");
                free(c);
                free(cw);
            }
            free(a);
            free(r);
            free(want);
            free(b2);
            OPS(t)->domain_free(&d);
        }
    }
}

/* NTT -> iNTT = identity, and byte-identical results at 1..8 threads and on both
 * backends (ref: the first backend's result). */
static void T(check_roundtrip)(const pasta_ops *t, int max_lg) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0x7777ULL + TFID));
    FD d;
    cr_assert_eq(OPS(t)->domain_init(&d, max_lg, 0), PASTA_OK);
    for (int lg = 0; lg <= max_lg; lg += (lg < 12 ? 1 : 2)) {
        size_t n = (size_t)1 << lg;
        FT *a = T(alloc)(n), *r = T(alloc)(n), *f1 = T(alloc)(n);
        T(rand)(a, n, &g);
        memcpy(r, a, n * sizeof(FT));
        cr_assert_eq(OPS(t)->ntt(&d, r, n, 1), PASTA_OK);
        memcpy(f1, r, n * sizeof(FT));
        cr_assert_eq(OPS(t)->intt(&d, r, n, 1), PASTA_OK);
        cr_assert(T(same)(r, a, n), "round trip n=2^%d", lg);
        if (lg > 10) { /* the DFT itself: the radix-2 baseline (= naive DFT to 2^10) */
            memcpy(r, a, n * sizeof(FT));
            cr_assert_eq(OPS(t)->ntt_radix2(&d, r, n, 0), PASTA_OK);
            cr_assert(T(same)(r, f1, n), "ntt n=2^%d != radix-2 baseline", lg);
        }
        if (lg >= 10 && lg <= 16) {
            /* every count 2..8 and the default at 2^10, 2^12, 2^14; 2 and 8 above */
            static const int ths[] = {2, 8, 3, 4, 5, 6, 7, 0};
            size_t nth = (lg == 10 || lg == 12 || lg == 14) ? 8 : 2;
            for (size_t ti = 0; ti < nth; ti++) {
                memcpy(r, a, n * sizeof(FT));
                cr_assert_eq(OPS(t)->ntt(&d, r, n, ths[ti]), PASTA_OK);
                cr_assert(T(same)(r, f1, n), "ntt n=2^%d differs at %d threads", lg, ths[ti]);
                cr_assert_eq(OPS(t)->intt(&d, r, n, ths[ti]), PASTA_OK);
                cr_assert(T(same)(r, a, n), "intt n=2^%d differs at %d threads", lg, ths[ti]);
            }
        }
        free(a);
        free(r);
        free(f1);
    }
    OPS(t)->domain_free(&d);
}

/* Portable and backend other give the same bytes (exact values) through every entry. */
static void T(check_backends_agree)(pasta_backend other) {
    const pasta_ops *p = pasta_ops_for(PASTA_BACKEND_PORTABLE);
    const pasta_ops *x = pasta_ops_for(other);
    if (x == NULL) return;
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0xbeefULL + TFID));
    FD d;
    cr_assert_eq(OPS(p)->domain_init(&d, 12, 2), PASTA_OK);
    FD d2;
    cr_assert_eq(OPS(x)->domain_init(&d2, 12, 2), PASTA_OK);
    cr_assert(memcmp(&d, &d2, offsetof(FD, tables)) == 0);
    cr_assert(T(same)(d.tables, d2.tables, (size_t)(2 * d.ext_n + 4)), "domain tables differ");
    size_t n = d.n, N = d.ext_n;
    FT *a = T(alloc)(N), *r1 = T(alloc)(N), *r2 = T(alloc)(N);
    T(rand)(a, n, &g);
    cr_assert_eq(OPS(p)->coeff_to_extended(&d, r1, a, n, 2), PASTA_OK);
    cr_assert_eq(OPS(x)->coeff_to_extended(&d2, r2, a, n, 1), PASTA_OK);
    cr_assert(T(same)(r1, r2, N), "coeff_to_extended differs between backends");
    /* and back, threaded (its scaling pass on the pool) against one thread */
    FT *e1 = T(alloc)(N), *e2 = T(alloc)(N);
    memcpy(e1, r1, N * sizeof(FT));
    memcpy(e2, r1, N * sizeof(FT));
    cr_assert_eq(OPS(p)->extended_to_coeff(&d, e1, N, 3), PASTA_OK);
    cr_assert_eq(OPS(x)->extended_to_coeff(&d2, e2, N, 1), PASTA_OK);
    cr_assert(T(same)(e1, e2, N), "extended_to_coeff differs between backends / threads");
    cr_assert(T(same)(e1, a, n), "extended_to_coeff (3 threads) is not the inverse");
    free(e1);
    free(e2);
    cr_assert_eq(OPS(p)->intt(&d, r1, N, 3), PASTA_OK);
    cr_assert_eq(OPS(x)->intt(&d2, r2, N, 1), PASTA_OK);
    cr_assert(T(same)(r1, r2, N), "intt differs between backends");
    free(a);
    free(r1);
    free(r2);
    OPS(p)->domain_free(&d);
    OPS(x)->domain_free(&d2);
}

/* Backend other against portable at every size 2^0 .. 2^max_lg: ntt and intt at 1 and 2
 * threads, and the coset transforms (coeff_to_extended, extended_to_coeff) for
 * k + j <= max_lg, j = 1..3, byte for byte (the IFMA backend's passes change with the
 * size: leaf, odd radix-2 stage, rows on a buffer or in place, column groups); then the
 * element-wise passes (divide_by_vanishing, poly_scale_add, poly_add_scaled). */
static void T(check_sizes_agree)(pasta_backend other, int max_lg) {
    const pasta_ops *p = pasta_ops_for(PASTA_BACKEND_PORTABLE);
    const pasta_ops *x = pasta_ops_for(other);
    if (x == NULL) return;
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0x512eULL + TFID));
    FD d;
    cr_assert_eq(OPS(p)->domain_init(&d, max_lg, 0), PASTA_OK);
    size_t N = (size_t)1 << max_lg;
    FT *a = T(alloc)(N), *r1 = T(alloc)(N), *r2 = T(alloc)(N);
    T(rand)(a, N, &g);
    for (int lg = 0; lg <= max_lg; lg++) {
        size_t n = (size_t)1 << lg;
        for (int inv = 0; inv < 2; inv++)
            for (int th = 1; th <= 2; th++) {
                memcpy(r1, a, n * sizeof(FT));
                memcpy(r2, a, n * sizeof(FT));
                cr_assert_eq((inv ? OPS(p)->intt : OPS(p)->ntt)(&d, r1, n, 1), PASTA_OK);
                cr_assert_eq((inv ? OPS(x)->intt : OPS(x)->ntt)(&d, r2, n, th), PASTA_OK);
                cr_assert(T(same)(r1, r2, n),
                          "%s %s n=2^%d, %d threads: differs from portable", x->name,
                          inv ? "intt" : "ntt", lg, th);
            }
    }
    OPS(p)->domain_free(&d);
    for (int j = 1; j <= 3; j++)
        for (int k = 0; k + j <= max_lg; k += (k < 8 ? 1 : 3)) {
            FD dc;
            cr_assert_eq(OPS(p)->domain_init(&dc, k, j), PASTA_OK);
            size_t n = dc.n, M = dc.ext_n;
            for (int th = 1; th <= 2; th++) {
                cr_assert_eq(OPS(p)->coeff_to_extended(&dc, r1, a, n, 1), PASTA_OK);
                cr_assert_eq(OPS(x)->coeff_to_extended(&dc, r2, a, n, th), PASTA_OK);
                cr_assert(T(same)(r1, r2, M), "%s coeff_to_extended k=%d j=%d differs",
                          x->name, k, j);
                cr_assert_eq(OPS(p)->extended_to_coeff(&dc, r1, M, 1), PASTA_OK);
                cr_assert_eq(OPS(x)->extended_to_coeff(&dc, r2, M, th), PASTA_OK);
                cr_assert(T(same)(r1, r2, M), "%s extended_to_coeff k=%d j=%d differs",
                          x->name, k, j);
            }
            OPS(p)->domain_free(&dc);
        }
    /* the element-wise passes: vanishing division (j = 0..7: periods below and above a
     * vector), linear combinations at odd lengths (masked tails), q == p */
    for (int j = 0; j <= 7; j++) {
        FD dv;
        cr_assert_eq(OPS(p)->domain_init(&dv, 4, j), PASTA_OK);
        size_t M = dv.ext_n;
        for (int th = 0; th <= 2; th++) {
            memcpy(r1, a, M * sizeof(FT));
            memcpy(r2, a, M * sizeof(FT));
            cr_assert_eq(OPS(p)->divide_by_vanishing(&dv, r1, M), PASTA_OK);
            if (th == 0) cr_assert_eq(OPS(x)->divide_by_vanishing(&dv, r2, M), PASTA_OK);
            else cr_assert_eq(OPS(x)->divide_by_vanishing_par(&dv, r2, M, th), PASTA_OK);
            cr_assert(T(same)(r1, r2, M), "%s divide_by_vanishing j=%d differs", x->name, j);
        }
        OPS(p)->domain_free(&dv);
    }
    static const size_t lens[] = {1, 2, 7, 8, 9, 15, 17, 31, 33, 100, 2049, 4099};
    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++)
        for (int kind = 0; kind < 4; kind++) {
            size_t n = lens[li];
            const FT *c = &a[N - 1];
            memcpy(r1, a, n * sizeof(FT));
            memcpy(r2, a, n * sizeof(FT));
            const FT *q1 = kind >= 2 ? r1 : a + n, *q2 = kind >= 2 ? r2 : a + n;
            if (kind % 2 == 0) {
                cr_assert_eq(OPS(p)->poly_scale_add(r1, c, q1, n, 1), PASTA_OK);
                cr_assert_eq(OPS(x)->poly_scale_add(r2, c, q2, n, 2), PASTA_OK);
            } else {
                cr_assert_eq(OPS(p)->poly_add_scaled(r1, c, q1, n, 1), PASTA_OK);
                cr_assert_eq(OPS(x)->poly_add_scaled(r2, c, q2, n, 2), PASTA_OK);
            }
            cr_assert(T(same)(r1, r2, n), "%s poly_lin kind %d n=%zu differs", x->name, kind,
                      n);
        }
    free(a);
    free(r1);
    free(r2);
}

/* Cosets, the vanishing polynomial, rotations, l_0. */
static void T(check_coset)(const pasta_ops *t) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0xc05eULL + TFID));
    for (int k = 0; k <= 6; k++) {
        for (int j = 0; j <= 3; j++) {
            FD d;
            cr_assert_eq(OPS(t)->domain_init(&d, k, j), PASTA_OK);
            size_t n = d.n, N = d.ext_n;
            FT *a = T(alloc)(N), *r = T(alloc)(N), *h = T(alloc)(N), *p = T(alloc)(N);
            T(rand)(a, n, &g);
            cr_assert_eq(OPS(t)->coeff_to_extended(&d, r, a, n, 1), PASTA_OK);
            /* r[i] = a(zeta ext_omega^i), checked by Horner */
            FT x = d.zeta, v;
            for (size_t i = 0; i < N; i++) {
                PUBF(poly_eval)(&v, a, n, &x);
                cr_assert(PUBF(eq)(&v, &r[i]), "coset value %zu (k %d j %d)", i, k, j);
                PUBF(mul)(&x, &x, &d.ext_omega);
            }
            /* in place: the same */
            memcpy(p, a, n * sizeof(FT));
            cr_assert_eq(OPS(t)->coeff_to_extended(&d, p, p, n, 1), PASTA_OK);
            cr_assert(T(same)(p, r, N));
            /* back: the coefficients, zero above n */
            cr_assert_eq(OPS(t)->extended_to_coeff(&d, r, N, 1), PASTA_OK);
            cr_assert(T(same)(r, a, n), "extended_to_coeff (k %d j %d)", k, j);
            for (size_t i = n; i < N; i++) cr_assert(PUBF(is_zero)(&r[i]));
            /* divide_by_vanishing: p = h (X^n - 1), deg p < N; on the coset / t = h */
            if (j > 0) {
                size_t nh = N - n;
                T(rand)(h, nh, &g);
                memset(p, 0, N * sizeof(FT));
                for (size_t i = 0; i < nh; i++) {
                    PUBF(sub)(&p[i], &p[i], &h[i]);
                    PUBF(add)(&p[i + n], &p[i + n], &h[i]);
                }
                /* coset-evaluate p (N coefficients): zeta powers then ntt of N */
                FT z[3];
                PUBF(one)(&z[0]);
                z[1] = d.zeta;
                z[2] = d.zeta_inv;
                for (size_t i = 0; i < N; i++) PUBF(mul)(&p[i], &p[i], &z[i % 3]);
                cr_assert_eq(OPS(t)->ntt(&d, p, N, 1), PASTA_OK);
                cr_assert_eq(OPS(t)->divide_by_vanishing(&d, p, N), PASTA_OK);
                cr_assert_eq(OPS(t)->extended_to_coeff(&d, p, N, 1), PASTA_OK);
                cr_assert(T(same)(p, h, nh), "divide_by_vanishing (k %d j %d)", k, j);
                for (size_t i = nh; i < N; i++) cr_assert(PUBF(is_zero)(&p[i]));
            }
            /* lagrange_to_extended of e_0 = l_0 on the coset: l_0(x) = (x^n - 1)/(n (x - 1)) */
            memset(p, 0, n * sizeof(FT));
            PUBF(one)(&p[0]);
            cr_assert_eq(OPS(t)->lagrange_to_extended(&d, r, p, n, 1), PASTA_OK);
            for (size_t i = 0; i < N; i += (N > 16 ? 7 : 1)) {
                FT xn, num, den, one;
                uint64_t e[4] = {n, 0, 0, 0};
                PUBF(one)(&one);
                FT xi;
                uint64_t ei[4] = {i, 0, 0, 0};
                PUBF(pow_var)(&xi, &d.ext_omega, ei);
                PUBF(mul)(&xi, &xi, &d.zeta);
                PUBF(pow_var)(&xn, &xi, e);
                PUBF(sub)(&num, &xn, &one);
                /* l_0(x) = n_inv (x^n - 1) / (x - 1) */
                PUBF(sub)(&den, &xi, &one);
                PUBF(invert)(&den, &den);
                PUBF(mul)(&v, &num, &den);
                PUBF(mul)(&v, &v, &d.n_inv);
                cr_assert(PUBF(eq)(&v, &r[i]), "l_0 on the coset at %zu", i);
            }
            /* rotations: coeff_rotate gives p(w^rot X); lagrange_rotate shifts values */
            for (int rot = -3; rot <= 3; rot += 2) {
                cr_assert_eq(OPS(t)->coeff_rotate(&d, p, a, n, rot), PASTA_OK);
                FT y, wr, ax, px;
                T(rand)(&y, 1, &g);
                uint64_t e[4] = {(uint64_t)(rot < 0 ? -rot : rot), 0, 0, 0};
                PUBF(pow_var)(&wr, rot < 0 ? &d.omega_inv : &d.omega, e);
                PUBF(mul)(&wr, &wr, &y);
                PUBF(poly_eval)(&ax, a, n, &wr);
                PUBF(poly_eval)(&px, p, n, &y);
                cr_assert(PUBF(eq)(&ax, &px), "coeff_rotate %d (k %d)", rot, k);
                cr_assert_eq(OPS(t)->lagrange_rotate(p, a, n, rot), PASTA_OK);
                for (size_t i = 0; i < n; i++) {
                    long s = ((long)i + rot) % (long)n;
                    if (s < 0) s += (long)n;
                    cr_assert(PUBF(eq)(&p[i], &a[s]), "lagrange_rotate");
                }
            }
            free(a);
            free(r);
            free(h);
            free(p);
            OPS(t)->domain_free(&d);
        }
    }
}

/* kate_division, poly_mul, poly_eval_par, grand_product against their definitions. */
static void T(check_poly)(const pasta_ops *t) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0x9017ULL + TFID));
    enum { MAXP = 300 };
    FT a[MAXP], q[MAXP], b, v, w;
    static const size_t ns[] = {1, 2, 3, 5, 64, 299};
    for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) {
        size_t n = ns[s];
        T(rand)(a, n, &g);
        T(rand)(&b, 1, &g);
        cr_assert_eq(OPS(t)->kate_division(q, a, n, &b), PASTA_OK);
        /* a(x) = q(x)(x - b) + a(b) at a random x */
        FT x, ab, qx, xb;
        T(rand)(&x, 1, &g);
        PUBF(poly_eval)(&v, a, n, &x);
        PUBF(poly_eval)(&ab, a, n, &b);
        PUBF(poly_eval)(&qx, q, n - 1, &x);
        PUBF(sub)(&xb, &x, &b);
        PUBF(mul)(&w, &qx, &xb);
        PUBF(add)(&w, &w, &ab);
        cr_assert(PUBF(eq)(&v, &w), "kate_division n=%zu", n);
        /* in place */
        FT c[MAXP];
        memcpy(c, a, n * sizeof(FT));
        cr_assert_eq(OPS(t)->kate_division(c, c, n, &b), PASTA_OK);
        cr_assert(T(same)(c, q, n - 1), "kate_division in place");
    }
    /* poly_mul against the schoolbook product */
    FD d;
    cr_assert_eq(OPS(t)->domain_init(&d, 8, 2), PASTA_OK);
    static const size_t na_[] = {1, 1, 2, 7, 100, 300}, nb_[] = {1, 5, 2, 9, 157, 300};
    for (size_t s = 0; s < 6; s++) {
        size_t na = na_[s], nb = nb_[s];
        FT A[MAXP], B[MAXP], *r = T(alloc)(na + nb), *want = T(alloc)(na + nb);
        T(rand)(A, na, &g);
        T(rand)(B, nb, &g);
        memset(want, 0, (na + nb) * sizeof(FT));
        for (size_t i = 0; i < na; i++)
            for (size_t l = 0; l < nb; l++) {
                FT p;
                PUBF(mul)(&p, &A[i], &B[l]);
                PUBF(add)(&want[i + l], &want[i + l], &p);
            }
        cr_assert_eq(OPS(t)->poly_mul(&d, r, A, na, B, nb, 1), PASTA_OK);
        cr_assert(T(same)(r, want, na + nb - 1), "poly_mul %zu x %zu", na, nb);
        free(r);
        free(want);
    }
    OPS(t)->domain_free(&d);
    /* poly_eval_par = poly_eval at every thread count */
    size_t n = 10007;
    FT *p = T(alloc)(n), x, want, got;
    T(rand)(p, n, &g);
    T(rand)(&x, 1, &g);
    PUBF(poly_eval)(&want, p, n, &x);
    for (int th = 0; th <= 8; th++) {
        cr_assert_eq(OPS(t)->poly_eval_par(&got, p, n, &x, th), PASTA_OK);
        cr_assert(PUBF(eq)(&got, &want), "poly_eval_par at %d threads", th);
    }
    cr_assert_eq(OPS(t)->poly_eval_par(&got, p, 5, &x, 4), PASTA_OK);
    PUBF(poly_eval)(&want, p, 5, &x);
    cr_assert(PUBF(eq)(&got, &want));
    free(p);
    /* grand_product: z[i] = prod_{l<i} num[l]/den[l] */
    FT num[40], den[40], z[40], acc, inv;
    T(rand)(num, 40, &g);
    T(rand)(den, 40, &g);
    cr_assert_eq(OPS(t)->grand_product(z, num, den, 40), PASTA_OK);
    PUBF(one)(&acc);
    for (size_t i = 0; i < 40; i++) {
        cr_assert(PUBF(eq)(&z[i], &acc), "grand_product %zu", i);
        PUBF(invert)(&inv, &den[i]);
        PUBF(mul)(&acc, &acc, &num[i]);
        PUBF(mul)(&acc, &acc, &inv);
    }
    /* divide_by_vanishing_par: divide_by_vanishing's bytes at every thread count (N from
     * 2048 up: the threaded path) */
    for (int k = 9; k <= 10; k++) {
        FD vd;
        cr_assert_eq(OPS(t)->domain_init(&vd, k, 2), PASTA_OK);
        size_t N = vd.ext_n;
        FT *va = malloc(N * sizeof *va), *v0 = malloc(N * sizeof *v0),
           *v1 = malloc(N * sizeof *v1);
        cr_assert(va != NULL && v0 != NULL && v1 != NULL);
        T(rand)(va, N, &g);
        memcpy(v0, va, N * sizeof *va);
        cr_assert_eq(OPS(t)->divide_by_vanishing(&vd, v0, N), PASTA_OK);
        for (int th = 0; th <= 4; th++) {
            memcpy(v1, va, N * sizeof *va);
            cr_assert_eq(OPS(t)->divide_by_vanishing_par(&vd, v1, N, th), PASTA_OK);
            cr_assert(memcmp(v1, v0, N * sizeof *v1) == 0,
                      "divide_by_vanishing_par k=%d threads=%d", k, th);
        }
        cr_assert_eq(OPS(t)->divide_by_vanishing_par(&vd, v1, N / 2, 2),
                     PASTA_ERR_INVALID_ARG);
        cr_assert_eq(OPS(t)->divide_by_vanishing_par(&vd, v1, N, -1), PASTA_ERR_INVALID_ARG);
        cr_assert_eq(OPS(t)->divide_by_vanishing_par(&vd, NULL, N, 1), PASTA_ERR_INVALID_ARG);
        free(va), free(v0), free(v1);
        OPS(t)->domain_free(&vd);
    }
    /* grand_product_par: grand_product's bytes at every thread count (zeros in den at a
     * range boundary and inside a range: 1/0 = 0 as batch_invert) */
    static const size_t gn[] = {40, 1024, 1025, 3001};
    FT *gnum = malloc(3001 * sizeof *gnum), *gden = malloc(3001 * sizeof *gden);
    FT *gz0 = malloc(3001 * sizeof *gz0), *gz = malloc(3001 * sizeof *gz);
    cr_assert(gnum != NULL && gden != NULL && gz0 != NULL && gz != NULL);
    T(rand)(gnum, 3001, &g);
    T(rand)(gden, 3001, &g);
    PUBF(zero)(&gden[512]);
    PUBF(zero)(&gden[1500]);
    for (size_t j = 0; j < sizeof gn / sizeof gn[0]; j++) {
        cr_assert_eq(OPS(t)->grand_product(gz0, gnum, gden, gn[j]), PASTA_OK);
        for (int th = 0; th <= 9; th++) {
            int threads = th == 9 ? 100 : th;
            memset(gz, 0, gn[j] * sizeof *gz);
            cr_assert_eq(OPS(t)->grand_product_par(gz, gnum, gden, gn[j], threads), PASTA_OK);
            cr_assert(memcmp(gz, gz0, gn[j] * sizeof *gz) == 0,
                      "grand_product_par n=%zu threads=%d", gn[j], threads);
        }
    }
    free(gnum), free(gden), free(gz0), free(gz);
}

/* poly_eval_many against sum a_l x^l with the powers by repeated products (not Horner,
 * not the function's chunked powers), at several thread counts; poly_scale_add and
 * poly_add_scaled against the element-wise definition, in place and aliased; bad input. */
static void T(check_lin)(const pasta_ops *t) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0x11c0ULL + TFID));
    size_t nmax = 3 * 2500 + 17;
    FT *a = T(alloc)(nmax), *r = T(alloc)(nmax), *want = T(alloc)(nmax), x;
    T(rand)(a, nmax, &g);
    T(rand)(&x, 1, &g);
    static const size_t ns[] = {1, 5, 7, 12, 7517, 7517, 7517, 7517};
    static const size_t ls[] = {1, 5, 3, 4, 2500, 7517, 1, 1025};
    for (size_t s = 0; s < 8; s++) {
        size_t n = ns[s], len = ls[s], rows = (n + len - 1) / len;
        if (len == 1 && n > 100) n = 100; /* one row per coefficient: keep it short */
        rows = (n + len - 1) / len;
        for (size_t i = 0; i < rows; i++) {
            FT acc, pw, p;
            PUBF(zero)(&acc);
            PUBF(one)(&pw);
            for (size_t l = 0; l < len && i * len + l < n; l++) {
                PUBF(mul)(&p, &a[i * len + l], &pw);
                PUBF(add)(&acc, &acc, &p);
                PUBF(mul)(&pw, &pw, &x);
            }
            want[i] = acc;
        }
        static const int ths[] = {1, 2, 3, 8, 0};
        for (size_t ti = 0; ti < 5; ti++) {
            memset(r, 0xa5, (rows + 1) * sizeof(FT));
            cr_assert_eq(OPS(t)->poly_eval_many(r, a, n, len, &x, ths[ti]), PASTA_OK);
            cr_assert(T(same)(r, want, rows), "poly_eval_many n=%zu len=%zu threads %d", n,
                      len, ths[ti]);
            cr_assert(all_a5(r + rows, sizeof(FT)), "poly_eval_many wrote past its rows");
        }
    }
    /* r overlapping a (written last) */
    FT *c = T(alloc)(nmax);
    memcpy(c, a, 12 * sizeof(FT));
    cr_assert_eq(OPS(t)->poly_eval_many(c, c, 12, 4, &x, 1), PASTA_OK);
    cr_assert_eq(OPS(t)->poly_eval_many(r, a, 12, 4, &x, 1), PASTA_OK);
    cr_assert(T(same)(c, r, 3), "poly_eval_many with r = a");
    /* linear combinations */
    FT *q = T(alloc)(nmax), k;
    T(rand)(q, nmax, &g);
    T(rand)(&k, 1, &g);
    static const size_t ln[] = {0, 1, 3, 4096, 7517};
    for (size_t s = 0; s < 5; s++) {
        size_t n = ln[s];
        for (int kind = 0; kind < 2; kind++) {
            for (size_t i = 0; i < n; i++) {
                FT u;
                if (kind == 0) {
                    PUBF(mul)(&u, &a[i], &k);
                    PUBF(add)(&want[i], &u, &q[i]);
                } else {
                    PUBF(mul)(&u, &q[i], &k);
                    PUBF(add)(&want[i], &a[i], &u);
                }
            }
            for (int th = 0; th <= 3; th++) {
                memcpy(c, a, n * sizeof(FT));
                int rc = kind == 0 ? OPS(t)->poly_scale_add(c, &k, q, n, th)
                                   : OPS(t)->poly_add_scaled(c, &k, q, n, th);
                cr_assert_eq(rc, PASTA_OK);
                cr_assert(T(same)(c, want, n), "lin kind %d n=%zu threads %d", kind, n, th);
            }
            /* q = p: p (c + 1) both ways */
            FT k1, one;
            PUBF(one)(&one);
            PUBF(add)(&k1, &k, &one);
            memcpy(c, a, n * sizeof(FT));
            cr_assert_eq(kind == 0 ? OPS(t)->poly_scale_add(c, &k, c, n, 2)
                                   : OPS(t)->poly_add_scaled(c, &k, c, n, 2),
                         PASTA_OK);
            for (size_t i = 0; i < n; i++) {
                FT u;
                PUBF(mul)(&u, &a[i], &k1);
                cr_assert(PUBF(eq)(&u, &c[i]), "lin kind %d aliased, n=%zu", kind, n);
            }
        }
    }
    /* bad input: an error, nothing written */
    memset(r, 0xa5, 4 * sizeof(FT));
    cr_assert_eq(OPS(t)->poly_eval_many(r, a, 8, 0, &x, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_eval_many(r, a, 8, 4, NULL, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_eval_many(r, NULL, 8, 4, &x, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_eval_many(NULL, a, 8, 4, &x, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_eval_many(r, a, 8, 4, &x, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_scale_add(r, NULL, a, 4, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_scale_add(r, &k, NULL, 4, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_add_scaled(NULL, &k, a, 4, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_add_scaled(r, &k, a, 4, -2), PASTA_ERR_INVALID_ARG);
    cr_assert(all_a5(r, 4 * sizeof(FT)), "bad input wrote");
    cr_assert_eq(OPS(t)->poly_add_scaled(NULL, &k, NULL, 0, 1), PASTA_OK);
    free(a);
    free(r);
    free(want);
    free(c);
    free(q);
}

/* Bad input: an error code, nothing written. */
static void T(check_bad)(const pasta_ops *t) {
    FD d, bad;
    memset(&bad, 0xa5, sizeof bad);
    FD keep = bad;
    cr_assert_eq(OPS(t)->domain_init(&bad, 33, 0), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->domain_init(&bad, 30, 3), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->domain_init(&bad, -1, 0), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->domain_init(&bad, 3, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->domain_init(NULL, 3, 0), PASTA_ERR_INVALID_ARG);
    cr_assert(memcmp(&bad, &keep, sizeof bad) == 0, "domain_init wrote on error");
    cr_assert_eq(OPS(t)->domain_init(&d, 4, 1), PASTA_OK);
    FT a[64], save[64], r[64];
    tu_rng g;
    tu_rng_init(&g, 99);
    T(rand)(a, 64, &g);
    memcpy(save, a, sizeof a);
    memset(r, 0xa5, sizeof r);
    static const size_t badn[] = {0, 3, 12, 33, 64};
    for (size_t i = 0; i < sizeof badn / sizeof badn[0]; i++) {
        cr_assert_eq(OPS(t)->ntt(&d, a, badn[i], 1), PASTA_ERR_INVALID_ARG, "n=%zu", badn[i]);
        cr_assert_eq(OPS(t)->intt(&d, a, badn[i], 1), PASTA_ERR_INVALID_ARG);
        cr_assert_eq(OPS(t)->extended_to_coeff(&d, a, badn[i], 1), PASTA_ERR_INVALID_ARG);
        cr_assert_eq(OPS(t)->divide_by_vanishing(&d, a, badn[i]), PASTA_ERR_INVALID_ARG);
        cr_assert_eq(OPS(t)->coeff_to_extended(&d, r, a, badn[i], 1), PASTA_ERR_INVALID_ARG);
        cr_assert_eq(OPS(t)->coeff_rotate(&d, r, a, badn[i], 1), PASTA_ERR_INVALID_ARG);
    }
    /* coeff_rotate: n = d->n or d->ext_n only (here 16 or 32), not other powers of two */
    static const size_t rotn[] = {1, 2, 8};
    for (size_t i = 0; i < sizeof rotn / sizeof rotn[0]; i++)
        cr_assert_eq(OPS(t)->coeff_rotate(&d, r, a, rotn[i], 1), PASTA_ERR_INVALID_ARG,
                     "coeff_rotate n=%zu", rotn[i]);
    cr_assert_eq(OPS(t)->ntt(NULL, a, 16, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->ntt(&d, NULL, 16, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->ntt(&d, a, 16, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->coeff_to_extended(&d, r, a, 32, 1),
                 PASTA_ERR_INVALID_ARG); /* N, not n */
    cr_assert_eq(OPS(t)->extended_to_coeff(&d, a, 16, 1),
                 PASTA_ERR_INVALID_ARG); /* n, not N */
    cr_assert_eq(OPS(t)->coeff_to_extended(&d, NULL, a, 16, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->lagrange_to_extended(&d, r, a, 8, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->kate_division(NULL, a, 4, &a[0]), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_mul(&d, r, a, 20, a, 20, 1), PASTA_ERR_INVALID_ARG); /* 39 > N */
    cr_assert_eq(OPS(t)->grand_product(NULL, a, a, 4), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->grand_product_par(NULL, a, a, 4, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->grand_product_par(r, a, a, 4, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->poly_eval_par(r, NULL, 4, &a[0], 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(OPS(t)->lagrange_rotate(r, NULL, 4, 1), PASTA_ERR_INVALID_ARG);
    cr_assert(memcmp(a, save, sizeof a) == 0, "an in-place array changed on error");
    cr_assert(all_a5(r, sizeof r), "an output was written on error");
    /* a freed (zeroed) domain is rejected, and may be freed again */
    OPS(t)->domain_free(&d);
    cr_assert_eq(OPS(t)->ntt(&d, a, 16, 1), PASTA_ERR_INVALID_ARG);
    OPS(t)->domain_free(&d);
    cr_assert(memcmp(a, save, sizeof a) == 0);
}

/* The point transform against per-point scalar multiplications, and the round trip. */
static void T(check_points)(const pasta_ops *t) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0x9071ULL + TFID));
    FD d;
    cr_assert_eq(OPS(t)->domain_init(&d, 3, 1), PASTA_OK);
    for (size_t n = 1; n <= 8; n *= 2) {
        CJ p[8], r[8], want[8], gen;
        PUBC(generator)(&gen);
        for (size_t i = 0; i < n; i++) {
            FT s;
            T(rand)(&s, 1, &g);
            PUBC(mul_var)(&p[i], &gen, &s);
        }
        if (n == 4) PUBC(identity)(&p[1]);
        /* w = the primitive n-th root ext_omega^(N/n) */
        FT w, wi;
        PUBF(one)(&w);
        w = d.ext_omega;
        for (uint64_t m = n; m < d.ext_n; m *= 2) PUBF(sqr)(&w, &w);
        PUBF(one)(&wi);
        for (size_t i = 0; i < n; i++) {
            FT wij;
            PUBF(one)(&wij);
            PUBC(identity)(&want[i]);
            for (size_t l = 0; l < n; l++) {
                CJ tt;
                PUBC(mul_var)(&tt, &p[l], &wij);
                PUBC(add_var)(&want[i], &want[i], &tt);
                PUBF(mul)(&wij, &wij, &wi);
            }
            PUBF(mul)(&wi, &wi, &w);
        }
        memcpy(r, p, sizeof p);
        cr_assert_eq(t->TC->ntt(&d, r, n, 1), PASTA_OK);
        for (size_t i = 0; i < n; i++)
            cr_assert(PUBC(eq)(&r[i], &want[i]), "point ntt n=%zu at %zu", n, i);
        cr_assert_eq(t->TC->intt(&d, r, n, 2), PASTA_OK);
        for (size_t i = 0; i < n; i++)
            cr_assert(PUBC(eq)(&r[i], &p[i]), "point round trip n=%zu at %zu", n, i);
    }
    cr_assert_eq(t->TC->ntt(&d, NULL, 4, 1), PASTA_ERR_INVALID_ARG);
    OPS(t)->domain_free(&d);
}

/* 2^10 points (the threaded path): the same Jacobian bytes at 1 and 3 threads (the
 * pairing of stages depends on n alone), and on the point transform's round trip. */
static void T(check_points_threads)(const pasta_ops *t) {
    enum { LG = 10, NP = 1 << LG };
    FD d;
    cr_assert_eq(OPS(t)->domain_init(&d, LG, 0), PASTA_OK);
    CJ *p = malloc(NP * sizeof(CJ)), *r1 = malloc(NP * sizeof(CJ)),
       *r3 = malloc(NP * sizeof(CJ));
    cr_assert(p != NULL && r1 != NULL && r3 != NULL);
    PUBC(generator)(&p[0]);
    for (size_t i = 1; i < NP; i++) PUBC(dbl_var)(&p[i], &p[i - 1]);
    memcpy(r1, p, NP * sizeof(CJ));
    memcpy(r3, p, NP * sizeof(CJ));
    cr_assert_eq(t->TC->ntt(&d, r1, NP, 1), PASTA_OK);
    cr_assert_eq(t->TC->ntt(&d, r3, NP, 3), PASTA_OK);
    cr_assert(memcmp(r1, r3, NP * sizeof(CJ)) == 0, "point ntt bytes differ at 3 threads");
    cr_assert_eq(t->TC->intt(&d, r3, NP, 3), PASTA_OK);
    for (size_t i = 0; i < NP; i += 97) cr_assert(PUBC(eq)(&r3[i], &p[i]), "point round trip");
    free(p);
    free(r1);
    free(r3);
    OPS(t)->domain_free(&d);
}

/* The basis-typed wrappers (public API): Lagrange -> coeff -> extended -> coeff, and
 * back to the values; evaluation and rotation keep their meaning. */
#define TP(b) PASTA_CAT3(pasta_, TF, PASTA_CAT3(_, b, _poly))
static void T(check_typed)(void) {
    tu_rng g;
    tu_rng_init(&g, tu_seed() ^ (0x7e7eULL + TFID));
    FD d;
    cr_assert_eq(PUBF(domain_init)(&d, 5, 2), PASTA_OK);
    size_t n = d.n, N = d.ext_n;
    FT vals[32], c[128], e[128], back[128], x, y, z;
    T(rand)(vals, n, &g);
    TP(lagrange) lv = {vals, n};
    TP(coeff) cv = {c, 0}, bv = {back, 0};
    TP(extended) ev = {e, 0};
    cr_assert_eq(PUBF(lagrange_to_coeff)(&d, &cv, &lv, 1), PASTA_OK);
    cr_assert_eq(cv.n, n);
    cr_assert_eq(PUBF(coeff_to_extended_poly)(&d, &ev, &cv, 1), PASTA_OK);
    cr_assert_eq(ev.n, N);
    cr_assert_eq(PUBF(extended_to_coeff_poly)(&d, &bv, &ev, 1), PASTA_OK);
    cr_assert_eq(bv.n, N);
    cr_assert(T(same)(back, c, n));
    /* values at omega^i are the Lagrange values */
    PUBF(one)(&x);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(PUBF(coeff_poly_eval)(&y, &cv, &x, 1), PASTA_OK);
        cr_assert(PUBF(eq)(&y, &vals[i]), "typed: value %zu", i);
        PUBF(mul)(&x, &x, &d.omega);
    }
    TP(lagrange) lr = {back, 0};
    cr_assert_eq(PUBF(coeff_to_lagrange)(&d, &lr, &cv, 1), PASTA_OK);
    cr_assert(T(same)(back, vals, n));
    TP(extended) e2 = {back, 0};
    cr_assert_eq(PUBF(lagrange_to_extended_poly)(&d, &e2, &lv, 1), PASTA_OK);
    cr_assert(T(same)(back, e, N));
    cr_assert_eq(PUBF(extended_divide_by_vanishing)(&d, &e2), PASTA_OK);
    TP(lagrange) rot = {c + 64, 0};
    cr_assert_eq(PUBF(lagrange_poly_rotate)(&rot, &lv, 1), PASTA_OK);
    cr_assert(PUBF(eq)(&rot.v[0], &vals[1]));
    TP(coeff) cr = {e, 0};
    cr_assert_eq(PUBF(coeff_poly_rotate)(&d, &cr, &cv, 1), PASTA_OK);
    PUBF(one)(&x);
    cr_assert_eq(PUBF(coeff_poly_eval)(&z, &cr, &x, 1), PASTA_OK);
    cr_assert(PUBF(eq)(&z, &vals[1]), "typed rotation: p(omega X) at 1 = value 1");
    TP(lagrange) bad = {vals, 3};
    cr_assert_eq(PUBF(lagrange_to_coeff)(&d, &cv, &bad, 1), PASTA_ERR_INVALID_ARG);
    /* errors write nothing: not the output's values (distinct storage) nor its n */
    FT out[128];
    memset(out, 0xa5, sizeof out);
    TP(coeff) co = {out, 7};
    TP(lagrange) lo = {out, 7};
    TP(extended) eo = {out, 7};
    cr_assert_eq(PUBF(coeff_to_lagrange)(&d, &lo, &cv, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(PUBF(lagrange_to_coeff)(&d, &co, &lv, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(PUBF(extended_to_coeff_poly)(&d, &co, &ev, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(PUBF(coeff_to_extended_poly)(&d, &eo, &cv, -1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(PUBF(lagrange_to_extended_poly)(&d, &eo, &lv, -1), PASTA_ERR_INVALID_ARG);
    TP(coeff) c8 = {c, 8}; /* a power of two below d->n: not a coeff_rotate length */
    cr_assert_eq(PUBF(coeff_poly_rotate)(&d, &co, &c8, 1), PASTA_ERR_INVALID_ARG);
    cr_assert(all_a5(out, sizeof out), "typed wrapper wrote on error");
    cr_assert(co.n == 7 && lo.n == 7 && eo.n == 7, "typed wrapper set n on error");
    PUBF(domain_free)(&d);
    /* a freed (zeroed) domain */
    cr_assert_eq(PUBF(lagrange_to_coeff)(&d, &co, &lv, 1), PASTA_ERR_INVALID_ARG);
    cr_assert(all_a5(out, sizeof out), "typed wrapper wrote on error");
}
#undef TP

#undef OPS
#undef T
#undef CJ
#undef PUBC
#undef PUBF
#undef FD
#undef FT
