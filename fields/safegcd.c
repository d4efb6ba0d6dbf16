/* pasta — modular inversion by the Bernstein–Yang "safegcd" method.
 *
 * Reference: D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation and modular
 * inversion", TCHES 2019(3) (https://gcd.cr.yp.to/papers.html). The description of the
 * method in bitcoin-core/secp256k1's doc/safegcd_implementation.md was read for ideas; the
 * formulation and code below are this project's own.
 *
 * ---- The iteration (half-delta divsteps).
 * State (theta, f, g) with f odd. One step, where theta = delta - 1/2 for the "hddivstep"
 * variant of Bernstein–Yang's divstep (delta starts at 1/2, i.e. theta starts at 0):
 *     if theta >= 0 and g odd:  (theta, f, g) <- (-theta,    g, (g - f) / 2)
 *     else:                     (theta, f, g) <- (theta + 1, f, (g + (g mod 2) f) / 2)
 * Starting from f = m (odd), g = x, gcd(f, g) is preserved, g reaches 0 and f ends at
 * +-gcd(m, x) = +-1 for prime m and x != 0.
 *
 * Iteration bound used by the constant-time version: with delta starting at 1/2, 590
 * steps suffice for all 0 <= g < f = m < 2^256 (convex-hull analysis by P. Wuille,
 * https://github.com/sipa/safegcd-bounds, quoted in secp256k1's
 * doc/safegcd_implementation.md, section "Constant-time operation"). For comparison
 * Bernstein–Yang's Theorem 11.2 gives 741 for the original divstep (delta starting at 1).
 * We run 10 batches of 62 steps: 620 >= 590. Once g = 0 further steps are harmless
 * (g stays 0, f stays +-1, theta just grows; at most 620).
 *
 * ---- Batches of 62 steps.
 * A step only looks at the low bit of g, and after j steps that bit depends only on the low
 * j+1 bits of the batch's starting f and g. So 62 steps are computed on the low 64 bits,
 * tracking the 2x2 integer matrix T = [u v; q r] with
 *     2^62 * (f', g') = T * (f, g),     |u| + |v| <= 2^62,  |q| + |r| <= 2^62
 * (each step adds the f-row to the g-row and doubles the f-row, so each row's l1 norm at
 * most doubles). Then the full f, g (5 signed 62-bit limbs) are updated exactly.
 *
 * ---- Bezout coefficients. Alongside f, g we keep d, e with f = d x, g = e x (mod m),
 * initially d = 0, e = 1, updated as (d, e) <- T (d, e) / 2^62 (mod m). Division by 2^62:
 * add a multiple k*m chosen so the low 62 bits vanish, k from m^-1 mod 2^62. Range: if
 * d, e are in (-2m, m), first add m to each negative one (folded into k), giving values in
 * (-m, m); then |u d + v e| < 2^62 m, and subtracting k m with k in [0, 2^62) and dividing
 * by 2^62 lands in (-2m, m) again. At the end x^-1 = d / f = d * f (f = +-1), brought into
 * [0, m) by two conditional additions of m around a conditional negation.
 *
 * ---- Representation ("signed-62"). v = sum_{i<5} v[i] 2^(62 i), int64 limbs; after each
 * update limbs 0..3 are in [0, 2^62) and limb 4 carries the sign (so sign(v) = sign(v[4])).
 * Intermediate sums fit in signed 128 bits: |u v_i + v w_i + k m_i| < 2^124 + 2^124 + 2^125.
 *
 * Implementation-defined behaviour relied on (as GCC and Clang define it): right shift of a
 * negative signed integer is arithmetic; conversion of an out-of-range unsigned value to a
 * signed type wraps modulo 2^N.
 *
 * ---- Constants, derived from the limbs of fields/moduli.h at compile time. For m in
 * {p, q}: m = 2^254 + c with c < 2^126, so modulus62 = { c mod 2^62, floor(c / 2^62) mod
 * 2^62, floor(c / 2^124) (= 2), 0, 2^254 / 2^248 = 64 }: the signed-62 split of
 * sg_from_u256 applied to the limbs (SG_MODULUS62). Inverse mod 2^62: m = 1 + 2^32 a (both
 * moduli are 1 mod 2^32), and (1 + 2^32 a)(1 - 2^32 a) = 1 - 2^64 a^2 = 1 (mod 2^62), so
 * m^-1 = 2 - m = 2 - m0 (mod 2^62) (SG_INV62). (Recomputed independently, from moduli
 * written out there, in tests/test_safegcd_standalone.c.)
 */
