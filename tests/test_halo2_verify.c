/* prover_bench/verifier.h against halo2 itself: the three proofs halo2_proofs 0.3.2 made
 * for its plonk.rs circuit at k = 11 (tests/vectors/halo2/plonk_k11/proof-N.bin, each
 * verified by halo2 before it was written) are accepted; with any of many single bytes
 * flipped, truncated, extended, or against another verifying key, they are rejected, with
 * the documented codes. Links only pasta_static and pasta_halo2. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prover_bench/circuits.h"
#include "tests/halo2_testutil.h"
#include "prover_bench/verifier.h"

/* Under AddressSanitizer: LeakSanitizer's exit-time scan of dynamic TLS (clang 14's
 * runtime on glibc 2.36) can take a bogus range for a TLS block and crash its tracer
 * (signal 11, "DTLS ... at 0x..e6"), depending only on memory layout (google/sanitizers
 * #1322); this keeps it from intercepting __tls_get_addr. Unused without ASan. */
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "intercept_tls_get_addr=0"; }

#define PROOF_LEN 1600
/* plonk_k11's proof layout: 33 points, then 17 scalars interleaved as halo2 writes them */
enum {
    OFF_ADVICE = 0,   /* 3 advice commitments */
    OFF_PERM = 96,    /* 1 permutation product (3 columns, chunk 3) */
    OFF_RANDOM = 128, /* vanishing random poly */
    OFF_H = 160,      /* 4 h pieces */
    OFF_EVALS = 288,  /* advice 3, fixed 4, random 1, σ 3, z(x), z(ωx): 13 scalars */
    OFF_QPRIME = 704, /* q' */
    OFF_QEVALS = 736, /* 2 point sets */
    OFF_SPOLY = 800,  /* IPA s */
    OFF_ROUNDS = 832, /* 11 rounds of L, R */
    OFF_C = 1536,
    OFF_F = 1568
};


/* One keygen per test process (criterion runs each test in its own). */
static halo2_params params;
static halo2_cs cs;
static halo2_vk vk;
static uint8_t *proofs[3];

static void setup(void) {
    size_t len;
    uint8_t *pb = halo2_slurp("halo2/params-k11.bin", &len);
    cr_assert_eq(halo2_params_read(&params, pb, len), PASTA_OK);
    free(pb);
    halo2_plonk_config cfg;
    halo2_assembly a;
    halo2_plonk_keygen(&params, &cs, &cfg, &a, &vk);
    halo2_assembly_free(&a);
    for (int i = 0; i < 3; i++) {
        char rel[64];
        snprintf(rel, sizeof rel, "halo2/plonk_k11/proof-%d.bin", i + 1);
        proofs[i] = halo2_slurp(rel, &len);
        cr_assert_eq(len, PROOF_LEN);
    }
}

static void teardown(void) {
    for (int i = 0; i < 3; i++) free(proofs[i]);
    halo2_params_free(&params);
}

static int verify(const uint8_t *proof, size_t len) {
    return halo2_verify_proof(&params, &vk, NULL, NULL, proof, len);
}

/* proof i with byte pos XORed by mask */
static int verify_flipped(int i, size_t pos, uint8_t mask) {
    uint8_t buf[PROOF_LEN];
    memcpy(buf, proofs[i], PROOF_LEN);
    buf[pos] ^= mask;
    return verify(buf, PROOF_LEN);
}

static int is_rejection(int rc) { return rc == HALO2_ERR_VERIFY || rc == HALO2_ERR_MALFORMED; }

TestSuite(halo2_verify, .init = setup, .fini = teardown);

Test(halo2_verify, halo2s_proofs_are_accepted) {
    for (int i = 0; i < 3; i++)
        cr_assert_eq(verify(proofs[i], PROOF_LEN), PASTA_OK, "proof-%d.bin rejected", i + 1);
}

/* A flip that keeps the encoding valid reaches the checks: HALO2_ERR_VERIFY, not a
 * decoding error. A flipped low bit of any byte but the top one keeps a scalar canonical. */
Test(halo2_verify, flipped_evaluation_commitment_and_last_byte_fail_the_check) {
    static const size_t scalar_bytes[] = {
        OFF_EVALS,           /* advice a(x) */
        OFF_EVALS + 32 * 4,  /* fixed eval */
        OFF_EVALS + 32 * 7,  /* random poly eval */
        OFF_EVALS + 32 * 8,  /* σ eval */
        OFF_EVALS + 32 * 11, /* z(x) */
        OFF_EVALS + 32 * 12, /* z(ωx) */
        OFF_QEVALS + 32 + 3, /* the second q eval */
        OFF_C + 17,          /* c */
        PROOF_LEN - 32,      /* f, low byte */
        PROOF_LEN - 1,       /* the last byte (f's top byte, bit 0) */
    };
    for (int i = 0; i < 3; i++) /* all of them in proof-1, every other one in the others */
        for (size_t j = (size_t)(i == 2); j < sizeof scalar_bytes / sizeof *scalar_bytes;
             j += i ? 2 : 1) {
            /* still canonical after the flip? then the check must fail, else the decoding */
            uint8_t sb[32];
            pasta_fp tmp;
            memcpy(sb, proofs[i] + (scalar_bytes[j] & ~(size_t)31), 32);
            sb[scalar_bytes[j] & 31] ^= 0x01;
            const int want = pasta_fp_from_bytes(&tmp, sb) == PASTA_OK ? HALO2_ERR_VERIFY
                                                                       : HALO2_ERR_MALFORMED;
            int rc = verify_flipped(i, scalar_bytes[j], 0x01);
            cr_assert_eq(rc, want, "proof-%d byte %zu: rc %d", i + 1, scalar_bytes[j], rc);
            if (scalar_bytes[j] % 32 != 31) cr_assert_eq(want, HALO2_ERR_VERIFY);
        }
    /* a commitment replaced by another valid point (the negation: flip the sign bit) */
    static const size_t point_tops[] = {
        OFF_ADVICE + 31, OFF_PERM + 31,  OFF_RANDOM + 31,         OFF_H + 32 * 3 + 31,
        OFF_QPRIME + 31, OFF_SPOLY + 31, OFF_ROUNDS + 32 * 7 + 31};
    for (int i = 0; i < 3; i++) /* all of them in proof-1, every third in the others */
        for (size_t j = (size_t)i; j < sizeof point_tops / sizeof *point_tops;
             j += i ? 3 : 1) {
            int rc = verify_flipped(i, point_tops[j], 0x80);
            cr_assert_eq(rc, HALO2_ERR_VERIFY, "proof-%d byte %zu: rc %d", i + 1,
                         point_tops[j], rc);
        }
}

