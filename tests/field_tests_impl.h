/* Template: field tests for one FIELD (fp | fq) against GMP, on a given backend table.
 * Included by tests/test_field.c with FIELD and FIELD_ID (0 = fp, 1 = fq) defined. */
#define T(name) PASTA_CAT3(t_, FIELD, PASTA_CAT(_, name))
#define OPS_T const struct PASTA_CAT3(pasta_, FIELD, _ops)

static void T(to_fe)(FE *r, const mpz_t v) { tu_value_to_mont(r->limbs, v, FIELD_ID); }

static void T(expect)(const FE *got, const mpz_t want, const char *what, const mpz_t a,
                      const mpz_t b) {
    mpz_t g;
    mpz_init(g);
    tu_from_limbs(g, got->limbs);
    mpz_t m;
    mpz_init(m);
    tu_modulus(m, FIELD_ID);
    int canonical = mpz_cmp(g, m) < 0;
    tu_mont_to_value(g, got->limbs, FIELD_ID);
    if (!canonical || mpz_cmp(g, want) != 0) {
        gmp_fprintf(stderr, "%s %s: a=%#Zx b=%#Zx want %#Zx got %#Zx%s\n", STR(FIELD), what, a,
                    b, want, g, canonical ? "" : " (non-canonical limbs)");
        cr_assert_fail("%s mismatch", what);
    }
    mpz_clears(g, m, NULL);
}

/* add, sub, neg, dbl, mul, sqr of (a, b) on o, each against GMP. */
static void T(check_pair)(OPS_T *o, const mpz_t a, const mpz_t b) {
    mpz_t m, want;
    mpz_inits(m, want, NULL);
    tu_modulus(m, FIELD_ID);
    FE x, y, r;
    T(to_fe)(&x, a);
    T(to_fe)(&y, b);
    o->add(&r, &x, &y);
    mpz_add(want, a, b), mpz_mod(want, want, m);
    T(expect)(&r, want, "add", a, b);
    o->sub(&r, &x, &y);
    mpz_sub(want, a, b), mpz_mod(want, want, m);
    T(expect)(&r, want, "sub", a, b);
    o->mul(&r, &x, &y);
    mpz_mul(want, a, b), mpz_mod(want, want, m);
    T(expect)(&r, want, "mul", a, b);
    o->neg(&r, &x);
    mpz_neg(want, a), mpz_mod(want, want, m);
    T(expect)(&r, want, "neg", a, b);
    o->dbl(&r, &x);
    mpz_mul_2exp(want, a, 1), mpz_mod(want, want, m);
    T(expect)(&r, want, "dbl", a, b);
    o->sqr(&r, &x);
    mpz_mul(want, a, a), mpz_mod(want, want, m);
    T(expect)(&r, want, "sqr", a, b);
    /* Aliasing: r == a == b. */
    r = x;
    o->mul(&r, &r, &r);
    T(expect)(&r, want, "mul (aliased)", a, a);
    r = x;
    o->add(&r, &r, &r);
    mpz_mul_2exp(want, a, 1), mpz_mod(want, want, m);
    T(expect)(&r, want, "add (aliased)", a, a);
    mpz_clears(m, want, NULL);
}

static void T(sweep)(OPS_T *o, long pairs) {
    tu_rng rng;
    tu_rng_init(&rng, 100 + FIELD_ID);
    mpz_t m, a, b;
    mpz_inits(m, a, b, NULL);
    tu_modulus(m, FIELD_ID);
    for (long i = 0; i < pairs; i++) {
        tu_random_below(a, &rng, m);
        tu_random_below(b, &rng, m);
        T(check_pair)(o, a, b);
    }
    mpz_clears(m, a, b, NULL);
}

static void T(edges)(OPS_T *o) {
    mpz_t e[TU_MAX_EDGES];
    int n = tu_edges(e, FIELD_ID);
    mpz_t m;
    mpz_init(m);
    tu_modulus(m, FIELD_ID);
    for (int i = 0; i < n; i++) {
        cr_assert(mpz_cmp(e[i], m) < 0, "edge value %d must be canonical", i);
        for (int j = 0; j < n; j++) T(check_pair)(o, e[i], e[j]);
    }
    for (int i = 0; i < TU_MAX_EDGES; i++) mpz_clear(e[i]);
    mpz_clear(m);
}

/* invert_var and invert of the element whose Montgomery limbs are x (x < m: the integer
 * the safegcd code sees), against GMP's mpz_invert, and the two byte for byte. */
