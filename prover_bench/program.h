/* A circuit's expressions compiled for vector evaluation: a straight-line program over
 * slots, each slot a vector of values (one per position: coset points of a chunk for the
 * prover's h(X), rows for the lookups' inputs and the mock checker, one value at x for
 * the verifier). pasta_halo2's one expression evaluator: the prover, the verifier and
 * the mock all run halo2_program_run.
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

#include "cs.h"

enum halo2_prog_opcode {
    HALO2_P_CONST,  /* dst = c */
    HALO2_P_ADD,    /* dst = a + b */
    HALO2_P_SUB,    /* dst = a − b */
    HALO2_P_MUL,    /* dst = a · b */
    HALO2_P_SCALE,  /* dst = a · c */
    HALO2_P_NEG,    /* dst = −a */
    HALO2_P_ADDC,   /* dst = a + c */
    HALO2_P_FOLD,   /* acc = acc · y + a */
    HALO2_P_GSTART, /* t = a (a run of polynomials with one fixed-only factor s) */
    HALO2_P_GFOLD,  /* t = t · y + a */
    HALO2_P_GEND    /* acc = acc · y^m + a · t (a = s) */
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
    int type;   /* HALO2_E_FIXED, HALO2_E_ADVICE, HALO2_E_INSTANCE, HALO2_E_SELECTOR
                  (halo2_program_compile_exprs only; query: the selector), HALO2_P_LEAF_* */
    int query;  /* index into that type's queries (DERIVED: index of the derived column) */
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
    int *outputs;  /* derived program, compile_exprs: the slot of each output */
    int noutputs;
} halo2_program;

/* order[0 .. cs->n_nodes): every node after its children (selector compression may
 * rewrite a node into one whose children come later). PASTA_OK, or
 * PASTA_ERR_INVALID_ARG for a child index out of range or a cycle. */
int halo2_expr_topo_order(const halo2_cs *cs, int *order);

/* The gate polynomials folded into the accumulator (acc = acc · y + poly, in order), the
 * lookups' expressions pinned (lookup_input, lookup_table). PASTA_OK;
 * PASTA_ERR_INVALID_ARG (a selector left in an expression, a malformed node: a child,
 * query, root or lookup expression out of range, a cycle); PASTA_ERR_NO_MEMORY (pr
 * zeroed). */
int halo2_program_compile(halo2_program *pr, const halo2_cs *cs);
/* The same split in two: pr reads every maximal fixed-only subexpression (a composite of
 * fixed columns and constants, e.g. a compressed selector) as a derived leaf, and
 * `derived` computes those columns from the fixed ones (no folds; outputs[d] is the
 * slot of derived column d), once per proving key. */
int halo2_program_compile_split(halo2_program *pr, halo2_program *derived, const halo2_cs *cs);
/* No folds: outputs[i] is the slot of roots[i] (i < n); selectors allowed (read as
 * leaves of 0/1 values). For the mock checker and witness solvers. */
int halo2_program_compile_exprs(halo2_program *pr, const halo2_cs *cs, const int *roots,
                                int n);
void halo2_program_free(halo2_program *pr);

/* ---- Running a program on vectors of `width` positions. */

/* Where the leaves' values are: column c of a kind at [c * stride], `size` positions per
 * column; a query at rotation r, read from position `start`, reads positions
 * start + r * rot_scale onwards, mod size. derived: the pk's derived columns (rotation
 * 0); selector: 0/1 columns (rotation 0); each NULL when not read. */
typedef struct halo2_leaf_view {
    const pasta_fp *fixed, *advice, *instance, *selector, *derived;
    size_t stride;
    long size, rot_scale;
} halo2_leaf_view;

/* A program's working vectors: leaf[i] the values of leaf i (constant leaves filled once,
 * at init), leafbuf (copies of windows that wrap), bufs, the accumulators; cvec: zeros
 * (NEG runs as 0 − a), then each ADDC's constant, width copies each (op k's at cvec +
 * cidx[k] width), so that every operation is one array call (pasta_fp_vec_*). */
typedef struct halo2_program_scratch {
    size_t width;
    const pasta_fp **leaf;
    pasta_fp *leafbuf, *bufs, *acc, *gacc, *cvec;
    int *cidx;
    /* work form (halo2_program_scratch_use_work), else NULL: per slot, then acc, gacc and
     * zeros, wblk blocks each */
    pasta_fp_work *work;
    size_t wblk;
} halo2_program_scratch;

/* PASTA_OK or PASTA_ERR_NO_MEMORY (s zeroed). acc starts at zero. */
int halo2_program_scratch_init(halo2_program_scratch *s, const halo2_program *pr,
                               size_t width);
/* T scratches of width (one per range of halo2_par_for), or NULL (out of memory);
 * freed by halo2_program_scratches_free (s may be NULL). */
halo2_program_scratch *halo2_program_scratches(const halo2_program *pr, size_t width, int T);
void halo2_program_scratches_free(halo2_program_scratch *s, int T);
/* After init: halo2_program_run keeps every value in pasta's work form (pasta_fp_work_*,
 * include/pasta/field.h) and converts only the leaves in and acc and the lookups' pinned
 * slots out (the other buffers' values are not kept), the same values. The backend must
 * stay the one selected here. PASTA_OK or PASTA_ERR_NO_MEMORY (s unchanged). */
int halo2_program_scratch_use_work(halo2_program_scratch *s, const halo2_program *pr);
void halo2_program_scratch_free(halo2_program_scratch *s);

/* A pointer to width consecutive values of arr (size entries) from position at (mod
 * size): into arr itself, or copied into dst when the run wraps around. */
const pasta_fp *halo2_window(const pasta_fp *arr, long size, long at, size_t width,
                             pasta_fp *dst);
/* Points every non-constant leaf at its values from position start, through v. */
void halo2_program_bind(const halo2_program *pr, const halo2_cs *cs, const halo2_leaf_view *v,
                        long start, halo2_program_scratch *s);
/* Runs the operations; FOLD, GEND fold into s->acc with y and ypow (y^0 .. y^max_group;
 * either may be NULL for a program without folds). */
void halo2_program_run(const halo2_program *pr, halo2_program_scratch *s, const pasta_fp *y,
                       const pasta_fp *ypow);
/* The values of a slot (after a run). */
const pasta_fp *halo2_program_slot(const halo2_program *pr, const halo2_program_scratch *s,
                                   int slot);

#endif /* PASTA_HALO2_PROGRAM_H */
