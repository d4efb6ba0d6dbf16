/* Template: curve tests for one CURVE (pallas | vesta) on a given backend table.
 * Included by tests/test_curve.c with CURVE, FIELD (base) and SCALAR defined. */
#define T(name) PASTA_CAT3(t_, CURVE, PASTA_CAT(_, name))
#define FO(o) ((o)->FIELD)
#define SO(o) ((o)->SCALAR)
#define CO(o) ((o)->CURVE)
#define GEN PASTA_CAT3(pasta_, CURVE, _GENERATOR)
#define LAMBDA PASTA_CAT3(pasta_, SCALAR, _ZETA)
#define SMOD PASTA_CAT3(pasta_, SCALAR, _MODULUS)

static void T(rand_scalar)(const pasta_ops *o, SE *k, tu_rng *r) {
    cr_assert_eq(SO(o)->random(k, tu_rng_fill, r), PASTA_OK);
}

/* Reference: plain double-and-add over the 255 bits of k with the _var group law. */
static void T(ref_mul)(const pasta_ops *o, JAC *r, const JAC *p, const SE *k) {
    uint64_t raw[4];
    JAC acc;
    SO(o)->to_raw(raw, k);
    CO(o)->identity(&acc);
    for (int i = 254; i >= 0; i--) {
        CO(o)->dbl_var(&acc, &acc);
        if ((raw[i / 64] >> (i % 64)) & 1) CO(o)->add_var(&acc, &acc, p);
    }
    *r = acc;
}

static void T(rand_point)(const pasta_ops *o, JAC *p, tu_rng *r) {
    SE k;
    JAC g;
    T(rand_scalar)(o, &k, r);
    CO(o)->generator(&g);
    CO(o)->mul_var(p, &g, &k);
}

/* A scalar from a small integer (negative: n - |v|). */
static void T(scalar_i)(const pasta_ops *o, SE *k, int64_t v) {
    SE t;
    SO(o)->from_u64(&t, (uint64_t)(v < 0 ? -v : v));
    if (v < 0) SO(o)->neg(&t, &t);
    *k = t;
}

#define PEQ(o, a, b, what) cr_assert(CO(o)->eq((a), (b)), "%s: %s", STR(CURVE), what)

