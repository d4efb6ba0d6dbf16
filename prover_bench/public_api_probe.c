/* prover_bench/CMakeLists.txt: pasta_halo2's include path is the installed view. Built
 * as is, this compiles (public headers); with HALO2_PROBE_INTERNAL it must not (the
 * library's internals are out of reach). */
#include <pasta/pasta.h>

#ifdef HALO2_PROBE_INTERNAL
#include "core/parallel.h"
#endif

int halo2_public_api_probe(void) { return pasta_fp_is_zero(&pasta_fp_ZERO) ? 0 : 1; }
