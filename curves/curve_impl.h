/* Template: one short-Weierstrass curve y^2 = x^3 + 5 (Pallas or Vesta) on one backend.
 *
 * Include after the field templates of the same backend with
 *   CURVE  pallas | vesta      FIELD  its base field (fp | fq)      SCALAR  fq | fp
 * defined. Defines static functions CV(name) = pasta_<backend>_<curve>_<name> with the
 * contracts of include/pasta/curve.h (the tables come from curves/curve_list.h). F(...) are base-field
 * operations, SF(...) scalar-field operations (both compiled in this backend).
 * Coordinates: Jacobian (X, Y, Z) = (X/Z^2, Y/Z^3), identity Z = 0; affine identity (0, 0).
 * Formula costs: M = multiplication, S = squaring (additions not counted).
 */
#include "curves/constants.h"
#include "curves/expand.h"
#include "curves/glv.h"

/* ---- Construction, conversion, predicates. */

PASTA_TFN void CV(identity)(JAC *r) {
    F(zero)(&r->x);
    F(zero)(&r->y);
    F(zero)(&r->z);
}

PASTA_TFN void CV(generator)(JAC *r) {
    r->x = CC(GENERATOR).x;
    r->y = CC(GENERATOR).y;
    r->z = FC(ONE);
}

PASTA_TFN int CV(is_identity)(const JAC *a) { return F(is_zero)(&a->z); }

PASTA_TFN int CV(affine_is_identity)(const AFF *a) {
    return F(is_zero)(&a->x) & F(is_zero)(&a->y);
}

PASTA_TFN void CV(from_affine)(JAC *r, const AFF *a) {
    int id = CV(affine_is_identity)(a);
    r->x = a->x;
    r->y = a->y;
    F(select)(&r->z, &FC(ONE), &FC(ZERO), id);
}

/* r = (X zi^2, Y zi^3) for zi = 1/Z, or 0 for the identity (then r = (0, 0), the affine
 * identity, with no branch). zi may be r->y (the batch conversions). 3M + 1S. */
PASTA_TFN void CV(affine_from_zinv)(AFF *r, const JAC *a, const FE *zi) {
    FE zi2, zi3;
    F(sqr)(&zi2, zi);
    F(mul)(&zi3, &zi2, zi);
    F(mul)(&r->x, &a->x, &zi2);
    F(mul)(&r->y, &a->y, &zi3);
}

/* (X/Z^2, Y/Z^3); Z = 0 gives 1/Z = 0 and so (0, 0). 1I + 3M + 1S. */
PASTA_TFN void CV(to_affine)(AFF *r, const JAC *a) {
    FE zi;
    F(invert)(&zi, &a->z);
    CV(affine_from_zinv)(r, a, &zi);
}

PASTA_TFN void CV(to_affine_var)(AFF *r, const JAC *a) {
    if (F(eq)(&a->z, &FC(ONE))) { /* normalised already (an MSM's result): x, y */
        r->x = a->x;
        r->y = a->y;
        return;
    }
    FE zi;
    F(invert_var)(&zi, &a->z);
    CV(affine_from_zinv)(r, a, &zi);
}

/* out[i] = in[i] in affine form: the Z_i inverted together by F(batch_invert_core), the
 * prefix products kept in out[i].x and 1/Z_i in out[i].y (no heap), then
 * CV(affine_from_zinv); identities (Z = 0, 1/Z = 0) become (0, 0). 1I + ~6M + 1S per
 * point. vartime: see F(batch_invert_core). */
PASTA_TFN void CV(batch_to_affine_core)(AFF *out, const JAC *in, size_t n, int vartime) {
    F(batch_invert_core)(&out[0].y, &out[0].x, sizeof(AFF), &in[0].z, sizeof(JAC), n, vartime);
    for (size_t i = 0; i < n; i++) CV(affine_from_zinv)(&out[i], &in[i], &out[i].y);
}

PASTA_TFN int CV(batch_to_affine)(AFF *out, const JAC *in, size_t n) {
    if (n == 0) return PASTA_OK;
    if (out == NULL || in == NULL || n > SIZE_MAX / sizeof(JAC)) return PASTA_ERR_INVALID_ARG;
    CV(batch_to_affine_core)(out, in, n, 0);
    return PASTA_OK;
}

/* 5 * a as 4a + a. */
PASTA_TFN void CV(mul_b)(FE *r, const FE *a) {
    FE t;
    F(dbl)(&t, a);
    F(dbl)(&t, &t);
    F(add)(r, &t, a);
}

/* Y^2 = X^3 + 5 Z^6, or Z = 0. 3M + 4S. */
PASTA_TFN int CV(is_on_curve)(const JAC *a) {
    FE z2, z6, lhs, rhs;
    F(sqr)(&z2, &a->z);
    F(mul)(&z6, &z2, &z2);
    F(mul)(&z6, &z6, &z2);
    CV(mul_b)(&z6, &z6);
    F(sqr)(&rhs, &a->x);
    F(mul)(&rhs, &rhs, &a->x);
    F(add)(&rhs, &rhs, &z6);
    F(sqr)(&lhs, &a->y);
    return F(eq)(&lhs, &rhs) | F(is_zero)(&a->z);
}

