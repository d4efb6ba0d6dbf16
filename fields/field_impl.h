/* Template: every field operation of the public API on one backend, on top of that
 * backend's kernels F(add), F(sub), F(dbl), F(mul), F(sqr) (docs/DESIGN.md).
 *
 * Include with PASTA_BACKEND and FIELD defined, after core/names.h, the backend's
 * kernel header, core/ct.h, fields/safegcd.h and core/alloc.h (backends/templates.h does).
 * Defines static functions F(name) with the contracts of include/pasta/field.h; the
 * tables are made elsewhere from fields/field_list.h (backends/table_<backend>_gen.h).
 */

#define MODULUS FC(MODULUS)

PASTA_TFN void F(zero)(FE *r) { *r = FC(ZERO); }
PASTA_TFN void F(one)(FE *r) { *r = FC(ONE); }

/* r = a - y if a >= y, else a (y any 256-bit integer, constant time). */
PASTA_TFN void F(csub_ge)(uint64_t a[4], const uint64_t y[4]) {
    uint64_t t0, t1, t2, t3, b;
    b = pasta_sbb(0, a[0], y[0], &t0);
    b = pasta_sbb(b, a[1], y[1], &t1);
    b = pasta_sbb(b, a[2], y[2], &t2);
    b = pasta_sbb(b, a[3], y[3], &t3);
    uint64_t keep = pasta_ct_mask(b);
    a[0] = (a[0] & keep) | (t0 & ~keep);
    a[1] = (a[1] & keep) | (t1 & ~keep);
    a[2] = (a[2] & keep) | (t2 & ~keep);
    a[3] = (a[3] & keep) | (t3 & ~keep);
}

/* x mod m for any x < 2^256 < 4m: subtract 2m, then m, each if possible. */
PASTA_TFN void F(reduce_raw)(FE *r, const uint64_t x[4]) {
    const uint64_t two_m[4] = {MODULUS[0] << 1, (MODULUS[1] << 1) | (MODULUS[0] >> 63),
                               (MODULUS[2] << 1) | (MODULUS[1] >> 63),
                               (MODULUS[3] << 1) | (MODULUS[2] >> 63)};
    uint64_t t[4] = {x[0], x[1], x[2], x[3]};
    F(csub_ge)(t, two_m);
    F(csub_ge)(t, MODULUS);
    for (int i = 0; i < 4; i++) r->limbs[i] = t[i];
}

PASTA_TFN void F(from_raw)(FE *r, const uint64_t limbs[4]) {
    FE t;
    const FE *r2 = (const FE *)(const void *)FC(R2);
    F(reduce_raw)(&t, limbs);
    F(mul)(r, &t, r2); /* (x * R^2) / R = x R */
}

PASTA_TFN void F(to_raw)(uint64_t limbs[4], const FE *a) {
    const FE one_raw = {{1, 0, 0, 0}};
    FE t;
    F(mul)(&t, a, &one_raw); /* (a R * 1) / R = a */
    for (int i = 0; i < 4; i++) limbs[i] = t.limbs[i];
}

PASTA_TFN void F(from_u64)(FE *r, uint64_t v) {
    const uint64_t x[4] = {v, 0, 0, 0};
    F(from_raw)(r, x);
}

PASTA_TFN void F(from_u128)(FE *r, uint64_t lo, uint64_t hi) {
    const uint64_t x[4] = {lo, hi, 0, 0};
    F(from_raw)(r, x);
}

PASTA_TFN void F(to_bytes)(uint8_t out[32], const FE *a) {
    uint64_t x[4];
    F(to_raw)(x, a);
    for (int i = 0; i < 32; i++) out[i] = (uint8_t)(x[i / 8] >> (8 * (i % 8)));
}

PASTA_TFN void F(load_le)(uint64_t x[4], const uint8_t *in) {
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 7; j >= 0; j--) v = (v << 8) | in[8 * i + j];
        x[i] = v;
    }
}

/* r's old limbs pass through a value barrier: r may be an uninitialised local of an
 * inlined caller (e.g. decoding into a fresh variable, where only the error code matters),
 * and clang may otherwise fold the indeterminate value into the result. AND/OR rather than
 * XOR form: when flag is 1, the old value is masked with a defined zero, so memcheck sees
 * a fully defined result (pasta_fp a; pasta_fp_from_bytes(&a, in) is valgrind-clean). The
 * inverse mask has its own barrier, else the compiler folds this back into the XOR form. */
