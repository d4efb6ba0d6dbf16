/* Template (core/for_each.h, CURVE): Pallas/Vesta against an independent affine
 * reference in GMP — the textbook chord-and-tangent law on y^2 = x^3 + 5 with mpz_invert —
 * for add, madd, dbl (constant-time and _var) and scalar multiplication. */
#define G(name) PASTA_CAT3(g_, CURVE, PASTA_CAT(_, name))
#define GJ PASTA_CAT3(pasta_, CURVE, _jacobian)
#define GA PASTA_CAT3(pasta_, CURVE, _affine)
#define GOPS(o) ((o)->CURVE)

/* Reference point: inf = 1 for the identity. */
typedef struct {
    mpz_t x, y;
    int inf;
} G(ref);

static void G(ref_init)(G(ref) *p) { mpz_inits(p->x, p->y, NULL), p->inf = 1; }
static void G(ref_clear)(G(ref) *p) { mpz_clears(p->x, p->y, NULL); }

/* r = a + b on y^2 = x^3 + 5 (every case: identity, doubling, inverse). */
static void G(ref_add)(G(ref) *r, const G(ref) *a, const G(ref) *b) {
    mpz_t m, l, t, x3, y3;
    mpz_inits(m, l, t, x3, y3, NULL);
    tu_modulus(m, FIELD_ID);
    if (a->inf || b->inf) {
        const G(ref) *s = a->inf ? b : a;
        mpz_set(r->x, s->x), mpz_set(r->y, s->y), r->inf = s->inf;
        goto done;
    }
    if (mpz_cmp(a->x, b->x) == 0) {
        mpz_add(t, a->y, b->y), mpz_mod(t, t, m);
        if (mpz_sgn(t) == 0) { /* b = -a */
            r->inf = 1;
            goto done;
        }
        mpz_mul(l, a->x, a->x), mpz_mul_ui(l, l, 3); /* tangent: 3x^2 / 2y */
        mpz_mul_ui(t, a->y, 2);
    } else {
        mpz_sub(l, b->y, a->y); /* chord: (y2 - y1) / (x2 - x1) */
        mpz_sub(t, b->x, a->x);
    }
    mpz_mod(t, t, m);
    cr_assert(mpz_invert(t, t, m));
    mpz_mul(l, l, t), mpz_mod(l, l, m);
    mpz_mul(x3, l, l), mpz_sub(x3, x3, a->x), mpz_sub(x3, x3, b->x), mpz_mod(x3, x3, m);
    mpz_sub(y3, a->x, x3), mpz_mul(y3, y3, l), mpz_sub(y3, y3, a->y), mpz_mod(y3, y3, m);
    mpz_set(r->x, x3), mpz_set(r->y, y3), r->inf = 0;
done:
    mpz_clears(m, l, t, x3, y3, NULL);
}

/* r = [k] a, plain double-and-add from the top bit. */
static void G(ref_mul)(G(ref) *r, const G(ref) *a, const mpz_t k) {
    G(ref) acc;
    G(ref_init)(&acc);
    for (long i = (long)mpz_sizeinbase(k, 2) - 1; i >= 0 && mpz_sgn(k) != 0; i--) {
        G(ref_add)(&acc, &acc, &acc);
        if (mpz_tstbit(k, (mp_bitcnt_t)i)) G(ref_add)(&acc, &acc, a);
    }
    mpz_set(r->x, acc.x), mpz_set(r->y, acc.y), r->inf = acc.inf;
    G(ref_clear)(&acc);
}

/* The library's point -> reference point (through to_affine). */
static void G(to_ref)(G(ref) *r, const pasta_ops *o, const GJ *p) {
    GA a;
    GOPS(o)->to_affine(&a, p);
    r->inf = GOPS(o)->is_identity(p);
    tu_mont_to_value(r->x, a.x.limbs, FIELD_ID);
    tu_mont_to_value(r->y, a.y.limbs, FIELD_ID);
}

static void G(expect)(const pasta_ops *o, const GJ *got, const G(ref) *want,
                      const char *what) {
    G(ref) g;
    G(ref_init)(&g);
    G(to_ref)(&g, o, got);
    int same = g.inf == want->inf &&
               (want->inf || (mpz_cmp(g.x, want->x) == 0 && mpz_cmp(g.y, want->y) == 0));
    if (!same)
        gmp_fprintf(stderr, "%s %s: got (%Zx, %Zx, inf %d) want (%Zx, %Zx, inf %d)\n",
                    STR(CURVE), what, g.x, g.y, g.inf, want->x, want->y, want->inf);
    cr_assert(same, "%s %s differs from the GMP reference", STR(CURVE), what);
    G(ref_clear)(&g);
}

