/* prover_bench/cs.h: the constraint system as data and its pinned text. */
#include "cs.h"

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
halo2_column halo2_cs_advice_column(halo2_cs *cs) {
    return new_column(cs, HALO2_ADVICE, &cs->num_advice);
}
halo2_column halo2_cs_fixed_column(halo2_cs *cs) {
    return new_column(cs, HALO2_FIXED, &cs->num_fixed);
}
halo2_column halo2_cs_instance_column(halo2_cs *cs) {
    return new_column(cs, HALO2_INSTANCE, &cs->num_instance);
}

halo2_column halo2_cs_table_column(halo2_cs *cs) { return halo2_cs_fixed_column(cs); }

static int new_selector(halo2_cs *cs, int simple) {
    if (cs->num_selectors >= HALO2_MAX_SELECTORS) {
        cs->error = 1;
        return 0;
    }
    cs->selector_simple[cs->num_selectors] = (uint8_t)simple;
    return cs->num_selectors++;
}
int halo2_cs_selector(halo2_cs *cs) { return new_selector(cs, 1); }
int halo2_cs_complex_selector(halo2_cs *cs) { return new_selector(cs, 0); }

static int query_index(halo2_cs *cs, halo2_query *list, int *n, halo2_column c, int rotation);

void halo2_cs_enable_equality(halo2_cs *cs, halo2_column c) {
    if (c.type == HALO2_ADVICE)
        query_index(cs, cs->advice_queries, &cs->n_advice_queries, c, 0);
    else if (c.type == HALO2_FIXED)
        query_index(cs, cs->fixed_queries, &cs->n_fixed_queries, c, 0);
    else query_index(cs, cs->instance_queries, &cs->n_instance_queries, c, 0);
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
int halo2_expr_sub(halo2_cs *cs, int a, int b) {
    return halo2_expr_sum(cs, a, halo2_expr_neg(cs, b));
}
int halo2_expr_scaled(halo2_cs *cs, int a, const pasta_fp *c) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_SCALED, .a = a, .c = *c});
}
int halo2_query_selector(halo2_cs *cs, int selector) {
    return new_node(cs, (halo2_expr){.op = HALO2_E_SELECTOR, .query = selector});
}