static void T(check_invert_limbs)(OPS_T *o, const mpz_t x) {
    mpz_t m, a, want;
    mpz_inits(m, a, want, NULL);
    tu_modulus(m, FIELD_ID);
    cr_assert(mpz_sgn(x) >= 0 && mpz_cmp(x, m) < 0, "limb shape must be canonical");
    FE fe, r, s;
    tu_to_limbs(fe.limbs, x);
    tu_mont_to_value(a, fe.limbs, FIELD_ID); /* a = x / 2^256 mod m */
    if (mpz_sgn(a) == 0) mpz_set_ui(want, 0);
    else mpz_invert(want, a, m);
    o->invert_var(&r, &fe);
    T(expect)(&r, want, "invert_var (limb shape)", a, x);
    o->invert(&s, &fe);
    T(expect)(&s, want, "invert (limb shape)", a, x);
    cr_assert(memcmp(r.limbs, s.limbs, sizeof r.limbs) == 0, "invert_var != invert");
    mpz_clears(m, a, want, NULL);
}

/* Limb shapes that exercise the variable-time inversion's paths (long zero runs, f and g
 * shrinking early, g reaching 0 early): small s, m - s, 2^i, 2^i - 1, m - 2^i, random
 * values of every bit length 1..254, then uniform random ones. */
static void T(invert_shapes)(OPS_T *o, long rounds) {
    tu_rng rng;
    tu_rng_init(&rng, 300 + FIELD_ID);
    mpz_t m, x, b;
    mpz_inits(m, x, b, NULL);
    tu_modulus(m, FIELD_ID);
    for (unsigned long s = 0; s < 300; s++) {
        mpz_set_ui(x, s);
        T(check_invert_limbs)(o, x);
        mpz_sub_ui(x, m, s + 1);
        T(check_invert_limbs)(o, x);
    }
    for (unsigned long i = 0; i < 255; i++) { /* 2^254 < m */
        mpz_set_ui(x, 0);
        mpz_setbit(x, i);
        T(check_invert_limbs)(o, x);
        mpz_sub_ui(x, x, 1);
        T(check_invert_limbs)(o, x);
        mpz_set_ui(b, 0);
        mpz_setbit(b, i);
        mpz_sub(x, m, b);
        T(check_invert_limbs)(o, x);
    }
    for (unsigned long bits = 1; bits <= 254; bits++)
        for (int rep = 0; rep < 4; rep++) {
            tu_random_below(x, &rng, m);
            mpz_fdiv_r_2exp(x, x, bits); /* low `bits` bits, top one set */
            mpz_setbit(x, bits - 1);
            T(check_invert_limbs)(o, x);
        }
    for (long i = 0; i < rounds; i++) {
        tu_random_below(x, &rng, m);
        T(check_invert_limbs)(o, x);
    }
    mpz_clears(m, x, b, NULL);
}

/* invert, invert_var, pow, pow_var, sqrt, sqrt_ratio, legendre, from_uniform_bytes,
 * encoding: against GMP or the defining relation, on random values plus edges. */
