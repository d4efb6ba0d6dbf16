/* A circuit's gate polynomials and lookup expressions compiled for vector evaluation on
 * the extended coset (the prover's h(X)): a straight-line program over slots, each slot a
 * vector of values (one per coset point of a chunk).
 *
 * Compilation (exact field arithmetic, so the values, and the proof, are those of halo2's
 * AST evaluation):
 *   - common subexpressions: structurally equal nodes are evaluated once (hash-consing;
 *     Sum and Product children in a canonical order: a + b = b + a exactly);
 *   - a + (−b) is one subtraction; a product with a constant is a scaling, a sum with a
 *     constant (or its negation) an addition of that constant: no constant vectors;
 *   - the gate polynomials are emitted one after another, each followed by its fold into
 *     the accumulator (acc = acc · y + value, halo2's distribute_powers), so that a
 *     polynomial's temporaries die before the next one starts; a run of m consecutive
 *     polynomials s · b_j sharing one fixed-only factor s (a gate's selector) is folded
 *     as acc · y^m + s · (sum_j y^(m−1−j) b_j): m + 1 products instead of 2m;
 *   - vector buffers are reused once their value's last reader has run (in place where
 *     an operation's output may overwrite an input).
 * Leaves are (column, rotation) queries read from the columns' cosets; the lookups'
 * input and table expressions stay live to the end of the program (the lookup
 * constraints read them). */
#ifndef PASTA_HALO2_PROGRAM_H
#define PASTA_HALO2_PROGRAM_H

#include "prover_bench/cs.h"

enum halo2_prog_opcode {
    HALO2_P_CONST, /* dst = c */
    HALO2_P_ADD,   /* dst = a + b */
    HALO2_P_SUB,   /* dst = a − b */
    HALO2_P_MUL,   /* dst = a · b */
    HALO2_P_SCALE, /* dst = a · c */
    HALO2_P_NEG,   /* dst = −a */
    HALO2_P_ADDC,  /* dst = a + c */
    HALO2_P_FOLD,  /* acc = acc · y + a */
    HALO2_P_GSTART, /* t = a (a run of polynomials with one fixed-only factor s) */
    HALO2_P_GFOLD, /* t = t · y + a */
    HALO2_P_GEND   /* acc = acc · y^m + a · t (a = s) */
};

typedef struct halo2_prog_op {
    int op;        /* enum halo2_prog_opcode */
    int dst, a, b; /* slots: [0, nleaves) leaves, [nleaves, nleaves + nbufs) buffers */
    int m;         /* GEND: the run's length */
    pasta_fp c;
} halo2_prog_op;

/* A leaf of type HALO2_P_LEAF_DERIVED: a fixed-only subexpression, precomputed (its
 * values on the coset are the same for every proof: the proving key holds them). */
#define HALO2_P_LEAF_DERIVED 100
/* A leaf of type HALO2_P_LEAF_CONST: the constant c in every position. */
#define HALO2_P_LEAF_CONST 101
typedef struct halo2_prog_leaf {
    int type;  /* HALO2_E_FIXED, HALO2_E_ADVICE, HALO2_E_INSTANCE, HALO2_P_LEAF_* */
    int query; /* index into that type's queries (DERIVED: index of the derived column) */
    pasta_fp c; /* CONST */
} halo2_prog_leaf;

typedef struct halo2_program {
    halo2_prog_leaf *leaves;
    int nleaves, nbufs;
    halo2_prog_op *ops;
    int nops;
    /* the slot of lookup l's i-th input / table expression (l * HALO2_MAX_LOOKUP_WIDTH + i) */
    int lookup_input[HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH];
    int lookup_table[HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH];
    /* per point: multiplications (MUL, SCALE, FOLD's · y), additions (ADD, SUB, NEG,
     * FOLD's +); and the same counted over the expression trees as written (halo2's
     * AST evaluation, which evaluates every occurrence) */
    long muls, adds, tree_muls, tree_adds;
    int unique_nodes, tree_nodes;
    int nderived;  /* gate program of compile_split: derived leaves read */
    int max_group; /* the longest run of GEND (y powers up to it are needed) */
    int *outputs;  /* derived program: the slot of each derived column */
    int noutputs;
} halo2_program;

/* order[0 .. cs->n_nodes): every node after its children (selector compression may
 * rewrite a node into one whose children come later). PASTA_OK, or
 * PASTA_ERR_INVALID_ARG for a child index out of range or a cycle. */
int halo2_expr_topo_order(const halo2_cs *cs, int *order);

/* PASTA_OK; PASTA_ERR_INVALID_ARG (a selector left in an expression, a malformed node);
 * PASTA_ERR_NO_MEMORY (pr zeroed). */
int halo2_program_compile(halo2_program *pr, const halo2_cs *cs);
/* The same split in two: pr reads every maximal fixed-only subexpression (a composite of
 * fixed columns and constants, e.g. a compressed selector) as a derived leaf, and
 * `derived` computes those columns from the fixed ones (no folds; outputs[d] is the
 * slot of derived column d), once per proving key. */
int halo2_program_compile_split(halo2_program *pr, halo2_program *derived, const halo2_cs *cs);
void halo2_program_free(halo2_program *pr);

#endif /* PASTA_HALO2_PROGRAM_H */