/* Malformed encodings, truncated and over-long proofs: HALO2_ERR_MALFORMED; bad arguments:
 * PASTA_ERR_INVALID_ARG. (One test: each test process pays a keygen.) */
Test(halo2_verify, malformed_truncated_and_over_long_proofs_are_invalid) {
    uint8_t buf[PROOF_LEN];
    /* a non-canonical scalar: bit 255 set, or the top byte raised to 0x7f */
    cr_assert_eq(verify_flipped(0, OFF_EVALS + 31, 0x80), HALO2_ERR_MALFORMED);
    memcpy(buf, proofs[1], PROOF_LEN);
    buf[PROOF_LEN - 1] = 0x7f;
    cr_assert_eq(verify(buf, PROOF_LEN), HALO2_ERR_MALFORMED);
    /* the identity as a commitment (decodes, but halo2 cannot absorb it) */
    memcpy(buf, proofs[2], PROOF_LEN);
    memset(buf + OFF_H, 0, 32);
    cr_assert_eq(verify(buf, PROOF_LEN), HALO2_ERR_MALFORMED);
    /* a point x that is >= q (all ones but the sign bit) */
    memcpy(buf, proofs[0], PROOF_LEN);
    memset(buf + OFF_ROUNDS, 0xff, 31);
    buf[OFF_ROUNDS + 31] = 0x7f;
    cr_assert_eq(verify(buf, PROOF_LEN), HALO2_ERR_MALFORMED);

    /* truncated and over-long */
    uint8_t lbuf[PROOF_LEN + 64];
    static const size_t lens[] = {
        0, 1, 31, 32, 96, OFF_EVALS, OFF_QPRIME + 31, PROOF_LEN - 32, PROOF_LEN - 1};
    for (size_t j = 0; j < sizeof lens / sizeof *lens; j++)
        cr_assert_eq(verify(proofs[0], lens[j]), HALO2_ERR_MALFORMED, "length %zu", lens[j]);
    memcpy(lbuf, proofs[1], PROOF_LEN);
    memset(lbuf + PROOF_LEN, 0, 64);
    cr_assert_eq(verify(lbuf, PROOF_LEN + 1), HALO2_ERR_MALFORMED);
    cr_assert_eq(verify(lbuf, PROOF_LEN + 32), HALO2_ERR_MALFORMED);
    cr_assert_eq(verify(lbuf, PROOF_LEN), PASTA_OK); /* the same bytes, the right length */
    cr_assert_eq(halo2_verify_proof(&params, &vk, NULL, NULL, NULL, 0), HALO2_ERR_MALFORMED);
    cr_assert_eq(halo2_verify_proof(&params, &vk, NULL, NULL, NULL, PROOF_LEN),
                 PASTA_ERR_INVALID_ARG);
    cr_assert_eq(halo2_verify_proof(NULL, &vk, NULL, NULL, lbuf, PROOF_LEN),
                 PASTA_ERR_INVALID_ARG);

    /* the reader alone: a point and a scalar are absorbed as common_point / common_scalar
     * would (the same challenge); short reads fail and leave the cursor */
    halo2_transcript t1, t2;
    halo2_proof_reader r;
    halo2_transcript_init(&t1);
    halo2_transcript_init(&t2);
    halo2_reader_init(&r, &t1, proofs[0], PROOF_LEN);
    pasta_vesta_affine p, q;
    pasta_fp s, c1, c2;
    cr_assert_eq(halo2_read_point(&r, &p), PASTA_OK);
    cr_assert_eq(r.pos, 32);
    cr_assert_eq(pasta_vesta_affine_from_bytes(&q, proofs[0]), PASTA_OK);
    cr_assert(pasta_vesta_affine_eq(&p, &q));
    r.pos = OFF_EVALS;
    cr_assert_eq(halo2_read_scalar(&r, &s), PASTA_OK);
    halo2_transcript_common_point(&t2, &q);
    halo2_transcript_common_scalar(&t2, &s);
    halo2_transcript_squeeze_challenge(&t1, &c1);
    halo2_transcript_squeeze_challenge(&t2, &c2);
    cr_assert(pasta_fp_eq(&c1, &c2));
    r.pos = PROOF_LEN - 31;
    cr_assert_eq(halo2_read_scalar(&r, &s), HALO2_ERR_MALFORMED);
    cr_assert_eq(halo2_read_point(&r, &p), HALO2_ERR_MALFORMED);
    cr_assert_eq(r.pos, PROOF_LEN - 31);
}

