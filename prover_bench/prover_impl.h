/* The prover's state, shared by its parts (not for users of prover.h): prover.c (the
 * order of create_proof, instance and advice, evaluations), permutation.c, lookup.c,
 * vanishing.c (h(X) on the coset), multiopen.c, commitment.c (the IPA). Every array is
 * column-major: column c of length m at [c * m]. n = 2^k rows, N = 2^extended_k coset
 * points, a rotation by r rows is r * 2^(extended_k - k) coset points. */
#ifndef PASTA_HALO2_PROVER_IMPL_H
#define PASTA_HALO2_PROVER_IMPL_H

#include "common.h"
#include "par.h"
#include "program.h"
#include "prover.h"

/* Proof writing (transcript.rs Blake2bWrite::write_point / write_scalar). */
typedef struct halo2_writer {
    halo2_transcript t;
    uint8_t *out;
    size_t cap, pos;
} halo2_writer;

typedef struct circuit_data {
    pasta_fp *inst_values, *inst_polys, *inst_cosets; /* num_instance x n, n, N */
    pasta_fp *adv_values, *adv_polys, *adv_cosets;    /* num_advice x n, n, N */
    pasta_fp adv_blinds[HALO2_MAX_COLUMNS];
    pasta_fp *z_polys, *z_cosets; /* nsets x n, N */
    pasta_fp z_blinds[HALO2_MAX_SETS];
    /* lookups (nl of them): compressed input and table values, permuted A' and S'
     * (values, polys, cosets), products Z (polys, cosets), blinds */
    pasta_fp *lk_in, *lk_tab, *lk_a, *lk_s;            /* nl x n values */
    pasta_fp *lk_a_polys, *lk_s_polys, *lk_z_polys;    /* nl x n */
    pasta_fp *lk_a_cosets, *lk_s_cosets, *lk_z_cosets; /* nl x N */
    pasta_fp lk_a_blind[HALO2_MAX_LOOKUPS], lk_s_blind[HALO2_MAX_LOOKUPS],
        lk_z_blind[HALO2_MAX_LOOKUPS];
} circuit_data;

typedef struct prover {
    const halo2_commit_key *ck;
    const halo2_pk *pk;
    const halo2_vk *vk;
    const halo2_cs *cs;
    const pasta_fp_domain *d;
    pasta_rng_fn rng;
    void *rng_ctx;
    int threads, nthreads;
    size_t n, N, rot_scale; /* rot_scale = N / n */
    int ncirc, degree, blinding, chunk, nsets, nh, nl;
    halo2_prover_timings *timings;
    double t0;
    halo2_writer w;
    circuit_data *cd;
    pasta_fp theta, beta, gamma, y, x, xn;
    pasta_fp ypow[HALO2_MAX_POLYS + 1]; /* y^0 .. y^max_group */
    pasta_fp *random_poly, random_blind;
    pasta_vesta_affine random_commit; /* set where random_committed (vanishing.c) */
    int random_committed;
    pasta_fp *h; /* N: h on the coset, then its coefficients */
    pasta_fp h_blinds[HALO2_MAX_H];
    pasta_fp *h_poly; /* n: sum x^(n i) h_i */
    pasta_fp h_blind;
} prover;

/* One range's scratch for h(X) on the coset, HALO2_CHUNK points at a time: the gate
 * program's vectors (ps.acc: the running fold) and the constraints' temporaries. */
typedef struct eval_scratch {
    halo2_program_scratch ps;
    pasta_fp tmp[HALO2_CHUNK], in[HALO2_CHUNK], tab[HALO2_CHUNK];
} eval_scratch;

/* prover.c */
int halo2_write_point(halo2_writer *w, const pasta_vesta_affine *p);
int halo2_write_scalar(halo2_writer *w, const pasta_fp *s);
void halo2_phase_end(prover *p, int phase);
/* Fp::random from the caller's rng (PASTA_ERR_RNG when it fails). */
int halo2_random_fp(prover *p, pasta_fp *r);
/* n elements as n halo2_random_fp calls make them (the RNG's bytes in one call, mapped on
 * the threads). */
int halo2_random_poly(prover *p, pasta_fp *s, size_t n);
/* Segments of a parallel pass (exact field sums: the same values whatever the split):
 * r = sum_{lo <= i < hi} a[i] x^i (a's coefficients lo..hi evaluated, times x^lo), and
 * out[i] = scale x^i for lo <= i < hi (scale NULL: 1), each from x^lo. */