static void T(derived)(OPS_T *o, long rounds) {
    tu_rng rng;
    tu_rng_init(&rng, 200 + FIELD_ID);
    mpz_t m, a, b, want, tmp;
    mpz_inits(m, a, b, want, tmp, NULL);
    tu_modulus(m, FIELD_ID);
    for (long i = 0; i < rounds; i++) {
        tu_random_below(a, &rng, m);
        tu_random_below(b, &rng, m);
        if (i == 0) mpz_set_ui(a, 0);
        if (i == 1) mpz_set_ui(a, 1);
        if (i == 2) mpz_sub_ui(a, m, 1);
        FE x, y, r, s;
        T(to_fe)(&x, a);
        T(to_fe)(&y, b);
        /* invert: GMP mpz_invert; 0 -> 0 */
        if (mpz_sgn(a) == 0) mpz_set_ui(want, 0);
        else mpz_invert(want, a, m);
        o->invert(&r, &x);
        T(expect)(&r, want, "invert", a, a);
        o->invert_var(&r, &x);
        T(expect)(&r, want, "invert_var", a, a);
        /* pow with a random 256-bit exponent */
        uint64_t e[4] = {tu_next(&rng), tu_next(&rng), tu_next(&rng), tu_next(&rng)};
        if (i == 3) e[0] = e[1] = e[2] = e[3] = 0;
        tu_from_limbs(tmp, e);
        mpz_powm(want, a, tmp, m);
        o->pow(&r, &x, e);
        T(expect)(&r, want, "pow", a, tmp);
        o->pow_var(&r, &x, e);
        T(expect)(&r, want, "pow_var", a, tmp);
        o->cube(&r, &x);
        mpz_powm_ui(want, a, 3, m);
        T(expect)(&r, want, "cube", a, a);
        /* legendre against GMP */
        int leg = mpz_legendre(a, m);
        cr_assert_eq(o->legendre(&x), leg, "legendre");
        cr_assert_eq(o->is_square(&x), leg >= 0, "is_square");
        /* sqrt: square roots squared give a; flag matches legendre */
        int ok = o->sqrt(&r, &x);
        cr_assert_eq(ok, leg >= 0, "sqrt flag");
        if (ok) {
            o->sqr(&s, &r);
            cr_assert(o->eq(&s, &x), "sqrt(a)^2 == a");
        } else {
            cr_assert(o->is_zero(&r), "sqrt of a non-square returns 0");
        }
        /* sqrt_ratio(a, b) per pasta_curves' contract */
        ok = o->sqrt_ratio(&r, &x, &y);
        FE q;
        o->invert(&q, &y);
        o->mul(&q, &q, &x); /* a / b */
        int qsq = o->is_square(&q);
        cr_assert_eq(ok, qsq, "sqrt_ratio flag i=%ld ok=%d qsq=%d", i, ok, qsq);
        o->sqr(&s, &r);
        if (!ok) o->mul(&q, &q, &PASTA_CAT3(pasta_, FIELD, _ROOT_OF_UNITY));
        cr_assert(o->eq(&s, &q), "sqrt_ratio root");
        /* encoding round trip; bytes equal GMP's little-endian export */
        uint8_t enc[32], want_enc[32] = {0};
        o->to_bytes(enc, &x);
        size_t cnt = 0;
        mpz_export(want_enc, &cnt, -1, 1, 0, 0, a);
        cr_assert_arr_eq(enc, want_enc, 32, "to_bytes");
        FE back = y;
        cr_assert_eq(o->from_bytes(&back, enc), PASTA_OK);
        cr_assert(o->eq(&back, &x), "from_bytes(to_bytes(x)) == x");
        /* from_uniform_bytes: 512-bit little-endian integer mod m */
        uint8_t wide[64];
        tu_rng_fill(&rng, wide, 64);
        mpz_import(tmp, 64, -1, 1, 0, 0, wide);
        mpz_mod(want, tmp, m);
        o->from_uniform_bytes(&r, wide);
        T(expect)(&r, want, "from_uniform_bytes", tmp, tmp);
        /* from_raw / to_raw on arbitrary 256-bit integers */
        uint64_t raw[4] = {tu_next(&rng), tu_next(&rng), tu_next(&rng), tu_next(&rng)}, out[4];
        tu_from_limbs(tmp, raw);
        mpz_mod(want, tmp, m);
        o->from_raw(&r, raw);
        T(expect)(&r, want, "from_raw", tmp, tmp);
        o->to_raw(out, &r);
        tu_from_limbs(tmp, out);
        cr_assert(mpz_cmp(tmp, want) == 0, "to_raw");
        cr_assert_eq(o->is_odd(&r), (int)mpz_odd_p(want), "is_odd");
    }
    /* sqrt_ratio's special cases (pasta_curves' contract): num = 0 -> (1, 0) whatever div;
     * div = 0, num != 0 -> (0, 0). */
    {
        FE zero, one, r;
        o->zero(&zero), o->one(&one);
        r = one;
        cr_assert_eq(o->sqrt_ratio(&r, &zero, &zero), 1);
        cr_assert(o->is_zero(&r), "sqrt_ratio(0, 0) = 0");
        r = one;
        cr_assert_eq(o->sqrt_ratio(&r, &zero, &one), 1);
        cr_assert(o->is_zero(&r), "sqrt_ratio(0, 1) = 0");
        r = one;
        cr_assert_eq(o->sqrt_ratio(&r, &one, &zero), 0);
        cr_assert(o->is_zero(&r), "sqrt_ratio(1, 0) = 0");
        o->sqrt(&r, &zero);
        cr_assert(o->is_zero(&r), "sqrt(0) = 0");
    }
    mpz_clears(m, a, b, want, tmp, NULL);
}

/* sqrt and sqrt_ratio on a = ROOT_OF_UNITY^k s^2 for k over every 8-bit digit position
 * (the table-based method reads the 2-adic part of the discrete logarithm 8 bits at a
 * time): a is a square iff k is even; roots are checked by squaring. */