PASTA_TFN int CV(affine_is_on_curve)(const AFF *a) {
    FE lhs, rhs, five;
    CV(mul_b)(&five, &FC(ONE));
    F(sqr)(&rhs, &a->x);
    F(mul)(&rhs, &rhs, &a->x);
    F(add)(&rhs, &rhs, &five);
    F(sqr)(&lhs, &a->y);
    return F(eq)(&lhs, &rhs) | CV(affine_is_identity)(a);
}

/* Cross-multiplied comparison (X1 Z2^2 = X2 Z1^2, Y1 Z2^3 = Y2 Z1^3): 6M + 2S. */
PASTA_TFN int CV(eq)(const JAC *a, const JAC *b) {
    FE za2, zb2, x1, x2, y1, y2;
    F(sqr)(&za2, &a->z);
    F(sqr)(&zb2, &b->z);
    F(mul)(&x1, &a->x, &zb2);
    F(mul)(&x2, &b->x, &za2);
    F(mul)(&zb2, &zb2, &b->z);
    F(mul)(&za2, &za2, &a->z);
    F(mul)(&y1, &a->y, &zb2);
    F(mul)(&y2, &b->y, &za2);
    int ia = CV(is_identity)(a), ib = CV(is_identity)(b);
    return (ia & ib) | ((ia ^ 1) & (ib ^ 1) & F(eq)(&x1, &x2) & F(eq)(&y1, &y2));
}

PASTA_TFN int CV(affine_eq)(const AFF *a, const AFF *b) {
    return F(eq)(&a->x, &b->x) & F(eq)(&a->y, &b->y);
}

PASTA_TFN void CV(cmov)(JAC *r, const JAC *a, int flag) {
    F(cmov)(&r->x, &a->x, flag);
    F(cmov)(&r->y, &a->y, flag);
    F(cmov)(&r->z, &a->z, flag);
}

PASTA_TFN void CV(select)(JAC *r, const JAC *a, const JAC *b, int flag) {
    F(select)(&r->x, &a->x, &b->x, flag);
    F(select)(&r->y, &a->y, &b->y, flag);
    F(select)(&r->z, &a->z, &b->z, flag);
}

/* ---- Group law. */

PASTA_TFN void CV(neg)(JAC *r, const JAC *a) {
    r->x = a->x;
    F(neg)(&r->y, &a->y);
    r->z = a->z;
}

PASTA_TFN void CV(affine_neg)(AFF *r, const AFF *a) {
    r->x = a->x;
    F(neg)(&r->y, &a->y); /* -0 = 0: the identity stays (0, 0) */
}

/* Doubling, a = 0, 3M + 4S: the halved form of the tangent law (as libsecp256k1's
 * gej_double; EFD g1p/auto-shortw-jacobian-0 dbl-2009-l is 2M + 5S but needs ~14 field
 * additions, this one 6, and a squaring costs as much as a multiplication here):
 *   S = Y^2, L = (3/2) X^2, U = X S, X3 = L^2 - 2U, Y3 = L (U - X3) - S^2, Z3 = Y Z.
 * (This is the usual result (X, Y, Z) -> (9X^4 - 8XY^2, ..., 2YZ) scaled by (1/4, 1/8, 1/2).)
 * Z = 0 gives Z3 = 0 (identity in, identity out); Y = 0 only for points of order 2, of
 * which there are none. Hence complete and branch free. */
PASTA_TFN PASTA_FLAT void CV(dbl)(JAC *r, const JAC *p) {
    FE s, l, u, t;
    F(sqr)(&s, &p->y);
    F(sqr)(&l, &p->x);
    F(half)(&t, &l);
    F(add)(&l, &l, &t);          /* L = 3X^2 / 2 */
    F(mul)(&u, &p->x, &s);       /* U = X S */
    F(mul)(&r->z, &p->y, &p->z); /* Z3 = Y Z (p->y, p->z are no longer needed after) */
    F(sqr)(&t, &l);
    F(sqr)(&s, &s); /* S^2 */
    F(sub)(&t, &t, &u);
    F(sub)(&r->x, &t, &u); /* X3 = L^2 - 2U */
    F(sub)(&u, &u, &r->x);
    F(mul)(&u, &u, &l);
    F(sub)(&r->y, &u, &s); /* Y3 = L (U - X3) - S^2 */
}

/* dbl is complete and constant time, and no faster variable-time doubling is known for
 * a = 0: dbl_var is the same formula (the public API keeps the _var name for symmetry). */
PASTA_TFN void CV(dbl_var)(JAC *r, const JAC *p) { CV(dbl)(r, p); }

/* Unified (P = Q allowed) addition in Jacobian coordinates, a = 0, after Brier-Joye 2002
 * and libsecp256k1's gej_add_ge: with x_i = U_i / Z^2, y_i = S_i / Z^3 on a common Z,
 *   T = U1 + U2, M = S1 + S2, R = T^2 - U1 U2 (= U1^2 + U1 U2 + U2^2),
 *   lambda = R / (M Z) = (x1^2 + x1 x2 + x2^2) / (y1 + y2), valid for P = Q as well.
 * It fails only when M = R = 0 (y1 = -y2 and x2 = zeta x1, zeta a primitive cube root of 1:
 * then P != +-Q); there lambda = (S1 - S2) / ((U1 - U2) Z) is used instead (selected by
 * cmov: Rn, Md = R, M or S1 - S2, U1 - U2). With Z3 = Md Z:
 *   X3 = Rn^2 - T Md^2,  Y3 = (Rn (T Md^2 - 2 X3) - M Md^3) / 2,
 * where M Md^3 = Md^4, or 0 in the degenerate case (M = 0). P = -Q: M = 0, R = 3 U1^2 != 0
 * (no point has x = 0), so Md = 0 and Z3 = 0, the identity, with no special case.
 * Writes the result for finite P and Q (Z = Zc, the common denominator, U1, U2, S1, S2
 * given); identities are handled by the callers. 4M + 4S here. */
