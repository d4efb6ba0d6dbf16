/* The verifier's state, shared by its parts (not for users of verifier.h): verifier.c
 * (reading the proof, verify_proof), permutation.c, lookup.c, vanishing.c (the expected
 * h(x)), multiopen.c, commitment.c (the IPA and the final check). */
#ifndef PASTA_HALO2_VERIFIER_IMPL_H
#define PASTA_HALO2_VERIFIER_IMPL_H

#include "common.h"
#include "verifier.h"

_Static_assert(HALO2_MAX_CIRCUITS <= 8, "HALO2_MAX_OPEN_QUERIES counts 8 circuit instances");

/* One circuit instance's commitments and evaluations (halo2's per-instance parts). */
typedef struct circ {
    pasta_vesta_affine instance_c[HALO2_MAX_COLUMNS], advice_c[HALO2_MAX_COLUMNS];
    pasta_vesta_affine perm_c[HALO2_MAX_SETS];
    pasta_fp instance_e[HALO2_MAX_QUERIES], advice_e[HALO2_MAX_QUERIES];
    pasta_fp perm_e[HALO2_MAX_SETS], perm_next_e[HALO2_MAX_SETS], perm_last_e[HALO2_MAX_SETS];
    /* per lookup (lookup/verifier.rs): permuted input A', permuted table S', product Z */
    pasta_vesta_affine lk_a_c[HALO2_MAX_LOOKUPS], lk_s_c[HALO2_MAX_LOOKUPS],
        lk_z_c[HALO2_MAX_LOOKUPS];
    pasta_fp lk_z_e[HALO2_MAX_LOOKUPS], lk_z_next_e[HALO2_MAX_LOOKUPS],
        lk_a_e[HALO2_MAX_LOOKUPS], lk_a_inv_e[HALO2_MAX_LOOKUPS], lk_s_e[HALO2_MAX_LOOKUPS];
} circ;

typedef struct verifier {
    const halo2_params *params;
    const halo2_vk *vk;
    const halo2_cs *cs;
    halo2_transcript t;
    halo2_proof_reader r;
    size_t n;
    int degree, blinding, chunk, nsets, nh;

    int ncirc;
    circ *circs; /* ncirc circuit instances */
    circ *cur;   /* the one being read */
    pasta_vesta_affine random_c, h_c[HALO2_MAX_H];
    pasta_fp theta, beta, gamma, y, x, xn, omega_inv;
    pasta_fp fixed_e[HALO2_MAX_QUERIES];
    pasta_fp random_e, sigma_e[HALO2_MAX_COLUMNS];
    pasta_fp expected_h;
} verifier;

/* The Lagrange basis at x (domain.rs l_i_range): l_0, l_last (at −(blinding + 1)),
 * l_blind (the sum over −blinding .. −1), active = 1 − (l_last + l_blind). */
typedef struct halo2_lagrange_at_x {
    pasta_fp l_0, l_last, l_blind, active;
} halo2_lagrange_at_x;

/* Records the reader's first fault; HALO2_ERR_MALFORMED. */
int halo2_reader_fault(halo2_proof_reader *r, int fault);
struct halo2_oquery;
/* Where an evaluation (multiopen.h's query) is kept: read from the proof, or the
 * expected h(x). */
pasta_fp *halo2_verifier_eval_slot(verifier *v, const struct halo2_oquery *q);
/* A column's evaluation at x (its rotation-0 query) in circuit instance c. */
const pasta_fp *halo2_verifier_column_eval(const verifier *v, const circ *c, halo2_column col);

/* permutation.c (permutation/verifier.rs Evaluated::expressions), folded into *h */
void halo2_permutation_expressions(const verifier *v, const circ *c,
                                   const halo2_lagrange_at_x *l, pasta_fp *h);
/* lookup.c (lookup/verifier.rs Evaluated::expressions); in, tab: lookup l's input and
 * table expressions at x (l * HALO2_MAX_LOOKUP_WIDTH + i) */
void halo2_lookups_expressions(const verifier *v, const circ *c, const halo2_lagrange_at_x *l,
                               const pasta_fp *const *in, const pasta_fp *const *tab,
                               pasta_fp *h);
/* vanishing.c (vanishing/verifier.rs): v->expected_h */
int halo2_vanishing_expected_h(verifier *v);
/* multiopen.c (poly/multiopen/verifier.rs): the final MSM's terms so far, then the IPA */
int halo2_multiopen_verify(verifier *v);

/* The final MSM, built by multiopen.c and the IPA (commitment.c): sum sc[i] bs[i]. */
typedef struct halo2_final_msm {
    pasta_fp *sc;
    const pasta_vesta_affine **bs;
    size_t m, cap;
} halo2_final_msm;
/* commitment.c (poly/commitment/verifier.rs): reads the IPA at x3 for the combined
 * evaluation val, adds its terms to msm and checks that it is the identity: PASTA_OK,
 * HALO2_ERR_VERIFY, or the reader's error. */
int halo2_ipa_verify(verifier *v, halo2_final_msm *msm, const pasta_fp *val,
                     const pasta_fp *x3);

#endif /* PASTA_HALO2_VERIFIER_IMPL_H */
