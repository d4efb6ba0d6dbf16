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
 * ---- Variable time (pasta_modinv_var). The original divstep (delta starting at 1; with
 * theta = delta - 1, starting at 0):
 *     if theta >= 0 and g odd:  (theta, f, g) <- (-theta - 1, g, (g - f) / 2)
 *     else:                     (theta, f, g) <- (theta + 1,  f, (g + (g mod 2) f) / 2)
 * Its worst case is longer (741 steps, Theorem 11.2 above: at most 12 batches) but it swaps
 * less often: on random x < p, 527 steps and 132 swaps on average against 513 and 172 for
 * hddivsteps (simulation, 3000 inputs), and sg_divsteps_62_var costs about one loop pass
 * per swap. secp256k1's modinv64 "_var" functions made the same choice. The other savings,
 * also after ideas of secp256k1's modinv64: the loop ends once g = 0 (checked per batch);
 * f and g are updated on their low len limbs only, len shrinking when both top limbs are
 * 0 or -1; the last batch updates only d. The bounds below hold for any sequence of steps
 * of these two forms, so they apply unchanged.
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
 * The variable-time f and g use len limbs the same way (limb len-1 signed, in [-2^62,
 * 2^62) once folded; |f|, |g| <= m never grow, as |u| + |v| <= 2^62).
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
#define SG_MODULUS62(m0, m1, m2, m3)                                                \
    {                                                                               \
        (int64_t)((m0)&SG_M62), (int64_t)((((m0) >> 62) | ((m1) << 2)) & SG_M62),   \
            (int64_t)((((m1) >> 60) | ((m2) << 4)) & SG_M62),                       \
            (int64_t)((((m2) >> 58) | ((m3) << 6)) & SG_M62), (int64_t)((m3) >> 56) \
    }
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
static inline int64_t sg_sign_mask(int64_t a) { return -(int64_t)((uint64_t)a >> 63); }

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
        const uint64_t odd = -(g & 1);                         /* g odd                   */
        const uint64_t sw = ~(uint64_t) - (theta >> 63) & odd; /* theta >= 0 and g odd */
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

/* One pass of sg_divsteps_62_var with the f-row (F, FU, FV) and g-row (G, GU, GV) of the
 * state (value low bits, then the row of T). A swap writes the new g-row over the old
 * f-row and continues at SWAPPED, where the roles of the two rows are exchanged: no row is
 * moved. See sg_divsteps_62_var for the steps. */
#define SG_PASS_VAR(F, FU, FV, G, GU, GV, DONE, SWAPPED)                           \
    do {                                                                           \
        const int z = __builtin_ctzll(G | (uint64_t)stop);                         \
        G >>= z;                                                                   \
        FU <<= z;                                                                  \
        FV <<= z;                                                                  \
        theta += z;                                                                \
        stop >>= z;                                                                \
        if (stop == -1) goto DONE;                                                 \
        if (theta >= 0) {                                                          \
            const int lim = theta < 4 ? theta + 2 : 6; /* min(-theta', 6) */       \
            theta = -theta - 2;                                                    \
            const uint64_t mask = ((UINT64_C(1) << lim) - 1) & ~(uint64_t)stop;    \
            const uint64_t w = (F * (G * (2 - G * G))) & mask; /* f / g mod 2^k */ \
            F = w * G - F;                                                         \
            FU = w * GU - FU;                                                      \
            FV = w * GV - FV;                                                      \
            goto SWAPPED;                                                          \
        }                                                                          \
        const int lim = -theta < 6 ? -theta : 6;                                   \
        const uint64_t mask = ((UINT64_C(1) << lim) - 1) & ~(uint64_t)stop;        \
        const uint64_t w = (-(G * (F * (2 - F * F)))) & mask; /* -g / f mod 2^k */ \
        G += w * F;                                                                \
        GU += w * FU;                                                              \
        GV += w * FV;                                                              \
    } while (0)

