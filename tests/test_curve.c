/* Pallas and Vesta on every backend (tests/curve_tests_impl.h), pasta_curves and Orchard
 * vectors, and cross-backend byte agreement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#define PASTA_CURVE_TEMPLATE "tests/curve_tests_impl.h"
#include "core/for_each.h"
#undef PASTA_CURVE_TEMPLATE

#include "orchard_vectors.h"

static size_t unhex(uint8_t *out, const char *hex) {
    size_t n = strlen(hex) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
    return n;
}

/* pasta_curves src/pallas.rs test_map_to_curve_simple_swu / test_hash_to_curve (Jacobian
 * coordinates as printed by the crate). The SWU output uses the crate's own projective
 * formula, so it must match coordinate for coordinate; the hash result only as a point. */
static void pallas_crate_vectors(const pasta_ops *o) {
    pasta_pallas_jacobian got, want;
    pasta_fp u;
    o->fp->zero(&u);
    o->pallas->sswu_iso(&got, &u);
    t_pallas_jac_hex(o, &want,
                     "0x28c1a6a534f56c52e25295b339129a8af5f42525dea727f485ca3433519b096e",
                     "0x3bfc658bee6653c63c7d7f0927083fd315d29c270207b7c7084fa1ee6ac5ae8d",
                     "0x054b3ba10416dc104157b1318534a19d5d115472da7d746f8a5f250cd8cdef36");
    cr_assert(memcmp(&got, &want, sizeof got) == 0, "pallas sswu(0)");
    o->fp->one(&u);
    o->pallas->sswu_iso(&got, &u);
    t_pallas_jac_hex(o, &want,
                     "0x010cba5957e876534af5e967c026a1856d64b071068280837913b9a5a3561505",
                     "0x062fc61f9cd3118e7d6e65a065ebf46a547514d6b08078e976fa6d515dcc9c81",
                     "0x3f86cb8c311250c3101c4e523e7793605ccff5623de1753a7c75bc9a29a73688");
    cr_assert(memcmp(&got, &want, sizeof got) == 0, "pallas sswu(1)");
    const char *msg = "Trans rights now!";
    cr_assert_eq(
        o->pallas->hash_to_curve(&got, "z.cash:test", (const uint8_t *)msg, strlen(msg)),
        PASTA_OK);
    t_pallas_jac_hex(o, &want,
                     "0x36a6e3a9c50b7b6540cb002c977c82f37f8a875fb51eb35327ee1452e6ce7947",
                     "0x01da3b4403d73252f2d7e9c19bc23dc6a080f2d02f8262fca4f7e3d756ac6a7c",
                     "0x1d48103df8fcbb70d1809c1806c95651dd884a559fec0549658537ce9d94bed9");
    cr_assert(o->pallas->is_on_curve(&want));
    cr_assert(o->pallas->eq(&got, &want), "pallas hash_to_curve vector");
}

/* pasta_curves src/vesta.rs. */
static void vesta_crate_vectors(const pasta_ops *o) {
    pasta_vesta_jacobian got, want;
    pasta_fq u;
    o->fq->zero(&u);
    o->vesta->sswu_iso(&got, &u);
    t_vesta_jac_hex(o, &want,
                    "0x2ccc4c6ec2660e5644305bc52527d904d408f92407f599df8f158d50646a2e78",
                    "0x29a34381321d13d72d50b6b462bb4ea6a9e47393fa28a47227bf35bc0ee7aa59",
                    "0x0b851e9e579403a76df1100f556e1f226e5656bdf38f3bf8601d8a3a9a15890b");
    cr_assert(memcmp(&got, &want, sizeof got) == 0, "vesta sswu(0)");
    o->fq->one(&u);
    o->vesta->sswu_iso(&got, &u);
    t_vesta_jac_hex(o, &want,
                    "0x165f8b71841c5abc3d742ec13fb16f099d596b781e6f5c7d0b6682b1216a8258",
                    "0x0dadef21de74ed7337a37dd74f126a92e4df73c3a704da501e36eaf59cf03120",
                    "0x0a3d6f6c1af02bd9274cc0b80129759ce77edeef578d7de968d4a47d39026c82");
    cr_assert(memcmp(&got, &want, sizeof got) == 0, "vesta sswu(1)");
    cr_assert_eq(o->vesta->hash_to_curve(&got, "z.cash:test", (const uint8_t *)"hello", 5),
                 PASTA_OK);
    t_vesta_jac_hex(o, &want,
                    "0x12763505036e0e1a6684b7a7d8d5afb7378cc2b191a95e34f44824a06fcbd08e",
                    "0x0256eafc0188b79bfa7c4b2b393893ddc298e90da500fa4a9aee17c2ea4240e6",
                    "0x1b58d4aa4d68c3f4d9916b77c79ff9911597a27f2ee46244e98eb9615172d2ad");
    cr_assert(o->vesta->is_on_curve(&want));
    cr_assert(o->vesta->eq(&got, &want), "vesta hash_to_curve vector");
}