PASTA_TFN void CV(add_unified)(JAC *o, const FE *u1, const FE *u2, const FE *s1, const FE *s2,
                               const FE *zc) {
    FE t, m, rn, md, alt, q, n;
    F(add)(&t, u1, u2);
    F(add)(&m, s1, s2);
    F(mul)(&q, u1, u2);
    F(sqr)(&rn, &t);
    F(sub)(&rn, &rn, &q); /* R = T^2 - U1 U2 */
    int deg = F(is_zero)(&m) & F(is_zero)(&rn);
    F(sub)(&alt, s1, s2);
    F(cmov)(&rn, &alt, deg);
    md = m;
    F(sub)(&alt, u1, u2);
    F(cmov)(&md, &alt, deg);
    F(mul)(&o->z, &md, zc); /* Z3 = Md Z */
    F(sqr)(&n, &md);
    F(mul)(&q, &t, &n); /* T Md^2 */
    F(sqr)(&n, &n);
    F(cmov)(&n, &FC(ZERO), deg); /* M Md^3 */
    F(sqr)(&t, &rn);
    F(sub)(&o->x, &t, &q); /* X3 = Rn^2 - T Md^2 */
    F(dbl)(&t, &o->x);
    F(sub)(&q, &q, &t);
    F(mul)(&q, &q, &rn);
    F(sub)(&q, &q, &n);
    F(half)(&o->y, &q); /* Y3 */
}

/* Constant time, complete: unified formula above with U1 = X1 Z2^2, U2 = X2 Z1^2,
 * S1 = Y1 Z2^3, S2 = Y2 Z1^3, Z = Z1 Z2 (11M + 6S), identities by cmov. */
PASTA_TFN void CV(add)(JAC *r, const JAC *p, const JAC *q) {
    FE z1z1, z2z2, u1, u2, s1, s2, zc;
    JAC o;
    int pi = CV(is_identity)(p), qi = CV(is_identity)(q);
    F(sqr)(&z1z1, &p->z);
    F(sqr)(&z2z2, &q->z);
    F(mul)(&u1, &p->x, &z2z2);
    F(mul)(&u2, &q->x, &z1z1);
    F(mul)(&s1, &p->y, &q->z);
    F(mul)(&s1, &s1, &z2z2);
    F(mul)(&s2, &q->y, &p->z);
    F(mul)(&s2, &s2, &z1z1);
    F(mul)(&zc, &p->z, &q->z);
    CV(add_unified)(&o, &u1, &u2, &s1, &s2, &zc);
    CV(cmov)(&o, q, pi);
    CV(cmov)(&o, p, qi);
    *r = o;
}

/* add-1998-cmo-2 (EFD g1p/auto-shortw-jacobian-0), 12M + 4S (add-2007-bl is 11M + 5S but
 * needs ~6 more field additions):
 *   U1 = X1 Z2^2, U2 = X2 Z1^2, S1 = Y1 Z2^3, S2 = Y2 Z1^3, H = U2 - U1, r = S2 - S1,
 *   HH = H^2, HHH = H HH, V = U1 HH, X3 = r^2 - HHH - 2V, Y3 = r (V - X3) - S1 HHH,
 *   Z3 = Z1 Z2 H. H = 0: P = Q (r = 0, doubled) or P = -Q (Z3 = 0 already). */
PASTA_TFN PASTA_FLAT void CV(add_var)(JAC *r, const JAC *p, const JAC *q) {
    if (CV(is_identity)(p)) {
        *r = *q;
        return;
    }
    if (CV(is_identity)(q)) {
        *r = *p;
        return;
    }
    FE z1z1, z2z2, u1, u2, s1, s2, h, rr, hh, hhh, v, t;
    F(sqr)(&z1z1, &p->z);
    F(sqr)(&z2z2, &q->z);
    F(mul)(&u1, &p->x, &z2z2);
    F(mul)(&u2, &q->x, &z1z1);
    F(mul)(&s1, &p->y, &q->z);
    F(mul)(&s1, &s1, &z2z2);
    F(mul)(&s2, &q->y, &p->z);
    F(mul)(&s2, &s2, &z1z1);
    F(sub)(&h, &u2, &u1);
    F(sub)(&rr, &s2, &s1);
    if (F(is_zero)(&h)) {
        if (F(is_zero)(&rr)) CV(dbl)(r, p);
        else CV(identity)(r);
        return;
    }
    F(sqr)(&hh, &h);
    F(mul)(&hhh, &h, &hh);
    F(mul)(&v, &u1, &hh);
    F(mul)(&t, &p->z, &q->z);
    F(mul)(&r->z, &t, &h);
    F(sqr)(&t, &rr);
    F(sub)(&t, &t, &hhh);
    F(sub)(&t, &t, &v);
    F(sub)(&r->x, &t, &v);
    F(sub)(&v, &v, &r->x);
    F(mul)(&v, &v, &rr);
    F(mul)(&s1, &s1, &hhh);
    F(sub)(&r->y, &v, &s1);
}