/* 62 original divsteps (delta starting at 1; see "Variable time" at the top), variable
 * time; theta = delta - 1. Each pass: the run of zero bits of g (even steps, never
 * swapping) at once; then, at an odd g, k = min(-theta', 6, left) steps at once, where
 * theta' is theta after the first step's swap if theta >= 0 (-theta - 2 <= -2), else
 * theta (<= -1): none of them swaps, as each starts with theta <= -1. They combine to g
 * <- (g + w f) / 2^k with the unique w in [0, 2^k) making g + w f divisible by 2^k (odd
 * f has f^-1 = f (2 - f f) mod 2^6, as f f = 1 mod 8); the division is left to the next
 * pass's zero run, which it starts. After a swap (f, g) <- (g, -f), so the new g is
 * -f + w g with w = f / g mod 2^k. Almost every pass swaps (unless its steps were capped
 * at 6 or by left, the previous pass ended at theta = 0, and a zero run only raises theta),
 * so that branch is predictable. Returns the new theta. */
static int64_t sg_divsteps_62_var(int64_t theta_in, uint64_t f, uint64_t g, sg_trans *t) {
    /* Rows a = (a, au, av), b = (b, bu, bv); at A the f-row is a, at B it is b. */
    uint64_t a = f, au = 1, av = 0, b = g, bu = 0, bv = 1;
    int theta = (int)theta_in; /* |theta| <= 12 * 62 + 2 (bound at the top) */
    /* stop = -2^left as a word, left = steps left in the batch (bit `left` set, bits
     * below clear): g | stop caps a zero run at left, an arithmetic shift by z gives
     * left - z, stop = -1 is left = 0, ~stop masks w to left bits. */
    int64_t stop = -((int64_t)1 << 62);
A:
    SG_PASS_VAR(a, au, av, b, bu, bv, done_a, B);
    goto A;
B:
    SG_PASS_VAR(b, bu, bv, a, au, av, done_b, A);
    goto B;
done_a:
    t->u = (int64_t)au;
    t->v = (int64_t)av;
    t->q = (int64_t)bu;
    t->r = (int64_t)bv;
    return theta;
done_b:
    t->u = (int64_t)bu;
    t->v = (int64_t)bv;
    t->q = (int64_t)au;
    t->r = (int64_t)av;
    return theta;
}
#undef SG_PASS_VAR

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

/* (f, g) <- T (f, g) / 2^62, exact, on the low len limbs (1 <= len <= 5): limbs 0..len-2
 * in [0, 2^62), limb len-1 signed, the value sum_{i<len} v[i] 2^(62 i) (limbs from len on
 * are not read or written). Results in the same form. Variable time in len only. */
