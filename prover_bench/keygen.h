/* Keygen as halo2_proofs 0.3.2 (plonk/keygen.rs keygen_vk, permutation/keygen.rs): the
 * fixed columns and the permutation assembled from a circuit's synthesis, their
 * commitments, and the verifying key with its pinned text and transcript repr. */
#ifndef PASTA_HALO2_KEYGEN_H
#define PASTA_HALO2_KEYGEN_H

#include "cs.h"
#include "halo2.h"
#include "program.h"
#include <pasta/fft.h>

/* What synthesis assigns at keygen: fixed values (Lagrange basis, n rows each; unassigned
 * cells are 0) and the copy constraints, kept as halo2's cycle structure (mapping, aux,
 * sizes over the permutation's columns, permutation/keygen.rs Assembly). */
typedef struct halo2_assembly {
    int k;
    size_t n, usable_rows;
    int num_fixed, num_perm;
    pasta_fp *fixed;             /* fixed[c * n + row] */
    uint32_t *map_col, *map_row; /* mapping[c][row] = (map_col, map_row)[c * n + row] */
    uint32_t *aux_col, *aux_row;
    uint32_t *sizes;
    int num_selectors;
    uint8_t *selectors; /* selectors[s * n + row]: enabled */
} halo2_assembly;

int halo2_assembly_init(halo2_assembly *a, const halo2_cs *cs, int k);
void halo2_assembly_free(halo2_assembly *a);
/* assign_fixed; PASTA_ERR_INVALID_ARG outside the usable rows or the columns. */
int halo2_assign_fixed(halo2_assembly *a, halo2_column c, size_t row, const pasta_fp *v);
/* enable_selector; PASTA_ERR_INVALID_ARG outside the usable rows. */
int halo2_enable_selector(halo2_assembly *a, int selector, size_t row);
/* After synthesis: compress_selectors (prover_bench/cs.h), appending the new fixed
 * columns to the assembly. Modifies cs (selectors become fixed queries). */
int halo2_assembly_compress_selectors(halo2_assembly *a, halo2_cs *cs);
/* constrain_equal / Assembly::copy; PASTA_ERR_INVALID_ARG for a column without equality
 * or a row out of range. */
int halo2_copy(halo2_assembly *a, const halo2_cs *cs, halo2_column lc, size_t lrow,
               halo2_column rc, size_t rrow);

typedef struct halo2_vk {
    int k, extended_k;
    pasta_fp omega;
    const halo2_cs *cs;
    int num_fixed, num_perm;
    pasta_vesta_affine fixed_commitments[HALO2_MAX_COLUMNS];
    pasta_vesta_affine perm_commitments[HALO2_MAX_COLUMNS];
    pasta_fp transcript_repr;
    /* the verifier's gate program (program.h), compiled by halo2_keygen_vk for gates_cs;
     * a verifier given a vk whose cs is another (or none compiled) compiles its own */
    halo2_program gates;
    const halo2_cs *gates_cs;
} halo2_vk;

/* commit_lagrange(v, blind) = sum v[i] g_lagrange[i] + blind w, affine. */
int halo2_commit_lagrange(pasta_vesta_affine *r, const halo2_params *p, const pasta_fp *v,
                          const pasta_fp *blind);
/* keygen_vk: commitments to the fixed columns and the permutation's σ columns (blind 1,
 * Blind::default()), the pinned text and its transcript repr, and the verifier's gate
 * program (halo2_program_compile's errors: PASTA_ERR_INVALID_ARG for a malformed
 * expression). cs must not change while the vk is in use; free with halo2_vk_free. */
int halo2_keygen_vk(halo2_vk *vk, const halo2_params *p, const halo2_cs *cs,
                    const halo2_assembly *a);
/* Frees the gate program (a copy of the struct shares it: free one of them). */
void halo2_vk_free(halo2_vk *vk);
/* format!("{:?}", vk.pinned()) */
void halo2_text_pinned_vk(halo2_text *t, const halo2_vk *vk);


/* ---- The proving key's precomputations (keygen_pk): every fixed and σ column as
 * values (Lagrange), coefficients and values on the extended coset; l_0, l_blind and
 * l_last on the coset. Arrays are column-major (column c at [c * n] or [c * N]). */
typedef struct halo2_pk {
    const halo2_vk *vk;
    pasta_fp_domain domain; /* n = 2^k, N = 2^extended_k */
    size_t n, ext_n;
    int num_fixed, num_perm;
    pasta_fp *fixed_values, *fixed_polys, *fixed_cosets;
    pasta_fp *perm_values, *perm_polys, *perm_cosets;
    pasta_fp *l0, *l_blind, *l_last; /* N coset values each */
    /* the prover's compiled gates (program.h): the program over the cosets and the
     * fixed-only subexpressions it reads, precomputed on the coset (N values each) */
    halo2_program gates, derived;
    pasta_fp *derived_cosets;
    /* the lookups' input and table expressions (compile_exprs; outputs per lookup: its
     * inputs, then its tables), for their values on the rows */
    halo2_program lookup_rows;
} halo2_pk;

int halo2_keygen_pk(halo2_pk *pk, const halo2_vk *vk, const halo2_cs *cs,
                    const halo2_assembly *a);
/* keygen_pk's last step: compiles the gates (and the lookups' expressions) and evaluates
 * the derived columns on the coset. */
int halo2_pk_prepare_gates(halo2_pk *pk, const halo2_cs *cs);
void halo2_pk_free(halo2_pk *pk);

#endif /* PASTA_HALO2_KEYGEN_H */