/* halo2_verify_proof_explain: which item of a malformed proof failed, and where. */
static void explain(const uint8_t *buf, size_t len, int want_rc, halo2_fault want, size_t at) {
    halo2_fault f;
    size_t off;
    cr_assert_eq(halo2_verify_proof_explain(&params, &vk, 1, NULL, NULL, buf, len, &f, &off),
                 want_rc, "len %zu", len);
    cr_assert_eq(f, want, "len %zu: fault %d, expected %d", len, (int)f, (int)want);
    cr_assert_eq(off, at, "len %zu: offset %zu, expected %zu", len, off, at);
}

Test(halo2_verify, malformed_proofs_are_explained) {
    uint8_t buf[PROOF_LEN + 1];
    explain(proofs[0], PROOF_LEN, PASTA_OK, HALO2_FAULT_NONE, 0);
    memcpy(buf, proofs[0], PROOF_LEN);
    buf[OFF_F] ^= 1; /* well formed, fails the check */
    explain(buf, PROOF_LEN, HALO2_ERR_VERIFY, HALO2_FAULT_NONE, 0);
    memcpy(buf, proofs[0], PROOF_LEN);
    buf[PROOF_LEN] = 0;
    explain(buf, PROOF_LEN + 1, HALO2_ERR_MALFORMED, HALO2_FAULT_TRAILING, PROOF_LEN);
    explain(buf, PROOF_LEN - 1, HALO2_ERR_MALFORMED, HALO2_FAULT_SHORT, OFF_F);
    explain(buf, 0, HALO2_ERR_MALFORMED, HALO2_FAULT_SHORT, 0);
    explain(buf, OFF_EVALS + 5, HALO2_ERR_MALFORMED, HALO2_FAULT_SHORT, OFF_EVALS);
    memset(buf + OFF_PERM, 0, 32);
    buf[OFF_PERM] = 2; /* x = 2: 2^3 + 5 is not a square mod q */
    explain(buf, PROOF_LEN, HALO2_ERR_MALFORMED, HALO2_FAULT_POINT_OFF_CURVE, OFF_PERM);
    memset(buf + OFF_ADVICE, 0, 32);
    explain(buf, PROOF_LEN, HALO2_ERR_MALFORMED, HALO2_FAULT_POINT_IDENTITY, OFF_ADVICE);
    memcpy(buf, proofs[0], PROOF_LEN);
    memset(buf + OFF_SPOLY, 0xff, 31);
    buf[OFF_SPOLY + 31] = 0x7f;
    explain(buf, PROOF_LEN, HALO2_ERR_MALFORMED, HALO2_FAULT_POINT_NONCANONICAL, OFF_SPOLY);
    memcpy(buf, proofs[0], PROOF_LEN);
    buf[OFF_C + 31] |= 0x80;
    explain(buf, PROOF_LEN, HALO2_ERR_MALFORMED, HALO2_FAULT_SCALAR_NONCANONICAL, OFF_C);
}

/* Another verifying key (its transcript repr or one fixed commitment changed), or the
 * proofs' pieces mixed between proofs: rejected by the checks. */
Test(halo2_verify, wrong_key_or_mixed_proofs_fail_the_check) {
    halo2_vk other = vk;
    pasta_fp one;
    pasta_fp_one(&one);
    pasta_fp_add(&other.transcript_repr, &other.transcript_repr, &one);
    cr_assert_eq(halo2_verify_proof(&params, &other, NULL, NULL, proofs[0], PROOF_LEN),
                 HALO2_ERR_VERIFY);
    other = vk;
    other.fixed_commitments[3] = vk.fixed_commitments[0]; /* sc := sm (sa and sb are equal) */
    cr_assert(!pasta_vesta_affine_eq(&vk.fixed_commitments[3], &vk.fixed_commitments[0]));
    cr_assert_eq(halo2_verify_proof(&params, &other, NULL, NULL, proofs[0], PROOF_LEN),
                 HALO2_ERR_VERIFY);
    other = vk;
    other.perm_commitments[0] = vk.perm_commitments[1];
    other.perm_commitments[1] = vk.perm_commitments[0];
    cr_assert_eq(halo2_verify_proof(&params, &other, NULL, NULL, proofs[1], PROOF_LEN),
                 HALO2_ERR_VERIFY);
    /* proof 1 with proof 2's evaluations, and with proof 2's IPA */
    uint8_t buf[PROOF_LEN];
    memcpy(buf, proofs[0], PROOF_LEN);
    memcpy(buf + OFF_EVALS, proofs[1] + OFF_EVALS, OFF_QPRIME - OFF_EVALS);
    cr_assert_eq(verify(buf, PROOF_LEN), HALO2_ERR_VERIFY);
    memcpy(buf, proofs[0], PROOF_LEN);
    memcpy(buf + OFF_SPOLY, proofs[1] + OFF_SPOLY, PROOF_LEN - OFF_SPOLY);
    cr_assert_eq(verify(buf, PROOF_LEN), HALO2_ERR_VERIFY);
    /* params for another k */
    halo2_params small = params;
    small.k = 10;
    small.n = 1024;
    cr_assert_eq(halo2_verify_proof(&small, &vk, NULL, NULL, proofs[0], PROOF_LEN),
                 PASTA_ERR_INVALID_ARG);
}

/* Every 37th byte of proof-1, and every 148th of proofs 2 and 3 (other starts; a different
 * bit per position), flipped: rejected (either code), never accepted. Up to 0.1 s each. */