/* Constant time, complete: the unified formula with Z2 = 1 (U1 = X1, S1 = Y1,
 * U2 = x2 Z1^2, S2 = y2 Z1^3, Z = Z1): 7M + 5S; identities by cmov. */
PASTA_TFN void CV(madd)(JAC *r, const JAC *p, const AFF *q) {
    FE z1z1, u2, s2;
    JAC o, qj;
    int pi = CV(is_identity)(p), qi = CV(affine_is_identity)(q);
    F(sqr)(&z1z1, &p->z);
    F(mul)(&u2, &q->x, &z1z1);
    F(mul)(&s2, &q->y, &p->z);
    F(mul)(&s2, &s2, &z1z1);
    CV(add_unified)(&o, &p->x, &u2, &p->y, &s2, &p->z);
    CV(from_affine)(&qj, q);
    CV(cmov)(&o, &qj, pi);
    CV(cmov)(&o, p, qi);
    *r = o;
}

/* madd-2004-hmv (EFD g1p/auto-shortw-jacobian-0), Z2 = 1: 8M + 3S (madd-2007-bl is
 * 7M + 4S with ~5 more field additions):
 *   T1 = Y2 Z1^3 - Y1, T2 = X2 Z1^2 - X1, Z3 = Z1 T2, T4 = T2^2, T3 = T2 T4, T4 = X1 T4,
 *   X3 = T1^2 - T3 - 2 T4, Y3 = T1 (T4 - X3) - Y1 T3. */
PASTA_TFN PASTA_FLAT void CV(madd_var)(JAC *r, const JAC *p, const AFF *q) {
    if (CV(affine_is_identity)(q)) {
        *r = *p;
        return;
    }
    if (CV(is_identity)(p)) {
        CV(from_affine)(r, q);
        return;
    }
    FE z1z1, t1, t2, t3, t4, t;
    F(sqr)(&z1z1, &p->z);
    F(mul)(&t1, &p->z, &z1z1);
    F(mul)(&t2, &z1z1, &q->x);
    F(mul)(&t1, &t1, &q->y);
    F(sub)(&t2, &t2, &p->x);
    F(sub)(&t1, &t1, &p->y);
    if (F(is_zero)(&t2)) {
        if (F(is_zero)(&t1)) CV(dbl)(r, p);
        else CV(identity)(r);
        return;
    }
    F(sqr)(&t4, &t2);
    F(mul)(&t3, &t2, &t4);
    F(mul)(&t4, &t4, &p->x);
    F(mul)(&r->z, &p->z, &t2);
    F(sqr)(&t, &t1);
    F(sub)(&t, &t, &t3);
    F(sub)(&t, &t, &t4);
    F(sub)(&r->x, &t, &t4);
    F(sub)(&t4, &t4, &r->x);
    F(mul)(&t4, &t4, &t1);
    F(mul)(&t3, &t3, &p->y);
    F(sub)(&r->y, &t4, &t3);
}

/* [LAMBDA] P = (BETA X, Y, Z): 1M. */
PASTA_TFN void CV(endo)(JAC *r, const JAC *a) {
    F(mul)(&r->x, &a->x, &FC(ZETA));
    r->y = a->y;
    r->z = a->z;
}

/* ---- GLV decomposition (constants and bounds: curves/constants.c, docs/CURVES.md). */

/* round(k * g / 2^380) for k, g < 2^256: the result is < 2^128 (lo, hi). */
PASTA_TFN void CV(glv_round)(uint64_t c[2], const uint64_t k[4], const uint64_t g[4]) {
    uint64_t t[8] = {0};
    for (int i = 0; i < 4; i++) {
        pasta_u128 carry = 0;
        for (int j = 0; j < 4; j++) {
            pasta_u128 m = (pasta_u128)k[i] * g[j] + t[i + j] + carry;
            t[i + j] = (uint64_t)m;
            carry = m >> 64;
        }
        t[i + 4] = (uint64_t)carry;
    }
    /* + 2^379 (bit 59 of limb 5), then >> 380 (limb 5 bit 60). */
    pasta_u128 s = (pasta_u128)t[5] + (UINT64_C(1) << 59);
    t[5] = (uint64_t)s;
    s = (pasta_u128)t[6] + (uint64_t)(s >> 64);
    t[6] = (uint64_t)s;
    t[7] += (uint64_t)(s >> 64);
    c[0] = (t[5] >> 60) | (t[6] << 4);
    c[1] = (t[6] >> 60) | (t[7] << 4);
}

/* k1 = k - c1 a1 - c2 a2, k2 = c1 (-b1) - c2 b2: exact integers with |k1|, |k2| < 2^127
 * (docs/CURVES.md), so computed mod 2^128 (wrapping products) and read as signed; k = k1
 * + k2 LAMBDA mod n as a1 + b1 LAMBDA = a2 + b2 LAMBDA = 0. Constant time. */
PASTA_TFN void CV(glv_decompose)(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2,
                                 const SE *k) {
    uint64_t raw[4], c1[2], c2[2];
    SF(to_raw)(raw, k);
    CV(glv_round)(c1, raw, CC(GLV_G1));
    CV(glv_round)(c2, raw, CC(GLV_G2));
    pasta_u128 u1 = pasta_glv_u128(c1), u2 = pasta_glv_u128(c2);
    pasta_u128 e1 = pasta_glv_u128(raw) - u1 * pasta_glv_u128(CC(GLV_A1)) -
                    u2 * pasta_glv_u128(CC(GLV_A2));
    pasta_u128 e2 = u1 * pasta_glv_u128(CC(GLV_NB1)) - u2 * pasta_glv_u128(CC(GLV_B2));
    pasta_glv_abs(k1, neg1, e1);
    pasta_glv_abs(k2, neg2, e2);
}