static void T(sqrt_2adic)(OPS_T *o) {
    tu_rng rng;
    tu_rng_init(&rng, 400 + FIELD_ID);
    uint64_t ks[64 + 48];
    int n = 0;
    static const uint64_t fixed[] = {0,          1,          2,         3,          0xff,
                                     0x100,      0x101,      0xfffe,    0xffff,     0x10000,
                                     0xffffff,   0x1000000,  0x1000001, 0x7fffffff, 0x80000000,
                                     0x80000001, 0xfffffffe, 0xffffffff};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) ks[n++] = fixed[i];
    for (int d = 0; d < 4; d++) /* one nonzero digit */
        for (int i = 0; i < 8; i++) ks[n++] = (tu_next(&rng) & 0xff) << (8 * d);
    while (n < (int)(sizeof ks / sizeof ks[0])) ks[n++] = tu_next(&rng) & 0xffffffff;
    const FE g = PASTA_CAT3(pasta_, FIELD, _ROOT_OF_UNITY);
    for (int i = 0; i < n; i++) {
        uint8_t w[64];
        FE a, s, v, u, r, t;
        tu_rng_fill(&rng, w, 64);
        o->from_uniform_bytes(&s, w);
        if (i < 4) o->one(&s);
        const uint64_t e[4] = {ks[i], 0, 0, 0};
        o->pow_var(&a, &g, e);
        o->sqr(&s, &s);
        o->mul(&a, &a, &s);
        int square = (int)(~ks[i] & 1);
        cr_assert_eq(o->sqrt(&r, &a), square, "sqrt flag, k = %#llx",
                     (unsigned long long)ks[i]);
        if (square) {
            o->sqr(&t, &r);
            cr_assert(o->eq(&t, &a), "sqrt root, k = %#llx", (unsigned long long)ks[i]);
        } else {
            cr_assert(o->is_zero(&r), "sqrt of a non-square");
        }
        /* sqrt_ratio(a v, v) = sqrt(a) or sqrt(ROOT_OF_UNITY a) */
        tu_rng_fill(&rng, w, 64);
        o->from_uniform_bytes(&v, w);
        o->mul(&u, &a, &v);
        cr_assert_eq(o->sqrt_ratio(&r, &u, &v), square, "sqrt_ratio flag");
        o->sqr(&t, &r);
        if (!square) o->mul(&a, &a, &g);
        cr_assert(o->eq(&t, &a), "sqrt_ratio root, k = %#llx", (unsigned long long)ks[i]);
    }
}

/* zcash/pasta_curves' square root (SqrtTables::sqrt_common, src/arithmetic/fields.rs, the
 * default sqrt-table feature; sqrt = sqrt_alt, and sqrt_ratio(u, v) = sqrt_alt(u/v)), by
 * its rule, with GMP only. m - 1 = 2^32 t, g = 5^t. For a != 0: y = a^((t+1)/2) and
 * root = y g^k, where k is the one in [0, 2^31) with g^(2k) = a^(-t) if a is a square,
 * else the one in [1, 2^31] with g^(2k) = g a^(-t) (root^2 = g a, the crate's
 * sqrt(ROOT_OF_UNITY a)). k is the discrete logarithm to base g^2 (order 2^31), solved bit
 * by bit. a = 0: root 0. Returns 1 if a is a square (0 included), else 0. */
static int T(ref_sqrt)(mpz_t root, const mpz_t a_in) {
    mpz_t m, t, g, g2i, x, y, c, k, a;
    mpz_inits(m, t, g, g2i, x, y, c, k, a, NULL);
    tu_modulus(m, FIELD_ID);
    mpz_mod(a, a_in, m);
    mpz_sub_ui(t, m, 1), mpz_fdiv_q_2exp(t, t, 32);
    mpz_set_ui(g, 5), mpz_powm(g, g, t, m);
    int square = mpz_legendre(a, m) >= 0;
    if (mpz_sgn(a) == 0) {
        mpz_set_ui(root, 0);
    } else {
        mpz_add_ui(c, t, 1), mpz_fdiv_q_2exp(c, c, 1), mpz_powm(y, a, c, m); /* a^((t+1)/2) */
        mpz_powm(x, a, t, m), mpz_invert(x, x, m);                           /* a^(-t) */
        if (!square) mpz_mul(x, x, g), mpz_mod(x, x, m);
        mpz_mul(g2i, g, g), mpz_invert(g2i, g2i, m); /* g^(-2) */
        mpz_set_ui(k, 0);
        for (int i = 0; i < 31; i++) { /* (x g^(-2k))^(2^(30-i)) = +-1: bit i of k */
            mpz_powm(c, g2i, k, m), mpz_mul(c, c, x), mpz_mod(c, c, m);
            for (int j = i; j < 30; j++) mpz_mul(c, c, c), mpz_mod(c, c, m);
            if (mpz_cmp_ui(c, 1) != 0) {
                mpz_add_ui(c, c, 1);
                cr_assert(mpz_cmp(c, m) == 0, "ref_sqrt: not in <g^2>");
                mpz_setbit(k, (mp_bitcnt_t)i);
            }
        }
        if (!square && mpz_sgn(k) == 0) mpz_setbit(k, 31); /* k in [1, 2^31] */
        mpz_powm(c, g, k, m), mpz_mul(root, y, c), mpz_mod(root, root, m);
        /* sanity: root^2 = a (square) or g a; g^(2k) as required */
        mpz_mul(c, root, root), mpz_mod(c, c, m);
        if (!square) mpz_invert(x, g, m), mpz_mul(c, c, x), mpz_mod(c, c, m);
        cr_assert(mpz_cmp(c, a) == 0, "ref_sqrt: root^2");
    }
    mpz_clears(m, t, g, g2i, x, y, c, k, a, NULL);
    return square;
}

