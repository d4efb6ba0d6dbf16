/* prover_bench/orchard.c: the Orchard action circuit's shape (ORCHARD_SHAPE §1) counted
 * from the constraint system; prover_bench/mock.c: generated witnesses satisfy it, and a
 * witness with one cell changed fails at that cell (also on plonk_k11 and lookup_k11). */
#include <criterion/criterion.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "halo2_testutil.h"
#include "prover_bench/mock.h"
#include "prover_bench/orchard.h"
#include "prover_bench/prover.h"
#include "prover_bench/verifier.h"

#define N 2048u

static halo2_cs cs;
static halo2_orchard_config cfg;
static halo2_assembly asmb;
static int fixed_before, selectors_before, complex_before;

static void orchard_keygen(void) {
    halo2_cs_init(&cs);
    halo2_orchard_configure(&cs, &cfg);
    cr_assert_eq(cfg.error, 0);
    cr_assert_eq(cs.error, 0);
    fixed_before = cs.num_fixed;
    selectors_before = cs.num_selectors;
    complex_before = 0;
    for (int s = 0; s < cs.num_selectors; s++) complex_before += !cs.selector_simple[s];
    cr_assert_eq(halo2_assembly_init(&asmb, &cs, 11), PASTA_OK);
    cr_assert_eq(halo2_orchard_synthesize_keygen(&asmb, &cs, &cfg), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&asmb, &cs), PASTA_OK);
}
static void orchard_free(void) { halo2_assembly_free(&asmb); }

/* One action's witness from seed, and its view for the mock. */
typedef struct action {
    pasta_fp *advice, inst[HALO2_ORCHARD_INSTANCES];
    const pasta_fp *cols[1];
    size_t lens[1];
    halo2_witness w;
} action;
static void action_make(action *x, uint64_t seed) {
    x->advice = malloc(10 * N * sizeof *x->advice);
    cr_assert_not_null(x->advice);
    cr_assert_eq(halo2_orchard_synthesize_witness(x->advice, x->inst, &cs, 11, &cfg, seed),
                 PASTA_OK);
    x->cols[0] = x->inst;
    x->lens[0] = HALO2_ORCHARD_INSTANCES;
    x->w = (halo2_witness){x->advice, x->cols, x->lens};
}
static void action_free(action *x) { free(x->advice); }
static pasta_fp *adv(action *x, int col, size_t row) {
    return &x->advice[(size_t)col * N + row];
}
static void bump(pasta_fp *v) {
    pasta_fp one;
    pasta_fp_one(&one);
    pasta_fp_add(v, v, &one);
}

