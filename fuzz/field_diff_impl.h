/* Template of fuzz_field_diff.c for one FIELD (fp | fq), FIELD_ID (0 | 1): every field
 * operation on operands (a, b) on every backend table, checked against GMP (backend 0)
 * and bit for bit across backends (the others). */
#define D(name) PASTA_CAT3(diff_, FIELD, PASTA_CAT(_, name))
#define OPS_T const struct PASTA_CAT3(pasta_, FIELD, _ops)

typedef struct {
    FE fe[FR_N];
    int iv[IR_N];
    uint8_t bytes_a[32];
    uint64_t raw_a[4];
} D(res);

/* One operation set on one backend. a_enc/b_enc: 32 little-endian bytes each. */
static void D(run)(D(res) * r, OPS_T *o, const uint8_t a_enc[32], const uint8_t b_enc[32],
                   int flag) {
    uint64_t A[4], B[4];
    uint8_t wide[64];
    memset(r, 0, sizeof *r);
    for (int i = 0; i < 4; i++) {
        A[i] = B[i] = 0;
        for (int j = 7; j >= 0; j--) {
            A[i] = (A[i] << 8) | a_enc[8 * i + j];
            B[i] = (B[i] << 8) | b_enc[8 * i + j];
        }
    }
    FE a, b, t, u;
    o->from_raw(&a, A);
    o->from_raw(&b, B);
    r->fe[FR_A] = a;
    r->fe[FR_B] = b;
    r->iv[IR_DEC] = o->from_bytes(&r->fe[FR_DEC], a_enc);
    o->add(&r->fe[FR_ADD], &a, &b);
    o->sub(&r->fe[FR_SUB], &a, &b);
    o->neg(&r->fe[FR_NEG], &a);
    o->dbl(&r->fe[FR_DBL], &a);
    o->mul(&r->fe[FR_MUL], &a, &b);
    o->sqr(&r->fe[FR_SQR], &a);
    o->cube(&r->fe[FR_CUBE], &a);
    o->pow(&r->fe[FR_POW], &a, B);
    o->pow_var(&r->fe[FR_POW_VAR], &a, B);
    o->invert(&r->fe[FR_INV], &a);
    o->invert_var(&r->fe[FR_INV_VAR], &a);
    r->iv[IR_SQRT] = o->sqrt(&r->fe[FR_SQRT], &a);
    r->iv[IR_SQRT_RATIO] = o->sqrt_ratio(&r->fe[FR_SQRT_RATIO], &a, &b);
    memcpy(wide, a_enc, 32);
    memcpy(wide + 32, b_enc, 32);
    o->from_uniform_bytes(&r->fe[FR_UNIFORM], wide);
    o->from_u64(&r->fe[FR_U64], A[0]);
    o->from_u128(&r->fe[FR_U128], A[0], A[1]);
    r->fe[FR_CMOV] = a;
    o->cmov(&r->fe[FR_CMOV], &b, flag);
    o->select(&r->fe[FR_SELECT], &a, &b, flag);
    r->fe[FR_SWAP_A] = a;
    r->fe[FR_SWAP_B] = b;
    o->cswap(&r->fe[FR_SWAP_A], &r->fe[FR_SWAP_B], flag);
    r->iv[IR_LEGENDRE] = o->legendre(&a);
    r->iv[IR_IS_SQUARE] = o->is_square(&a);
    r->iv[IR_EQ_AB] = o->eq(&a, &b);
    r->iv[IR_EQ_AA] = o->eq(&a, &a);
    r->iv[IR_IS_ZERO] = o->is_zero(&a);
    r->iv[IR_IS_ODD] = o->is_odd(&a);
    o->to_bytes(r->bytes_a, &a);
    o->to_raw(r->raw_a, &a);
    /* Aliased outputs give the same results. */
    t = a, o->mul(&t, &t, &b);
    FZ_CHECK(memcmp(&t, &r->fe[FR_MUL], sizeof t) == 0, STR(FIELD) " mul r == a");
    t = b, o->mul(&t, &a, &t);
    FZ_CHECK(memcmp(&t, &r->fe[FR_MUL], sizeof t) == 0, STR(FIELD) " mul r == b");
    t = a, o->sub(&t, &t, &b);
    FZ_CHECK(memcmp(&t, &r->fe[FR_SUB], sizeof t) == 0, STR(FIELD) " sub r == a");
    t = b, o->sub(&t, &a, &t);
    FZ_CHECK(memcmp(&t, &r->fe[FR_SUB], sizeof t) == 0, STR(FIELD) " sub r == b");
    t = a, o->sqr(&t, &t);
    u = a, o->mul(&u, &u, &u);
    FZ_CHECK(memcmp(&t, &r->fe[FR_SQR], sizeof t) == 0 && memcmp(&u, &t, sizeof t) == 0,
             STR(FIELD) " sqr/mul aliased");
    t = a, o->invert(&t, &t);
    FZ_CHECK(memcmp(&t, &r->fe[FR_INV], sizeof t) == 0, STR(FIELD) " invert r == a");
}

