/* The prover of halo2_proofs 0.3.2 (plonk/prover.rs create_proof, IPA commitments over
 * Vesta, circuit field Fp, Blake2b transcript with Challenge255), on pasta's public API:
 * the proofs are halo2's (halo2's verify_proof accepts them; prover_bench/verifier.h
 * accepts halo2's).
 *
 * Phases in halo2's transcript order (prover_bench/README.md; the files per phase there): vk repr; instance
 * commitments; advice (blinding rows, commitments, coefficients, cosets); θ; [lookups:
 * permuted A', S']; β, γ; permutation products z; [lookups: products]; the vanishing
 * argument's random polynomial; y; h(X) on the extended coset (gates, permutation and
 * [lookup] constraints folded with y, divided by X^n − 1, split into degree − 1 pieces,
 * committed); x; evaluations; multiopen (x1, x2, q', x3, q evaluations, x4); the IPA (s,
 * ξ, z, k rounds of L and R, c, f). [..]: halo2's lookup argument
 * (lookup/prover.rs: θ-compressed inputs and tables, permute_expression_pair, A', S', the
 * product Z and its five constraints). */
#ifndef PASTA_HALO2_PROVER_H
#define PASTA_HALO2_PROVER_H

#include "halo2.h"
#include "keygen.h"
#include <pasta/msm.h>

/* ---- The commitment key with fixed-base tables (pasta_vesta_msm_fixed_*): the
 * generators g and the Lagrange basis g_lagrange, each followed by w, so that a
 * commitment sum v[i] g[i] + blind w is one fixed-base MSM of n + 1 points. */
typedef struct halo2_commit_key {
    const halo2_params *params;
    size_t n, table_bytes;                 /* bytes of each table */
    pasta_vesta_msm_table *g_table;        /* g[0..n), w */
    pasta_vesta_msm_table *lagrange_table; /* g_lagrange[0..n), w */
} halo2_commit_key;

/* Builds both tables (window c: 0 for msm's rule). PASTA_OK, PASTA_ERR_INVALID_ARG,
 * PASTA_ERR_NO_MEMORY (ck zeroed). */
int halo2_commit_key_init(halo2_commit_key *ck, const halo2_params *p, int c, int threads);
void halo2_commit_key_free(halo2_commit_key *ck);
/* r = sum coeffs[i] g[i] + blind w (params.commit), i < n; scratch: n + 1 scalars. */
int halo2_ck_commit(const halo2_commit_key *ck, pasta_vesta_affine *r, const pasta_fp *coeffs,
                    const pasta_fp *blind, int threads);
/* r = sum values[i] g_lagrange[i] + blind w (params.commit_lagrange). */
int halo2_ck_commit_lagrange(const halo2_commit_key *ck, pasta_vesta_affine *r,
                             const pasta_fp *values, const pasta_fp *blind, int threads);
/* The scalars of count commitments: row j of s (n + 1 scalars) = vals[j][0..n), blinds[j]. */
void halo2_ck_scalars(const halo2_commit_key *ck, pasta_fp *s, const pasta_fp *const *vals,
                      const pasta_fp *const *blinds, size_t count);
/* count commitments at once (r[j] of coeffs[j] or values[j] with blinds[j]): one batch of
 * fixed-base MSMs, whole MSMs one per thread while at least `threads` are left; the same
 * points as count single calls. Scratch: count (n + 1) scalars. */
int halo2_ck_commit_many(const halo2_commit_key *ck, pasta_vesta_affine *r,
                         const pasta_fp *const *coeffs, const pasta_fp *const *blinds,
                         size_t count, int threads);
int halo2_ck_commit_lagrange_many(const halo2_commit_key *ck, pasta_vesta_affine *r,
                                  const pasta_fp *const *values, const pasta_fp *const *blinds,
                                  size_t count, int threads);

/* ---- One circuit instance's witness.
 *   advice:    cs->num_advice columns of n values each, column-major (advice[c * n + row],
 *              halo2's assigned advice; unassigned cells 0). Rows from
 *              n − (blinding factors + 1) on are ignored: the prover fills them with
 *              random values, as halo2.
 *   instances: cs->num_instance columns, column i holding instance_lens[i] values (at
 *              most n − (blinding factors + 1)); NULL when there is none. */
typedef struct halo2_witness {
    const pasta_fp *advice;
    const pasta_fp *const *instances;
    const size_t *instance_lens;
} halo2_witness;

/* Per-phase time of one create_proof, nanoseconds (the benchmark's breakdown): the
 * calling thread's CPU time at threads = 1, wall time otherwise. */
