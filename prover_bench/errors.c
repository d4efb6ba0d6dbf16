/* prover_bench/halo2.h: the error messages. */
#include "halo2.h"

const char *halo2_strerror(int err) {
    switch (err) {
    case HALO2_ERR_VERIFY: return "the proof does not verify";
    case HALO2_ERR_LIMIT: return "beyond a capacity limit of pasta_halo2";
    case HALO2_ERR_MALFORMED: return "malformed proof, constraint system or key";
    case HALO2_ERR_INTERNAL: return "internal error in pasta_halo2";
    default: return pasta_strerror(err);
    }
}
