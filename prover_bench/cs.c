/* prover_bench/cs.h: the constraint system as data and its pinned text. */
#include "prover_bench/cs.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void halo2_cs_init(halo2_cs *cs) { memset(cs, 0, sizeof *cs); }

static halo2_column new_column(halo2_cs *cs, int type, int *count) {
    if (*count >= HALO2_MAX_COLUMNS) cs->error = 1;
    halo2_column c = {type, *count};
    if (!cs->error) (*count)++;
    return c;
}
halo2_column halo2_cs_advice_column(halo2_cs *cs) { return new_column(cs, HALO2_ADVICE, &cs->num_advice); }
halo2_column halo2_cs_fixed_column(halo2_cs *cs) { return new_column(cs, HALO2_FIXED, &cs->num_fixed); }
halo2_column halo2_cs_instance_column(halo2_cs *cs) {
    return new_column(cs, HALO2_INSTANCE, &cs->num_instance);
}

void halo2_cs_enable_equality(halo2_cs *cs, halo2_column c) {
    for (int i = 0; i < cs->n_perm_columns; i++)
        if (cs->perm_columns[i].type == c.type && cs->perm_columns[i].index == c.index) return;
    if (cs->n_perm_columns >= HALO2_MAX_COLUMNS) {
        cs->error = 1;
        return;
    }
    cs->perm_columns[cs->n_perm_columns++] = c;
}

static int new_node(halo2_cs *cs, halo2_expr e) {
    if (cs->n_nodes >= HALO2_MAX_NODES) {
        cs->error = 1;
        return 0;
    }
    cs->nodes[cs->n_nodes] = e;
    return cs->n_nodes++;
}

/* The index of (c, rotation) in list, appended if new (halo2's query_*_index). */
static int query_index(halo2_cs *cs, halo2_query *list, int *n, halo2_column c, int rotation) {
    for (int i = 0; i < *n; i++)
        if (list[i].column.index == c.index && list[i].rotation == rotation) return i;
    if (*n >= HALO2_MAX_QUERIES) {
        cs->error = 1;
        return 0;
    }
    list[*n] = (halo2_query){c, rotation};
    if (c.type == HALO2_ADVICE) cs->num_advice_queries[c.index]++;
    return (*n)++;
}

int halo2_query_advice(halo2_cs *cs, halo2_column c, int rotation) {
    int q = query_index(cs, cs->advice_queries, &cs->n_advice_queries, c, rotation);
    return new_node(cs, (halo2_expr){.op = HALO2_E_ADVICE, .query = q});
}
int halo2_query_fixed(halo2_cs *cs, halo2_column c) {
    int q = query_index(cs, cs->fixed_queries, &cs->n_fixed_queries, c, 0);
    return new_node(cs, (halo2_expr){.op = HALO2_E_FIXED, .query = q});
}
int halo2_query_instance(halo2_cs *cs, halo2_column c, int rotation) {
    int q = query_index(cs, cs->instance_queries, &cs->n_instance_queries, c, rotation);
    return new_node(cs, (halo2_expr){.op = HALO2_E_INSTANCE, .query = q});
}
int halo2_expr_constant(halo2_cs *cs, const pasta_fp *c) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_CONSTANT, .c = *c});
}
int halo2_expr_sum(halo2_cs *cs, int a, int b) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_SUM, .a = a, .b = b});
}
int halo2_expr_product(halo2_cs *cs, int a, int b) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_PRODUCT, .a = a, .b = b});
}
int halo2_expr_neg(halo2_cs *cs, int a) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_NEGATED, .a = a});
}
int halo2_expr_sub(halo2_cs *cs, int a, int b) { return halo2_expr_sum(cs, a, halo2_expr_neg(cs, b)); }
int halo2_expr_scaled(halo2_cs *cs, int a, const pasta_fp *c) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_SCALED, .a = a, .c = *c});
}
void halo2_cs_add_gate_poly(halo2_cs *cs, int poly) {
    if (cs->n_gate_polys >= HALO2_MAX_POLYS) {
        cs->error = 1;
        return;
    }
    cs->gate_polys[cs->n_gate_polys++] = poly;
}