Test(halo2_verify, byte_sweep_every_37th_byte_is_rejected) {
    for (int i = 0; i < 3; i++)
        for (size_t pos = (size_t)(12 * i); pos < PROOF_LEN; pos += i ? 148 : 37) {
            uint8_t mask = (uint8_t)(1u << ((pos + (size_t)i) % 8));
            int rc = verify_flipped(i, pos, mask);
            cr_assert(is_rejection(rc), "proof-%d byte %zu mask %02x: rc %d", i + 1, pos, mask,
                      rc);
        }
}

/* The instance path and the argument checks, on a small circuit of its own (advice a,
 * instance i, both with equality; fixed s; gate s·(a − i)): no halo2 proof exists for it, so
 * this only checks the arguments and that a foreign proof is rejected without a crash. */
Test(halo2_verify, instance_columns_arguments_and_foreign_proofs) {
    static halo2_cs ics;
    halo2_cs_init(&ics);
    halo2_column a = halo2_cs_advice_column(&ics), in = halo2_cs_instance_column(&ics);
    halo2_column s = halo2_cs_fixed_column(&ics);
    halo2_cs_enable_equality(&ics, a);
    halo2_cs_enable_equality(&ics, in);
    int qa = halo2_query_advice(&ics, a, 0), qi = halo2_query_instance(&ics, in, 0);
    int qs = halo2_query_fixed(&ics, s);
    halo2_cs_add_gate_poly(&ics, halo2_expr_product(&ics, qs, halo2_expr_sub(&ics, qa, qi)));
    cr_assert_eq(ics.error, 0);
    halo2_assembly asm_;
    cr_assert_eq(halo2_assembly_init(&asm_, &ics, 11), PASTA_OK);
    static halo2_vk ivk;
    cr_assert_eq(halo2_keygen_vk(&ivk, &params, &ics, &asm_), PASTA_OK);
    halo2_assembly_free(&asm_);

    pasta_fp vals[2048];
    for (size_t j = 0; j < 2048; j++) pasta_fp_from_u64(&vals[j], j + 7);
    const pasta_fp *cols[1] = {vals};
    size_t lens[1] = {2};
    const size_t usable = 2048 - (size_t)(halo2_cs_blinding_factors(&ics) + 1);
    cr_assert_eq(halo2_verify_proof(&params, &ivk, NULL, NULL, proofs[0], PROOF_LEN),
                 PASTA_ERR_INVALID_ARG, "instances missing");
    lens[0] = usable + 1; /* InstanceTooLarge */
    cr_assert_eq(halo2_verify_proof(&params, &ivk, cols, lens, proofs[0], PROOF_LEN),
                 PASTA_ERR_INVALID_ARG);
    lens[0] = usable;
    int rc = halo2_verify_proof(&params, &ivk, cols, lens, proofs[0], PROOF_LEN);
    cr_assert(is_rejection(rc), "rc %d", rc);
    lens[0] = 2;
    rc = halo2_verify_proof(&params, &ivk, cols, lens, proofs[1], PROOF_LEN);
    cr_assert(is_rejection(rc), "rc %d", rc);
    /* A well-formed proof of this circuit's shape (every point [j]G, every scalar j) runs
     * the whole verifier (instance commitment and evaluation, two permutation sets, a
     * three-point opening set) and fails the check; one item short or long, the decoding. */
    static const char shape[] =
        "PPPPPP"      /* advice, 2 permutation products, random, 2 h */
        "SSSSSSSSSSS" /* instance, advice, fixed, random, 2 σ, 3 + 2 z */
        "P"
        "SSS"                     /* q', 3 opening sets */
        "PPPPPPPPPPPPPPPPPPPPPPP" /* s, 11 rounds of L, R */
        "SS";                     /* c, f */
    uint8_t fake[sizeof shape * 32];
    pasta_vesta_jacobian g, acc;
    pasta_vesta_generator(&g);
    pasta_vesta_identity(&acc);
    for (size_t j = 0; j + 1 < sizeof shape; j++) {
        pasta_fp sj;
        pasta_vesta_add_var(&acc, &acc, &g);
        pasta_fp_from_u64(&sj, j + 1);
        if (shape[j] == 'P') pasta_vesta_to_bytes(fake + 32 * j, &acc);
        else pasta_fp_to_bytes(fake + 32 * j, &sj);
    }
    const size_t flen = 32 * (sizeof shape - 1);
    cr_assert_eq(flen, 1472);
    cr_assert_eq(halo2_verify_proof(&params, &ivk, cols, lens, fake, flen), HALO2_ERR_VERIFY);
    cr_assert_eq(halo2_verify_proof(&params, &ivk, cols, lens, fake, flen - 32),
                 HALO2_ERR_MALFORMED);
    cr_assert_eq(halo2_verify_proof(&params, &ivk, cols, lens, fake, flen + 32),
                 HALO2_ERR_MALFORMED);
    /* plonk_k11's key with instances it does not have: ignored (no instance column) */
    cr_assert_eq(halo2_verify_proof(&params, &vk, cols, lens, proofs[2], PROOF_LEN), PASTA_OK);

    /* enable_equality queries its column at rotation 0, as halo2's does, so a permutation
     * column always has the query the permutation argument evaluates (the verifier's
     * PASTA_ERR_UNSUPPORTED for a column without it cannot arise through cs.h) */
    static halo2_cs bad;
    halo2_cs_init(&bad);
    halo2_column b = halo2_cs_advice_column(&bad);
    halo2_cs_enable_equality(&bad, b);
    halo2_cs_add_gate_poly(&bad, halo2_query_advice(&bad, b, 1));
    cr_assert_eq(bad.n_advice_queries, 2);
    cr_assert_eq(bad.advice_queries[0].rotation, 0);
    cr_assert_eq(bad.advice_queries[1].rotation, 1);
}