enum halo2_phase {
    HALO2_PH_ADVICE,       /* instance and advice: blinding rows, commitments, iNTTs, cosets */
    HALO2_PH_LOOKUPS,      /* lookup permutations and products (none yet) */
    HALO2_PH_PERMUTATION,  /* permutation products z: values, commitments, iNTTs, cosets */
    HALO2_PH_QUOTIENT_NTT, /* the random polynomial, h's division and extended iNTT */
    HALO2_PH_GATES,        /* h(X) on the extended coset: gates, permutation constraints */
    HALO2_PH_H_COMMIT,     /* the h pieces' commitments */
    HALO2_PH_EVALS,        /* the evaluations at x and its rotations */
    HALO2_PH_MULTIOPEN,    /* q polynomials, kate divisions, q' commitment, q evaluations */
    HALO2_PH_IPA,          /* s, L/R rounds, generator folding */
    HALO2_NUM_PHASES
};
extern const char *const halo2_phase_names[HALO2_NUM_PHASES];
typedef struct halo2_prover_timings {
    double ns[HALO2_NUM_PHASES];
} halo2_prover_timings;

/* The largest thread count halo2_create_proof takes (pasta's own cap). */
#define HALO2_MAX_THREADS 1024

/* Bytes of a proof of ncircuits instances of the circuit of vk; 0 beyond the limits
 * (more than 64 distinct opening points). */
size_t halo2_proof_size(const halo2_vk *vk, int ncircuits);

/* create_proof for ncircuits (>= 1) circuit instances sharing one opening (halo2's
 * circuits: &[C], transcript order circuit-major within each phase).
 *   rng:     every random value (blinding rows, blinds, the random polynomials) is
 *            Fp::random: 64 bytes from rng reduced (pasta_fp_random), drawn in halo2's
 *            order, so a seeded rng gives a reproducible proof.
 *   threads: 0 (OpenMP's default, at most HALO2_MAX_THREADS) or 1 .. HALO2_MAX_THREADS;
 *            the proof's bytes do not depend on it.
 *   out:     cap >= halo2_proof_size bytes; *len gets the size.
 *   timings: may be NULL.
 * Returns PASTA_OK; PASTA_ERR_INVALID_ARG (NULL, mismatched params/pk, ncircuits < 1,
 * threads outside 0 .. HALO2_MAX_THREADS, cap too small, an instance column too long: halo2's InstanceTooLarge, a
 * lookup input that is not in its table: halo2's ConstraintSystemFailure, a commitment
 * that is the identity, which halo2 cannot write); PASTA_ERR_RNG (rng failed);
 * HALO2_ERR_LIMIT (degree > 65, an extended domain below 64 points, more than 64
 * distinct opening points or HALO2_MAX_OPEN_QUERIES queries); HALO2_ERR_MALFORMED (a
 * permutation column without a rotation-0 query, degree < 3); HALO2_ERR_INTERNAL (a
 * broken invariant); PASTA_ERR_NO_MEMORY (halo2.h: halo2_strerror). On error nothing
 * meaningful is in out.
 * A witness that does not satisfy the circuit still gives a proof, which fails to
 * verify (halo2's create_proof does not check either). */
int halo2_create_proof(const halo2_commit_key *ck, const halo2_pk *pk,
                       const halo2_witness *circuits, int ncircuits, pasta_rng_fn rng,
                       void *rng_ctx, int threads, uint8_t *out, size_t cap, size_t *len,
                       halo2_prover_timings *timings);

/* ---- The documented DRBG of the tests and benchmarks: from a 32-byte seed, the byte
 * stream randombytes_buf_deterministic(1024, seed_0) || randombytes_buf_deterministic(1024,
 * seed_1) || ..., seed_i = BLAKE2b-256(key = seed, message = i as u64 LE) (libsodium);
 * each call takes the next len bytes of the stream. The blocks are independent, so a call
 * that takes at least HALO2_DRBG_PAR_BLOCKS whole blocks computes them on `threads`
 * threads (the same bytes). */
#define HALO2_DRBG_PAR_BLOCKS 16
typedef struct halo2_drbg {
    uint8_t seed[32];
    uint64_t block;    /* index of the next block */
    uint8_t buf[1024]; /* the current block */
    size_t pos;        /* bytes of buf used (1024: none left) */
    int threads;       /* for long calls: 1 (halo2_drbg_init), 0 the library's default */
} halo2_drbg;
void halo2_drbg_init(halo2_drbg *d, const uint8_t seed[32]);
/* pasta_rng_fn over a halo2_drbg (never fails). */
int halo2_drbg_fill(void *drbg, uint8_t *buf, size_t len);

#endif /* PASTA_HALO2_PROVER_H */