Test(halo2_orchard, shape, .init = orchard_keygen, .fini = orchard_free) {
    cr_assert_eq(cs.num_advice, 10);
    cr_assert_eq(cs.num_instance, 1);
    cr_assert_eq(fixed_before, 14);
    cr_assert_eq(selectors_before, 56);
    cr_assert_eq(complex_before, 4);
    cr_assert_eq(cs.num_fixed, 29, "fixed after compression: %d", cs.num_fixed);
    cr_assert_eq(asmb.num_fixed, 29);
    /* advice queries: 0,2,3,4,5 at {0,+1}; 1,6,7,8,9 at {-1,0,+1} */
    cr_assert_eq(cs.n_advice_queries, 25);
    int seen[10][3] = {{0}};
    for (int i = 0; i < cs.n_advice_queries; i++) {
        const halo2_query *q = &cs.advice_queries[i];
        cr_assert(q->rotation >= -1 && q->rotation <= 1);
        seen[q->column.index][q->rotation + 1]++;
    }
    for (int c = 0; c < 10; c++) {
        const int three = c == 1 || c >= 6;
        cr_assert_eq(seen[c][0], three, "column %d rotation -1", c);
        cr_assert_eq(seen[c][1], 1);
        cr_assert_eq(seen[c][2], 1);
        cr_assert_eq(cs.num_advice_queries[c], 2 + three);
    }
    cr_assert_eq(cs.n_instance_queries, 1);
    cr_assert_eq(cs.instance_queries[0].rotation, 0);
    cr_assert_eq(cs.n_fixed_queries, 29);
    for (int i = 0; i < cs.n_fixed_queries; i++) cr_assert_eq(cs.fixed_queries[i].rotation, 0);
    /* gates: 193 polynomials, Orchard's degree histogram */
    cr_assert_eq(cs.n_gate_polys, 193);
    int hist[16] = {0};
    for (int i = 0; i < cs.n_gate_polys; i++) {
        int d = halo2_expr_degree(&cs, cs.gate_polys[i]);
        cr_assert(d >= 0 && d < 16);
        hist[d]++;
    }
    static const int want[16] = {
        [3] = 4, [4] = 2, [5] = 7, [6] = 21, [7] = 35, [8] = 65, [9] = 59};
    for (int d = 0; d < 16; d++)
        cr_assert_eq(hist[d], want[d], "degree %d: %d polynomials", d, hist[d]);
    /* lookups: range check (width 1, degree 3, fixed 0), two generator-table lookups
     * (width 3, degrees 4, 2, 4, fixed 0, 1, 2) */
    cr_assert_eq(cs.n_lookups, 3);
    static const int width[3] = {1, 3, 3}, deg[3][3] = {{3}, {4, 2, 4}, {4, 2, 4}};
    for (int l = 0; l < 3; l++) {
        cr_assert_eq(cs.lookups[l].n, width[l]);
        for (int i = 0; i < width[l]; i++) {
            cr_assert_eq(halo2_expr_degree(&cs, cs.lookups[l].input[i]), deg[l][i],
                         "lookup %d input %d", l, i);
            const halo2_expr *t = &cs.nodes[cs.lookups[l].table[i]];
            cr_assert_eq(t->op, HALO2_E_FIXED);
            cr_assert_eq(cs.fixed_queries[t->query].column.index, i);
        }
    }
    /* permutation: Instance0, Advice0-9, Fixed3, Fixed8, Fixed9, Fixed10 */
    cr_assert_eq(cs.n_perm_columns, 15);
    const halo2_column perm[15] = {{HALO2_INSTANCE, 0}, {HALO2_ADVICE, 0}, {HALO2_ADVICE, 1},
                                   {HALO2_ADVICE, 2},   {HALO2_ADVICE, 3}, {HALO2_ADVICE, 4},
                                   {HALO2_ADVICE, 5},   {HALO2_ADVICE, 6}, {HALO2_ADVICE, 7},
                                   {HALO2_ADVICE, 8},   {HALO2_ADVICE, 9}, {HALO2_FIXED, 3},
                                   {HALO2_FIXED, 8},    {HALO2_FIXED, 9},  {HALO2_FIXED, 10}};
    for (int i = 0; i < 15; i++) {
        cr_assert_eq(cs.perm_columns[i].type, perm[i].type, "perm column %d", i);
        cr_assert_eq(cs.perm_columns[i].index, perm[i].index, "perm column %d", i);
    }
    const int degree = halo2_cs_degree(&cs), chunk = degree - 2;
    cr_assert_eq(degree, 9);
    cr_assert_eq((cs.n_perm_columns + chunk - 1) / chunk, 3);
    cr_assert_eq(halo2_cs_extended_k(&cs, 11), 14);
    cr_assert_eq(degree - 1, 8); /* h pieces */
    cr_assert_eq(halo2_cs_blinding_factors(&cs), 5);
    cr_assert_eq(asmb.usable_rows, 2042);
}

/* The gate ASTs' per-point operation counts against Orchard's (1424 Mul, 1514 Add,
 * 1462 Scale = 199 Scaled + 1263 Negated, 1002 constants, 2129 leaf reads over 49
 * distinct (column, rotation) leaves): within 10% each, the distinct leaves exactly. */