/* Little-endian bytes of v < m. */
static void T(ref_bytes)(uint8_t out[32], const mpz_t v) {
    size_t cnt = 0;
    memset(out, 0, 32);
    mpz_export(out, &cnt, -1, 1, 0, 0, v);
}

/* sqrt(a) on o: flag and bytes against the crate's rule (r = 0 for a non-square). */
static void T(check_sqrt_rule)(OPS_T *o, const mpz_t a) {
    mpz_t root;
    mpz_init(root);
    int square = T(ref_sqrt)(root, a);
    if (!square) mpz_set_ui(root, 0);
    FE x, r;
    uint8_t got[32], want[32];
    T(to_fe)(&x, a);
    o->one(&r);
    int ok = o->sqrt(&r, &x);
    o->to_bytes(got, &r);
    T(ref_bytes)(want, root);
    if (ok != square || memcmp(got, want, 32) != 0) {
        gmp_fprintf(stderr, "%s sqrt: a=%#Zx want (%d, %#Zx)\n", STR(FIELD), a, square, root);
        cr_assert_fail("sqrt: flag %d (want %d) or root differs from pasta_curves'", ok,
                       square);
    }
    mpz_clear(root);
}

/* sqrt_ratio(num, div) on o against the crate's sqrt_ratio: div != 0: (is_square(q),
 * crate root of q = num/div, which is sqrt(ROOT_OF_UNITY q) for a non-square q);
 * num = 0: (1, 0); div = 0 != num: (0, 0). */
static void T(check_sqrt_ratio_rule)(OPS_T *o, const mpz_t num, const mpz_t div) {
    mpz_t m, q, root;
    mpz_inits(m, q, root, NULL);
    tu_modulus(m, FIELD_ID);
    int square;
    if (mpz_sgn(num) == 0) {
        square = 1, mpz_set_ui(root, 0);
    } else if (mpz_sgn(div) == 0) {
        square = 0, mpz_set_ui(root, 0);
    } else {
        mpz_invert(q, div, m), mpz_mul(q, q, num), mpz_mod(q, q, m);
        square = T(ref_sqrt)(root, q);
    }
    FE x, y, r;
    uint8_t got[32], want[32];
    T(to_fe)(&x, num);
    T(to_fe)(&y, div);
    o->one(&r);
    int ok = o->sqrt_ratio(&r, &x, &y);
    o->to_bytes(got, &r);
    T(ref_bytes)(want, root);
    if (ok != square || memcmp(got, want, 32) != 0) {
        gmp_fprintf(stderr, "%s sqrt_ratio: num=%#Zx div=%#Zx want (%d, %#Zx)\n", STR(FIELD),
                    num, div, square, root);
        cr_assert_fail("sqrt_ratio: flag %d (want %d) or root differs from pasta_curves'", ok,
                       square);
    }
    mpz_clears(m, q, root, NULL);
}

/* sqrt and sqrt_ratio return pasta_curves' root (T(ref_sqrt)): random squares and
 * non-squares, the edge values, and a with a^t = g^E for E of extreme 2-adic shape (E = 0,
 * 1, 2^31, 2^32 - 1, single bytes, ...), times 1 or a random element of odd order. Returns
 * the number of sqrt and sqrt_ratio cases checked. */