#include "safegcd.h"

#include <stdint.h>

#include "moduli.h" /* same directory: the standalone test builds this file with -Ifields */

__extension__ typedef __int128 sg_i128;

#define SG_M62 ((uint64_t)0x3FFFFFFFFFFFFFFF) /* 2^62 - 1 */

/* m in signed-62 limbs, as sg_from_u256 below (m3 << 6 drops bit 254, which is in limb 4). */
#define SG_MODULUS62(m0, m1, m2, m3)                                                       \
    {(int64_t)((m0) & SG_M62), (int64_t)((((m0) >> 62) | ((m1) << 2)) & SG_M62),           \
     (int64_t)((((m1) >> 60) | ((m2) << 4)) & SG_M62),                                     \
     (int64_t)((((m2) >> 58) | ((m3) << 6)) & SG_M62), (int64_t)((m3) >> 56)}
#define SG_INV62(m0) ((2 - (uint64_t)(m0)) & SG_M62) /* m^-1 mod 2^62 (see above) */

const pasta_modinv_info pasta_modinv_fp = {
    SG_MODULUS62(PASTA_FP_M0, PASTA_FP_M1, PASTA_FP_M2, PASTA_FP_M3), SG_INV62(PASTA_FP_M0)};

const pasta_modinv_info pasta_modinv_fq = {
    SG_MODULUS62(PASTA_FQ_M0, PASTA_FQ_M1, PASTA_FQ_M2, PASTA_FQ_M3), SG_INV62(PASTA_FQ_M0)};

typedef struct {
    int64_t v[5];
} sg_s62;

/* 2^62 * (f', g') = [u v; q r] (f, g). */
typedef struct {
    int64_t u, v, q, r;
} sg_trans;

/* All ones if a < 0, else 0 (no branch). */
static inline int64_t sg_sign_mask(int64_t a) {
    return -(int64_t)((uint64_t)a >> 63);
}

static void sg_from_u256(sg_s62 *r, const uint64_t x[4]) {
    r->v[0] = (int64_t)(x[0] & SG_M62);
    r->v[1] = (int64_t)(((x[0] >> 62) | (x[1] << 2)) & SG_M62);
    r->v[2] = (int64_t)(((x[1] >> 60) | (x[2] << 4)) & SG_M62);
    r->v[3] = (int64_t)(((x[2] >> 58) | (x[3] << 6)) & SG_M62);
    r->v[4] = (int64_t)(x[3] >> 56);
}

/* a must have limbs 0..3 in [0, 2^62) and limb 4 in [0, 2^8). */
static void sg_to_u256(uint64_t r[4], const sg_s62 *a) {
    const uint64_t a0 = (uint64_t)a->v[0], a1 = (uint64_t)a->v[1], a2 = (uint64_t)a->v[2];
    const uint64_t a3 = (uint64_t)a->v[3], a4 = (uint64_t)a->v[4];
    r[0] = a0 | (a1 << 62);
    r[1] = (a1 >> 2) | (a2 << 60);
    r[2] = (a2 >> 4) | (a3 << 58);
    r[3] = (a3 >> 6) | (a4 << 56);
}

/* Brings limbs 0..3 into [0, 2^62) by moving carries up; the value is unchanged. */
static inline void sg_carry(sg_s62 *a) {
    for (int i = 0; i < 4; i++) {
        a->v[i + 1] += a->v[i] >> 62;
        a->v[i] = (int64_t)((uint64_t)a->v[i] & SG_M62);
    }
}

/* 62 half-delta divsteps on the low bits of f and g, constant time. theta is handled as a
 * two's-complement 64-bit word (|theta| <= 620 throughout). Returns the new theta. */