/* pasta_halo2's own error codes: a permutation column without its rotation-0 query (a
 * constraint system halo2's API cannot make) is HALO2_ERR_MALFORMED, not a backend
 * error; a broken expression (a child or query out of range) is PASTA_ERR_INVALID_ARG;
 * each code has its message. */
Test(halo2_verify, malformed_constraint_systems_have_their_own_errors) {
    static halo2_cs bad;
    halo2_vk bvk = vk;
    bad = cs;
    bvk.cs = &bad;
    bad.perm_columns[0].index = bad.num_advice + 1; /* an advice column nobody queries */
    bad.perm_columns[0].type = HALO2_ADVICE;
    halo2_fault f;
    size_t off;
    cr_assert_eq(halo2_verify_proof_explain(&params, &bvk, 1, NULL, NULL, proofs[0], PROOF_LEN,
                                            &f, &off),
                 HALO2_ERR_MALFORMED);
    cr_assert_eq(f, HALO2_FAULT_NONE, "the key, not the proof");
    bad = cs;
    bad.nodes[bad.gate_polys[0]].op = HALO2_E_FIXED;
    bad.nodes[bad.gate_polys[0]].query = bad.n_fixed_queries; /* out of range */
    cr_assert_eq(halo2_verify_proof(&params, &bvk, NULL, NULL, proofs[0], PROOF_LEN),
                 PASTA_ERR_INVALID_ARG);
    bad = cs;
    bad.gate_polys[0] = bad.n_nodes; /* a root out of range */
    cr_assert_eq(halo2_verify_proof(&params, &bvk, NULL, NULL, proofs[0], PROOF_LEN),
                 PASTA_ERR_INVALID_ARG);
    cr_assert_eq(verify(proofs[0], PROOF_LEN), PASTA_OK); /* the real one still verifies */
    cr_assert_str_eq(halo2_strerror(HALO2_ERR_VERIFY), "the proof does not verify");
    cr_assert_str_eq(halo2_strerror(HALO2_ERR_LIMIT),
                     "beyond a capacity limit of pasta_halo2");
    cr_assert_str_eq(halo2_strerror(HALO2_ERR_MALFORMED),
                     "malformed proof, constraint system or key");
    cr_assert_str_eq(halo2_strerror(HALO2_ERR_INTERNAL), "internal error in pasta_halo2");
    cr_assert_str_eq(halo2_strerror(PASTA_ERR_NO_MEMORY), pasta_strerror(PASTA_ERR_NO_MEMORY));
}

/* keygen_vk compiles the verifier's gate program (the key owns it) and reports a malformed
 * expression itself, before any commitment; a copy of the key without the program (the
 * verifier then compiles its own for the key's cs) gives the same result on every proof. */
Test(halo2_verify, the_keys_gate_program_is_compiled_at_keygen) {
    cr_assert(vk.gates_cs == &cs);
    cr_assert_gt(vk.gates.nops, 0);
    halo2_vk own = vk;
    own.gates_cs = NULL;
    memset(&own.gates, 0, sizeof own.gates);
    uint8_t buf[PROOF_LEN];
    for (int i = 0; i < 3; i++)
        for (size_t pos = 0; pos <= PROOF_LEN; pos += i ? PROOF_LEN : 97) {
            memcpy(buf, proofs[i], PROOF_LEN);
            if (pos < PROOF_LEN) buf[pos] ^= 0x01; /* PROOF_LEN: unchanged */
            const int want = halo2_verify_proof(&params, &vk, NULL, NULL, buf, PROOF_LEN);
            cr_assert_eq(halo2_verify_proof(&params, &own, NULL, NULL, buf, PROOF_LEN), want,
                         "proof-%d byte %zu", i + 1, pos);
            if (pos == PROOF_LEN) cr_assert_eq(want, PASTA_OK);
        }
    static halo2_cs bad;
    bad = cs;
    bad.nodes[bad.gate_polys[0]].op = HALO2_E_FIXED;
    bad.nodes[bad.gate_polys[0]].query = bad.n_fixed_queries; /* out of range */
    halo2_assembly a;
    cr_assert_eq(halo2_assembly_init(&a, &bad, 11), PASTA_OK);
    halo2_vk bvk;
    cr_assert_eq(halo2_keygen_vk(&bvk, &params, &bad, &a), PASTA_ERR_INVALID_ARG);
    cr_assert(bvk.gates_cs == NULL && bvk.gates.ops == NULL);
    halo2_assembly_free(&a);
}

/* ---- lookup_k11: the three proofs halo2 made for tests/vectors/halo2/README.md's lookup
 * circuit (tests/vectors/halo2/lookup_k11/proof-N.bin with instance-N.hex): an instance
 * column, rotations -1/0/+1, compressed selectors and one lookup argument. */