PASTA_TFN void F(cmov)(FE *r, const FE *a, int flag) {
    uint64_t mask = pasta_ct_mask((uint64_t)flag);
    uint64_t keep = pasta_ct_barrier(~mask);
    for (int i = 0; i < 4; i++) {
        uint64_t old = pasta_ct_barrier(r->limbs[i]);
        r->limbs[i] = (old & keep) | (a->limbs[i] & mask);
    }
}

PASTA_TFN void F(select)(FE *r, const FE *a, const FE *b, int flag) {
    uint64_t mask = pasta_ct_mask((uint64_t)flag);
    for (int i = 0; i < 4; i++)
        r->limbs[i] = a->limbs[i] ^ (mask & (a->limbs[i] ^ b->limbs[i]));
}

PASTA_TFN void F(cswap)(FE *a, FE *b, int flag) {
    uint64_t mask = pasta_ct_mask((uint64_t)flag);
    for (int i = 0; i < 4; i++) {
        uint64_t d = mask & (a->limbs[i] ^ b->limbs[i]);
        a->limbs[i] ^= d;
        b->limbs[i] ^= d;
    }
}

/* Branch-free: the output is written through cmov and the error code is arithmetic, so
 * only the returned code depends on the input (needed by the valgrind ctime check). */
PASTA_TFN int F(from_bytes)(FE *r, const uint8_t in[32]) {
    uint64_t x[4];
    FE t;
    const FE *r2 = (const FE *)(const void *)FC(R2);
    F(load_le)(x, in);
    uint64_t ok = pasta_ct_lt4(x, MODULUS); /* bit 255 set implies x >= m */
    F(reduce_raw)(&t, x);
    F(mul)(&t, &t, r2);
    F(cmov)(r, &t, (int)ok);
    return pasta_ct_error(ok ^ 1, PASTA_ERR_NONCANONICAL);
}

/* d0 R^2 / R + d1 R^3 / R = (d0 + d1 2^256) R, as zcash/pasta_curves' from_u512. */
PASTA_TFN void F(from_uniform_bytes)(FE *r, const uint8_t in[64]) {
    uint64_t x[4];
    FE lo, hi;
    F(load_le)(x, in);
    F(reduce_raw)(&lo, x);
    F(load_le)(x, in + 32);
    F(reduce_raw)(&hi, x);
    F(mul)(&lo, &lo, (const FE *)(const void *)FC(R2));
    F(mul)(&hi, &hi, (const FE *)(const void *)FC(R3));
    F(add)(r, &lo, &hi);
}

PASTA_TFN int F(random)(FE *r, pasta_rng_fn rng, void *rng_ctx) {
    uint8_t buf[64];
    if (rng == NULL) return PASTA_ERR_INVALID_ARG;
    if (rng(rng_ctx, buf, sizeof buf) != 0) {
        pasta_secure_zero(buf, sizeof buf); /* whatever the failing rng wrote */
        return PASTA_ERR_RNG;
    }
    F(from_uniform_bytes)(r, buf);
    pasta_secure_zero(buf, sizeof buf);
    return PASTA_OK;
}

PASTA_TFN int F(is_zero)(const FE *a) {
    return (int)pasta_ct_is_zero_u64(a->limbs[0] | a->limbs[1] | a->limbs[2] | a->limbs[3]);
}

PASTA_TFN int F(eq)(const FE *a, const FE *b) {
    uint64_t d = 0;
    for (int i = 0; i < 4; i++) d |= a->limbs[i] ^ b->limbs[i];
    return (int)pasta_ct_is_zero_u64(d);
}

PASTA_TFN int F(is_odd)(const FE *a) {
    uint64_t x[4];
    F(to_raw)(x, a);
    return (int)(x[0] & 1);
}

/* r = 0 - a on the backend's sub kernel: m - a, or 0 for a = 0. */
PASTA_TFN void F(neg)(FE *r, const FE *a) { F(sub)(r, &FC(ZERO), a); }

/* r = a / 2: (a + (a odd ? m : 0)) >> 1. a + m < 2m < 2^256 (m < 2^255), so the sum needs
 * no fifth limb; the result is < m. Constant time (the parity is a mask). Scalar locals:
 * gcc keeps arrays written through the carry intrinsics in memory. */
