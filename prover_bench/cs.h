/* Circuits described as data, as halo2_proofs 0.3.2's ConstraintSystem (plonk/circuit.rs):
 * columns, queries (deduplicated per (column, rotation), in creation order, as halo2's
 * query_*_index), gates as expression trees over queries, the permutation's columns,
 * minimum degree. The verifying key's pinned text (format!("{:?}", vk.pinned())) is
 * printed from this description, so column creation order, query order and expression
 * shape must follow the halo2 circuit being mirrored. */
#ifndef PASTA_HALO2_CS_H
#define PASTA_HALO2_CS_H

#include <stddef.h>
#include <stdint.h>

#include <pasta/pasta.h>

enum halo2_column_type { HALO2_ADVICE = 0, HALO2_FIXED = 1, HALO2_INSTANCE = 2 };
typedef struct halo2_column {
    int type; /* enum halo2_column_type */
    int index;
} halo2_column;
typedef struct halo2_query {
    halo2_column column;
    int rotation;
} halo2_query;

enum halo2_expr_op {
    HALO2_E_CONSTANT,
    HALO2_E_FIXED,
    HALO2_E_ADVICE,
    HALO2_E_INSTANCE,
    HALO2_E_NEGATED,
    HALO2_E_SUM,
    HALO2_E_PRODUCT,
    HALO2_E_SCALED,
    HALO2_E_SELECTOR
};
/* One node; expressions are node indices into halo2_cs.nodes. */
typedef struct halo2_expr {
    int op;     /* enum halo2_expr_op */
    int query;  /* FIXED/ADVICE/INSTANCE: index into that type's queries;
                         SELECTOR: the selector's index */
    int a, b;   /* children (NEGATED, SCALED: a; SUM, PRODUCT: a, b) */
    pasta_fp c; /* CONSTANT, SCALED */
} halo2_expr;

#define HALO2_MAX_COLUMNS 64
#define HALO2_MAX_QUERIES 128
#define HALO2_MAX_NODES 8192
#define HALO2_MAX_POLYS 512
#define HALO2_MAX_SELECTORS 128
#define HALO2_MAX_LOOKUPS 16
#define HALO2_MAX_LOOKUP_WIDTH 8

/* A lookup argument (plonk/lookup.rs): input expressions looked up in table expressions. */
typedef struct halo2_lookup {
    int n; /* width */
    int input[HALO2_MAX_LOOKUP_WIDTH], table[HALO2_MAX_LOOKUP_WIDTH];
} halo2_lookup;

typedef struct halo2_cs {
    int num_fixed, num_advice, num_instance, num_selectors;
    halo2_query advice_queries[HALO2_MAX_QUERIES], fixed_queries[HALO2_MAX_QUERIES],
        instance_queries[HALO2_MAX_QUERIES];
    int n_advice_queries, n_fixed_queries, n_instance_queries;
    int num_advice_queries[HALO2_MAX_COLUMNS]; /* per advice column */
    halo2_column perm_columns[HALO2_MAX_COLUMNS];
    int n_perm_columns;
    halo2_expr nodes[HALO2_MAX_NODES];
    int n_nodes;
    int gate_polys[HALO2_MAX_POLYS]; /* every gate's polynomials, in order */
    int n_gate_polys;
    uint8_t selector_simple[HALO2_MAX_SELECTORS]; /* 1 simple, 0 complex */
    halo2_lookup lookups[HALO2_MAX_LOOKUPS];
    int n_lookups;
    int compressed;     /* selectors replaced by fixed columns (halo2_cs_compress_selectors) */
    int minimum_degree; /* 0: None */
    int error;          /* set when a fixed capacity above is exceeded */
} halo2_cs;