/* ---- Scalar multiplication. */

/* Signed 4-bit window i of a 128-bit half k < 2^127: with the carry c in {0, 1} of the
 * window below, w = nibble + c, carry out c' = (w > 8), digit = w - 16 c' in [-7, 8];
 * returns |digit| and sets *neg = (digit < 0). The top window (nibble <= 7) has no carry
 * out, so 32 digits represent k. Constant time (arithmetic only). */
PASTA_TFN uint64_t CV(signed_digit)(const uint64_t k[2], int i, uint64_t *carry,
                                    uint64_t *neg) {
    uint64_t w = ((k[i >> 4] >> ((i & 15) * 4)) & 15) + *carry;
    uint64_t c = (8 - w) >> 63; /* w > 8 */
    uint64_t d = w - (c << 4);  /* two's complement of a value in [-7, 8] */
    uint64_t s = d >> 63;
    uint64_t m = 0 - s;
    *carry = c;
    *neg = s;
    return (d ^ m) + s; /* |d| */
}

/* Constant time: k = +-k1 +- k2 LAMBDA (k1, k2 < 2^127); T1[i] = [i] P, T2[i] = [i] endo P
 * for i <= 8 in affine form (6 add + 1 dbl, one ct batch inversion, 8M for the endo
 * table); 32 signed 4-bit windows (digits in [-7, 8]) per half: 124 dbl + 64 ct madd;
 * each entry read with a full scan (pasta_ct_lookup) and negated by cmov (digit sign xor
 * half sign). */
PASTA_TFN void CV(mul)(JAC *r, const JAC *a, const SE *k) {
    uint64_t k1[2], k2[2], c1 = 0, c2 = 0, s, idx;
    int n1, n2;
    JAC tj[9], acc;
    AFF t1[9], t2[9], t;
    FE ny;
    CV(glv_decompose)(k1, &n1, k2, &n2, k);
    CV(identity)(&tj[0]);
    tj[1] = *a;
    CV(dbl)(&tj[2], a);
    for (int i = 3; i <= 8; i++) CV(add)(&tj[i], &tj[i - 1], a);
    (void)CV(batch_to_affine)(t1, tj, 9); /* identities (a = O, entry 0) become (0, 0) */
    for (int i = 0; i <= 8; i++) {
        F(mul)(&t2[i].x, &t1[i].x, &FC(ZETA));
        t2[i].y = t1[i].y;
    }
    /* digits are consumed from the top: record them bottom-up first (the carries) */
    uint64_t d1[32], d2[32];
    uint64_t g1[32], g2[32];
    for (int i = 0; i < 32; i++) {
        d1[i] = CV(signed_digit)(k1, i, &c1, &s);
        g1[i] = s ^ (uint64_t)n1;
        d2[i] = CV(signed_digit)(k2, i, &c2, &s);
        g2[i] = s ^ (uint64_t)n2;
    }
    CV(identity)(&acc);
    for (int w = 31; w >= 0; w--) {
        if (w != 31)
            for (int j = 0; j < 4; j++) CV(dbl)(&acc, &acc);
        idx = d1[w];
        pasta_ct_lookup(&t, t1, 9, PASTA_CT_WORDS(AFF), idx);
        F(neg)(&ny, &t.y);
        F(cmov)(&t.y, &ny, (int)g1[w]);
        CV(madd)(&acc, &acc, &t);
        idx = d2[w];
        pasta_ct_lookup(&t, t2, 9, PASTA_CT_WORDS(AFF), idx);
        F(neg)(&ny, &t.y);
        F(cmov)(&t.y, &ny, (int)g2[w]);
        CV(madd)(&acc, &acc, &t);
    }
    *r = acc;
    pasta_secure_zero(k1, sizeof k1);
    pasta_secure_zero(k2, sizeof k2);
    pasta_secure_zero(d1, sizeof d1);
    pasta_secure_zero(d2, sizeof d2);
    pasta_secure_zero(g1, sizeof g1);
    pasta_secure_zero(g2, sizeof g2);
}

/* Width-5 NAF of the nbits-bit integer k (little-endian limbs): d[i] odd in (-16, 16) or 0,
 * k = sum d[i] 2^i, nonzero digits at least 5 apart. d must hold nbits + 1 entries.
 * Returns the number of digits (index of the top nonzero digit + 1, or 0). Variable time. */
PASTA_TFN int CV(wnaf5)(int8_t *d, const uint64_t *k, int nbits) {
    int carry = 0, top = 0;
    for (int i = 0; i <= nbits; i++) d[i] = 0;
    for (int bit = 0; bit < nbits;) {
        if ((int)((k[bit >> 6] >> (bit & 63)) & 1) == carry) {
            bit++;
            continue;
        }
        int now = nbits - bit < 5 ? nbits - bit : 5;
        /* the next `now` bits (they may straddle two limbs) */
        uint64_t w = k[bit >> 6] >> (bit & 63);
        if ((bit & 63) + now > 64) w |= k[(bit >> 6) + 1] << (64 - (bit & 63));
        int word = (int)(w & ((1u << now) - 1)) + carry;
        carry = (word >> 4) & 1;
        word -= carry << 5;
        d[bit] = (int8_t)word;
        top = bit + 1;
        bit += now;
    }
    if (carry) {
        d[nbits] = 1;
        top = nbits + 1;
    }
    return top;
}