/* Backend i's results are bit-identical to backend 0's. */
static void D(same)(const D(res) * x, const D(res) * y, const char *who) {
    for (int k = 0; k < FR_N; k++)
        FZ_CHECK(memcmp(&x->fe[k], &y->fe[k], sizeof x->fe[k]) == 0,
                 "%s " STR(FIELD) " %s differs from the first backend", who, diff_fe_names[k]);
    for (int k = 0; k < IR_N; k++)
        FZ_CHECK(x->iv[k] == y->iv[k], "%s " STR(FIELD) " %s: %d vs %d", who, diff_iv_names[k],
                 x->iv[k], y->iv[k]);
    FZ_CHECK(memcmp(x->bytes_a, y->bytes_a, 32) == 0, "%s to_bytes differs", who);
    FZ_CHECK(memcmp(x->raw_a, y->raw_a, sizeof x->raw_a) == 0, "%s to_raw differs", who);
}

/* GMP reference for backend 0's results. */
static void D(vs_gmp)(const D(res) * r, const uint8_t a_enc[32], const uint8_t b_enc[32],
                      int flag) {
    mpz_t m, A, B, a, b, w, g, q, rou;
    mpz_inits(m, A, B, a, b, w, g, q, rou, NULL);
    fz_modulus(m, FIELD_ID);
    fz_from_le(A, a_enc, 32);
    fz_from_le(B, b_enc, 32);
    mpz_mod(a, A, m);
    mpz_mod(b, B, m);
    fz_mont_value(rou, FC(ROOT_OF_UNITY).limbs, FIELD_ID, "ROOT_OF_UNITY");
#define EXPECT(k, want)                                                                   \
    do {                                                                                  \
        fz_mont_value(g, r->fe[k].limbs, FIELD_ID, diff_fe_names[k]);                     \
        FZ_CHECK(mpz_cmp(g, want) == 0, STR(FIELD) " %s: wrong value", diff_fe_names[k]); \
    } while (0)
    for (int k = 0; k < FR_N; k++)
        fz_mont_value(g, r->fe[k].limbs, FIELD_ID, diff_fe_names[k]);
    EXPECT(FR_A, a);
    EXPECT(FR_B, b);
    if (mpz_cmp(A, m) < 0) {
        FZ_CHECK(r->iv[IR_DEC] == PASTA_OK, "from_bytes rejected a canonical encoding");
        EXPECT(FR_DEC, A);
    } else {
        FZ_CHECK(r->iv[IR_DEC] == PASTA_ERR_NONCANONICAL, "from_bytes accepted a value >= m");
        mpz_set_ui(w, 0);
        EXPECT(FR_DEC, w); /* untouched: still the zeroed result slot */
    }
    mpz_add(w, a, b);
    mpz_mod(w, w, m);
    EXPECT(FR_ADD, w);
    mpz_sub(w, a, b);
    mpz_mod(w, w, m);
    EXPECT(FR_SUB, w);
    mpz_neg(w, a);
    mpz_mod(w, w, m);
    EXPECT(FR_NEG, w);
    mpz_mul_2exp(w, a, 1);
    mpz_mod(w, w, m);
    EXPECT(FR_DBL, w);
    mpz_mul(w, a, b);
    mpz_mod(w, w, m);
    EXPECT(FR_MUL, w);
    mpz_mul(w, a, a);
    mpz_mod(w, w, m);
    EXPECT(FR_SQR, w);
    mpz_powm_ui(w, a, 3, m);
    EXPECT(FR_CUBE, w);
    mpz_powm(w, a, B, m);
    EXPECT(FR_POW, w);
    EXPECT(FR_POW_VAR, w);
    if (mpz_sgn(a) == 0) mpz_set_ui(w, 0);
    else FZ_CHECK(mpz_invert(w, a, m), "GMP: no inverse");
    EXPECT(FR_INV, w);
    EXPECT(FR_INV_VAR, w);
    /* sqrt: a root if a is a square, else 0. */
    int leg = mpz_legendre(a, m);
    FZ_CHECK(r->iv[IR_LEGENDRE] == leg, "legendre %d, GMP %d", r->iv[IR_LEGENDRE], leg);
    FZ_CHECK(r->iv[IR_IS_SQUARE] == (leg >= 0), "is_square");
    FZ_CHECK(r->iv[IR_SQRT] == (leg >= 0), "sqrt return value");
    fz_mont_value(g, r->fe[FR_SQRT].limbs, FIELD_ID, "sqrt");
    mpz_mul(w, g, g);
    mpz_mod(w, w, m);
    if (leg >= 0) FZ_CHECK(mpz_cmp(w, a) == 0, "sqrt^2 != a");
    else FZ_CHECK(mpz_sgn(g) == 0, "sqrt of a non-square is not 0");
    /* sqrt_ratio(a, b), the pasta_curves contract. */
    fz_mont_value(g, r->fe[FR_SQRT_RATIO].limbs, FIELD_ID, "sqrt_ratio");
    mpz_mul(w, g, g);
    mpz_mod(w, w, m);
    if (mpz_sgn(b) == 0) {
        FZ_CHECK(r->iv[IR_SQRT_RATIO] == (mpz_sgn(a) == 0) && mpz_sgn(g) == 0,
                 "sqrt_ratio(a, 0)");
    } else {
        FZ_CHECK(mpz_invert(q, b, m), "GMP: no inverse");
        mpz_mul(q, q, a);
        mpz_mod(q, q, m);
        int ql = mpz_legendre(q, m);
        FZ_CHECK(r->iv[IR_SQRT_RATIO] == (ql >= 0), "sqrt_ratio return value");
        if (ql < 0) {
            mpz_mul(q, q, rou);
            mpz_mod(q, q, m);
        }
        FZ_CHECK(mpz_cmp(w, q) == 0, "sqrt_ratio root");
    }
    FZ_CHECK(r->iv[IR_EQ_AB] == (mpz_cmp(a, b) == 0), "eq(a, b)");
    FZ_CHECK(r->iv[IR_EQ_AA] == 1, "eq(a, a)");
    FZ_CHECK(r->iv[IR_IS_ZERO] == (mpz_sgn(a) == 0), "is_zero");
    FZ_CHECK(r->iv[IR_IS_ODD] == (int)mpz_odd_p(a), "is_odd");
    mpz_mul_2exp(w, B, 256);
    mpz_add(w, w, A);
    mpz_mod(w, w, m);
    EXPECT(FR_UNIFORM, w);
    mpz_fdiv_r_2exp(w, A, 64);
    mpz_mod(w, w, m);
    EXPECT(FR_U64, w);
    mpz_fdiv_r_2exp(w, A, 128);
    mpz_mod(w, w, m);
    EXPECT(FR_U128, w);
    EXPECT(FR_CMOV, flag ? b : a);
    EXPECT(FR_SELECT, flag ? b : a);
    EXPECT(FR_SWAP_A, flag ? b : a);
    EXPECT(FR_SWAP_B, flag ? a : b);
    uint8_t le[32];
    fz_to_le32(le, a);
    FZ_CHECK(memcmp(le, r->bytes_a, 32) == 0, "to_bytes");
    fz_from_limbs(w, r->raw_a);
    FZ_CHECK(mpz_cmp(w, a) == 0, "to_raw");
#undef EXPECT
    mpz_clears(m, A, B, a, b, w, g, q, rou, NULL);
}

