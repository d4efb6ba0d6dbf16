/* pasta_halo2: a halo2-compatible proving system (halo2_proofs 0.3.2, IPA commitments over
 * Vesta, circuit field Fp), built on pasta's public API alone (<pasta/pasta.h>): pasta's
 * first embedding user. Not part of libpasta's ABI; a static library of its own.
 *
 * This file: its error codes, the transcript (halo2's Blake2bWrite/Blake2bRead with
 * Challenge255), the commitment parameters (Params::new, write, read) and the verifying
 * key's transcript representation. cs.h (circuits), keygen.h, prover.h, verifier.h and
 * mock.h hold the rest (README.md: the files and halo2's modules they follow). */
#ifndef PASTA_HALO2_H
#define PASTA_HALO2_H

#include <sodium.h>
#include <stddef.h>
#include <stdint.h>

#include <pasta/pasta.h>

/* ---- Errors: pasta's PASTA_ERR_* (include/pasta/common.h: -1 .. -6) and these, outside
 * that range. */
enum {
    /* a well-formed proof that does not verify (halo2's ConstraintSystemFailure, Opening) */
    HALO2_ERR_VERIFY = -64,
    /* beyond a capacity limit of this implementation (a degree, the opening points, the
     * queries, an extended domain below 64 points), not of halo2 */
    HALO2_ERR_LIMIT = -65,
    /* malformed input: a proof that does not parse (halo2's Error::Transcript; the
     * verifier's fault says what and where), or a constraint system or key that halo2's
     * API cannot make (a permutation column without its rotation-0 query) */
    HALO2_ERR_MALFORMED = -66,
    /* a broken internal invariant (a bug: please report) */
    HALO2_ERR_INTERNAL = -67
};
/* A short message for any of them or a PASTA_ERR_* (pasta_strerror), never NULL. */
const char *halo2_strerror(int err);

/* ---- Transcript (halo2_proofs transcript.rs): BLAKE2b-512 with personalisation
 * "Halo2-Transcript", one running state; every absorbed item is prefixed by one byte:
 * 0 before a squeeze, 1 before a point (affine x then y, 32-byte LE each), 2 before a
 * scalar (32-byte LE). A challenge is Fp::from_uniform_bytes of the 64-byte digest of a
 * copy of the state (Challenge255: from_repr(from_uniform_bytes(..).to_repr()) is the
 * same element). */
typedef struct halo2_transcript {
    crypto_generichash_blake2b_state state;
} halo2_transcript;

void halo2_transcript_init(halo2_transcript *t);
/* Absorbs a point; the identity has no affine coordinates: PASTA_ERR_INVALID_ARG, nothing
 * absorbed (halo2: "cannot write points at infinity to the transcript"). */
int halo2_transcript_common_point(halo2_transcript *t, const pasta_vesta_affine *p);
void halo2_transcript_common_scalar(halo2_transcript *t, const pasta_fp *s);
void halo2_transcript_squeeze_challenge(halo2_transcript *t, pasta_fp *challenge);

/* ---- Commitment parameters (halo2_proofs poly/commitment.rs, Params<EqAffine>). */
typedef struct halo2_params {
    uint32_t k; /* n = 2^k generators */
    size_t n;
    pasta_vesta_affine *g; /* g[i] = Vesta hash_to_curve("Halo2-Parameters")([0, i LE32]) */
    pasta_vesta_affine *g_lagrange; /* iFFT(g) / n: the Lagrange-basis commitment key
                                     (pasta_vesta_intt) */
    pasta_vesta_affine w;           /* blinding base, hash([1]) */
    pasta_vesta_affine u;           /* hash([2]) */
} halo2_params;

/* Params::new(k) for 1 <= k <= 20 (k < 32 in halo2; the limit here keeps memory and time
 * bounded). Returns PASTA_OK, PASTA_ERR_INVALID_ARG (k out of range) or
 * PASTA_ERR_NO_MEMORY (p untouched). */
int halo2_params_new(halo2_params *p, uint32_t k);
void halo2_params_free(halo2_params *p);
/* Bytes of Params::write: 4 + 32 (2n + 2). */
size_t halo2_params_serialized_size(uint32_t k);
/* Params::write into out[0..cap): PASTA_OK and *len, or PASTA_ERR_INVALID_ARG if cap is
 * too small (nothing written). */
int halo2_params_write(const halo2_params *p, uint8_t *out, size_t cap, size_t *len);
/* Params::read from in[0..len): every point must decode (compressed Vesta encoding) and
 * len must be exactly the size for its k. PASTA_OK, or PASTA_ERR_INVALID_ARG /
 * PASTA_ERR_NONCANONICAL / PASTA_ERR_NOT_ON_CURVE / PASTA_ERR_NO_MEMORY, p untouched. */
int halo2_params_read(halo2_params *p, const uint8_t *in, size_t len);

/* ---- The verifying key's transcript representation (plonk.rs VerifyingKey::from_parts):
 * Fp::from_uniform_bytes(BLAKE2b-512, personal "Halo2-Verify-Key", over
 * (len as u64 LE) || pinned), pinned = format!("{:?}", vk.pinned()). */
void halo2_vk_transcript_repr(pasta_fp *r, const char *pinned, size_t len);

#endif /* PASTA_HALO2_H */