PASTA_TFN void F(half)(FE *r, const FE *a) {
    uint64_t mask = pasta_ct_mask(a->limbs[0] & 1), t0, t1, t2, t3, c;
    c = pasta_adc(0, a->limbs[0], MODULUS[0] & mask, &t0);
    c = pasta_adc(c, a->limbs[1], MODULUS[1] & mask, &t1);
    c = pasta_adc(c, a->limbs[2], MODULUS[2] & mask, &t2);
    (void)pasta_adc(c, a->limbs[3], MODULUS[3] & mask, &t3);
    r->limbs[0] = (t0 >> 1) | (t1 << 63);
    r->limbs[1] = (t1 >> 1) | (t2 << 63);
    r->limbs[2] = (t2 >> 1) | (t3 << 63);
    r->limbs[3] = t3 >> 1;
}

PASTA_TFN void F(cube)(FE *r, const FE *a) {
    FE t;
    F(sqr)(&t, a);
    F(mul)(r, &t, a);
}

/* Fixed 4-bit windows, 64 of them, each table entry read with a full constant-time scan
 * (pasta_ct_lookup). */
PASTA_TFN void F(pow)(FE *r, const FE *a, const uint64_t e[4]) {
    FE table[16], acc, sel;
    F(one)(&table[0]);
    table[1] = *a;
    for (int i = 2; i < 16; i++) F(mul)(&table[i], &table[i - 1], a);
    F(one)(&acc);
    for (int w = 63; w >= 0; w--) {
        for (int s = 0; s < 4; s++) F(sqr)(&acc, &acc);
        uint64_t digit = (e[w / 16] >> (4 * (w % 16))) & 15;
        pasta_ct_lookup(&sel, table, 16, PASTA_CT_WORDS(FE), digit);
        F(mul)(&acc, &acc, &sel);
    }
    *r = acc;
}

/* Left to right, sliding windows of up to 4 bits over the odd powers a, a^3, ..., a^15
 * (plain square and multiply below 32 bits). Branches depend on the exponent only, which
 * is public: constant time in a. */
PASTA_TFN void F(pow_var)(FE *r, const FE *a, const uint64_t e[4]) {
#define POW_BIT(i) ((e[(i) / 64] >> ((i) % 64)) & 1)
    FE acc, odd[8];
    int top = 255, started = 0;
    while (top >= 0 && !POW_BIT(top)) top--;
    if (top < 32) {
        odd[0] = *a;
        F(one)(&acc);
        for (int i = top; i >= 0; i--) {
            if (started) F(sqr)(&acc, &acc);
            if (POW_BIT(i)) {
                F(mul)(&acc, &acc, &odd[0]);
                started = 1;
            }
        }
        *r = acc;
        return;
    }
    FE a2;
    odd[0] = *a;
    F(sqr)(&a2, a);
    for (int i = 1; i < 8; i++) F(mul)(&odd[i], &odd[i - 1], &a2);
    for (int i = top; i >= 0;) {
        if (!POW_BIT(i)) {
            F(sqr)(&acc, &acc); /* started: the top bit is set */
            i--;
            continue;
        }
        int lo = i >= 3 ? i - 3 : 0;
        while (!POW_BIT(lo)) lo++; /* the window i..lo ends on a set bit: an odd value */
        unsigned v = 0;
        for (int j = i; j >= lo; j--) v = (v << 1) | (unsigned)POW_BIT(j);
        if (started) {
            for (int j = i; j >= lo; j--) F(sqr)(&acc, &acc);
            F(mul)(&acc, &acc, &odd[v >> 1]);
        } else {
            acc = odd[v >> 1];
            started = 1;
        }
        i = lo - 1;
    }
    *r = acc;
#undef POW_BIT
}

/* safegcd on the Montgomery limbs gives (aR)^-1; times R^3 in Montgomery form
 * ((aR)^-1 R^3 / R) is a^-1 R. 0 maps to 0. */
PASTA_TFN void F(invert)(FE *r, const FE *a) {
    FE t;
    pasta_modinv_ct(t.limbs, a->limbs, &PASTA_CAT(pasta_modinv_, FIELD));
    F(mul)(r, &t, (const FE *)(const void *)FC(R3));
}

PASTA_TFN void F(invert_var)(FE *r, const FE *a) {
    FE t;
    pasta_modinv_var(t.limbs, a->limbs, &PASTA_CAT(pasta_modinv_, FIELD));
    F(mul)(r, &t, (const FE *)(const void *)FC(R3));
}