static long T(sqrt_crate_rule)(OPS_T *o, long rounds) {
    tu_rng rng;
    tu_rng_init(&rng, 600 + FIELD_ID);
    long cases = 0;
    mpz_t m, t, g, a, b, c, ti, e32;
    mpz_inits(m, t, g, a, b, c, ti, e32, NULL);
    tu_modulus(m, FIELD_ID);
    mpz_sub_ui(t, m, 1), mpz_fdiv_q_2exp(t, t, 32);
    mpz_set_ui(g, 5), mpz_powm(g, g, t, m);
    mpz_ui_pow_ui(e32, 2, 32);
    mpz_invert(ti, t, e32); /* t^-1 mod 2^32 */
    /* random values (about half squares), their squares, and random ratios */
    for (long i = 0; i < rounds; i++) {
        tu_random_below(a, &rng, m);
        tu_random_below(b, &rng, m);
        T(check_sqrt_rule)(o, a);
        T(check_sqrt_ratio_rule)(o, a, b);
        mpz_mul(c, a, a), mpz_mod(c, c, m);
        T(check_sqrt_rule)(o, c);
        mpz_mul(c, c, b), mpz_mod(c, c, m);
        T(check_sqrt_ratio_rule)(o, c, b); /* a square ratio */
        cases += 4;
    }
    /* edge values, alone and as num / div of each other */
    mpz_t ed[TU_MAX_EDGES];
    int n = tu_edges(ed, FIELD_ID);
    mpz_set_ui(ed[n++], 5); /* pasta_curves' test_sqrt_32bit_overflow: 5 is a non-square */
    for (int i = 0; i < n; i++) {
        T(check_sqrt_rule)(o, ed[i]);
        cases++;
        for (int j = 0; j < n; j++, cases++) T(check_sqrt_ratio_rule)(o, ed[i], ed[j]);
    }
    for (int i = 0; i < TU_MAX_EDGES; i++) mpz_clear(ed[i]);
    /* extreme 2-adic parts: a = g^(E t^-1 mod 2^32) s with s = 1 or s = r^(2^32), so that
     * a^t = g^E exactly */
    uint64_t es[18 + 4 * 8];
    int ne = 0;
    static const uint64_t fixed[] = {0,          1,          2,         3,          0xff,
                                     0x100,      0x101,      0xfffe,    0xffff,     0x10000,
                                     0xffffff,   0x1000000,  0x1000001, 0x7fffffff, 0x80000000,
                                     0x80000001, 0xfffffffe, 0xffffffff};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) es[ne++] = fixed[i];
    for (int d = 0; d < 4; d++) /* one nonzero byte */
        for (int i = 0; i < 8; i++) es[ne++] = ((tu_next(&rng) & 0xff) | 1) << (8 * d);
    for (int i = 0; i < ne; i++) {
        for (int rep = 0; rep < 3; rep++) {
            mpz_set_ui(c, (unsigned long)es[i]), mpz_mul(c, c, ti), mpz_mod(c, c, e32);
            mpz_powm(a, g, c, m);
            if (rep > 0) {
                tu_random_below(b, &rng, m);
                if (mpz_sgn(b) == 0) mpz_set_ui(b, 1);
                mpz_powm(b, b, e32, m); /* odd order: b^t = 1 */
                mpz_mul(a, a, b), mpz_mod(a, a, m);
            }
            mpz_powm(c, a, t, m);
            mpz_set_ui(b, (unsigned long)es[i]), mpz_powm(b, g, b, m);
            cr_assert(mpz_cmp(b, c) == 0, "a^t = g^E");
            T(check_sqrt_rule)(o, a);
            tu_random_below(b, &rng, m);
            if (mpz_sgn(b) == 0) mpz_set_ui(b, 1);
            mpz_mul(c, a, b), mpz_mod(c, c, m);
            T(check_sqrt_ratio_rule)(o, c, b); /* c / b = a */
            cases += 2;
        }
    }
    mpz_clears(m, t, g, a, b, c, ti, e32, NULL);
    return cases;
}