void halo2_cs_lookup(halo2_cs *cs, const int *inputs, const halo2_column *tables, int n) {
    if (cs->n_lookups >= HALO2_MAX_LOOKUPS || n < 1 || n > HALO2_MAX_LOOKUP_WIDTH) {
        cs->error = 1;
        return;
    }
    halo2_lookup *l = &cs->lookups[cs->n_lookups++];
    l->n = n;
    for (int i = 0; i < n; i++) l->input[i] = inputs[i];
    for (int i = 0; i < n; i++) l->table[i] = halo2_query_fixed(cs, tables[i]);
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
    case HALO2_E_INSTANCE:
    case HALO2_E_SELECTOR: return 1;
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

/* lookup::Argument::required_degree: max(4, 2 + input degree + table degree), each at
 * least 1. */
static int lookup_degree(const halo2_cs *cs, const halo2_lookup *l) {
    int in = 1, tab = 1;
    for (int i = 0; i < l->n; i++) {
        int a = halo2_expr_degree(cs, l->input[i]), b = halo2_expr_degree(cs, l->table[i]);
        if (a > in) in = a;
        if (b > tab) tab = b;
    }
    return 2 + in + tab > 4 ? 2 + in + tab : 4;
}

/* max(permutation 3, every lookup, every gate polynomial, minimum_degree) */
int halo2_cs_degree(const halo2_cs *cs) {
    int d = 3;
    for (int i = 0; i < cs->n_lookups; i++) {
        int l = lookup_degree(cs, &cs->lookups[i]);
        if (l > d) d = l;
    }
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

/* Expression::extract_simple_selector: the one simple selector in e, or -1. */
static int simple_selector(const halo2_cs *cs, int e) {
    const halo2_expr *x = &cs->nodes[e];
    switch (x->op) {
    case HALO2_E_SELECTOR: return cs->selector_simple[x->query] ? x->query : -1;
    case HALO2_E_NEGATED:
    case HALO2_E_SCALED: return simple_selector(cs, x->a);
    case HALO2_E_SUM:
    case HALO2_E_PRODUCT: {
        int a = simple_selector(cs, x->a), b = simple_selector(cs, x->b);
        return a >= 0 ? a : b; /* halo2 panics on two; circuits here have at most one */
    }
    default: return -1;
    }
}

/* A new fixed column and its query (compress_selectors' allocate_fixed_column). */
static int allocate_selector_column(halo2_cs *cs) {
    halo2_column c = halo2_cs_fixed_column(cs);
    return halo2_query_fixed(cs, c);
}

int halo2_cs_compress_selectors(halo2_cs *cs, const uint8_t *act, size_t n,
                                pasta_fp *new_fixed) {
    const int ns = cs->num_selectors;
    if (cs->error || cs->compressed) return -1;
    cs->compressed = 1;
    if (ns == 0) return 0;
    int degree[HALO2_MAX_SELECTORS] = {0}, repl[HALO2_MAX_SELECTORS];
    for (int i = 0; i < cs->n_gate_polys; i++) {
        int s = simple_selector(cs, cs->gate_polys[i]);
        int d = halo2_expr_degree(cs, cs->gate_polys[i]);
        if (s >= 0 && d > degree[s]) degree[s] = d;
    }
    const int max_degree = halo2_cs_degree(cs);
    int ncols = 0;
    pasta_fp one, zero;
    pasta_fp_one(&one);
    pasta_fp_zero(&zero);
    /* selectors of degree 0 (complex, or in no gate): a column each, 0/1 values */
    int rest[HALO2_MAX_SELECTORS], nrest = 0;
    for (int s = 0; s < ns; s++) {
        if (degree[s] != 0) {
            rest[nrest++] = s;
            continue;
        }
        repl[s] = allocate_selector_column(cs);
        for (size_t r = 0; r < n; r++)
            new_fixed[(size_t)ncols * n + r] = act[(size_t)s * n + r] ? one : zero;
        ncols++;
    }
    /* the others: greedy disjoint combinations within the degree bound */
    uint8_t added[HALO2_MAX_SELECTORS] = {0};
    for (int i = 0; i < nrest; i++) {
        if (added[i]) continue;
        added[i] = 1;
        int d = degree[rest[i]] - 1, comb[HALO2_MAX_SELECTORS], len = 1;
        comb[0] = i;
        for (int j = i + 1; j < nrest; j++) {
            if (d + len == max_degree) break;
            if (added[j]) continue;
            int excluded = 0;
            for (int k = 0; k < len && !excluded; k++)
                for (size_t r = 0; r < n; r++)
                    if (act[(size_t)rest[j] * n + r] && act[(size_t)rest[comb[k]] * n + r]) {
                        excluded = 1;
                        break;
                    }
            if (excluded) continue;
            int nd = degree[rest[j]] - 1 > d ? degree[rest[j]] - 1 : d;
            if (nd + len + 1 > max_degree) continue;
            d = nd;
            comb[len++] = j;
            added[j] = 1;
        }
        const int q = allocate_selector_column(cs);
        pasta_fp *col = &new_fixed[(size_t)ncols * n];
        for (size_t r = 0; r < n; r++) col[r] = zero;
        for (int k = 0; k < len; k++) {
            /* q * prod over roots 1..len other than k + 1 of (root - q) */
            int e = q;
            for (int root = 1; root <= len; root++) {
                if (root == k + 1) continue;
                pasta_fp rv;
                pasta_fp_from_u64(&rv, (uint64_t)root);
                e = halo2_expr_product(cs, e,
                                       halo2_expr_sub(cs, halo2_expr_constant(cs, &rv), q));
            }
            repl[rest[comb[k]]] = e;
            pasta_fp ar;
            pasta_fp_from_u64(&ar, (uint64_t)(k + 1));
            for (size_t r = 0; r < n; r++)
                if (act[(size_t)rest[comb[k]] * n + r]) col[r] = ar;
        }
        ncols++;
    }
    /* every selector leaf becomes (a copy of the root of) its replacement */
    for (int i = 0; i < cs->n_nodes; i++)
        if (cs->nodes[i].op == HALO2_E_SELECTOR)
            cs->nodes[i] = cs->nodes[repl[cs->nodes[i].query]];
    return cs->error ? -1 : ncols;
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
    case HALO2_E_SELECTOR: /* before compression only: Selector(Selector(i, simple)) */
        halo2_text_printf(t, "Selector(Selector(%d, %s))", x->query,
                          cs->selector_simple[x->query] ? "true" : "false");
        return;
    case HALO2_E_SCALED:
        halo2_text_printf(t, "Scaled(");
        text_expr(t, cs, x->a);
        halo2_text_printf(t, ", ");
        halo2_text_fp(t, &x->c);
        halo2_text_printf(t, ")");
        return;
    }
    halo2_text_printf(t, "%s { query_index: %d, column_index: %d, rotation: Rotation(%d) }",
                      name, x->query, q->column.index, q->rotation);
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
    halo2_text_printf(
        t,
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
    halo2_text_printf(t, "] }, lookups: [");
    for (int i = 0; i < cs->n_lookups; i++) {
        const halo2_lookup *l = &cs->lookups[i];
        halo2_text_printf(t, "%sArgument { input_expressions: [", i ? ", " : "");
        for (int j = 0; j < l->n; j++) {
            if (j) halo2_text_printf(t, ", ");
            text_expr(t, cs, l->input[j]);
        }
        halo2_text_printf(t, "], table_expressions: [");
        for (int j = 0; j < l->n; j++) {
            if (j) halo2_text_printf(t, ", ");
            text_expr(t, cs, l->table[j]);
        }
        halo2_text_printf(t, "] }");
    }
    halo2_text_printf(t, "], constants: [], minimum_degree: ");
    if (cs->minimum_degree) halo2_text_printf(t, "Some(%d) }", cs->minimum_degree);
    else halo2_text_printf(t, "None }");
}

int halo2_cs_cur_query_index(const halo2_cs *cs, halo2_column c) {
    const halo2_query *q = c.type == HALO2_ADVICE  ? cs->advice_queries
                           : c.type == HALO2_FIXED ? cs->fixed_queries
                                                   : cs->instance_queries;
    const int n = c.type == HALO2_ADVICE  ? cs->n_advice_queries
                  : c.type == HALO2_FIXED ? cs->n_fixed_queries
                                          : cs->n_instance_queries;
    for (int i = 0; i < n; i++)
        if (q[i].column.index == c.index && q[i].rotation == 0) return i;
    return -1;
}

void halo2_rotate_omega(pasta_fp *r, const pasta_fp *value, const pasta_fp *omega,
                        const pasta_fp *omega_inv, int rot) {
    pasta_fp w;
    const uint64_t e[4] = {rot >= 0 ? (uint64_t)rot : (uint64_t)(-(int64_t)rot), 0, 0, 0};
    pasta_fp_pow_var(&w, rot >= 0 ? omega : omega_inv, e);
    pasta_fp_mul(r, value, &w);
}