/* out[i] = in[i] in affine form, variable time (public points; identities become
 * (0, 0)). */
PASTA_TFN void CV(batch_to_affine_var)(AFF *out, const JAC *in, size_t n) {
    CV(batch_to_affine_core)(out, in, n, 1);
}

/* acc += [d] T (d odd, |d| < 16, T[j] = [2j + 1] P affine); d = 0: nothing. */
PASTA_TFN void CV(wnaf_add)(JAC *acc, const AFF *t, int d) {
    if (d > 0) {
        CV(madd_var)(acc, acc, &t[d / 2]);
    } else if (d < 0) {
        AFF n;
        CV(affine_neg)(&n, &t[-d / 2]);
        CV(madd_var)(acc, acc, &n);
    }
}

/* T[j] = [2j + 1] P for j < 8, affine (P finite): 1 dbl + 7 add + batch normalisation. */
PASTA_TFN void CV(odd_multiples_affine)(AFF t[8], const JAC *p) {
    JAC tj[8], p2;
    tj[0] = *p;
    CV(dbl)(&p2, p);
    for (int i = 1; i < 8; i++) CV(add_var)(&tj[i], &tj[i - 1], &p2);
    CV(batch_to_affine_var)(t, tj, 8);
}

/* Variable time: GLV + wNAF(5) on both 128-bit halves, tables of 8 odd multiples of +-P
 * and of its endomorphism image in affine form (one inversion), mixed additions:
 * about 128 dbl + 2 * 128/6 madd. */
PASTA_TFN void CV(mul_var)(JAC *r, const JAC *a, const SE *k) {
    uint64_t k1[2], k2[2];
    int n1, n2;
    int8_t d1[129], d2[129];
    AFF t1[8], t2[8];
    JAC acc, pa;
    if (CV(is_identity)(a)) {
        CV(identity)(r);
        return;
    }
    CV(glv_decompose)(k1, &n1, k2, &n2, k);
    int l1 = CV(wnaf5)(d1, k1, 128), l2 = CV(wnaf5)(d2, k2, 128);
    pa = *a;
    if (n1) CV(neg)(&pa, &pa);
    CV(odd_multiples_affine)(t1, &pa);
    for (int i = 0; i < 8; i++) {
        F(mul)(&t2[i].x, &t1[i].x, &FC(ZETA));
        t2[i].y = t1[i].y;
        if (n1 ^ n2) F(neg)(&t2[i].y, &t2[i].y);
    }
    CV(identity)(&acc);
    for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
        CV(dbl)(&acc, &acc);
        if (i < l1) CV(wnaf_add)(&acc, t1, d1[i]);
        if (i < l2) CV(wnaf_add)(&acc, t2, d2[i]);
    }
    *r = acc;
}

/* Variable time, no endomorphism (for comparison): wNAF(5) on the full 255-bit scalar,
 * affine table of 8 odd multiples: about 255 dbl + 255/6 madd. */
PASTA_TFN void CV(mul_var_noglv)(JAC *r, const JAC *a, const SE *k) {
    uint64_t raw[4];
    int8_t d[257];
    AFF t[8];
    JAC acc;
    if (CV(is_identity)(a)) {
        CV(identity)(r);
        return;
    }
    SF(to_raw)(raw, k);
    int l = CV(wnaf5)(d, raw, 256);
    CV(odd_multiples_affine)(t, a);
    CV(identity)(&acc);
    for (int i = l - 1; i >= 0; i--) {
        CV(dbl)(&acc, &acc);
        CV(wnaf_add)(&acc, t, d[i]);
    }
    *r = acc;
}

/* Constant time, no endomorphism (for comparison): T[i] = [i] P for i < 16, 64 fixed
 * windows of 4 bits over the canonical scalar: 252 dbl + 64 ct add (+ table: 1 dbl +
 * 13 add), each entry read with a full scan (pasta_ct_lookup). */
PASTA_TFN void CV(mul_noglv)(JAC *r, const JAC *a, const SE *k) {
    uint64_t raw[4];
    JAC tab[16], acc, t;
    SF(to_raw)(raw, k);
    CV(identity)(&tab[0]);
    tab[1] = *a;
    CV(dbl)(&tab[2], a);
    for (int i = 3; i < 16; i++) CV(add)(&tab[i], &tab[i - 1], &tab[1]);
    CV(identity)(&acc);
    for (int w = 63; w >= 0; w--) {
        if (w != 63)
            for (int j = 0; j < 4; j++) CV(dbl)(&acc, &acc);
        const uint64_t digit = (raw[w >> 4] >> ((w & 15) * 4)) & 15;
        pasta_ct_lookup(&t, tab, 16, PASTA_CT_WORDS(JAC), digit);
        CV(add)(&acc, &acc, &t);
    }
    *r = acc;
    pasta_secure_zero(raw, sizeof raw);
}

/* ---- Encoding (pasta_curves GroupEncoding). */

PASTA_TFN void CV(affine_to_bytes)(uint8_t out[32], const AFF *a) {
    /* The identity (0, 0) encodes as 32 zero bytes with no special case. */
    F(to_bytes)(out, &a->x);
    out[31] |= (uint8_t)(F(is_odd)(&a->y) << 7);
}