int halo2_expr_degree(const halo2_cs *cs, int e) {
    const halo2_expr *x = &cs->nodes[e];
    switch (x->op) {
    case HALO2_E_CONSTANT: return 0;
    case HALO2_E_FIXED:
    case HALO2_E_ADVICE:
    case HALO2_E_INSTANCE: return 1;
    case HALO2_E_NEGATED:
    case HALO2_E_SCALED: return halo2_expr_degree(cs, x->a);
    case HALO2_E_SUM: {
        int a = halo2_expr_degree(cs, x->a), b = halo2_expr_degree(cs, x->b);
        return a > b ? a : b;
    }
    case HALO2_E_PRODUCT: return halo2_expr_degree(cs, x->a) + halo2_expr_degree(cs, x->b);
    }
    return 0;
}

/* max(permutation 3, lookups (none yet: 1), every gate polynomial, minimum_degree) */
int halo2_cs_degree(const halo2_cs *cs) {
    int d = 3;
    for (int i = 0; i < cs->n_gate_polys; i++) {
        int g = halo2_expr_degree(cs, cs->gate_polys[i]);
        if (g > d) d = g;
    }
    return cs->minimum_degree > d ? cs->minimum_degree : d;
}

/* max(3, most queries of one advice column) + 2 (halo2's blinding_factors) */
int halo2_cs_blinding_factors(const halo2_cs *cs) {
    int f = 1;
    for (int i = 0; i < cs->num_advice; i++)
        if (cs->num_advice_queries[i] > f) f = cs->num_advice_queries[i];
    return (f > 3 ? f : 3) + 2;
}

/* EvaluationDomain::new(degree, k): the least extended_k >= k with
 * 2^extended_k >= 2^k (degree - 1). */
int halo2_cs_extended_k(const halo2_cs *cs, int k) {
    const uint64_t need = ((uint64_t)1 << k) * (uint64_t)(halo2_cs_degree(cs) - 1);
    int e = k;
    while (((uint64_t)1 << e) < need) e++;
    return e;
}

void halo2_text_printf(halo2_text *t, const char *fmt, ...) {
    if (t->error) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int m = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (m < 0) {
            t->error = 1;
            return;
        }
        if (t->s != NULL && t->len + (size_t)m < t->cap) {
            t->len += (size_t)m;
            return;
        }
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap < t->len + (size_t)m + 1) cap *= 2;
        char *s = realloc(t->s, cap);
        if (s == NULL) {
            t->error = 1;
            return;
        }
        t->s = s;
        t->cap = cap;
    }
}

void halo2_text_free(halo2_text *t) {
    free(t->s);
    memset(t, 0, sizeof *t);
}

static void text_be_hex(halo2_text *t, const uint8_t le[32]) {
    char h[67] = "0x";
    for (int i = 0; i < 32; i++) snprintf(h + 2 + 2 * i, 3, "%02x", le[31 - i]);
    halo2_text_printf(t, "%s", h);
}
void halo2_text_fp(halo2_text *t, const pasta_fp *v) {
    uint8_t b[32];
    pasta_fp_to_bytes(b, v);
    text_be_hex(t, b);
}
void halo2_text_fq(halo2_text *t, const pasta_fq *v) {
    uint8_t b[32];
    pasta_fq_to_bytes(b, v);
    text_be_hex(t, b);
}
void halo2_text_point(halo2_text *t, const pasta_vesta_affine *p) {
    halo2_text_printf(t, "(");
    halo2_text_fq(t, &p->x);
    halo2_text_printf(t, ", ");
    halo2_text_fq(t, &p->y);
    halo2_text_printf(t, ")");
}