Test(halo2_orchard, gate_operation_counts, .init = orchard_keygen, .fini = orchard_free) {
    halo2_expr_counts c = {0};
    for (int i = 0; i < cs.n_gate_polys; i++) halo2_expr_count(&cs, cs.gate_polys[i], &c);
    uint8_t adv_used[HALO2_MAX_QUERIES] = {0}, fix_used[HALO2_MAX_QUERIES] = {0};
    int distinct = 0;
    /* the leaves reachable from the gates */
    int *stack = malloc(HALO2_MAX_NODES * 64 * sizeof *stack), top = 0;
    cr_assert_not_null(stack);
    for (int i = 0; i < cs.n_gate_polys; i++) stack[top++] = cs.gate_polys[i];
    while (top > 0) {
        const halo2_expr *x = &cs.nodes[stack[--top]];
        if (x->op == HALO2_E_ADVICE && !adv_used[x->query]) adv_used[x->query] = 1, distinct++;
        if (x->op == HALO2_E_FIXED && !fix_used[x->query]) fix_used[x->query] = 1, distinct++;
        cr_assert_neq(x->op, HALO2_E_INSTANCE);
        cr_assert_neq(x->op, HALO2_E_SELECTOR);
        if (x->op == HALO2_E_NEGATED || x->op == HALO2_E_SCALED) stack[top++] = x->a;
        if (x->op == HALO2_E_SUM || x->op == HALO2_E_PRODUCT)
            stack[top++] = x->a, stack[top++] = x->b;
        cr_assert_lt(top, HALO2_MAX_NODES * 64);
    }
    free(stack);
    printf(
        "orchard gates per point: mul %ld add %ld scale %ld (scaled %ld negated %ld) constants %ld "
        "leaves %ld distinct %d; nodes %d\n",
        c.mul, c.add, c.scaled + c.negated, c.scaled, c.negated, c.constants, c.leaves,
        distinct, cs.n_nodes);
    const long got[6] = {c.mul, c.add, c.scaled + c.negated, c.negated, c.constants, c.leaves};
    const long want[6] = {1424, 1514, 1462, 1263, 1002, 2129};
    for (int i = 0; i < 6; i++)
        cr_assert(got[i] * 10 >= want[i] * 9 && got[i] * 10 <= want[i] * 11,
                  "count %d: %ld, Orchard %ld", i, got[i], want[i]);
    cr_assert(c.scaled * 10 >= 199 * 7 && c.scaled * 10 <= 199 * 13, "scaled %ld", c.scaled);
    cr_assert_eq(distinct, 49);
}

/* keygen_vk and keygen_pk take the shape: 29 fixed and 15 σ commitments, the domain 2^14. */
Test(halo2_orchard, keygen_vk_pk, .init = orchard_keygen, .fini = orchard_free) {
    halo2_params p;
    halo2_read_test_params(&p);
    static halo2_vk vk;
    cr_assert_eq(halo2_keygen_vk(&vk, &p, &cs, &asmb), PASTA_OK);
    cr_assert_eq(vk.extended_k, 14);
    cr_assert_eq(vk.num_fixed, 29);
    cr_assert_eq(vk.num_perm, 15);
    halo2_pk pk;
    cr_assert_eq(halo2_keygen_pk(&pk, &vk, &cs, &asmb), PASTA_OK);
    cr_assert_eq(pk.ext_n, 16384);
    halo2_pk_free(&pk);
    halo2_params_free(&p);
}

Test(halo2_orchard, witnesses_satisfy, .init = orchard_keygen, .fini = orchard_free) {
    pasta_fp first[HALO2_ORCHARD_INSTANCES];
    for (uint64_t seed = 1; seed <= 4; seed++) {
        action x;
        action_make(&x, seed);
        halo2_mock_failure f;
        int rc = halo2_mock_check(&cs, &asmb, &x.w, &f);
        cr_assert_eq(rc, HALO2_MOCK_OK, "seed %llu: kind %d index %d row %zu",
                     (unsigned long long)seed, f.kind, f.index, f.row);
        if (seed == 1) memcpy(first, x.inst, sizeof first);
        else
            for (int i = 0; i < HALO2_ORCHARD_INSTANCES; i++)
                cr_assert(!pasta_fp_eq(&first[i], &x.inst[i]));
        action_free(&x);
    }
    /* the same seed, the same witness */
    action x, y;
    action_make(&x, 7);
    action_make(&y, 7);
    cr_assert_eq(memcmp(x.advice, y.advice, 10 * N * sizeof *x.advice), 0);
    action_free(&x);
    action_free(&y);
}