void halo2_poly_eval_segment(pasta_fp *r, const pasta_fp *a, size_t lo, size_t hi,
                             const pasta_fp *x);
void halo2_powers_segment(pasta_fp *out, const pasta_fp *x, const pasta_fp *scale, size_t lo,
                          size_t hi);
/* values (n) -> coefficients (n) -> coset (N); poly may be values (in place) */
int halo2_to_poly_and_coset(prover *p, const pasta_fp *values, pasta_fp *poly,
                            pasta_fp *coset);
/* The same for count columns (polys[i] may be values[i]), whole columns per thread. */
int halo2_to_poly_and_coset_many(prover *p, const pasta_fp *const *values,
                                 pasta_fp *const *polys, pasta_fp *const *cosets,
                                 size_t count);
/* c[j] = the Lagrange commitment of values[j] with blinds[j], j < ncommit, and the
 * transforms of the first ntf <= ncommit columns (as halo2_to_poly_and_coset_many), on
 * the threads together where whole MSMs keep the threads busy (prover.c). */
int halo2_commit_and_transform(prover *p, pasta_vesta_affine *c, const pasta_fp *const *values,
                               const pasta_fp *const *blinds, size_t ncommit,
                               pasta_fp *const *polys, pasta_fp *const *cosets, size_t ntf);
/* Circuit instance ci's columns for the programs: on the rows (lagrange = 1: values, n per
 * column) or on the coset (lagrange = 0: N per column, a rotation rot_scale points). */
void halo2_prover_view(const prover *p, int ci, int lagrange, halo2_leaf_view *v);
/* A column's values (Lagrange, n) and coset (N). Fixed columns need no circuit instance. */
const pasta_fp *halo2_column_values(const prover *p, int ci, halo2_column c);
const pasta_fp *halo2_column_coset(const prover *p, int ci, halo2_column c);

/* permutation.c (permutation/prover.rs) */
int halo2_permutation_commit(prover *p);
void halo2_permutation_chunk(const prover *p, int ci, long start, eval_scratch *s);
/* lookup.c (lookup/prover.rs) */
int halo2_lookups_commit_permuted(prover *p);
int halo2_lookups_commit_product(prover *p);
void halo2_lookups_chunk(const prover *p, int ci, long start, eval_scratch *s);
/* vanishing.c (vanishing/prover.rs and h(X)) */
/* Commits a batch of Lagrange polynomials zs (blinds; count of them) into c and
 * transforms them (into zp, zc: halo2_commit_and_transform); in circuit instance ci's
 * last batch before the random polynomial (the lookup products: lookups = 1, or the
 * permutation products where there are no lookups) the random polynomial is drawn and
 * committed with it. zs, blinds and c have room for count + 1; scratch: n elements,
 * free. */
int halo2_vanishing_commit_with(prover *p, int ci, int lookups, pasta_vesta_affine *c,
                                const pasta_fp **zs, const pasta_fp **blinds, size_t count,
                                pasta_fp *const *zp, pasta_fp *const *zc, pasta_fp *scratch);
int halo2_vanishing_commit_random(prover *p);
int halo2_vanishing_evaluate_h(prover *p);
int halo2_vanishing_commit_h(prover *p);
void halo2_vanishing_h_poly(prover *p);
/* multiopen.c (poly/multiopen/prover.rs): the queries' openings, then the IPA */
int halo2_multiopen_prove(prover *p);
/* commitment.c (poly/commitment/prover.rs): the IPA's random polynomial s (n
 * coefficients: s_poly, s_blind in the RNG's order) and its commitment, made before x3
 * is known (multiopen.c commits it in one batch with q'); then the IPA of p_poly (n
 * coefficients, consumed) with its blind at x3, s_poly consumed too. */
typedef struct halo2_ipa_s {
    pasta_fp *poly; /* n coefficients */
    pasta_fp blind;
    pasta_vesta_affine commit; /* commit(poly, blind), before s(x3) is subtracted */
} halo2_ipa_s;
int halo2_ipa_draw_s(prover *p, halo2_ipa_s *s);
int halo2_ipa_prove(prover *p, pasta_fp *p_poly, const pasta_fp *p_blind, const pasta_fp *x3,
                    halo2_ipa_s *s);

#endif /* PASTA_HALO2_PROVER_IMPL_H */