static void T(group_laws)(const pasta_ops *o, int iters) {
    tu_rng r;
    tu_rng_init(&r, 0xc0 + (uint64_t)sizeof(SE));
    JAC O, p, q, s, t1, t2, u;
    AFF qa, pa;
    CO(o)->identity(&O);
    cr_assert(CO(o)->is_identity(&O));
    cr_assert(CO(o)->is_on_curve(&O));
    JAC g;
    CO(o)->generator(&g);
    cr_assert(CO(o)->is_on_curve(&g));
    cr_assert(CO(o)->affine_is_on_curve(&GEN));
    for (int it = 0; it < iters; it++) {
        T(rand_point)(o, &p, &r);
        T(rand_point)(o, &q, &r);
        T(rand_point)(o, &s, &r);
        cr_assert(CO(o)->is_on_curve(&p));
        /* commutativity, associativity (ct and var) */
        CO(o)->add(&t1, &p, &q);
        CO(o)->add(&t2, &q, &p);
        PEQ(o, &t1, &t2, "p+q = q+p");
        CO(o)->add_var(&t2, &q, &p);
        PEQ(o, &t1, &t2, "add = add_var");
        cr_assert(CO(o)->is_on_curve(&t1));
        CO(o)->add(&t1, &t1, &s);
        CO(o)->add(&u, &q, &s);
        CO(o)->add(&t2, &p, &u);
        PEQ(o, &t1, &t2, "(p+q)+s = p+(q+s)");
        /* identity, inverse */
        CO(o)->add(&t1, &p, &O);
        PEQ(o, &t1, &p, "p+O");
        CO(o)->add(&t1, &O, &p);
        PEQ(o, &t1, &p, "O+p");
        CO(o)->add_var(&t1, &O, &p);
        PEQ(o, &t1, &p, "O+p var");
        CO(o)->add(&t1, &O, &O);
        cr_assert(CO(o)->is_identity(&t1));
        CO(o)->neg(&t2, &p);
        CO(o)->add(&t1, &p, &t2);
        cr_assert(CO(o)->is_identity(&t1), "p + -p");
        CO(o)->add_var(&t1, &p, &t2);
        cr_assert(CO(o)->is_identity(&t1), "p + -p var");
        /* doubling: dbl = add(p, p) = madd(p, affine p), with p in a non-trivial Z */
        CO(o)->add(&u, &p, &q); /* Z != 1 */
        CO(o)->dbl(&t1, &u);
        CO(o)->add(&t2, &u, &u);
        PEQ(o, &t1, &t2, "dbl = add(p,p)");
        CO(o)->add_var(&t2, &u, &u);
        PEQ(o, &t1, &t2, "dbl = add_var(p,p)");
        CO(o)->to_affine(&pa, &u);
        CO(o)->madd(&t2, &u, &pa);
        PEQ(o, &t1, &t2, "dbl = madd(p,p)");
        CO(o)->madd_var(&t2, &u, &pa);
        PEQ(o, &t1, &t2, "dbl = madd_var(p,p)");
        /* madd = add */
        CO(o)->to_affine(&qa, &q);
        CO(o)->to_affine_var(&pa, &q);
        cr_assert(CO(o)->affine_eq(&qa, &pa));
        cr_assert(CO(o)->affine_is_on_curve(&qa));
        CO(o)->add(&t1, &u, &q);
        CO(o)->madd(&t2, &u, &qa);
        PEQ(o, &t1, &t2, "madd = add");
        CO(o)->madd_var(&t2, &u, &qa);
        PEQ(o, &t1, &t2, "madd_var = add");
        CO(o)->affine_neg(&pa, &qa);
        CO(o)->madd(&t1, &q, &pa);
        cr_assert(CO(o)->is_identity(&t1), "madd q + -q");
        CO(o)->madd_var(&t1, &q, &pa);
        cr_assert(CO(o)->is_identity(&t1), "madd_var q + -q");
        AFF ia = {0};
        CO(o)->madd(&t1, &u, &ia);
        PEQ(o, &t1, &u, "madd p + O");
        CO(o)->madd(&t1, &O, &qa);
        PEQ(o, &t1, &q, "madd O + q");
        CO(o)->madd_var(&t1, &O, &qa);
        PEQ(o, &t1, &q, "madd_var O + q");
        /* The unified formula's exceptional case: y2 = -y1, x2 = zeta x1 (Q = -endo P and
         * -endo^2 P), where the ct add and madd switch to the chord slope. */
        for (int e = 1; e <= 2; e++) {
            CO(o)->endo(&t1, &u);
            if (e == 2) CO(o)->endo(&t1, &t1);
            CO(o)->neg(&t1, &t1);
            CO(o)->add_var(&t2, &u, &t1);
            cr_assert(!CO(o)->is_identity(&t2));
            CO(o)->add(&s, &u, &t1);
            PEQ(o, &s, &t2, "add(p, -endo p) = add_var");
            CO(o)->add(&s, &t1, &u);
            PEQ(o, &s, &t2, "add(-endo p, p) = add_var");
            CO(o)->to_affine(&pa, &t1);
            CO(o)->madd(&s, &u, &pa);
            PEQ(o, &s, &t2, "madd(p, -endo p) = add_var");
            CO(o)->madd_var(&s, &u, &pa);
            PEQ(o, &s, &t2, "madd_var(p, -endo p) = add_var");
            cr_assert(CO(o)->is_on_curve(&s));
        }
        /* outputs aliasing inputs */
        CO(o)->add(&t1, &u, &q);
        t2 = u;
        CO(o)->add(&t2, &t2, &q);
        PEQ(o, &t1, &t2, "add r = p");
        t2 = q;
        CO(o)->add(&t2, &u, &t2);
        PEQ(o, &t1, &t2, "add r = q");
        t2 = u;
        CO(o)->add_var(&t2, &t2, &q);
        PEQ(o, &t1, &t2, "add_var r = p");
        t2 = q;
        CO(o)->add_var(&t2, &u, &t2);
        PEQ(o, &t1, &t2, "add_var r = q");
        t2 = u;
        CO(o)->madd(&t2, &t2, &qa);
        PEQ(o, &t1, &t2, "madd r = p");
        t2 = u;
        CO(o)->madd_var(&t2, &t2, &qa);
        PEQ(o, &t1, &t2, "madd_var r = p");
        CO(o)->dbl(&t1, &u);
        t2 = u;
        CO(o)->dbl(&t2, &t2);
        PEQ(o, &t1, &t2, "dbl r = p");
        /* eq distinguishes */
        cr_assert(!CO(o)->eq(&p, &q));
        cr_assert(!CO(o)->eq(&p, &O));
        /* select / cmov */
        CO(o)->select(&t1, &p, &q, 1);
        PEQ(o, &t1, &q, "select");
        t1 = p;
        CO(o)->cmov(&t1, &q, 0);
        PEQ(o, &t1, &p, "cmov 0");
    }
}