/* Orchard GroupHash^P (= Pallas hash_to_curve) and the iso-Pallas map_to_curve vectors. */
static void orchard_vectors(const pasta_ops *o) {
    for (size_t i = 0; i < sizeof orchard_group_hash / sizeof orchard_group_hash[0]; i++) {
        char domain[64];
        uint8_t msg[256], want[32], got[32];
        size_t dl = unhex((uint8_t *)domain, orchard_group_hash[i].domain);
        domain[dl] = 0;
        size_t ml = unhex(msg, orchard_group_hash[i].msg);
        unhex(want, orchard_group_hash[i].point);
        pasta_pallas_jacobian p;
        cr_assert_eq(o->pallas->hash_to_curve(&p, domain, ml ? msg : NULL, ml), PASTA_OK);
        o->pallas->to_bytes(got, &p);
        cr_assert(memcmp(got, want, 32) == 0, "orchard group_hash vector %zu", i);
    }
    for (size_t i = 0; i < sizeof orchard_map_to_curve / sizeof orchard_map_to_curve[0]; i++) {
        uint8_t ub[32], want[32], got[32];
        unhex(ub, orchard_map_to_curve[i].u);
        unhex(want, orchard_map_to_curve[i].point);
        pasta_fp u, zi, zi2, x, y;
        cr_assert_eq(o->fp->from_bytes(&u, ub), PASTA_OK);
        pasta_pallas_jacobian iso;
        o->pallas->sswu_iso(&iso, &u);
        o->fp->invert(&zi, &iso.z);
        o->fp->sqr(&zi2, &zi);
        o->fp->mul(&x, &iso.x, &zi2);
        o->fp->mul(&zi2, &zi2, &zi);
        o->fp->mul(&y, &iso.y, &zi2);
        o->fp->to_bytes(got, &x);
        got[31] |= (uint8_t)(o->fp->is_odd(&y) << 7);
        cr_assert(memcmp(got, want, 32) == 0, "orchard map_to_curve vector %zu", i);
    }
}