#define LK_LEN 1984
/* its layout: 12 points, 20 scalars, q', 4 opening sets, the IPA */
enum {
    LK_ADVICE = 0,    /* 3 advice commitments */
    LK_PERMUTED = 96, /* the lookup's A', S' */
    LK_PERM = 160,    /* 1 permutation product (a, inst) */
    LK_Z = 192,       /* the lookup's product Z */
    LK_RANDOM = 224,  /* vanishing random poly */
    LK_H = 256,       /* 4 h pieces */
    LK_EVALS = 384,   /* instance 1, advice 5, fixed 4, random 1, σ 2, z 2, lookup 5 */
    LK_EV_LOOKUP = 384 + 32 * 15, /* z(x), z(ωx), A'(x), A'(ω^-1 x), S'(x) */
    LK_QPRIME = 1024,             /* q' */
    LK_QEVALS = 1056,             /* 4 point sets */
    LK_SPOLY = 1184,              /* IPA s */
    LK_ROUNDS = 1216,             /* 11 rounds of L, R */
    LK_C = 1920,
    LK_F = 1952
};
/* each 32-byte item of the proof: P a point, S a scalar */
static const char lk_shape[] = "PPPPPPPPPPPP"
                               "SSSSSSSSSSSSSSSSSSSS"
                               "P"
                               "SSSS"
                               "PPPPPPPPPPPPPPPPPPPPPPP"
                               "SS";

static halo2_cs lcs;
static halo2_vk lvk;
static uint8_t *lproofs[3];
static pasta_fp linst[3][2];

static void lk_setup(void) {
    cr_assert_eq(sizeof lk_shape - 1, LK_LEN / 32);
    halo2_read_test_params(&params);
    halo2_lookup_config cfg;
    halo2_assembly a;
    halo2_cs_init(&lcs);
    halo2_lookup_configure(&lcs, &cfg);
    cr_assert_eq(halo2_assembly_init(&a, &lcs, 11), PASTA_OK);
    cr_assert_eq(halo2_lookup_synthesize_keygen(&a, &lcs, &cfg), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&a, &lcs), PASTA_OK);
    cr_assert_eq(halo2_keygen_vk(&lvk, &params, &lcs, &a), PASTA_OK);
    halo2_assembly_free(&a);
    for (int i = 0; i < 3; i++) {
        char rel[64];
        size_t len;
        snprintf(rel, sizeof rel, "halo2/lookup_k11/proof-%d.bin", i + 1);
        lproofs[i] = halo2_slurp(rel, &len);
        cr_assert_eq(len, LK_LEN);
        snprintf(rel, sizeof rel, "halo2/lookup_k11/instance-%d.hex", i + 1);
        char *hex = (char *)halo2_slurp(rel, &len);
        for (int r = 0; r < 2; r++) { /* one 64-digit repr a line */
            uint8_t b[32];
            for (int j = 0; j < 32; j++) {
                unsigned x;
                cr_assert_eq(sscanf(hex + 65 * r + 2 * j, "%2x", &x), 1);
                b[j] = (uint8_t)x;
            }
            cr_assert_eq(pasta_fp_from_bytes(&linst[i][r], b), PASTA_OK);
        }
        free(hex);
    }
}

static void lk_teardown(void) {
    for (int i = 0; i < 3; i++) free(lproofs[i]);
    halo2_params_free(&params);
}

static int lk_verify_with(const pasta_fp *inst, size_t ninst, const uint8_t *proof,
                          size_t len) {
    const pasta_fp *cols[1] = {inst};
    const size_t lens[1] = {ninst};
    return halo2_verify_proof(&params, &lvk, cols, lens, proof, len);
}

static int lk_verify(int i, const uint8_t *proof, size_t len) {
    return lk_verify_with(linst[i], 2, proof, len);
}

/* proof i with byte pos XORed by mask; the code it must get: the flipped item still
 * decodes (a canonical scalar; a point on the curve, not the identity) ? the check fails :
 * the decoding does */
static void lk_expect_flip_rejected(int i, size_t pos, uint8_t mask) {
    uint8_t buf[LK_LEN];
    memcpy(buf, lproofs[i], LK_LEN);
    buf[pos] ^= mask;
    const uint8_t *item = buf + (pos & ~(size_t)31);
    int decodes;
    if (lk_shape[pos / 32] == 'S') {
        pasta_fp s;
        decodes = pasta_fp_from_bytes(&s, item) == PASTA_OK;
    } else {
        pasta_vesta_affine p;
        decodes = pasta_vesta_affine_from_bytes(&p, item) == PASTA_OK &&
                  !pasta_vesta_affine_is_identity(&p);
    }
    const int want = decodes ? HALO2_ERR_VERIFY : HALO2_ERR_MALFORMED;
    const int rc = lk_verify(i, buf, LK_LEN);
    cr_assert_eq(rc, want, "proof-%d byte %zu mask %02x: rc %d, want %d", i + 1, pos, mask, rc,
                 want);
}

TestSuite(halo2_verify_lookup, .init = lk_setup, .fini = lk_teardown);

Test(halo2_verify_lookup, halo2s_proofs_with_their_instances_are_accepted) {
    /* the circuit the vectors describe: table, q_lookup, q_add, q_mul (not combined) */
    cr_assert_eq(lcs.n_lookups, 1);
    cr_assert_eq(lcs.num_instance, 1);
    cr_assert_eq(lcs.num_fixed, 4);
    cr_assert_eq(halo2_cs_degree(&lcs), 5);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(lk_verify(i, lproofs[i], LK_LEN), PASTA_OK, "proof-%d.bin rejected",
                     i + 1);
    /* zeros after the instance values change nothing (the column is zero-padded) */
    pasta_fp ext[3] = {linst[1][0], linst[1][1]};
    pasta_fp_zero(&ext[2]);
    cr_assert_eq(lk_verify_with(ext, 3, lproofs[1], LK_LEN), PASTA_OK);
}