static void T(scalar_mul)(const pasta_ops *o, int iters) {
    tu_rng r;
    tu_rng_init(&r, 0x5ca1 + (uint64_t)sizeof(SE));
    JAC p, a, b, c, O;
    SE k;
    CO(o)->identity(&O);
    for (int it = 0; it < iters + 8; it++) {
        if (it % 2 == 0) CO(o)->generator(&p);
        else T(rand_point)(o, &p, &r);
        if (it < 8) {
            static const int64_t small[] = {0, 1, 2, 3, -1, -2, 16, -17};
            T(scalar_i)(o, &k, small[it]);
        } else {
            T(rand_scalar)(o, &k, &r);
        }
        if (it == 6) k = LAMBDA;
        if (it == 7) SO(o)->neg(&k, &LAMBDA);
        T(ref_mul)(o, &a, &p, &k);
        CO(o)->mul(&b, &p, &k);
        CO(o)->mul_var(&c, &p, &k);
        PEQ(o, &a, &b, "mul = double-and-add");
        PEQ(o, &a, &c, "mul_var = double-and-add");
        cr_assert(CO(o)->is_on_curve(&b));
        CO(o)->mul_noglv(&b, &p, &k);
        PEQ(o, &a, &b, "mul_noglv = double-and-add");
        CO(o)->mul_var_noglv(&c, &p, &k);
        PEQ(o, &a, &c, "mul_var_noglv = double-and-add");
        /* mul of the identity */
        CO(o)->mul(&b, &O, &k);
        cr_assert(CO(o)->is_identity(&b));
        CO(o)->mul_var(&b, &O, &k);
        cr_assert(CO(o)->is_identity(&b));
        CO(o)->mul_noglv(&b, &O, &k);
        cr_assert(CO(o)->is_identity(&b));
        CO(o)->mul_var_noglv(&b, &O, &k);
        cr_assert(CO(o)->is_identity(&b));
    }
    /* [n-1]P + P = O: the order is n */
    T(rand_point)(o, &p, &r);
    T(scalar_i)(o, &k, -1);
    CO(o)->mul(&a, &p, &k);
    CO(o)->add(&a, &a, &p);
    cr_assert(CO(o)->is_identity(&a), "order");
    CO(o)->neg(&b, &p);
    CO(o)->mul_var(&a, &p, &k);
    PEQ(o, &a, &b, "[n-1]P = -P");
    /* endo = [LAMBDA] */
    CO(o)->endo(&a, &p);
    CO(o)->mul_var(&b, &p, &LAMBDA);
    PEQ(o, &a, &b, "endo = [lambda]");
    T(ref_mul)(o, &b, &p, &LAMBDA);
    PEQ(o, &a, &b, "endo = [lambda] (ref)");
}