static void T(batch)(OPS_T *o) {
    enum { N = 257 };
    tu_rng rng;
    tu_rng_init(&rng, 300 + FIELD_ID);
    FE in[N], out[N], one;
    o->one(&one);
    for (int i = 0; i < N; i++) {
        uint8_t w[64];
        tu_rng_fill(&rng, w, 64);
        o->from_uniform_bytes(&in[i], w);
        if (i % 17 == 3 || i == 0 || i == N - 1) o->zero(&in[i]);
    }
    cr_assert_eq(o->batch_invert(out, in, N), PASTA_OK);
    for (int i = 0; i < N; i++) {
        FE t;
        o->invert(&t, &in[i]);
        cr_assert(o->eq(&t, &out[i]), "batch_invert[%d]", i);
    }
    /* in place */
    FE copy[N];
    memcpy(copy, in, sizeof in);
    cr_assert_eq(o->batch_invert(copy, copy, N), PASTA_OK);
    cr_assert_arr_eq(copy, out, sizeof out, "batch_invert in place");
    /* bad input: NULL with n > 0, overflowing n, allocation failure: error, out untouched */
    FE keep[N];
    memcpy(keep, out, sizeof out);
    cr_assert_eq(o->batch_invert(NULL, in, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(o->batch_invert(out, NULL, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(o->batch_invert(out, in, SIZE_MAX / 8), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(o->batch_invert(out, in, 0), PASTA_OK);
    pasta_test_alloc_fail_at(1);
    cr_assert_eq(o->batch_invert(out, in, N), PASTA_ERR_NO_MEMORY);
    pasta_test_alloc_fail_at(0);
    cr_assert_arr_eq(out, keep, sizeof out, "outputs untouched on error");
}

/* Rejection of non-canonical encodings: m, m+1, 2^255, 2^256-1, and the first value of each
 * high-limb pattern at or above m; output untouched. */
static void T(reject)(OPS_T *o) {
    mpz_t m, v;
    mpz_inits(m, v, NULL);
    tu_modulus(m, FIELD_ID);
    FE r, keep;
    o->from_u64(&keep, 12345);
    for (int k = 0; k < 5; k++) {
        switch (k) {
        case 0: mpz_set(v, m); break;
        case 1: mpz_add_ui(v, m, 1); break;
        case 2: mpz_ui_pow_ui(v, 2, 255); break;
        case 3: mpz_ui_pow_ui(v, 2, 256), mpz_sub_ui(v, v, 1); break;
        case 4: mpz_mul_2exp(v, m, 1), mpz_sub_ui(v, v, 1); break; /* 2m - 1 */
        }
        uint8_t enc[32] = {0};
        size_t cnt;
        mpz_export(enc, &cnt, -1, 1, 0, 0, v);
        r = keep;
        cr_assert_eq(o->from_bytes(&r, enc), PASTA_ERR_NONCANONICAL, "reject case %d", k);
        cr_assert_arr_eq(&r, &keep, sizeof r, "output untouched, case %d", k);
    }
    /* m - 1 is accepted */
    uint8_t enc[32] = {0};
    size_t cnt;
    mpz_sub_ui(v, m, 1);
    mpz_export(enc, &cnt, -1, 1, 0, 0, v);
    cr_assert_eq(o->from_bytes(&r, enc), PASTA_OK);
    mpz_clears(m, v, NULL);
}

/* Constants recomputed from their definitions with GMP. */
static void T(constants)(OPS_T *o) {
    mpz_t m, v, t, r;
    mpz_inits(m, v, t, r, NULL);
    tu_modulus(m, FIELD_ID);
    cr_assert(mpz_probab_prime_p(m, 30), "modulus is prime");
    cr_assert_eq(mpz_sizeinbase(m, 2), 255);
    const uint64_t *ml = FIELD_ID == 0 ? pasta_fp_MODULUS : pasta_fq_MODULUS;
    cr_assert(ml[2] == 0 && ml[3] == (1ULL << 62), "Pasta shape: limb 2 = 0, limb 3 = 2^62");
    uint64_t l[4];
    /* R2, R3 */
    mpz_ui_pow_ui(v, 2, 512), mpz_mod(v, v, m),
        tu_from_limbs(t, PASTA_CAT3(pasta_, FIELD, _R2));
    cr_assert(mpz_cmp(v, t) == 0, "R2");
    mpz_ui_pow_ui(v, 2, 768), mpz_mod(v, v, m),
        tu_from_limbs(t, PASTA_CAT3(pasta_, FIELD, _R3));
    cr_assert(mpz_cmp(v, t) == 0, "R3");
    /* INV = -m^-1 mod 2^64 */
    mpz_ui_pow_ui(t, 2, 64);
    mpz_invert(v, m, t), mpz_sub(v, t, v);
    cr_assert_eq(mpz_get_ui(v), PASTA_CAT3(pasta_, FIELD, _INV), "INV");
    /* ONE = R mod m, ZERO */
    mpz_set_ui(v, 1);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _ONE), v, "ONE", v, v);
    mpz_set_ui(v, 0);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _ZERO), v, "ZERO", v, v);
    /* TWO_INV */
    mpz_set_ui(t, 2), mpz_invert(v, t, m);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _TWO_INV), v, "TWO_INV", v, v);
    /* MULTIPLICATIVE_GENERATOR = 5, a generator of the multiplicative group: 5^((m-1)/f) != 1
     * for each prime factor f of m - 1 that GMP can find by trial division, and the
     * 2-adic part: 5 is a non-square. */
    mpz_set_ui(v, 5);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _MULTIPLICATIVE_GENERATOR), v, "GENERATOR", v, v);
    cr_assert_eq(mpz_legendre(v, m), -1, "5 is a non-square");
    /* S = 32, t odd */
    mpz_sub_ui(t, m, 1);
    cr_assert_eq(mpz_scan1(t, 0), 32, "S = 32");
    mpz_fdiv_q_2exp(t, t, 32); /* t */
    /* ROOT_OF_UNITY = 5^t; order exactly 2^32 */
    mpz_set_ui(r, 5), mpz_powm(v, r, t, m);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _ROOT_OF_UNITY), v, "ROOT_OF_UNITY", v, v);
    mpz_ui_pow_ui(r, 2, 31), mpz_powm(r, v, r, m), mpz_add_ui(r, r, 1);
    cr_assert(mpz_cmp(r, m) == 0, "ROOT_OF_UNITY^(2^31) = -1");
    mpz_invert(v, v, m);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _ROOT_OF_UNITY_INV), v, "ROOT_OF_UNITY_INV", v, v);
    /* DELTA = 5^(2^S) */
    mpz_set_ui(r, 5), mpz_ui_pow_ui(t, 2, 32), mpz_powm(v, r, t, m);
    T(expect)(&PASTA_CAT3(pasta_, FIELD, _DELTA), v, "DELTA", v, v);
    /* ZETA: order 3, and the value zcash/pasta_curves pins (test_zeta in fp.rs / fq.rs) */
    FE z = PASTA_CAT3(pasta_, FIELD, _ZETA), c;
    tu_mont_to_value(v, z.limbs, FIELD_ID);
    mpz_set_str(t,
                FIELD_ID == 0
                    ? "12ccca834acdba712caad5dc57aab1b01d1f8bd237ad31491dad5ebdfdfe4ab9"
                    : "06819a58283e528e511db4d81cf70f5a0fed467d47c033af2aa9d2e050aa0e4f",
                16);
    cr_assert(mpz_cmp(v, t) == 0, "ZETA matches pasta_curves");
    mpz_powm_ui(r, v, 3, m);
    cr_assert(mpz_cmp_ui(r, 1) == 0 && mpz_cmp_ui(v, 1) != 0, "ZETA has order 3");
    o->cube(&c, &z);
    cr_assert(o->eq(&c, &PASTA_CAT3(pasta_, FIELD, _ONE)));
    /* sqrt tables (fields/sqrt_tables.c): SQRT_TAB[i][j] = g^(-j 2^(4 i)), SQRT_KEY[j] =
     * 16 bits of the Montgomery form of h^j, h = g^(2^24), g = ROOT_OF_UNITY; keys distinct */
    tu_mont_to_value(r, PASTA_CAT3(pasta_, FIELD, _ROOT_OF_UNITY).limbs, FIELD_ID);
    mpz_invert(r, r, m);
    for (int i = 0; i < 8; i++) {
        for (unsigned long j = 0; j < 16; j++) {
            mpz_set_ui(t, j), mpz_mul_2exp(t, t, (mp_bitcnt_t)(4 * i)), mpz_powm(v, r, t, m);
            T(expect)(&PASTA_CAT3(pasta_, FIELD, _SQRT_TAB)[i][j], v, "SQRT_TAB", t, t);
        }
    }
    mpz_invert(r, r, m), mpz_ui_pow_ui(t, 2, 24), mpz_powm(r, r, t, m); /* h */
    mpz_set_ui(v, 1);
    for (int j = 0; j < 256; j++) {
        uint64_t lj[4];
        tu_value_to_mont(lj, v, FIELD_ID);
        const uint16_t kj = (uint16_t)(lj[0] >> PASTA_SQRT_KEY_SHIFT);
        cr_assert_eq(PASTA_CAT3(pasta_, FIELD, _SQRT_KEY)[j], kj, "SQRT_KEY[%d]", j);
        for (int i = 0; i < j; i++)
            cr_assert_neq(PASTA_CAT3(pasta_, FIELD, _SQRT_KEY)[i], kj, "keys %d, %d", i, j);
        mpz_mul(v, v, r), mpz_mod(v, v, m);
    }
    cr_assert_eq(mpz_cmp_ui(v, 1), 0, "h has order 256");
    (void)l;
    mpz_clears(m, v, t, r, NULL);
}