Test(halo2_verify_lookup, wrong_instances_fail_the_check) {
    pasta_fp one, w[3];
    pasta_fp_one(&one);
    for (int i = 0; i < 3; i++) {
        /* another proof's instance (a[999] differs between the witnesses) */
        cr_assert(!pasta_fp_eq(&linst[i][1], &linst[(i + 1) % 3][1]));
        cr_assert_eq(lk_verify_with(linst[(i + 1) % 3], 2, lproofs[i], LK_LEN),
                     HALO2_ERR_VERIFY);
        /* each value plus one */
        for (int r = 0; r < 2; r++) {
            memcpy(w, linst[i], sizeof linst[i]);
            pasta_fp_add(&w[r], &w[r], &one);
            cr_assert_eq(lk_verify_with(w, 2, lproofs[i], LK_LEN), HALO2_ERR_VERIFY,
                         "proof-%d instance row %d", i + 1, r);
        }
    }
    /* one value short, or a nonzero third value */
    cr_assert_eq(lk_verify_with(linst[0], 1, lproofs[0], LK_LEN), HALO2_ERR_VERIFY);
    memcpy(w, linst[2], sizeof linst[2]);
    w[2] = one;
    cr_assert_eq(lk_verify_with(w, 3, lproofs[2], LK_LEN), HALO2_ERR_VERIFY);
    /* the two values swapped */
    w[0] = linst[2][1];
    w[1] = linst[2][0];
    cr_assert_eq(lk_verify_with(w, 2, lproofs[2], LK_LEN), HALO2_ERR_VERIFY);
    /* no instances, or too many values (InstanceTooLarge: n - (blinding + 1) = 2042) */
    cr_assert_eq(halo2_verify_proof(&params, &lvk, NULL, NULL, lproofs[0], LK_LEN),
                 PASTA_ERR_INVALID_ARG);
    static pasta_fp big[2043];
    memset(big, 0, sizeof big);
    big[0] = linst[0][0];
    big[1] = linst[0][1];
    cr_assert_eq(halo2_cs_blinding_factors(&lcs), 5);
    cr_assert_eq(lk_verify_with(big, 2042, lproofs[0], LK_LEN), PASTA_OK);
    cr_assert_eq(lk_verify_with(big, 2043, lproofs[0], LK_LEN), PASTA_ERR_INVALID_ARG);
}

/* Every byte of proof-1's first and last point and first and last scalar flipped (bit
 * pos mod 8), and every item of the proof at a byte and bit of its own (in proof
 * item mod 3): each rejected with the code its decoding implies. About 190 verifications
 * (about 30 ms each). */
Test(halo2_verify_lookup, flipped_bytes_are_rejected) {
    static const size_t firsts[] = {LK_ADVICE, LK_ROUNDS + 32 * 21, LK_EVALS, LK_F};
    for (size_t f = 0; f < sizeof firsts / sizeof *firsts; f++)
        for (size_t b = 0; b < 32; b++) {
            const size_t pos = firsts[f] + b;
            lk_expect_flip_rejected(0, pos, (uint8_t)(1u << (pos % 8)));
        }
    for (size_t item = 0; item < LK_LEN / 32; item++) {
        const size_t pos = 32 * item + (item * 7) % 32;
        lk_expect_flip_rejected((int)(item % 3), pos, (uint8_t)(1u << (item % 8)));
    }
}

/* The lookup's own items: each commitment replaced by another valid point (its negation),
 * A' and S' swapped, and each of its five evaluations changed, fail the check. */
Test(halo2_verify_lookup, lookup_commitments_and_evaluations_are_checked) {
    uint8_t buf[LK_LEN];
    static const size_t lk_points[] = {LK_PERMUTED, LK_PERMUTED + 32, LK_Z};
    for (int i = 0; i < 3; i++) {
        for (size_t j = 0; j < 3; j++) {
            memcpy(buf, lproofs[i], LK_LEN);
            buf[lk_points[j] + 31] ^= 0x80; /* the sign of y */
            cr_assert_eq(lk_verify(i, buf, LK_LEN), HALO2_ERR_VERIFY, "proof-%d point %zu",
                         i + 1, j);
        }
        memcpy(buf, lproofs[i], LK_LEN);
        memcpy(buf + LK_PERMUTED, lproofs[i] + LK_PERMUTED + 32, 32);
        memcpy(buf + LK_PERMUTED + 32, lproofs[i] + LK_PERMUTED, 32);
        cr_assert_eq(lk_verify(i, buf, LK_LEN), HALO2_ERR_VERIFY);
        for (int e = 0; e < 5; e++) {
            memcpy(buf, lproofs[i], LK_LEN);
            buf[LK_EV_LOOKUP + 32 * e] ^= 0x01; /* stays canonical */
            cr_assert_eq(lk_verify(i, buf, LK_LEN), HALO2_ERR_VERIFY, "proof-%d eval %d",
                         i + 1, e);
        }
    }
    /* proof-1 with proof-2's lookup evaluations */
    memcpy(buf, lproofs[0], LK_LEN);
    memcpy(buf + LK_EV_LOOKUP, lproofs[1] + LK_EV_LOOKUP, 5 * 32);
    cr_assert_eq(lk_verify(0, buf, LK_LEN), HALO2_ERR_VERIFY);
}

/* Truncated and over-long proofs, a proof of the other circuit, and the key without its
 * lookup: rejected. */