static void T(glv)(const pasta_ops *o, int iters) {
    tu_rng r;
    tu_rng_init(&r, 0x61f + (uint64_t)sizeof(SE));
    for (int it = 0; it < iters; it++) {
        SE k, e1, e2, t;
        if (it < 6) {
            static const int64_t small[] = {0, 1, 2, -1, -2, 12345};
            T(scalar_i)(o, &k, small[it]);
            if (it == 4) k = LAMBDA;
            if (it == 5) SO(o)->neg(&k, &LAMBDA);
        } else if (it < 10) {
            /* (n-1)/2, (n+1)/2, 2^127, 2^128 */
            uint64_t raw[4] = {0};
            if (it < 8) {
                for (int i = 0; i < 4; i++) raw[i] = SMOD[i];
                raw[0] -= 1;
                for (int i = 0; i < 3; i++) raw[i] = (raw[i] >> 1) | (raw[i + 1] << 63);
                raw[3] >>= 1;
                if (it == 7) raw[0] += 1;
            } else {
                raw[it == 8 ? 1 : 2] = it == 8 ? (UINT64_C(1) << 63) : 1;
            }
            SO(o)->from_raw(&k, raw);
        } else {
            T(rand_scalar)(o, &k, &r);
        }
        uint64_t k1[2], k2[2];
        int n1, n2;
        CO(o)->glv_decompose(k1, &n1, k2, &n2, &k);
        cr_assert(k1[1] >> 63 == 0 && k2[1] >> 63 == 0, "halves < 2^127");
        cr_assert(n1 == 0 || n1 == 1);
        cr_assert(n2 == 0 || n2 == 1);
        SO(o)->from_u128(&e1, k1[0], k1[1]);
        SO(o)->from_u128(&e2, k2[0], k2[1]);
        if (n1) SO(o)->neg(&e1, &e1);
        if (n2) SO(o)->neg(&e2, &e2);
        cr_assert(!(n1 && SO(o)->is_zero(&e1)) && !(n2 && SO(o)->is_zero(&e2)));
        SO(o)->mul(&t, &e2, &LAMBDA);
        SO(o)->add(&t, &t, &e1);
        cr_assert(SO(o)->eq(&t, &k), "%s: k1 + k2 lambda = k (case %d)", STR(CURVE), it);
    }
}

static void T(encoding)(const pasta_ops *o, int iters) {
    tu_rng r;
    tu_rng_init(&r, 0xe2c + (uint64_t)sizeof(SE));
    uint8_t b[32], b2[32], u[64];
    JAC p, q, O;
    AFF a, a2;
    CO(o)->identity(&O);
    CO(o)->to_bytes(b, &O);
    for (int i = 0; i < 32; i++) cr_assert_eq(b[i], 0);
    cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_OK);
    cr_assert(CO(o)->is_identity(&q));
    cr_assert_eq(CO(o)->affine_from_bytes(&a, b), PASTA_OK);
    cr_assert(CO(o)->affine_is_identity(&a));
    /* generator: x = -1, y = 2 (even) */
    CO(o)->generator(&p);
    CO(o)->to_bytes(b, &p);
    uint8_t want[32];
    FO(o)->to_bytes(want, &GEN.x);
    cr_assert(memcmp(b, want, 32) == 0);
    for (int it = 0; it < iters; it++) {
        T(rand_point)(o, &p, &r);
        CO(o)->to_bytes(b, &p);
        CO(o)->to_affine(&a, &p);
        CO(o)->affine_to_bytes(b2, &a);
        cr_assert(memcmp(b, b2, 32) == 0);
        cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_OK);
        PEQ(o, &p, &q, "decode(encode(p))");
        cr_assert_eq(CO(o)->affine_from_bytes(&a2, b), PASTA_OK);
        cr_assert(CO(o)->affine_eq(&a, &a2));
        /* the other sign: -p */
        b[31] ^= 0x80;
        cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_OK);
        CO(o)->neg(&p, &p);
        PEQ(o, &p, &q, "flipped sign = -p");
        CO(o)->affine_to_uncompressed(u, &a);
        cr_assert_eq(CO(o)->affine_from_uncompressed(&a2, u), PASTA_OK);
        cr_assert(CO(o)->affine_eq(&a, &a2));
    }
    /* rejections leave the output untouched */
    JAC keep;
    CO(o)->generator(&keep);
    const uint64_t *m = PASTA_CAT3(pasta_, FIELD, _MODULUS);
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < 32; i++) b[i] = (uint8_t)(m[i / 8] >> (8 * (i % 8)));
        b[31] |= (uint8_t)(s << 7); /* x = modulus */
        q = keep;
        cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_ERR_NONCANONICAL);
        cr_assert(memcmp(&q, &keep, sizeof q) == 0);
        memset(b, 0xff, 32);
        b[31] = (uint8_t)(0x7f | (s << 7));
        cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_ERR_NONCANONICAL);
    }
    memset(b, 0, 32);
    b[31] = 0x80; /* x = 0 with the sign bit: 5 is not a square */
    q = keep;
    cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_ERR_NOT_ON_CURVE);
    cr_assert(memcmp(&q, &keep, sizeof q) == 0);
    int found = 0;
    for (uint8_t x = 1; x < 64 && found < 3; x++) { /* small x with x^3 + 5 non-square */
        memset(b, 0, 32);
        b[0] = x;
        if (CO(o)->affine_from_bytes(&a, b) == PASTA_ERR_NOT_ON_CURVE) {
            found++;
            q = keep;
            b[31] = 0x80;
            cr_assert_eq(CO(o)->from_bytes(&q, b), PASTA_ERR_NOT_ON_CURVE);
            cr_assert(memcmp(&q, &keep, sizeof q) == 0);
        }
    }
    cr_assert(found == 3);
    /* uncompressed: identity, off-curve, non-canonical */
    memset(u, 0, 64);
    cr_assert_eq(CO(o)->affine_from_uncompressed(&a, u), PASTA_OK);
    cr_assert(CO(o)->affine_is_identity(&a));
    CO(o)->affine_to_uncompressed(u, &GEN);
    u[32] ^= 1;
    a2 = GEN;
    cr_assert_eq(CO(o)->affine_from_uncompressed(&a2, u), PASTA_ERR_NOT_ON_CURVE);
    cr_assert(CO(o)->affine_eq(&a2, &GEN));
    memset(u + 32, 0xff, 32);
    cr_assert_eq(CO(o)->affine_from_uncompressed(&a2, u), PASTA_ERR_NONCANONICAL);
}