/* batch_invert of the a operands seen in this input, out of place and in place, on every
 * backend: element i equals invert(in[i]) of the same backend, and all backends agree. */
static void D(batch)(const pasta_ops *const *t, int nt, const FE *in, const FE *inv,
                     size_t n) {
    FE out[DIFF_MAX_CHUNKS], inplace[DIFF_MAX_CHUNKS], first[DIFF_MAX_CHUNKS];
    for (int i = 0; i < nt; i++) {
        OPS_T *o = t[i]->FIELD;
        FZ_CHECK(o->batch_invert(out, in, n) == PASTA_OK, "%s batch_invert failed",
                 t[i]->name);
        memcpy(inplace, in, n * sizeof in[0]);
        FZ_CHECK(o->batch_invert(inplace, inplace, n) == PASTA_OK, "batch_invert in place");
        FZ_CHECK(memcmp(out, inv, n * sizeof out[0]) == 0,
                 "%s " STR(FIELD) " batch_invert != invert", t[i]->name);
        FZ_CHECK(memcmp(inplace, out, n * sizeof out[0]) == 0, "in place differs");
        if (i == 0) memcpy(first, out, n * sizeof out[0]);
        else FZ_CHECK(memcmp(first, out, n * sizeof out[0]) == 0, "backends differ");
    }
}

#undef OPS_T
#undef D