static const char *type_name(int type) {
    return type == HALO2_ADVICE ? "Advice" : type == HALO2_FIXED ? "Fixed" : "Instance";
}

/* Expression's Debug (plonk/circuit.rs): queries as structs, the rest as tuples. */
static void text_expr(halo2_text *t, const halo2_cs *cs, int e) {
    const halo2_expr *x = &cs->nodes[e];
    const halo2_query *q = NULL;
    const char *name = NULL;
    switch (x->op) {
    case HALO2_E_CONSTANT:
        halo2_text_printf(t, "Constant(");
        halo2_text_fp(t, &x->c);
        halo2_text_printf(t, ")");
        return;
    case HALO2_E_FIXED: q = &cs->fixed_queries[x->query], name = "Fixed"; break;
    case HALO2_E_ADVICE: q = &cs->advice_queries[x->query], name = "Advice"; break;
    case HALO2_E_INSTANCE: q = &cs->instance_queries[x->query], name = "Instance"; break;
    case HALO2_E_NEGATED:
        halo2_text_printf(t, "Negated(");
        text_expr(t, cs, x->a);
        halo2_text_printf(t, ")");
        return;
    case HALO2_E_SUM:
    case HALO2_E_PRODUCT:
        halo2_text_printf(t, x->op == HALO2_E_SUM ? "Sum(" : "Product(");
        text_expr(t, cs, x->a);
        halo2_text_printf(t, ", ");
        text_expr(t, cs, x->b);
        halo2_text_printf(t, ")");
        return;
    case HALO2_E_SCALED:
        halo2_text_printf(t, "Scaled(");
        text_expr(t, cs, x->a);
        halo2_text_printf(t, ", ");
        halo2_text_fp(t, &x->c);
        halo2_text_printf(t, ")");
        return;
    }
    halo2_text_printf(t, "%s { query_index: %d, column_index: %d, rotation: Rotation(%d) }", name,
                      x->query, q->column.index, q->rotation);
}

static void text_column(halo2_text *t, halo2_column c) {
    halo2_text_printf(t, "Column { index: %d, column_type: %s }", c.index, type_name(c.type));
}

static void text_queries(halo2_text *t, const char *field, const halo2_query *q, int n) {
    halo2_text_printf(t, "%s: [", field);
    for (int i = 0; i < n; i++) {
        halo2_text_printf(t, "%s(", i ? ", " : "");
        text_column(t, q[i].column);
        halo2_text_printf(t, ", Rotation(%d))", q[i].rotation);
    }
    halo2_text_printf(t, "], ");
}

void halo2_text_pinned_cs(halo2_text *t, const halo2_cs *cs) {
    halo2_text_printf(t,
                      "PinnedConstraintSystem { num_fixed_columns: %d, num_advice_columns: %d, "
                      "num_instance_columns: %d, num_selectors: %d, gates: [",
                      cs->num_fixed, cs->num_advice, cs->num_instance, cs->num_selectors);
    for (int i = 0; i < cs->n_gate_polys; i++) {
        if (i) halo2_text_printf(t, ", ");
        text_expr(t, cs, cs->gate_polys[i]);
    }
    halo2_text_printf(t, "], ");
    text_queries(t, "advice_queries", cs->advice_queries, cs->n_advice_queries);
    text_queries(t, "instance_queries", cs->instance_queries, cs->n_instance_queries);
    text_queries(t, "fixed_queries", cs->fixed_queries, cs->n_fixed_queries);
    halo2_text_printf(t, "permutation: Argument { columns: [");
    for (int i = 0; i < cs->n_perm_columns; i++) {
        if (i) halo2_text_printf(t, ", ");
        text_column(t, cs->perm_columns[i]);
    }
    halo2_text_printf(t, "] }, lookups: [], constants: [], minimum_degree: ");
    if (cs->minimum_degree) halo2_text_printf(t, "Some(%d) }", cs->minimum_degree);
    else halo2_text_printf(t, "None }");
}