/* One changed cell: a gate output, a range-check word, a Sinsemilla x_p, a copied cell. */
Test(halo2_orchard, broken_witnesses_fail, .init = orchard_keygen, .fini = orchard_free) {
    action x;
    action_make(&x, 3);
    halo2_mock_failure f;
    /* the last polynomial of selector 20 in its 4th region (its output feeds nothing in
     * that region) */
    const int s = 20, p = cfg.first_poly[s + 1] - 1;
    const size_t mid = cfg.region_row[s][3];
    pasta_fp *cell = adv(&x, cfg.polys[p].out_col,
                         (size_t)((long long)mid + cfg.polys[p].out_rot)),
             keep = *cell;
    bump(cell);
    cr_assert_eq(halo2_mock_check(&cs, &asmb, &x.w, &f), HALO2_MOCK_GATE);
    cr_assert_eq(f.index, p);
    cr_assert_eq(f.row, mid);
    *cell = keep;
    cr_assert_eq(halo2_mock_check_gates(&cs, &asmb, &x.w, &f), HALO2_MOCK_OK);

    /* z_5 of range-check chain 2 plus one: word 4 = z_4 − 2^10 z_5 leaves [0, 2^10) */
    cell = adv(&x, 9, cfg.rc_start[2] + 5), keep = *cell;
    bump(cell);
    cr_assert_eq(halo2_mock_check(&cs, &asmb, &x.w, &f), HALO2_MOCK_LOOKUP);
    cr_assert_eq(f.index, 0);
    cr_assert_eq(f.row, cfg.rc_start[2] + 4);
    *cell = keep;

    /* x_p of Sinsemilla config 1 at its 10th row: (word, x_p, y) is no table row */
    const size_t srow = cfg.s1_start[1] + 9;
    cell = adv(&x, 6, srow), keep = *cell;
    bump(cell);
    cr_assert_eq(halo2_mock_check_lookups(&cs, &asmb, &x.w, &f), HALO2_MOCK_LOOKUP);
    cr_assert_eq(f.index, 2);
    cr_assert_eq(f.row, srow);
    *cell = keep;

    /* a public row, and a copy's destination cell */
    keep = x.inst[4];
    bump(&x.inst[4]);
    cr_assert_eq(halo2_mock_check(&cs, &asmb, &x.w, &f), HALO2_MOCK_COPY);
    x.inst[4] = keep;
    int k = 0;
    while (cfg.copies[k].dst_col < 0 || cfg.copies[k].src.type != HALO2_ADVICE) k++;
    cell = adv(&x, cfg.copies[k].dst_col, cfg.copies[k].dst_row), keep = *cell;
    bump(cell);
    cr_assert_eq(halo2_mock_check_copies(&cs, &asmb, &x.w, &f), HALO2_MOCK_COPY);
    *cell = keep;
    cr_assert_eq(halo2_mock_check(&cs, &asmb, &x.w, &f), HALO2_MOCK_OK);
    action_free(&x);
}

/* The mock on plonk_k11: halo2_plonk_synthesize_witness satisfies it; a changed c fails
 * the gate at that row, a changed a (copied between rows) the copy. */
static halo2_cs pcs, lcs;