/* Element i of an array of elements `stride` bytes apart (a field of a struct array). */
PASTA_TFN FE *F(at)(FE *p, size_t stride, size_t i) {
    return (FE *)(void *)((unsigned char *)p + i * stride);
}
PASTA_TFN const FE *F(at_const)(const FE *p, size_t stride, size_t i) {
    return (const FE *)(const void *)((const unsigned char *)p + i * stride);
}

/* Montgomery's trick, written once for F(batch_invert), CV(batch_to_affine) and
 * CV(batch_to_affine_var): out_i = 1/in_i for i < n, one inversion and 3(n - 1)
 * multiplications. Element i of in is F(at)(in, in_stride, i), of out and scratch
 * F(at)(., out_stride, i) (strides in bytes: the arrays may be fields of struct arrays).
 * Contract:
 * - zeros: a zero in_i gives out_i = 0 and counts as one in the running product, so it
 *   does not spoil the other outputs (selected by cmov, no branch);
 * - scratch holds the prefix products in_0 ... in_(i-1) at i = 1 .. n-1 (scratch_0 is not
 *   used) and must overlap neither in nor out;
 * - out may be in itself (in place, equal strides); otherwise they do not overlap;
 * - vartime = 0: constant time in the values (F(invert)); vartime = 1: the inversion is
 *   F(invert_var), for public inputs. Only the inversion differs: same results.
 * n = 0 does nothing. No allocation and no error: the callers own both. */
PASTA_TFN void F(batch_invert_core)(FE *out, FE *scratch, size_t out_stride, const FE *in,
                                    size_t in_stride, size_t n, int vartime) {
    if (n == 0) return;
    FE acc, x;
    int z;
    acc = *F(at_const)(in, in_stride, 0);
    F(cmov)(&acc, &FC(ONE), F(is_zero)(&acc));
    for (size_t i = 1; i < n; i++) {
        *F(at)(scratch, out_stride, i) = acc;
        x = *F(at_const)(in, in_stride, i);
        F(cmov)(&x, &FC(ONE), F(is_zero)(&x));
        F(mul)(&acc, &acc, &x);
    }
    if (vartime) F(invert_var)(&acc, &acc);
    else F(invert)(&acc, &acc);
    for (size_t i = n - 1; i > 0; i--) {
        FE *o = F(at)(out, out_stride, i);
        x = *F(at_const)(in, in_stride, i); /* read before out_i is written: in may be out */
        z = F(is_zero)(&x);
        F(cmov)(&x, &FC(ONE), z);
        F(mul)(o, &acc, F(at)(scratch, out_stride, i));
        F(cmov)(o, &FC(ZERO), z);
        F(mul)(&acc, &acc, &x);
    }
    z = F(is_zero)(in);
    *out = acc;
    F(cmov)(out, &FC(ZERO), z);
}

/* Montgomery's trick (F(batch_invert_core)), the prefix products on the heap. */
PASTA_TFN int F(batch_invert)(FE *out, const FE *in, size_t n) {
    if (n == 0) return PASTA_OK;
    if (out == NULL || in == NULL) return PASTA_ERR_INVALID_ARG;
    if (n > SIZE_MAX / sizeof(FE)) return PASTA_ERR_INVALID_ARG;
    FE *prefix = pasta_alloc(n * sizeof(FE));
    if (prefix == NULL) return PASTA_ERR_NO_MEMORY;
    F(batch_invert_core)(out, prefix, sizeof(FE), in, sizeof(FE), n, 0);
    pasta_free(prefix);
    return PASTA_OK;
}

/* ---- Square roots: Sarkar's table-based algorithm (eprint 2020/1407), as the
 * sqrt-table feature of zcash/pasta_curves, with constant-time table accesses.
 * m - 1 = 2^32 t (t odd), g = ROOT_OF_UNITY (order 2^32). For a target a, one
 * exponentiation gives y = a^((t+1)/2) and z = a^t = g^e (0 <= e < 2^32), y^2 = z a; a is a
 * square iff e is even. The root returned is pasta_curves' (sqrt_common): y g^k with
 * k = ((-e mod 2^32) + 1) >> 1, i.e. for a square the k in [0, 2^31) with g^(2k) = a^(-t).
 * e is found 8 bits at a time, from the bottom:
 * z^(2^24) = h^(e mod 2^8) with h = g^(2^24) of order 256, whose discrete logarithm is
 * found by a full scan of SQRT_KEY (16 bits of h^j, distinct); the next 8 bits come from
 * z^(2^16) g^(-(e mod 2^8) 2^16) = h^(bits 8..15), and so on. Powers g^(-E 2^s) for known
 * bits E are products of entries of SQRT_TAB[i][j] = g^(-j 2^(4 i)), one per 4-bit digit,
 * each read by a full masked scan of its 16 entries. Cost: 24 squarings, 20
 * multiplications, 4 scans of 256 16-bit keys and 20 scans of 16 elements (4.5 KiB of
 * tables per field), instead of Tonelli–Shanks' ~500 squarings. No branch or memory index depends
 * on the values. */