/* A random point: [k] G for a random scalar k (via mul_var), on the curve by GMP. */
static void G(random_point)(GJ *p, G(ref) *ref, const pasta_ops *o, tu_rng *rng) {
    SE k;
    cr_assert_eq(o->SCALAR->random(&k, tu_rng_fill, rng), PASTA_OK);
    GOPS(o)->generator(p);
    GOPS(o)->mul_var(p, p, &k);
    G(to_ref)(ref, o, p);
    mpz_t m, l, r;
    mpz_inits(m, l, r, NULL);
    tu_modulus(m, FIELD_ID);
    mpz_mul(l, ref->y, ref->y), mpz_mod(l, l, m);
    mpz_powm_ui(r, ref->x, 3, m), mpz_add_ui(r, r, 5), mpz_mod(r, r, m);
    cr_assert(ref->inf || mpz_cmp(l, r) == 0, "random point on the curve (GMP)");
    mpz_clears(m, l, r, NULL);
}

static void G(check)(const pasta_ops *o, int rounds) {
    tu_rng rng;
    tu_rng_init(&rng, 0x6d70 + FIELD_ID);
    G(ref) rp, rq, want;
    G(ref_init)(&rp), G(ref_init)(&rq), G(ref_init)(&want);
    mpz_t k, n;
    mpz_inits(k, n, NULL);
    tu_modulus(n, 1 - FIELD_ID); /* the group order is the other field's modulus */
    for (int i = 0; i < rounds; i++) {
        GJ p, q, r, np;
        GA qa;
        G(random_point)(&p, &rp, o, &rng);
        G(random_point)(&q, &rq, o, &rng);
        GOPS(o)->to_affine(&qa, &q);
        G(ref_add)(&want, &rp, &rq);
        GOPS(o)->add(&r, &p, &q), G(expect)(o, &r, &want, "add");
        GOPS(o)->add_var(&r, &p, &q), G(expect)(o, &r, &want, "add_var");
        GOPS(o)->madd(&r, &p, &qa), G(expect)(o, &r, &want, "madd");
        GOPS(o)->madd_var(&r, &p, &qa), G(expect)(o, &r, &want, "madd_var");
        G(ref_add)(&want, &rp, &rp);
        GOPS(o)->dbl(&r, &p), G(expect)(o, &r, &want, "dbl");
        GOPS(o)->dbl_var(&r, &p), G(expect)(o, &r, &want, "dbl_var");
        GOPS(o)->add(&r, &p, &p), G(expect)(o, &r, &want, "add (doubling case)");
        GOPS(o)->add_var(&r, &p, &p), G(expect)(o, &r, &want, "add_var (doubling case)");
        GOPS(o)->neg(&np, &p);
        want.inf = 1;
        GOPS(o)->add(&r, &p, &np), G(expect)(o, &r, &want, "add (inverse case)");
        GOPS(o)->add_var(&r, &p, &np), G(expect)(o, &r, &want, "add_var (inverse case)");
        /* scalar multiplication: random k, and n - 1 ([n-1] P = -P) */
        SE ks;
        uint64_t raw[4];
        cr_assert_eq(o->SCALAR->random(&ks, tu_rng_fill, &rng), PASTA_OK);
        if (i == 0) {
            mpz_sub_ui(k, n, 1);
            tu_to_limbs(raw, k);
            o->SCALAR->from_raw(&ks, raw);
        }
        o->SCALAR->to_raw(raw, &ks);
        tu_from_limbs(k, raw);
        G(ref_mul)(&want, &rp, k);
        GOPS(o)->mul(&r, &p, &ks), G(expect)(o, &r, &want, "mul");
        GOPS(o)->mul_var(&r, &p, &ks), G(expect)(o, &r, &want, "mul_var");
    }
    mpz_clears(k, n, NULL);
    G(ref_clear)(&rp), G(ref_clear)(&rq), G(ref_clear)(&want);
}

#undef G
#undef GJ
#undef GA
#undef GOPS