PASTA_TFN void CV(to_bytes)(uint8_t out[32], const JAC *a) {
    AFF t;
    CV(to_affine)(&t, a);
    CV(affine_to_bytes)(out, &t);
}

/* Branch-free: every step runs whatever the bytes; the output is written by cmov and the
 * error code is arithmetic, so only the returned code depends on the input (the valgrind
 * ctime check holds decoding to this). */
PASTA_TFN int CV(affine_from_bytes)(AFF *r, const uint8_t in[32]) {
    uint8_t tmp[32];
    FE x, y, ny, y2;
    for (int i = 0; i < 32; i++) tmp[i] = in[i];
    uint64_t sign = tmp[31] >> 7;
    tmp[31] &= 0x7f;
    uint64_t canonical = pasta_ct_is_zero_u64((uint64_t)(int64_t)F(from_bytes)(&x, tmp));
    uint64_t id = (uint64_t)F(is_zero)(&x) & (sign ^ 1);
    F(sqr)(&y2, &x);
    F(mul)(&y2, &y2, &x);
    CV(mul_b)(&y, &FC(ONE));
    F(add)(&y2, &y2, &y);
    uint64_t ok = (uint64_t)F(sqrt)(&y, &y2); /* x = 0: 5 is a non-square, so ok = 0 */
    F(neg)(&ny, &y);
    F(cmov)(&y, &ny, F(is_odd)(&y) ^ (int)sign);
    F(cmov)(&y, &FC(ZERO), (int)id);
    uint64_t valid = canonical & (ok | id);
    F(cmov)(&r->x, &x, (int)valid);
    F(cmov)(&r->y, &y, (int)valid);
    return pasta_ct_error(canonical ^ 1, PASTA_ERR_NONCANONICAL) |
           pasta_ct_error(canonical & (valid ^ 1), PASTA_ERR_NOT_ON_CURVE);
}

PASTA_TFN int CV(from_bytes)(JAC *r, const uint8_t in[32]) {
    AFF a = {FC(ZERO), FC(ZERO)};
    JAC t;
    int rc = CV(affine_from_bytes)(&a, in);
    CV(from_affine)(&t, &a);
    CV(cmov)(r, &t, (int)pasta_ct_is_zero_u64((uint64_t)(int64_t)rc));
    return rc;
}

PASTA_TFN void CV(affine_to_uncompressed)(uint8_t out[64], const AFF *a) {
    F(to_bytes)(out, &a->x);
    F(to_bytes)(out + 32, &a->y);
}

/* Branch-free as affine_from_bytes. */
PASTA_TFN int CV(affine_from_uncompressed)(AFF *r, const uint8_t in[64]) {
    AFF t = {FC(ZERO), FC(ZERO)};
    uint64_t canonical = pasta_ct_is_zero_u64(
        (uint64_t)(int64_t)(F(from_bytes)(&t.x, in) | F(from_bytes)(&t.y, in + 32)));
    uint64_t on_curve = (uint64_t)CV(affine_is_on_curve)(&t);
    uint64_t valid = canonical & on_curve;
    F(cmov)(&r->x, &t.x, (int)valid);
    F(cmov)(&r->y, &t.y, (int)valid);
    return pasta_ct_error(canonical ^ 1, PASTA_ERR_NONCANONICAL) |
           pasta_ct_error(canonical & (valid ^ 1), PASTA_ERR_NOT_ON_CURVE);
}

/* ---- Hashing (pasta_curves src/hashtocurve.rs; docs/CURVES.md). */

/* Simplified SWU onto the iso-curve y^2 = x^3 + A'x + B' (A' = ISO_A, B' = 1265) with the
 * crate's inversion-free algebra [WB2019, 4.2] and its Sarkar sqrt_ratio trick: the output
 * is the iso-curve point in Jacobian form (num_x * div, y * div^3, div). Constant time. */
PASTA_TFN void CV(sswu_iso)(JAC *o, const FE *u) {
    const FE *A = &CC(ISO_A), *B = &CC(ISO_B), *Z = &CC(SSWU_Z);
    FE zu2, ta, num_x1, div, t, num2, div2, div3, num_gx1, num_x2, y1, y2, y, ny;
    F(sqr)(&zu2, u);
    F(mul)(&zu2, &zu2, Z); /* Z u^2 */
    F(sqr)(&ta, &zu2);
    F(add)(&ta, &ta, &zu2); /* Z^2 u^4 + Z u^2 */
    F(add)(&num_x1, &ta, &FC(ONE));
    F(mul)(&num_x1, &num_x1, B); /* B (ta + 1) */
    F(neg)(&t, &ta);
    F(cmov)(&t, Z, F(is_zero)(&ta));
    F(mul)(&div, A, &t); /* A (ta == 0 ? Z : -ta) */
    F(sqr)(&num2, &num_x1);
    F(sqr)(&div2, &div);
    F(mul)(&div3, &div2, &div);
    F(mul)(&t, A, &div2);
    F(add)(&t, &t, &num2);
    F(mul)(&num_gx1, &t, &num_x1);
    F(mul)(&t, B, &div3);
    F(add)(&num_gx1, &num_gx1, &t); /* num_x1^3 + A num_x1 div^2 + B div^3 */
    F(mul)(&num_x2, &zu2, &num_x1);
    int sq = F(sqrt_ratio)(&y1, &num_gx1, &div3);
    /* If gx1 is not square, y1 = sqrt(ROOT_OF_UNITY gx1) and THETA Z u^3 y1 = sqrt(gx2). */
    F(mul)(&y2, &CC(SSWU_THETA), &zu2);
    F(mul)(&y2, &y2, u);
    F(mul)(&y2, &y2, &y1);
    F(select)(&t, &num_x2, &num_x1, sq);
    F(select)(&y, &y2, &y1, sq);
    F(neg)(&ny, &y);
    F(cmov)(&y, &ny, F(is_odd)(u) ^ F(is_odd)(&y));
    F(mul)(&o->x, &t, &div);
    F(mul)(&o->y, &y, &div3);
    o->z = div;
}