#define SQRT_TAB PASTA_CAT3(pasta_, FIELD, _SQRT_TAB)
#define SQRT_KEY PASTA_CAT3(pasta_, FIELD, _SQRT_KEY)

/* The j < 256 with x = h^j for x in <h> (some j < 256 for x = 0, when the caller's y is
 * 0 too): a full scan of the 16-bit keys (pasta_ct_find_u16, vectorised). */
PASTA_TFN uint64_t F(sqrt_dlog)(const FE *x) {
    return pasta_ct_find_u16(SQRT_KEY, 256, (uint16_t)(x->limbs[0] >> PASTA_SQRT_KEY_SHIFT));
}

/* acc *= g^(-E 2^(4 s)) for E = e mod 2^(4 n) (s + n <= 8): one multiplication per
 * 4-bit digit of E by SQRT_TAB[s + i][digit i], each read by a full masked scan. */
PASTA_TFN void F(sqrt_mul_pow)(FE *acc, uint64_t e, int s, int n) {
    for (int i = 0; i < n; i++) {
        FE t;
        pasta_ct_lookup(&t, SQRT_TAB[s + i], 16, PASTA_CT_WORDS(FE), (e >> (4 * i)) & 15);
        F(mul)(acc, acc, &t);
    }
}

/* r = y g^k, k = ((-e mod 2^32) + 1) >> 1, for z = g^e (see above), as pasta_curves:
 * r^2 = a if e is even, ROOT_OF_UNITY a if e is odd (a non-square a). g^k = g^(-E) with
 * E = floor(e/2) + 2^31 [e != 0] (< 2^32: eight 4-bit digits of the table). z = 0 (a = 0)
 * gives r = y = 0. */
PASTA_TFN void F(sqrt_core)(FE *r, const FE *y, const FE *z) {
    FE x1, x2, x0, t;
    x2 = *z;
    for (int i = 0; i < 8; i++) F(sqr)(&x2, &x2); /* z^(2^8) */
    x1 = x2;
    for (int i = 0; i < 8; i++) F(sqr)(&x1, &x1); /* z^(2^16) */
    x0 = x1;
    for (int i = 0; i < 8; i++) F(sqr)(&x0, &x0); /* z^(2^24) = h^(e mod 2^8) */
    uint64_t e = F(sqrt_dlog)(&x0);
    t = x1;
    F(sqrt_mul_pow)(&t, e, 4, 2); /* z^(2^16) g^(-e 2^16) = h^(bits 8..15) */
    e |= F(sqrt_dlog)(&t) << 8;
    t = x2;
    F(sqrt_mul_pow)(&t, e, 2, 4); /* z^(2^8) g^(-e 2^8) = h^(bits 16..23) */
    e |= F(sqrt_dlog)(&t) << 16;
    t = *z;
    F(sqrt_mul_pow)(&t, e, 0, 6); /* z g^(-e) = h^(bits 24..31) */
    e |= F(sqrt_dlog)(&t) << 24;
    e = (e >> 1) | ((1 ^ pasta_ct_is_zero_u64(e)) << 31); /* E: y g^(-E) is the crate's root */
    t = *y;
    F(sqrt_mul_pow)(&t, e, 0, 8);
    *r = t;
}

/* r = a^((t-1)/2) = a^((m-1) >> 33): y = a r = a^((t+1)/2), z = y r = a^t. */
PASTA_TFN void F(pow_tm1d2)(FE *r, const FE *a) {
    const uint64_t e[4] = {(MODULUS[0] >> 33) | (MODULUS[1] << 31),
                           (MODULUS[1] >> 33) | (MODULUS[2] << 31),
                           (MODULUS[2] >> 33) | (MODULUS[3] << 31), MODULUS[3] >> 33};
    F(pow_var)(r, a, e); /* public exponent: constant time in a */
}