static uint64_t sg_divsteps_62_ct(uint64_t theta, uint64_t f, uint64_t g, sg_trans *t) {
    /* Matrix arithmetic in uint64 (wrapping); the true values fit int64 (bounds above). */
    uint64_t u = 1, v = 0, q = 0, r = 1;
    for (int i = 0; i < 62; i++) {
        const uint64_t odd = -(g & 1);                    /* g odd                   */
        const uint64_t sw = ~(uint64_t)-(theta >> 63) & odd; /* theta >= 0 and g odd */
        /* g-row += (sw ? -f-row : f-row) if g is odd: g becomes even. */
        g += ((f ^ sw) - sw) & odd;
        q += ((u ^ sw) - sw) & odd;
        r += ((v ^ sw) - sw) & odd;
        /* If swapping, the f-row becomes the old g-row = new g-row + old f-row. */
        f += g & sw;
        u += q & sw;
        v += r & sw;
        /* theta <- sw ? -theta : theta + 1, i.e. (theta ^ sw) + 1. */
        theta = (theta ^ sw) + 1;
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return theta;
}

/* Same 62 steps, variable time: skips runs of zero bits of g, and performs up to 6
 * non-swapping steps at once (g += w f with w = -g/f mod 2^k, then g /= 2^k). */
static int64_t sg_divsteps_62_var(int64_t theta, uint64_t f, uint64_t g, sg_trans *t) {
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int left = 62;
    for (;;) {
        /* Even g: halve (no swap possible), as many times as g has trailing zeros. */
        const int z = __builtin_ctzll(g | (UINT64_MAX << left));
        g >>= z;
        u <<= z;
        v <<= z;
        theta += z;
        left -= z;
        if (left == 0)
            break;
        /* g odd. Swap if theta >= 0: (f, g) <- (g, -f), theta <- -theta - 1; the step then
         * finishes as a non-swapping odd step (theta + 1, g <- (g + f) / 2). Done with masks
         * rather than a branch only because the branch would be unpredictable. */
        const uint64_t sw = (uint64_t)sg_sign_mask(theta) ^ UINT64_MAX; /* theta >= 0 */
        uint64_t tmp = (f ^ g) & sw;
        f ^= tmp;
        g = ((g ^ tmp) ^ sw) - sw;
        tmp = (u ^ q) & sw;
        u ^= tmp;
        q = ((q ^ tmp) ^ sw) - sw;
        tmp = (v ^ r) & sw;
        v ^= tmp;
        r = ((r ^ tmp) ^ sw) - sw;
        theta ^= (int64_t)sw; /* -theta - 1 = ~theta */
        /* Now theta < 0: the next k = min(-theta, left, 6) steps never swap. Their combined
         * effect is g <- (g + w f) / 2^k with the unique w in [0, 2^k) making g + w f
         * divisible by 2^k. */
        int k = left < 6 ? left : 6;
        if (-theta < k)
            k = (int)-theta;
        const uint64_t finv = f * (2 - f * f); /* f^-1 mod 2^6 (f * f = 1 mod 8, f odd) */
        const uint64_t w = (-(g * finv)) & ((UINT64_C(1) << k) - 1);
        g += w * f;
        q += w * u;
        r += w * v;
        g >>= k;
        u <<= k;
        v <<= k;
        theta += k;
        left -= k;
        if (left == 0)
            break;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return theta;
}

/* (f, g) <- T (f, g) / 2^62, exact. */
static void sg_update_fg(sg_s62 *f, sg_s62 *g, const sg_trans *t) {
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    sg_i128 cf = (sg_i128)u * f->v[0] + (sg_i128)v * g->v[0];
    sg_i128 cg = (sg_i128)q * f->v[0] + (sg_i128)r * g->v[0];
    cf >>= 62; /* the low 62 bits are zero by construction of T */
    cg >>= 62;
    for (int i = 1; i < 5; i++) {
        const int64_t fi = f->v[i], gi = g->v[i];
        cf += (sg_i128)u * fi + (sg_i128)v * gi;
        cg += (sg_i128)q * fi + (sg_i128)r * gi;
        f->v[i - 1] = (int64_t)((uint64_t)cf & SG_M62);
        g->v[i - 1] = (int64_t)((uint64_t)cg & SG_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[4] = (int64_t)cf;
    g->v[4] = (int64_t)cg;
}

/* (d, e) <- T (d, e) / 2^62 mod m, for d, e in (-2m, m); the results are in (-2m, m). */
static void sg_update_de(sg_s62 *d, sg_s62 *e, const sg_trans *t, const pasta_modinv_info *mi) {
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int64_t *m = mi->modulus62;
    const int64_t sd = sg_sign_mask(d->v[4]), se = sg_sign_mask(e->v[4]);
    /* Multiples of m to add: m for each negative input (times its coefficient), ... */
    int64_t kd = (u & sd) + (v & se);
    int64_t ke = (q & sd) + (r & se);
    sg_i128 cd = (sg_i128)u * d->v[0] + (sg_i128)v * e->v[0];
    sg_i128 ce = (sg_i128)q * d->v[0] + (sg_i128)r * e->v[0];
    /* ... minus the k in [0, 2^62) that clears the low 62 bits. kd ends in (-2^63, 2^62]. */
    kd -= (int64_t)((mi->modulus_inv62 * (uint64_t)cd + (uint64_t)kd) & SG_M62);
    ke -= (int64_t)((mi->modulus_inv62 * (uint64_t)ce + (uint64_t)ke) & SG_M62);
    cd += (sg_i128)kd * m[0];
    ce += (sg_i128)ke * m[0];
    cd >>= 62;
    ce >>= 62;
    for (int i = 1; i < 5; i++) {
        const int64_t di = d->v[i], ei = e->v[i];
        cd += (sg_i128)u * di + (sg_i128)v * ei + (sg_i128)kd * m[i];
        ce += (sg_i128)q * di + (sg_i128)r * ei + (sg_i128)ke * m[i];
        d->v[i - 1] = (int64_t)((uint64_t)cd & SG_M62);
        e->v[i - 1] = (int64_t)((uint64_t)ce & SG_M62);
        cd >>= 62;
        ce >>= 62;
    }
    d->v[4] = (int64_t)cd;
    e->v[4] = (int64_t)ce;
}

/* r = d * sign(f) mod m in [0, m), for d in (-2m, m) with normalized limbs; constant time. */
static void sg_finish(uint64_t out[4], sg_s62 *d, const sg_s62 *f, const pasta_modinv_info *mi) {
    const int64_t *m = mi->modulus62;
    const int64_t neg_f = sg_sign_mask(f->v[4]);
    int64_t s = sg_sign_mask(d->v[4]);
    /* d += m if d < 0 (now in (-m, m)); then d = -d if f < 0 (still in (-m, m)). */
    for (int i = 0; i < 5; i++)
        d->v[i] = ((d->v[i] + (m[i] & s)) ^ neg_f) - neg_f;
    sg_carry(d);
    /* d += m if d < 0: now in [0, m). */
    s = sg_sign_mask(d->v[4]);
    for (int i = 0; i < 5; i++)
        d->v[i] += m[i] & s;
    sg_carry(d);
    sg_to_u256(out, d);
}

void pasta_modinv_ct(uint64_t r[4], const uint64_t x[4], const pasta_modinv_info *mi) {
    sg_s62 d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}}, f, g;
    sg_trans t;
    uint64_t theta = 0; /* delta = 1/2 */
    for (int i = 0; i < 5; i++)
        f.v[i] = mi->modulus62[i];
    sg_from_u256(&g, x);
    /* 10 * 62 = 620 >= 590 half-delta divsteps (bound cited at the top). */
    for (int i = 0; i < 10; i++) {
        theta = sg_divsteps_62_ct(theta, (uint64_t)f.v[0], (uint64_t)g.v[0], &t);
        sg_update_de(&d, &e, &t, mi);
        sg_update_fg(&f, &g, &t);
    }
    sg_finish(r, &d, &f, mi);
}

void pasta_modinv_var(uint64_t r[4], const uint64_t x[4], const pasta_modinv_info *mi) {
    sg_s62 d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}}, f, g;
    sg_trans t;
    int64_t theta = 0;
    for (int i = 0; i < 5; i++)
        f.v[i] = mi->modulus62[i];
    sg_from_u256(&g, x);
    /* Stop as soon as g = 0 (at most 10 rounds by the same bound). */
    while ((g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4]) != 0) {
        theta = sg_divsteps_62_var(theta, (uint64_t)f.v[0], (uint64_t)g.v[0], &t);
        sg_update_de(&d, &e, &t, mi);
        sg_update_fg(&f, &g, &t);
    }
    sg_finish(r, &d, &f, mi);
}