/* The 3-isogeny iso-curve -> curve on Jacobian coordinates [WB2019, 4.3], as the crate:
 *   num_x = ((c0 x + c1 z^2) x + c2 z^4) x + c3 z^6,  div_x = (z^2 x + c4 z^4) x + c5 z^6,
 *   num_y = (((c6 x + c7 z^2) x + c8 z^4) x + c9 z^6) y,
 *   div_y = (((x + c10 z^2) x + c11 z^4) x + c12 z^6) z^3,
 *   Z' = div_x div_y, X' = num_x div_y Z', Y' = num_y div_x Z'^2. 
 * The identity (z = 0) maps to Z' = 0. */
/* r = (...((c0 x + c[0] zp[0]) x + c[1] zp[1]) x ...) x + c[n-1] zp[n-1]: Horner in x,
 * homogenised by the z powers zp (z^2, z^4, z^6, ...). c0 = NULL stands for 1. */
PASTA_TFN void CV(iso_poly)(FE *r, const FE *c0, const FE *c, int n, const FE *x,
                            const FE *zp) {
    FE t;
    if (c0 != NULL) F(mul)(r, c0, x);
    else *r = *x;
    for (int i = 0; i < n; i++) {
        F(mul)(&t, &c[i], &zp[i]);
        F(add)(r, r, &t);
        if (i + 1 < n) F(mul)(r, r, x);
    }
}

PASTA_TFN void CV(iso_map)(JAC *o, const JAC *p) {
    const FE *c = CC(ISOGENY);
    FE zp[3], z2, z3, t, u, nx, dx, ny, dy;
    F(sqr)(&z2, &p->z);
    F(mul)(&z3, &z2, &p->z);
    zp[0] = z2;
    F(sqr)(&zp[1], &z2);                             /* z^4 */
    F(sqr)(&zp[2], &z3);                             /* z^6 */
    CV(iso_poly)(&nx, &c[0], &c[1], 3, &p->x, zp);   /* num_x */
    CV(iso_poly)(&dx, &z2, &c[4], 2, &p->x, zp + 1); /* div_x = (z^2 x + c4 z^4) x + c5 z^6 */
    CV(iso_poly)(&ny, &c[6], &c[7], 3, &p->x, zp);   /* num_y / y */
    F(mul)(&ny, &ny, &p->y);
    CV(iso_poly)(&dy, NULL, &c[10], 3, &p->x, zp); /* div_y / z^3 */
    F(mul)(&dy, &dy, &z3);
    /* output */
    F(mul)(&u, &dx, &dy); /* Z' */
    F(mul)(&o->x, &nx, &dy);
    F(mul)(&o->x, &o->x, &u);
    F(sqr)(&t, &u);
    F(mul)(&o->y, &ny, &dx);
    F(mul)(&o->y, &o->y, &t);
    o->z = u;
}

PASTA_TFN void CV(map_to_curve)(JAC *r, const FE *u) {
    JAC iso;
    CV(sswu_iso)(&iso, u);
    CV(iso_map)(r, &iso);
}

/* hash_to_curve = iso_map(Q0 + Q1) computed as iso_map(Q0) + iso_map(Q1) (homomorphism). */
PASTA_TFN int CV(hash_to_curve)(JAC *r, const char *prefix, const uint8_t *msg, size_t len) {
    uint8_t u[128];
    FE u0, u1;
    JAC p0, p1;
    int rc = pasta_expand_message_xmd(u, PASTA_CAT3(pasta_, CURVE, _ID), prefix, msg, len);
    if (rc != PASTA_OK) return rc;
    F(from_uniform_bytes)(&u0, u);
    F(from_uniform_bytes)(&u1, u + 64);
    CV(map_to_curve)(&p0, &u0);
    CV(map_to_curve)(&p1, &u1);
    CV(add)(r, &p0, &p1);
    pasta_secure_zero(u, sizeof u);
    return PASTA_OK;
}

/* ---- The group law for group templates (core/group.h): variable time, Jacobian points,
 * scalars in SCALAR. */
PASTA_TFN void CV(g_zero)(JAC *r) { CV(identity)(r); }
PASTA_TFN void CV(g_add)(JAC *r, const JAC *a, const JAC *b) { CV(add_var)(r, a, b); }
PASTA_TFN void CV(g_sub)(JAC *r, const JAC *a, const JAC *b) {
    JAC nb;
    CV(neg)(&nb, b);
    CV(add_var)(r, a, &nb);
}
PASTA_TFN void CV(g_scale)(JAC *r, const JAC *a, const SE *k) { CV(mul_var)(r, a, k); }