static void T(batch)(const pasta_ops *o) {
    tu_rng r;
    tu_rng_init(&r, 0xba + (uint64_t)sizeof(SE));
    enum { N = 9 };
    JAC in[N];
    AFF out[N], want;
    for (int i = 0; i < N; i++) {
        if (i % 4 == 1) CO(o)->identity(&in[i]);
        else {
            JAC t;
            T(rand_point)(o, &t, &r);
            CO(o)->add(&in[i], &t, &t); /* Z != 1 */
        }
    }
    cr_assert_eq(CO(o)->batch_to_affine(out, in, N), PASTA_OK);
    for (int i = 0; i < N; i++) {
        CO(o)->to_affine(&want, &in[i]);
        cr_assert(CO(o)->affine_eq(&out[i], &want), "batch_to_affine[%d]", i);
    }
    cr_assert_eq(CO(o)->batch_to_affine(NULL, in, 1), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(CO(o)->batch_to_affine(NULL, NULL, 0), PASTA_OK);
}

/* Big-endian hex "0x..." (as pasta_curves prints field elements) to a field element. */
static void T(fe_hex)(const pasta_ops *o, FE *r, const char *hex) {
    uint64_t raw[4] = {0};
    const char *s = hex + 2;
    size_t n = strlen(s);
    cr_assert_eq(n, 64);
    for (size_t i = 0; i < 64; i++) {
        int c = s[i];
        int v = c <= '9' ? c - '0' : (c | 32) - 'a' + 10;
        size_t bit = 4 * (63 - i);
        raw[bit / 64] |= (uint64_t)v << (bit % 64);
    }
    FO(o)->from_raw(r, raw);
}

static void T(jac_hex)(const pasta_ops *o, JAC *r, const char *x, const char *y,
                       const char *z) {
    T(fe_hex)(o, &r->x, x);
    T(fe_hex)(o, &r->y, y);
    T(fe_hex)(o, &r->z, z);
}

#undef T
#undef FO
#undef SO
#undef CO
#undef GEN
#undef LAMBDA
#undef SMOD
