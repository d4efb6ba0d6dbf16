/* What prover and verifier open, and how: halo2_proofs 0.3.2's evaluation order
 * (plonk/prover.rs and plonk/verifier.rs: the scalars after x), its query order
 * (plonk/verifier.rs `queries`, plonk/prover.rs `instances`) and poly/multiopen.rs
 * construct_intermediate_sets, written once for both sides (multiopen.c; the two sides'
 * multiopen steps, poly/multiopen/{prover,verifier}.rs, are there too). */
#ifndef PASTA_HALO2_MULTIOPEN_H
#define PASTA_HALO2_MULTIOPEN_H

#include "common.h"

/* A polynomial (a commitment, on the verifier's side). */
enum halo2_opoly_kind {
    HALO2_O_INSTANCE, /* instance column `index` of circuit instance `circuit` */
    HALO2_O_ADVICE,
    HALO2_O_FIXED,    /* fixed column `index` (no circuit instance) */
    HALO2_O_SIGMA,    /* the permutation's σ column `index` */
    HALO2_O_PERM_Z,   /* permutation product of set `index` */
    HALO2_O_LOOKUP_Z, /* lookup `index`'s product Z, permuted input A', permuted table S' */
    HALO2_O_LOOKUP_A,
    HALO2_O_LOOKUP_S,
    HALO2_O_RANDOM, /* the vanishing argument's random polynomial */
    HALO2_O_H       /* the quotient h (= sum x^(n i) h_i) */
};
typedef struct halo2_opoly {
    int kind, circuit, index; /* circuit: 0 for FIXED, SIGMA, RANDOM, H */
} halo2_opoly;

/* One evaluation or query: a polynomial at x ω^rotation. query: for INSTANCE, ADVICE,
 * FIXED the cs query's index in its list, else -1. */
typedef struct halo2_oquery {
    halo2_opoly poly;
    int rotation, query;
} halo2_oquery;

/* The shape both sides agree on: circuit instances, permutation sets, blinding factors. */
typedef struct halo2_oshape {
    const halo2_cs *cs;
    int ncirc, nsets, blinding;
} halo2_oshape;

/* The evaluations in transcript order: instance, advice (circuit-major), fixed, random,
 * σ, permutation products (z at x, ωx and, but the last set, ω^-(blinding+1) x), lookups
 * (Z x, Z ωx, A' x, A' ω^-1 x, S' x). out: cap entries; *n the count. PASTA_OK or
 * HALO2_ERR_LIMIT. */
int halo2_evaluation_order(const halo2_oshape *sh, halo2_oquery *out, int cap, int *n);
/* The queries in multiopen's order: per circuit instance instance, advice, permutation
 * products (each at x and ωx, then all but the last at ω^-(blinding+1) x in reverse),
 * lookups (Z x, A' x, S' x, A' ω^-1 x, Z ωx); then fixed, σ, h, random. */
int halo2_query_order(const halo2_oshape *sh, halo2_oquery *out, int cap, int *n);

/* construct_intermediate_sets over a query list: points numbered by first query,
 * polynomials by first query, each polynomial's point set (a mask over point numbers),
 * sets numbered by first polynomial. Points compare as field elements x ω^rotation when
 * x is given (omega, omega_inv: the domain's), as rotations when x is NULL (a proof's
 * shape, for its size). */
typedef struct halo2_opening {
    pasta_fp points[HALO2_MAX_POINTS];
    int point_rot[HALO2_MAX_POINTS];
    int npoints;
    halo2_opoly polys[HALO2_MAX_OPEN_QUERIES]; /* distinct, in order of first query */
    uint64_t pmask[HALO2_MAX_OPEN_QUERIES];    /* per polynomial: its point set */
    int pset[HALO2_MAX_OPEN_QUERIES];          /* per polynomial: its set */
    int npolys;
    uint64_t setmask[HALO2_MAX_OPEN_QUERIES];
    int nsets;
    int qpoly[HALO2_MAX_OPEN_QUERIES], qpoint[HALO2_MAX_OPEN_QUERIES]; /* per query */
    int duplicate; /* a polynomial queried twice at one point (halo2's None) */
} halo2_opening;
/* PASTA_OK or HALO2_ERR_LIMIT (more than HALO2_MAX_POINTS points). */
int halo2_opening_build(halo2_opening *o, const halo2_oquery *q, int nq, const pasta_fp *x,
                        const pasta_fp *omega, const pasta_fp *omega_inv);

#endif /* PASTA_HALO2_MULTIOPEN_H */