static void hash_args(const pasta_ops *o) {
    pasta_pallas_jacobian p, keep;
    o->pallas->generator(&keep);
    p = keep;
    char longp[240];
    memset(longp, 'a', sizeof longp - 1);
    longp[sizeof longp - 1] = 0;
    cr_assert_eq(o->pallas->hash_to_curve(&p, NULL, NULL, 0), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(o->pallas->hash_to_curve(&p, "x", NULL, 3), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(o->pallas->hash_to_curve(&p, longp, NULL, 0), PASTA_ERR_INVALID_ARG);
    longp[227] = 0; /* 227 + 1 + 6 + 21 = 255: the longest prefix */
    cr_assert_eq(o->pallas->hash_to_curve(&p, longp, NULL, 0), PASTA_OK);
    longp[227] = 'a';
    longp[228] = 0;
    p = keep;
    cr_assert_eq(o->pallas->hash_to_curve(&p, longp, NULL, 0), PASTA_ERR_INVALID_ARG);
    cr_assert(memcmp(&p, &keep, sizeof p) == 0);
    pasta_vesta_jacobian v;
    cr_assert_eq(o->vesta->hash_to_curve(&v, longp, NULL, 0), PASTA_OK); /* 228 for vesta */
    cr_assert(o->vesta->is_on_curve(&v));
}

#define CURVE_TESTS(B, BID)                                                          \
    Test(B, pallas_group_laws) { t_pallas_group_laws(tu_backend_or_skip(BID), 40); } \
    Test(B, vesta_group_laws) { t_vesta_group_laws(tu_backend_or_skip(BID), 40); }   \
    Test(B, pallas_scalar_mul) { t_pallas_scalar_mul(tu_backend_or_skip(BID), 24); } \
    Test(B, vesta_scalar_mul) { t_vesta_scalar_mul(tu_backend_or_skip(BID), 24); }   \
    Test(B, pallas_glv) { t_pallas_glv(tu_backend_or_skip(BID), 2000); }             \
    Test(B, vesta_glv) { t_vesta_glv(tu_backend_or_skip(BID), 2000); }               \
    Test(B, pallas_encoding) { t_pallas_encoding(tu_backend_or_skip(BID), 50); }     \
    Test(B, vesta_encoding) { t_vesta_encoding(tu_backend_or_skip(BID), 50); }       \
    Test(B, pallas_batch_to_affine) { t_pallas_batch(tu_backend_or_skip(BID)); }     \
    Test(B, vesta_batch_to_affine) { t_vesta_batch(tu_backend_or_skip(BID)); }       \
    Test(B, pallas_crate_vectors) { pallas_crate_vectors(tu_backend_or_skip(BID)); } \
    Test(B, vesta_crate_vectors) { vesta_crate_vectors(tu_backend_or_skip(BID)); }   \
    Test(B, orchard_vectors) { orchard_vectors(tu_backend_or_skip(BID)); }           \
    Test(B, hash_args) { hash_args(tu_backend_or_skip(BID)); }

CURVE_TESTS(curve_portable, PASTA_BACKEND_PORTABLE)
CURVE_TESTS(curve_x86_64_asm, PASTA_BACKEND_X86_64_ASM)
CURVE_TESTS(curve_x86_64_ifma, PASTA_BACKEND_X86_64_IFMA)

/* Identical bytes on every backend for mul, mul_var and hash_to_curve results. */
static void curve_cross_backend_bytes(pasta_backend other) {
    const pasta_ops *a = &pasta_ops_portable, *b = pasta_ops_for(other);
    if (b == NULL) cr_skip_test("only one backend here");
    tu_rng r;
    tu_rng_init(&r, 0xb7);
    for (int i = 0; i < 20; i++) {
        pasta_fq k;
        pasta_pallas_jacobian g, pa, pb;
        uint8_t ea[32], eb[32], msg[8];
        cr_assert_eq(a->fq->random(&k, tu_rng_fill, &r), PASTA_OK);
        a->pallas->generator(&g);
        a->pallas->mul(&pa, &g, &k);
        b->pallas->mul(&pb, &g, &k);
        a->pallas->to_bytes(ea, &pa);
        b->pallas->to_bytes(eb, &pb);
        cr_assert(memcmp(ea, eb, 32) == 0);
        cr_assert(memcmp(&pa, &pb, sizeof pa) == 0, "same Jacobian limbs");
        b->pallas->mul_var(&pb, &g, &k);
        b->pallas->to_bytes(eb, &pb);
        cr_assert(memcmp(ea, eb, 32) == 0);
        for (int j = 0; j < 8; j++) msg[j] = (uint8_t)tu_next(&r);
        a->pallas->hash_to_curve(&pa, "t", msg, 8);
        b->pallas->hash_to_curve(&pb, "t", msg, 8);
        cr_assert(memcmp(&pa, &pb, sizeof pa) == 0);
        pasta_fp kv;
        pasta_vesta_jacobian va, vb;
        cr_assert_eq(a->fp->random(&kv, tu_rng_fill, &r), PASTA_OK);
        a->vesta->generator(&va);
        b->vesta->mul(&vb, &va, &kv);
        a->vesta->mul(&va, &va, &kv);
        cr_assert(memcmp(&va, &vb, sizeof va) == 0);
    }
}
Test(curve, cross_backend_bytes) { curve_cross_backend_bytes(PASTA_BACKEND_X86_64_ASM); }
Test(curve, cross_backend_bytes_ifma) { curve_cross_backend_bytes(PASTA_BACKEND_X86_64_IFMA); }

/* The public wrappers reach the active backend. */
Test(curve, public_api) {
    pasta_pallas_jacobian g, p;
    pasta_fq k;
    uint8_t b[32];
    pasta_pallas_generator(&g);
    pasta_fq_from_u64(&k, 7);
    pasta_pallas_mul(&p, &g, &k);
    pasta_pallas_to_bytes(b, &p);
    pasta_pallas_jacobian q;
    cr_assert_eq(pasta_pallas_from_bytes(&q, b), PASTA_OK);
    cr_assert(pasta_pallas_eq(&p, &q));
    pasta_vesta_jacobian vg, vp;
    pasta_fp kv;
    pasta_vesta_generator(&vg);
    pasta_fp_from_u64(&kv, 7);
    pasta_vesta_mul_var(&vp, &vg, &kv);
    cr_assert(pasta_vesta_is_on_curve(&vp));
}