Test(halo2_mock, plonk_k11) {
    halo2_plonk_config pc;
    halo2_assembly a;
    halo2_cs_init(&pcs);
    halo2_plonk_configure(&pcs, &pc);
    cr_assert_eq(halo2_assembly_init(&a, &pcs, 11), PASTA_OK);
    cr_assert_eq(halo2_plonk_synthesize_keygen(&a, &pcs, &pc), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&a, &pcs), PASTA_OK);
    pasta_fp *advice = malloc(3 * N * sizeof *advice), v;
    cr_assert_not_null(advice);
    pasta_fp_from_u64(&v, 12345);
    cr_assert_eq(halo2_plonk_synthesize_witness(advice, 11, &pc, &v), PASTA_OK);
    const halo2_witness w = {advice, NULL, NULL};
    halo2_mock_failure f;
    cr_assert_eq(halo2_mock_check(&pcs, &a, &w, &f), HALO2_MOCK_OK);
    pasta_fp *c501 = &advice[(size_t)pc.c.index * N + 501], keep = *c501;
    bump(c501);
    cr_assert_eq(halo2_mock_check(&pcs, &a, &w, &f), HALO2_MOCK_GATE);
    cr_assert_eq(f.row, 501);
    *c501 = keep;
    cr_assert_eq(halo2_mock_check(&pcs, &a, &w, &f), HALO2_MOCK_OK);
    /* the multiply row 1000 as (7, 7, 49): its gate holds; the copy a[1000] = a[1001]
     * fails */
    pasta_fp_from_u64(&v, 7);
    advice[(size_t)pc.a.index * N + 1000] = v;
    advice[(size_t)pc.b.index * N + 1000] = v;
    pasta_fp_sqr(&advice[(size_t)pc.c.index * N + 1000], &v);
    cr_assert_eq(halo2_mock_check_gates(&pcs, &a, &w, &f), HALO2_MOCK_OK);
    cr_assert_eq(halo2_mock_check(&pcs, &a, &w, &f), HALO2_MOCK_COPY);
    free(advice);
    halo2_assembly_free(&a);
}

/* The mock on lookup_k11 with a witness written here: b bits, a_{i+1} = a_i + b_i, c_i =
 * a_{i-1} b_i (all below 2^10), inst = (a_0, a_999). */
Test(halo2_mock, lookup_k11) {
    halo2_lookup_config lc;
    halo2_assembly a;
    halo2_cs_init(&lcs);
    halo2_lookup_configure(&lcs, &lc);
    cr_assert_eq(halo2_assembly_init(&a, &lcs, 11), PASTA_OK);
    cr_assert_eq(halo2_lookup_synthesize_keygen(&a, &lcs, &lc), PASTA_OK);
    cr_assert_eq(halo2_assembly_compress_selectors(&a, &lcs), PASTA_OK);
    pasta_fp *advice = calloc(3 * N, sizeof *advice);
    cr_assert_not_null(advice);
    pasta_fp *ca = &advice[(size_t)lc.a.index * N], *cb = &advice[(size_t)lc.b.index * N],
             *cc = &advice[(size_t)lc.c.index * N];
    uint64_t av = 5, prev = 0, s = 99;
    for (size_t i = 0; i < HALO2_LOOKUP_ROWS; i++) {
        s = s * 6364136223846793005u + 1442695040888963407u;
        const uint64_t bit = (s >> 40) & 1;
        pasta_fp_from_u64(&ca[i], av);
        pasta_fp_from_u64(&cb[i], bit);
        pasta_fp_from_u64(&cc[i], prev * bit);
        prev = av;
        av += bit;
    }
    pasta_fp inst[2] = {ca[0], ca[HALO2_LOOKUP_ROWS - 1]};
    const pasta_fp *cols[1] = {inst};
    const size_t lens[1] = {2};
    const halo2_witness w = {advice, cols, lens};
    halo2_mock_failure f;
    cr_assert_eq(halo2_mock_check(&lcs, &a, &w, &f), HALO2_MOCK_OK, "kind %d index %d row %zu",
                 f.kind, f.index, f.row);
    /* c_700 = 2^10 with b_700 = 1 and a_699 = 2^10: the mul gate holds, the lookup fails */
    const size_t r = 700;
    pasta_fp keep[3] = {ca[r - 1], cb[r], cc[r]};
    pasta_fp_from_u64(&ca[r - 1], 1024);
    pasta_fp_from_u64(&cb[r], 1);
    pasta_fp_from_u64(&cc[r], 1024);
    cr_assert_eq(halo2_mock_check_lookups(&lcs, &a, &w, &f), HALO2_MOCK_LOOKUP);
    cr_assert_eq(f.row, r);
    ca[r - 1] = keep[0], cb[r] = keep[1], cc[r] = keep[2];
    bump(&inst[1]);
    cr_assert_eq(halo2_mock_check(&lcs, &a, &w, &f), HALO2_MOCK_COPY);
    free(advice);
    halo2_assembly_free(&a);
}

