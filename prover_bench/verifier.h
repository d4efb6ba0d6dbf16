/* The verifier of halo2_proofs 0.3.2 (plonk/verifier.rs verify_proof with SingleVerifier:
 * the vanishing argument, the permutation and lookup arguments, poly/multiopen's
 * verify_proof over construct_intermediate_sets, the IPA of poly/commitment/verifier.rs, then
 * guard.use_challenges() and a check that the final MSM is the identity), over Vesta with
 * circuit field Fp and halo2's Blake2b transcript (Challenge255), on pasta's public API.
 *
 * Tested against halo2's own proofs (tests/test_halo2_verify.c): the plonk.rs circuit at
 * k = 11 (no instance, no lookup) and the lookup_k11 circuit (an instance column,
 * rotations -1/0/+1, compressed selectors, one lookup argument as lookup/verifier.rs). */
#ifndef PASTA_HALO2_VERIFIER_H
#define PASTA_HALO2_VERIFIER_H

#include "halo2.h"
#include "keygen.h"

/* ---- Reading a proof: a cursor over the proof bytes feeding a transcript, as halo2's
 * Blake2bRead. A point is 32 bytes of compressed Vesta encoding (pasta_curves'
 * GroupEncoding: a non-canonical x, an x with no point, and the identity are all rejected,
 * the identity because halo2 cannot absorb it); a scalar is 32 bytes of canonical
 * little-endian Fp (from_repr). Each item read is absorbed into the transcript. */
typedef struct halo2_proof_reader {
    const uint8_t *buf;
    size_t len, pos;
    halo2_transcript *t;
    int fault; /* the first failed read: a halo2_fault, at pos */
} halo2_proof_reader;

/* Why a proof is malformed (halo2_verify_proof_explain), for messages. */
typedef enum halo2_fault {
    HALO2_FAULT_NONE = 0,
    HALO2_FAULT_SHORT,              /* the proof ends inside an item */
    HALO2_FAULT_TRAILING,           /* bytes after the last item */
    HALO2_FAULT_POINT_NONCANONICAL, /* a point's x is not below the modulus */
    HALO2_FAULT_POINT_OFF_CURVE,    /* a point's x has no point */
    HALO2_FAULT_POINT_IDENTITY,     /* the identity, which halo2 cannot absorb */
    HALO2_FAULT_SCALAR_NONCANONICAL /* a scalar not below p */
} halo2_fault;

void halo2_reader_init(halo2_proof_reader *r, halo2_transcript *t, const uint8_t *buf,
                       size_t len);
/* PASTA_OK, or HALO2_ERR_MALFORMED (too few bytes left, an encoding that does not
 * decode, or the identity; r->fault says which, the first time); nothing read or
 * absorbed and *p untouched on error. */
int halo2_read_point(halo2_proof_reader *r, pasta_vesta_affine *p);
/* PASTA_OK, or HALO2_ERR_MALFORMED (too few bytes left, non-canonical). */
int halo2_read_scalar(halo2_proof_reader *r, pasta_fp *s);

/* halo2's verify_proof for one proof (SingleVerifier) of the circuit whose verifying key
 * is vk (made by halo2_keygen_vk with these params).
 *   instances: cs->num_instance columns, column i holding instance_lens[i] values
 *              (halo2's instances[0][i]); both may be NULL when the circuit has no
 *              instance column. Each column is zero-padded to n and committed with
 *              commit_lagrange, blind 1 (Blind::default()), as halo2.
 * Returns
 *   PASTA_OK               the proof verifies;
 *   HALO2_ERR_VERIFY       a well-formed proof that fails a check (the final MSM is not
 *                          the identity, or two queries of one commitment at one point
 *                          disagree);
 *   HALO2_ERR_MALFORMED    a malformed proof (truncated; trailing bytes after the IPA's
 *                          f, which halo2 itself would ignore but pasta rejects; a point
 *                          that does not decode or is the identity; a non-canonical
 *                          scalar: halo2's Error::Transcript), or a constraint system
 *                          halo2 cannot make (a permutation column without a rotation-0
 *                          query; no fault: halo2_verify_proof_explain tells them apart);
 *   PASTA_ERR_INVALID_ARG  bad arguments (NULL, params and vk for different k, missing
 *                          instances, an instance column longer than
 *                          n - (blinding factors + 1): halo2's InstanceTooLarge; a broken
 *                          expression in a cs put into the vk after keygen_vk, which
 *                          reports it for its own);
 *   HALO2_ERR_LIMIT        beyond this verifier's limits (more than 64 distinct opening
 *                          points or h pieces, HALO2_MAX_OPEN_QUERIES queries);
 *   PASTA_ERR_NO_MEMORY.
 * Variable time (every input is public). */
int halo2_verify_proof(const halo2_params *params, const halo2_vk *vk,
                       const pasta_fp *const *instances, const size_t *instance_lens,
                       const uint8_t *proof, size_t proof_len);

/* The same for a proof of ncircuits (1 .. HALO2_MAX_CIRCUITS) circuit instances sharing
 * one opening (halo2's verify_proof with instances: &[&[&[F]]], as Orchard bundles):
 * instances[ci][col] holds instance_lens[ci][col] values of instance column col of
 * circuit instance ci. halo2_verify_proof is this with ncircuits = 1. */
#define HALO2_MAX_CIRCUITS 8
int halo2_verify_proof_multi(const halo2_params *params, const halo2_vk *vk, int ncircuits,
                             const pasta_fp *const *const *instances,
                             const size_t *const *instance_lens, const uint8_t *proof,
                             size_t proof_len);
/* halo2_verify_proof_multi, and for a malformed proof (HALO2_ERR_MALFORMED from reading
 * it) what failed and where: *fault and *offset (the failed item's first byte, or for
 * HALO2_FAULT_TRAILING the proof's expected length); HALO2_FAULT_NONE otherwise. */
int halo2_verify_proof_explain(const halo2_params *params, const halo2_vk *vk, int ncircuits,
                               const pasta_fp *const *const *instances,
                               const size_t *const *instance_lens, const uint8_t *proof,
                               size_t proof_len, halo2_fault *fault, size_t *offset);

#endif /* PASTA_HALO2_VERIFIER_H */