/* Small-value constructors and predicates. */
static void T(misc)(OPS_T *o) {
    mpz_t v;
    mpz_init(v);
    FE a, b, r;
    o->from_u64(&a, UINT64_MAX);
    mpz_set_ui(v, 0), mpz_setbit(v, 64), mpz_sub_ui(v, v, 1);
    T(expect)(&a, v, "from_u64", v, v);
    o->from_u128(&b, 5, UINT64_MAX);
    mpz_set_ui(v, 0), mpz_setbit(v, 128), mpz_sub_ui(v, v, 1), mpz_clrbit(v, 1);
    mpz_clrbit(v, 3), mpz_clrbit(v, 4), mpz_clrbit(v, 5), mpz_clrbit(v, 6), mpz_clrbit(v, 7);
    for (int i = 8; i < 64; i++) mpz_clrbit(v, (mp_bitcnt_t)i);
    T(expect)(&b, v, "from_u128", v, v); /* 2^64 * (2^64 - 1) + 5 */
    cr_assert(o->eq(&a, &a) && !o->eq(&a, &b));
    o->zero(&r);
    cr_assert(o->is_zero(&r) && !o->is_zero(&a));
    o->select(&r, &a, &b, 0);
    cr_assert(o->eq(&r, &a));
    o->select(&r, &a, &b, 1);
    cr_assert(o->eq(&r, &b));
    r = a;
    o->cmov(&r, &b, 0);
    cr_assert(o->eq(&r, &a));
    o->cmov(&r, &b, 1);
    cr_assert(o->eq(&r, &b));
    FE x = a, y = b;
    o->cswap(&x, &y, 0);
    cr_assert(o->eq(&x, &a) && o->eq(&y, &b));
    o->cswap(&x, &y, 1);
    cr_assert(o->eq(&x, &b) && o->eq(&y, &a));
    /* random: deterministic for a deterministic rng, uniform bytes path; failing rng */
    tu_rng rng;
    tu_rng_init(&rng, 400);
    cr_assert_eq(o->random(&r, tu_rng_fill, &rng), PASTA_OK);
    cr_assert_eq(o->random(&r, NULL, NULL), PASTA_ERR_INVALID_ARG);
    mpz_clear(v);
}

#undef T
#undef OPS_T
