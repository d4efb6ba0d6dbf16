/* An Orchard-shaped circuit at k = 11 (prover_bench/ORCHARD.md): the column, query,
 * selector, gate-degree, lookup and permutation shape of zcash/orchard's action circuit
 * (ORCHARD_SHAPE §1), with synthetic gates that a generated witness satisfies.
 *   advice 0..9: rotations {0,+1} on 0,2,3,4,5 and {-1,0,+1} on 1,6,7,8,9 (25 queries);
 *   instance 0: 10 public rows; fixed 0..2: the 3-column table (index 0..1023, x, y);
 *   fixed 3..10 ("Lagrange coefficients", 3 the constants column), 11, 12 and 13 (each
 *   Sinsemilla config's q_s2); 52 simple and 4 complex selectors, compressing to 29 fixed
 *   columns; 193 gate polynomials of degrees {3:4, 4:2, 5:7, 6:21, 7:35, 8:65, 9:59};
 *   lookups: a 10-bit running-sum range check on advice 9, and two (word, x, y) lookups
 *   (advice 0..4 under q_s1[0], advice 5..9 under q_s1[1]) into fixed 0..2;
 *   equality on instance 0, advice 0..9, fixed 3, 8, 9, 10 (15 columns, 3 sets). */
#ifndef PASTA_HALO2_ORCHARD_H
#define PASTA_HALO2_ORCHARD_H

#include "keygen.h"

#define HALO2_ORCHARD_K 11
#define HALO2_ORCHARD_SIMPLE 52    /* simple selectors */
#define HALO2_ORCHARD_POLYS 193    /* gate polynomials */
#define HALO2_ORCHARD_INSTANCES 10 /* public rows */
#define HALO2_ORCHARD_REGIONS 9    /* regions of each simple selector */
#define HALO2_ORCHARD_S1_ROWS 170  /* q_s1 rows of each Sinsemilla config */
#define HALO2_ORCHARD_RC_CHAINS 6  /* range-check running sums, 25 + 1 words each */
#define HALO2_ORCHARD_MAX_COPIES 160

/* A gate polynomial: gate * (body - out), body free of out and of later polynomials'
 * outs in its region, so out := body is a solution. */
typedef struct halo2_orchard_poly {
    int selector; /* simple selector index, or -1 - c for Sinsemilla config c's q_s1 */
    int body;     /* node of body */
    int out_col, out_rot;
} halo2_orchard_poly;

/* A copy: advice (dst_col, dst_row) (or instance row dst_row, dst_col = -1) takes the
 * value of src (computed earlier in witness order). */
typedef struct halo2_orchard_copy {
    halo2_column src;
    size_t src_row;
    int dst_col;
    size_t dst_row;
} halo2_orchard_copy;

typedef struct halo2_orchard_config {
    halo2_column advice[10], instance, fixed[14];
    int selectors[HALO2_ORCHARD_SIMPLE];
    int q_lookup, q_running, q_s1[2];
    halo2_orchard_poly polys[HALO2_ORCHARD_POLYS];
    int n_polys;
    /* polynomials of simple selector s: [first_poly[s], first_poly[s + 1]); those of
     * q_s1[c]: [s1_first[c], s1_first[c + 1]) */
    int first_poly[HALO2_ORCHARD_SIMPLE + 1], s1_first[3];
    /* layout (rows) */
    size_t region_row[HALO2_ORCHARD_SIMPLE][HALO2_ORCHARD_REGIONS]; /* selector rows */
    size_t s1_start[2]; /* first q_s1 row of each config (HALO2_ORCHARD_S1_ROWS rows) */
    size_t rc_start[HALO2_ORCHARD_RC_CHAINS]; /* first row of each range-check chain */
    size_t gates_start;                       /* first row of the gate regions */
    halo2_orchard_copy copies[HALO2_ORCHARD_MAX_COPIES];
    int n_copies;
    int error;
} halo2_orchard_config;

/* configure: columns, selectors, gates, lookups, equality, and the layout and copies.
 * Deterministic (no seed). cfg->error (and cs->error) on a capacity overflow. */
void halo2_orchard_configure(halo2_cs *cs, halo2_orchard_config *cfg);

/* Keygen synthesis on an assembly of k = 11: the table (fixed 0..2, rows 0..1023, then
 * row 0's values to the last usable row), fixed 3..13, the selectors and the copies. */
int halo2_orchard_synthesize_keygen(halo2_assembly *a, const halo2_cs *cs,
                                    const halo2_orchard_config *cfg);

/* The witness of one action from seed: advice (10 columns of 2^k rows, column-major,
 * zeroed first) and the 10 instance values. cs is the configured system (compressed or
 * not). Returns PASTA_OK, or PASTA_ERR_INVALID_ARG (k != 11, NULL, cfg->error),
 * PASTA_ERR_NO_MEMORY. */
int halo2_orchard_synthesize_witness(pasta_fp *advice,
                                     pasta_fp instances[HALO2_ORCHARD_INSTANCES],
                                     const halo2_cs *cs, int k,
                                     const halo2_orchard_config *cfg, uint64_t seed);

#endif /* PASTA_HALO2_ORCHARD_H */