__attribute__((noinline)) /* inlined: +3.5% instructions per inversion (callgrind, GCC 12) */
static void
sg_update_fg_var(int len, sg_s62 *f, sg_s62 *g, const sg_trans *t) {
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    sg_i128 cf = (sg_i128)u * f->v[0] + (sg_i128)v * g->v[0];
    sg_i128 cg = (sg_i128)q * f->v[0] + (sg_i128)r * g->v[0];
    cf >>= 62; /* the low 62 bits are zero by construction of T */
    cg >>= 62;
    for (int i = 1; i < len; i++) {
        const int64_t fi = f->v[i], gi = g->v[i];
        cf += (sg_i128)u * fi + (sg_i128)v * gi;
        cg += (sg_i128)q * fi + (sg_i128)r * gi;
        f->v[i - 1] = (int64_t)((uint64_t)cf & SG_M62);
        g->v[i - 1] = (int64_t)((uint64_t)cg & SG_M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[len - 1] = (int64_t)cf;
    g->v[len - 1] = (int64_t)cg;
}

/* (d, e) <- T (d, e) / 2^62 mod m, for d, e in (-2m, m); the results are in (-2m, m). */
static void sg_update_de(sg_s62 *d, sg_s62 *e, const sg_trans *t,
                         const pasta_modinv_info *mi) {
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

/* One row of sg_update_de, into a separate output: o = (a d + b e) / 2^62 mod m, for d, e
 * in (-2m, m) with normalized limbs and |a| + |b| <= 2^62; o in (-2m, m), normalized (the
 * same k and bounds as sg_update_de). One row at a time keeps the state in registers. */
static void sg_update_de_row_var(sg_s62 *o, const sg_s62 *d, const sg_s62 *e, int64_t a,
                                 int64_t b, const pasta_modinv_info *mi) {
    const int64_t *m = mi->modulus62;
    int64_t k = (a & sg_sign_mask(d->v[4])) + (b & sg_sign_mask(e->v[4]));
    sg_i128 c = (sg_i128)a * d->v[0] + (sg_i128)b * e->v[0];
    k -= (int64_t)((mi->modulus_inv62 * (uint64_t)c + (uint64_t)k) & SG_M62);
    c += (sg_i128)k * m[0];
    c >>= 62;
    for (int i = 1; i < 5; i++) {
        c += (sg_i128)a * d->v[i] + (sg_i128)b * e->v[i] + (sg_i128)k * m[i];
        o->v[i - 1] = (int64_t)((uint64_t)c & SG_M62);
        c >>= 62;
    }
    o->v[4] = (int64_t)c;
}

/* r = d * sign(f) mod m in [0, m), for d in (-2m, m) with normalized limbs; constant time. */
static void sg_finish(uint64_t out[4], sg_s62 *d, const sg_s62 *f,
                      const pasta_modinv_info *mi) {
    const int64_t *m = mi->modulus62;
    const int64_t neg_f = sg_sign_mask(f->v[4]);
    int64_t s = sg_sign_mask(d->v[4]);
    /* d += m if d < 0 (now in (-m, m)); then d = -d if f < 0 (still in (-m, m)). */
    for (int i = 0; i < 5; i++) d->v[i] = ((d->v[i] + (m[i] & s)) ^ neg_f) - neg_f;
    sg_carry(d);
    /* d += m if d < 0: now in [0, m). */
    s = sg_sign_mask(d->v[4]);
    for (int i = 0; i < 5; i++) d->v[i] += m[i] & s;
    sg_carry(d);
    sg_to_u256(out, d);
}

void pasta_modinv_ct(uint64_t r[4], const uint64_t x[4], const pasta_modinv_info *mi) {
    sg_s62 d = {{0, 0, 0, 0, 0}}, e = {{1, 0, 0, 0, 0}}, f, g;
    sg_trans t;
    uint64_t theta = 0; /* delta = 1/2 */
    for (int i = 0; i < 5; i++) f.v[i] = mi->modulus62[i];
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
    /* d, e and the next d, e (dn, en): two buffers each, swapped by pointer. */
    sg_s62 buf[4] = {{{0, 0, 0, 0, 0}}, {{1, 0, 0, 0, 0}}, {{0}}, {{0}}}, f, g, *tmp;
    sg_s62 *d = &buf[0], *e = &buf[1], *dn = &buf[2], *en = &buf[3];
    sg_trans t;
    int64_t theta = 0; /* delta = 1 */
    int len = 5;       /* f and g as sg_update_fg_var's len limbs */
    for (int i = 0; i < 5; i++) f.v[i] = mi->modulus62[i];
    sg_from_u256(&g, x);
    if ((g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4]) != 0) {
        /* Until g = 0 (at most 12 rounds: bound at the top). */
        for (;;) {
            theta = sg_divsteps_62_var(theta, (uint64_t)f.v[0], (uint64_t)g.v[0], &t);
            sg_update_fg_var(len, &f, &g, &t);
            int64_t nz = 0;
            for (int i = 0; i < len; i++) nz |= g.v[i];
            if (nz == 0) { /* last round: only d is needed */
                sg_update_de_row_var(dn, d, e, t.u, t.v, mi);
                d = dn;
                break;
            }
            sg_update_de_row_var(dn, d, e, t.u, t.v, mi);
            sg_update_de_row_var(en, d, e, t.q, t.r, mi);
            tmp = d, d = dn, dn = tmp;
            tmp = e, e = en, en = tmp;
            /* Both top limbs 0 or -1 (sign only): fold them into the limb below. */
            if (len > 1) {
                const int64_t fn = f.v[len - 1], gn = g.v[len - 1];
                if (((fn ^ (fn >> 63)) | (gn ^ (gn >> 63))) == 0) {
                    f.v[len - 2] = (int64_t)((uint64_t)f.v[len - 2] | ((uint64_t)fn << 62));
                    g.v[len - 2] = (int64_t)((uint64_t)g.v[len - 2] | ((uint64_t)gn << 62));
                    len--;
                }
            }
        }
    }
    f.v[4] = f.v[len - 1]; /* sg_finish reads only the sign of f, from limb 4 */
    sg_finish(r, d, &f, mi);
}