void halo2_cs_init(halo2_cs *cs);
halo2_column halo2_cs_advice_column(halo2_cs *cs);
halo2_column halo2_cs_fixed_column(halo2_cs *cs);
halo2_column halo2_cs_instance_column(halo2_cs *cs);
/* lookup_table_column: a fixed column. */
halo2_column halo2_cs_table_column(halo2_cs *cs);
/* selector / complex_selector: returns the selector's index. */
int halo2_cs_selector(halo2_cs *cs);
int halo2_cs_complex_selector(halo2_cs *cs);
/* enable_equality: queries the column at rotation 0 (as halo2 does) and adds it to the
 * permutation argument once. */
void halo2_cs_enable_equality(halo2_cs *cs, halo2_column c);

/* Expressions (return a node index). */
int halo2_query_advice(halo2_cs *cs, halo2_column c, int rotation);
int halo2_query_fixed(halo2_cs *cs, halo2_column c); /* rotation 0, as halo2 */
int halo2_query_instance(halo2_cs *cs, halo2_column c, int rotation);
int halo2_expr_constant(halo2_cs *cs, const pasta_fp *c);
int halo2_expr_sum(halo2_cs *cs, int a, int b);
int halo2_expr_product(halo2_cs *cs, int a, int b);
int halo2_expr_neg(halo2_cs *cs, int a);
int halo2_expr_sub(halo2_cs *cs, int a, int b); /* Sum(a, Negated(b)), as halo2's Sub */
int halo2_expr_scaled(halo2_cs *cs, int a, const pasta_fp *c);
int halo2_query_selector(halo2_cs *cs, int selector);
void halo2_cs_add_gate_poly(halo2_cs *cs, int poly);
/* meta.lookup: input expressions (built by the caller, in the closure's order) against
 * table columns, whose queries are made after the inputs, as halo2 does. */
void halo2_cs_lookup(halo2_cs *cs, const int *inputs, const halo2_column *tables, int n);
/* compress_selectors (plonk/circuit.rs, circuit/compress_selectors.rs): given each
 * selector's activations (activations[s * n + row], n rows), allocates the fixed columns
 * that replace them and writes their values to new_fixed (one n-row column each, in
 * allocation order; at most num_selectors columns), replaces every selector in gates
 * and lookups by its expression. Returns the number of columns added, or -1. */
int halo2_cs_compress_selectors(halo2_cs *cs, const uint8_t *activations, size_t n,
                                pasta_fp *new_fixed);

int halo2_expr_degree(const halo2_cs *cs, int e);
/* The index of column c's rotation-0 query in its type's list
 * (ConstraintSystem::get_any_query_index), or -1. */
int halo2_cs_cur_query_index(const halo2_cs *cs, halo2_column c);
/* domain.rs rotate_omega: r = value · ω^rot (ω_inv^|rot| for rot < 0). */
void halo2_rotate_omega(pasta_fp *r, const pasta_fp *value, const pasta_fp *omega,
                        const pasta_fp *omega_inv, int rot);
/* ConstraintSystem::degree, blinding_factors; EvaluationDomain's extended k. */
int halo2_cs_degree(const halo2_cs *cs);
int halo2_cs_blinding_factors(const halo2_cs *cs);
int halo2_cs_extended_k(const halo2_cs *cs, int k);

/* A growable text buffer (the pinned verifying key). */
typedef struct halo2_text {
    char *s;
    size_t len, cap;
    int error;
} halo2_text;
void halo2_text_printf(halo2_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void halo2_text_free(halo2_text *t);

/* Debug forms: a field element "0x" + big-endian hex; an affine point "(0x.., 0x..)". */
void halo2_text_fp(halo2_text *t, const pasta_fp *v);
void halo2_text_fq(halo2_text *t, const pasta_fq *v);
void halo2_text_point(halo2_text *t, const pasta_vesta_affine *p);
/* PinnedConstraintSystem { ... } of cs. */
void halo2_text_pinned_cs(halo2_text *t, const halo2_cs *cs);

#endif /* PASTA_HALO2_CS_H */