Test(halo2_verify_lookup, truncated_over_long_and_foreign_proofs_are_rejected) {
    static const size_t lens[] = {
        0,         31,        LK_PERMUTED,           LK_PERMUTED + 32,
        LK_Z + 16, LK_EVALS,  LK_EV_LOOKUP + 32 * 4, LK_QPRIME,
        LK_C,      LK_LEN - 1};
    for (int i = 0; i < 3; i++)
        for (size_t j = 0; j < sizeof lens / sizeof *lens; j++)
            cr_assert_eq(lk_verify(i, lproofs[i], lens[j]), HALO2_ERR_MALFORMED,
                         "proof-%d length %zu", i + 1, lens[j]);
    uint8_t buf[LK_LEN + 64];
    memcpy(buf, lproofs[2], LK_LEN);
    memset(buf + LK_LEN, 0, 64);
    cr_assert_eq(lk_verify(2, buf, LK_LEN + 1), HALO2_ERR_MALFORMED);
    cr_assert_eq(lk_verify(2, buf, LK_LEN + 32), HALO2_ERR_MALFORMED);
    cr_assert_eq(lk_verify(2, buf, LK_LEN + 64), HALO2_ERR_MALFORMED);
    cr_assert_eq(lk_verify(2, buf, LK_LEN), PASTA_OK);
    /* a plonk_k11 proof (1600 bytes) under this key */
    size_t len;
    uint8_t *plonk = halo2_slurp("halo2/plonk_k11/proof-1.bin", &len);
    int rc = lk_verify(0, plonk, len);
    cr_assert(is_rejection(rc), "rc %d", rc);
    free(plonk);
    /* the same key with its lookup dropped reads 3 points and 5 scalars fewer: a proof
     * that is rejected, never accepted */
    static halo2_cs nolk;
    nolk = lcs;
    nolk.n_lookups = 0;
    halo2_vk other = lvk;
    other.cs = &nolk;
    const pasta_fp *cols[1] = {linst[0]};
    const size_t il[1] = {2};
    rc = halo2_verify_proof(&params, &other, cols, il, lproofs[0], LK_LEN);
    cr_assert(is_rejection(rc), "rc %d", rc);
}

/* Selector compression that combines two simple selectors (advice a, gates s1·a and
 * s2·(a − 1), degree 3: one fixed column q, s1 = q(2 − q), s2 = q(1 − q)) overwrites each
 * selector leaf with a copy of its replacement's root, whose children come after it. No
 * halo2 proof exists for this circuit: a well-formed proof of its shape (every point
 * [j]G, every scalar j) must get through the expression evaluation to the final check. */
Test(halo2_verify_lookup, combined_selectors_are_evaluated) {
    static halo2_cs ccs;
    halo2_cs_init(&ccs);
    halo2_column a = halo2_cs_advice_column(&ccs);
    const int s1 = halo2_cs_selector(&ccs), s2 = halo2_cs_selector(&ccs);
    pasta_fp one;
    pasta_fp_one(&one);
    halo2_cs_add_gate_poly(&ccs, halo2_expr_product(&ccs, halo2_query_selector(&ccs, s1),
                                                    halo2_query_advice(&ccs, a, 0)));
    halo2_cs_add_gate_poly(
        &ccs, halo2_expr_product(&ccs, halo2_query_selector(&ccs, s2),
                                 halo2_expr_sub(&ccs, halo2_query_advice(&ccs, a, 0),
                                                halo2_expr_constant(&ccs, &one))));
    halo2_assembly asm_;
    cr_assert_eq(halo2_assembly_init(&asm_, &ccs, 11), PASTA_OK);
    for (size_t r = 0; r < 8; r++)
        cr_assert_eq(halo2_enable_selector(&asm_, r & 1 ? s2 : s1, r), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&asm_, &ccs), PASTA_OK);
    cr_assert_eq(ccs.num_fixed, 1, "the two selectors share one column");
    int later_child = 0;
    for (int i = 0; i < ccs.n_nodes; i++) {
        const halo2_expr *e = &ccs.nodes[i];
        if ((e->op == HALO2_E_SUM || e->op == HALO2_E_PRODUCT) && (e->a > i || e->b > i))
            later_child = 1;
    }
    cr_assert(later_child);
    static halo2_vk cvk;
    cr_assert_eq(halo2_keygen_vk(&cvk, &params, &ccs, &asm_), PASTA_OK);
    halo2_assembly_free(&asm_);

    static const char shape[] = "PPPP" /* advice, random, 2 h */
                                "SSS"  /* advice, fixed, random */
                                "P"
                                "S"                       /* q', 1 opening set */
                                "PPPPPPPPPPPPPPPPPPPPPPP" /* s, 11 rounds of L, R */
                                "SS";                     /* c, f */
    uint8_t fake[sizeof shape * 32];
    pasta_vesta_jacobian g, acc;
    pasta_vesta_generator(&g);
    pasta_vesta_identity(&acc);
    for (size_t j = 0; j + 1 < sizeof shape; j++) {
        pasta_fp sj;
        pasta_vesta_add_var(&acc, &acc, &g);
        pasta_fp_from_u64(&sj, j + 1);
        if (shape[j] == 'P') pasta_vesta_to_bytes(fake + 32 * j, &acc);
        else pasta_fp_to_bytes(fake + 32 * j, &sj);
    }
    const size_t flen = 32 * (sizeof shape - 1);
    cr_assert_eq(halo2_verify_proof(&params, &cvk, NULL, NULL, fake, flen), HALO2_ERR_VERIFY);
    cr_assert_eq(halo2_verify_proof(&params, &cvk, NULL, NULL, fake, flen - 32),
                 HALO2_ERR_MALFORMED);
    cr_assert_eq(halo2_verify_proof(&params, &cvk, NULL, NULL, fake, flen + 32),
                 HALO2_ERR_MALFORMED);
}
