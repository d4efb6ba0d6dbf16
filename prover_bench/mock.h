/* halo2's MockProver in essence (halo2_proofs 0.3.2 dev.rs verify): a witness checked
 * against a constraint system and its keygen assembly, cell by cell, with no proof.
 *   gates:   every gate polynomial is 0 on every usable row;
 *   lookups: on every usable row the input tuple is one of the table's tuples over the
 *            usable rows;
 *   copies:  every cell of a permutation column equals the cell its mapping names.
 * Rotations wrap mod n, as halo2's. Expressions run on program.h's evaluator (the one
 * the prover and the verifier use), over the rows. Variable time: for tests and diagnosis
 * only. */
#ifndef PASTA_HALO2_MOCK_H
#define PASTA_HALO2_MOCK_H

#include "keygen.h"
#include "prover.h"

enum halo2_mock_kind {
    HALO2_MOCK_OK = 0,
    HALO2_MOCK_GATE,
    HALO2_MOCK_LOOKUP,
    HALO2_MOCK_COPY
};
typedef struct halo2_mock_failure {
    int kind;   /* enum halo2_mock_kind */
    int index;  /* GATE: gate polynomial; LOOKUP: lookup; COPY: permutation column */
    size_t row; /* the failing row (COPY: of the cell in that column) */
    int other;  /* COPY: the mapped cell's permutation column */
    size_t other_row;
} halo2_mock_failure;

/* All three checks in the order gates (row-major: every polynomial at row 0, then row
 * 1, ...), lookups (lookup-major), copies (column-major); the first failure is written
 * to *f (kind OK when none). w as the prover's (instance columns zero past their
 * lengths). Returns the failure's kind (0: satisfied), or PASTA_ERR_INVALID_ARG (cs
 * and assembly disagree, NULL) / PASTA_ERR_NO_MEMORY. */
int halo2_mock_check(const halo2_cs *cs, const halo2_assembly *a, const halo2_witness *w,
                     halo2_mock_failure *f);
/* One check alone, same conventions. */
int halo2_mock_check_gates(const halo2_cs *cs, const halo2_assembly *a, const halo2_witness *w,
                           halo2_mock_failure *f);
int halo2_mock_check_lookups(const halo2_cs *cs, const halo2_assembly *a,
                             const halo2_witness *w, halo2_mock_failure *f);
int halo2_mock_check_copies(const halo2_cs *cs, const halo2_assembly *a,
                            const halo2_witness *w, halo2_mock_failure *f);

/* Operation counts of expression e as halo2 evaluates it (a tree: a shared node counts
 * at every use). scaled and negated are halo2's Scaled and Negated; leaves are queries
 * (and, before compression, selectors). */
typedef struct halo2_expr_counts {
    long mul, add, negated, scaled, constants, leaves;
} halo2_expr_counts;
void halo2_expr_count(const halo2_cs *cs, int e, halo2_expr_counts *c);

#endif /* PASTA_HALO2_MOCK_H */
