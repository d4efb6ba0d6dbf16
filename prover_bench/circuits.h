/* The circuits pasta proves, written as data (prover_bench/cs.h) in the order their halo2
 * definitions create columns, queries and gates (tests/vectors/halo2/README.md). */
#ifndef PASTA_HALO2_CIRCUITS_H
#define PASTA_HALO2_CIRCUITS_H

#include "prover_bench/keygen.h"

/* halo2_proofs' benches/plonk.rs circuit: advice a, b, c with equality; fixed sm, sa, sb,
 * sc; one gate a·sa + b·sb + a·b·sm − c·sc; minimum degree 5. */
typedef struct halo2_plonk_config {
    halo2_column a, b, c, sm, sa, sb, sc;
} halo2_plonk_config;

void halo2_plonk_configure(halo2_cs *cs, halo2_plonk_config *cfg);
/* The keygen half of synthesis (SimpleFloorPlanner): 2^(k-1) - 3 region pairs on rows
 * 2i (raw_multiply) and 2i + 1 (raw_add), fixed values and the copies a_mul = a_add,
 * b_add = c_mul. */
int halo2_plonk_synthesize_keygen(halo2_assembly *a, const halo2_cs *cs,
                                  const halo2_plonk_config *cfg);

#endif /* PASTA_HALO2_CIRCUITS_H */