PASTA_TFN int F(sqrt)(FE *r, const FE *a) {
    FE w, y, z, t;
    F(pow_tm1d2)(&w, a);
    F(mul)(&y, a, &w);
    F(mul)(&z, &y, &w);
    F(sqrt_core)(&y, &y, &z);
    F(sqr)(&t, &y);
    int ok = F(eq)(&t, a);
    F(select)(r, &FC(ZERO), &y, ok);
    return ok;
}

/* sqrt(u/v) without inversion (the trick of RFC 9380, F.2.1.1, on Sarkar's core):
 * s = v^(2^32 - 1), w = (u v^(2^33 - 1))^((t-1)/2) s, y = u w, z = y v w = (u/v)^t
 * (v^(2^33 t) = 1 for v != 0), y = (u/v)^((t+1)/2): the core's r is sqrt's root of u/v
 * (r^2 = u/v or ROOT_OF_UNITY u/v), as pasta_curves' sqrt_ratio (= its sqrt_alt(u/v)).
 * The flag is r^2 v == u: 1 for num = 0 (r = 0), 0 for div = 0 != num (z = y = r = 0),
 * as pasta_curves. Constant time. */
PASTA_TFN int F(sqrt_ratio)(FE *r, const FE *num, const FE *div) {
    FE s, w, y, z, t;
    s = *div; /* v^(2^k - 1) for k = 1, 2, 4, 8, 16, 32 */
    for (int k = 1; k < 32; k *= 2) {
        t = s;
        for (int i = 0; i < k; i++) F(sqr)(&t, &t);
        F(mul)(&s, &t, &s);
    }
    F(sqr)(&t, &s);
    F(mul)(&t, &t, div); /* v^(2^33 - 1) */
    F(mul)(&t, &t, num);
    F(pow_tm1d2)(&w, &t);
    F(mul)(&w, &w, &s);
    F(mul)(&y, num, &w);
    F(mul)(&z, &y, &w);
    F(mul)(&z, &z, div);
    F(sqrt_core)(&y, &y, &z);
    F(sqr)(&t, &y);
    F(mul)(&t, &t, div);
    *r = y;
    return F(eq)(&t, num);
}

#undef SQRT_TAB
#undef SQRT_KEY

PASTA_TFN int F(legendre)(const FE *a) {
    /* (m - 1) / 2 */
    const uint64_t e[4] = {(MODULUS[0] >> 1) | (MODULUS[1] << 63),
                           (MODULUS[1] >> 1) | (MODULUS[2] << 63),
                           (MODULUS[2] >> 1) | (MODULUS[3] << 63), MODULUS[3] >> 1};
    FE t;
    F(pow_var)(&t, a, e); /* public exponent */
    int one = F(eq)(&t, &FC(ONE)), zero = F(is_zero)(&t);
    return one - (1 ^ one ^ zero);
}

PASTA_TFN int F(is_square)(const FE *a) { return F(legendre)(a) >= 0; }

/* The dependent chains the bench times (the table's `chain`): the kernels' loops in
 * fields/chain_impl.h; neg's in the same form. */
#include "fields/chain_impl.h"
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline, flatten))
#endif
PASTA_TFN void F(chain_neg)(FE *x, uint64_t n) {
    FE acc = *x;
    for (uint64_t i = 0; i < n; i++) F(neg)(&acc, &acc);
    *x = acc;
}

PASTA_TFN void F(chain)(int op, FE *x, const FE *y, uint64_t n) {
    switch (op) {
    case PASTA_CHAIN_ADD: F(chain_add)(x, y, n); break;
    case PASTA_CHAIN_SUB: F(chain_sub)(x, y, n); break;
    case PASTA_CHAIN_DBL: F(chain_dbl)(x, n); break;
    case PASTA_CHAIN_MUL: F(chain_mul)(x, y, n); break;
    case PASTA_CHAIN_SQR: F(chain_sqr)(x, n); break;
    case PASTA_CHAIN_NEG: F(chain_neg)(x, n); break;
    default: break;
    }
}

/* ---- The group law of (F, +) for group templates (core/group.h); scalars are F. */
PASTA_TFN void F(g_zero)(FE *r) { *r = FC(ZERO); }
PASTA_TFN void F(g_add)(FE *r, const FE *a, const FE *b) { F(add)(r, a, b); }
PASTA_TFN void F(g_sub)(FE *r, const FE *a, const FE *b) { F(sub)(r, a, b); }
PASTA_TFN void F(g_scale)(FE *r, const FE *a, const FE *k) { F(mul)(r, a, k); }

#undef MODULUS