/* ---- Proofs of the Orchard shape: 1 and 4 actions in one proof verify, have Orchard's
 * size 2720 + 2272 A, and fail with a wrong instance or a flipped byte. */
static void prove_actions(int A) {
    halo2_params p;
    halo2_read_test_params(&p);
    static halo2_vk vk;
    halo2_pk pk;
    halo2_commit_key ck;
    cr_assert_eq(halo2_keygen_vk(&vk, &p, &cs, &asmb), PASTA_OK);
    cr_assert_eq(halo2_keygen_pk(&pk, &vk, &cs, &asmb), PASTA_OK);
    cr_assert_eq(halo2_commit_key_init(&ck, &p, 0, 0), PASTA_OK);
    action x[4];
    halo2_witness w[4];
    const pasta_fp *const *inst[4];
    const size_t *lens[4];
    for (int i = 0; i < A; i++) {
        action_make(&x[i], 100 + (uint64_t)i);
        w[i] = x[i].w;
        inst[i] = x[i].cols;
        lens[i] = x[i].lens;
    }
    const size_t size = 2720 + 2272 * (size_t)A;
    cr_assert_eq(halo2_proof_size(&vk, A), size);
    uint8_t *proof = malloc(size), seed[32] = {0x0a};
    size_t len = 0;
    halo2_drbg rng;
    halo2_drbg_init(&rng, seed);
    cr_assert_eq(
        halo2_create_proof(&ck, &pk, w, A, halo2_drbg_fill, &rng, 0, proof, size, &len, NULL),
        PASTA_OK);
    cr_assert_eq(len, size);
    cr_assert_eq(halo2_verify_proof_multi(&p, &vk, A, inst, lens, proof, len), PASTA_OK);
    /* the last action's last public value bumped */
    bump(&x[A - 1].inst[HALO2_ORCHARD_INSTANCES - 1]);
    int rc = halo2_verify_proof_multi(&p, &vk, A, inst, lens, proof, len);
    cr_assert(rc == HALO2_ERR_VERIFY, "wrong instance: rc %d", rc);
    x[A - 1].inst[HALO2_ORCHARD_INSTANCES - 1] = x[A - 1].inst[0]; /* still wrong; restore: */
    cr_assert_eq(halo2_orchard_synthesize_witness(x[A - 1].advice, x[A - 1].inst, &cs, 11,
                                                  &cfg, 100 + (uint64_t)(A - 1)),
                 PASTA_OK);
    cr_assert_eq(halo2_verify_proof_multi(&p, &vk, A, inst, lens, proof, len), PASTA_OK);
    const size_t pos[3] = {7, size / 2, size - 9};
    for (int j = 0; j < 3; j++) {
        proof[pos[j]] ^= 0x40;
        rc = halo2_verify_proof_multi(&p, &vk, A, inst, lens, proof, len);
        cr_assert(rc == HALO2_ERR_VERIFY || rc == HALO2_ERR_MALFORMED, "byte %zu: rc %d",
                  pos[j], rc);
        proof[pos[j]] ^= 0x40;
    }
    for (int i = 0; i < A; i++) action_free(&x[i]);
    free(proof);
    omp_pause_resource_all(omp_pause_hard); /* see test_halo2_prove.c */
    halo2_commit_key_free(&ck);
    halo2_pk_free(&pk);
    halo2_params_free(&p);
}

Test(halo2_orchard, proof_one_action, .init = orchard_keygen, .fini = orchard_free,
     .timeout = 600) {
    prove_actions(1);
}
/* Light mode (the sanitizer step: PASTA_TEST_PAIRS below its default, or
 * PASTA_TEST_HALO2_LIGHT=1) proves 2 actions instead of 4. */
static int light(void) {
    const char *p = getenv("PASTA_TEST_PAIRS"), *l = getenv("PASTA_TEST_HALO2_LIGHT");
    return (l && *l && *l != '0') || (p && atol(p) < 200000);
}
Test(halo2_orchard, proof_four_actions, .init = orchard_keygen, .fini = orchard_free,
     .timeout = 900) {
    prove_actions(light() ? 2 : 4);
}
