/* The circuits pasta proves, written as data (prover_bench/cs.h) in the order their halo2
 * definitions create columns, queries and gates (tests/vectors/halo2/README.md). */
#ifndef PASTA_HALO2_CIRCUITS_H
#define PASTA_HALO2_CIRCUITS_H

#include "keygen.h"

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

/* The prover's half of synthesis: the advice values (3 columns of n = 2^k rows,
 * column-major, as halo2_witness.advice) for the witness a: every raw_multiply row
 * (a, a, a^2), every raw_add row (a, a^2, a + a^2), all other rows 0. */
int halo2_plonk_synthesize_witness(pasta_fp *advice, int k, const halo2_plonk_config *cfg,
                                   const pasta_fp *a);

/* tests/vectors/halo2/README.md's lookup_k11: advice a, b, c; instance inst (a and inst
 * with equality); a 10-bit table column; simple selectors q_add, q_mul, complex
 * q_lookup; gates "add next", "mul prev", "b is a bit"; one lookup q_lookup·c ∈ table.
 * One region of HALO2_LOOKUP_ROWS rows. */
#define HALO2_LOOKUP_ROWS 1000
typedef struct halo2_lookup_config {
    halo2_column a, b, c, inst, table;
    int q_add, q_mul, q_lookup;
} halo2_lookup_config;

void halo2_lookup_configure(halo2_cs *cs, halo2_lookup_config *cfg);
/* The keygen half: the table (0..1023, then the first value to the last usable row),
 * the selectors, a[0] = inst[0] and a[ROWS-1] = inst[1]. */
int halo2_lookup_synthesize_keygen(halo2_assembly *a, const halo2_cs *cs,
                                   const halo2_lookup_config *cfg);

/* The prover's half: advice (3 columns of 2^k rows, column-major) and the instance
 * column's two values from HALO2_LOOKUP_ROWS bits (bits[i] in {0, 1}): a[0] = 1,
 * a[i + 1] = a[i] + b[i], b[i] = bits[i], c[0] = 0, c[i] = a[i - 1] b[i];
 * instance = (a[0], a[ROWS - 1]). */
int halo2_lookup_synthesize_witness(pasta_fp *advice, pasta_fp instance[2], int k,
                                    const halo2_lookup_config *cfg, const uint8_t *bits);

#endif /* PASTA_HALO2_CIRCUITS_H */
