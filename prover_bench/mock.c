/* prover_bench/mock.h */
#include "prover_bench/mock.h"

#include <stdlib.h>
#include <string.h>

static size_t rotated(size_t row, int rot, size_t n) {
    long long r = ((long long)row + rot) % (long long)n;
    return (size_t)(r < 0 ? r + (long long)n : r);
}

void halo2_mock_eval(pasta_fp *r, const halo2_cs *cs, int e, size_t row,
                     const halo2_mock_values *v) {
    const halo2_expr *x = &cs->nodes[e];
    const size_t n = v->n;
    pasta_fp a, b;
    switch (x->op) {
    case HALO2_E_CONSTANT: *r = x->c; return;
    case HALO2_E_FIXED: {
        const halo2_query *q = &cs->fixed_queries[x->query];
        *r = v->fixed[(size_t)q->column.index * n + rotated(row, q->rotation, n)];
        return;
    }
    case HALO2_E_ADVICE: {
        const halo2_query *q = &cs->advice_queries[x->query];
        *r = v->advice[(size_t)q->column.index * n + rotated(row, q->rotation, n)];
        return;
    }
    case HALO2_E_INSTANCE: {
        const halo2_query *q = &cs->instance_queries[x->query];
        *r = v->instance[(size_t)q->column.index * n + rotated(row, q->rotation, n)];
        return;
    }
    case HALO2_E_SELECTOR:
        if (v->selectors[(size_t)x->query * n + row]) pasta_fp_one(r);
        else pasta_fp_zero(r);
        return;
    case HALO2_E_NEGATED:
        halo2_mock_eval(&a, cs, x->a, row, v);
        pasta_fp_neg(r, &a);
        return;
    case HALO2_E_SCALED:
        halo2_mock_eval(&a, cs, x->a, row, v);
        pasta_fp_mul(r, &a, &x->c);
        return;
    case HALO2_E_SUM:
    case HALO2_E_PRODUCT:
        halo2_mock_eval(&a, cs, x->a, row, v);
        halo2_mock_eval(&b, cs, x->b, row, v);
        if (x->op == HALO2_E_SUM) pasta_fp_add(r, &a, &b);
        else pasta_fp_mul(r, &a, &b);
        return;
    }
    pasta_fp_zero(r);
}

/* The values view of (cs, a, w); *inst (caller frees) holds the instance columns. */
static int values_init(halo2_mock_values *v, pasta_fp **inst, const halo2_cs *cs,
                       const halo2_assembly *a, const halo2_witness *w) {
    *inst = NULL;
    if (cs == NULL || a == NULL || w == NULL || w->advice == NULL || cs->error ||
        a->num_fixed != cs->num_fixed || a->num_perm != cs->n_perm_columns ||
        (!cs->compressed && a->num_selectors != cs->num_selectors))
        return PASTA_ERR_INVALID_ARG;
    const size_t n = a->n;
    if (cs->num_instance > 0) {
        if (w->instances == NULL || w->instance_lens == NULL) return PASTA_ERR_INVALID_ARG;
        *inst = calloc(n * (size_t)cs->num_instance, sizeof **inst);
        if (*inst == NULL) return PASTA_ERR_NO_MEMORY;
        for (int c = 0; c < cs->num_instance; c++) {
            if (w->instance_lens[c] > a->usable_rows ||
                (w->instance_lens[c] > 0 && w->instances[c] == NULL)) {
                free(*inst);
                *inst = NULL;
                return PASTA_ERR_INVALID_ARG;
            }
            if (w->instance_lens[c] > 0)
                memcpy(*inst + (size_t)c * n, w->instances[c], w->instance_lens[c] * sizeof **inst);
        }
    }
    *v = (halo2_mock_values){n, a->fixed, w->advice, *inst, a->selectors};
    return PASTA_OK;
}

static void set_ok(halo2_mock_failure *f) {
    if (f) memset(f, 0, sizeof *f);
}

int halo2_mock_check_gates(const halo2_cs *cs, const halo2_assembly *a, const halo2_witness *w,
                           halo2_mock_failure *f) {
    halo2_mock_values v;
    pasta_fp *inst;
    int rc = values_init(&v, &inst, cs, a, w);
    if (rc != PASTA_OK) return rc;
    set_ok(f);
    for (size_t row = 0; row < a->usable_rows; row++)
        for (int g = 0; g < cs->n_gate_polys; g++) {
            pasta_fp r;
            halo2_mock_eval(&r, cs, cs->gate_polys[g], row, &v);
            if (!pasta_fp_is_zero(&r)) {
                if (f) *f = (halo2_mock_failure){.kind = HALO2_MOCK_GATE, .index = g, .row = row};
                free(inst);
                return HALO2_MOCK_GATE;
            }
        }
    free(inst);
    return HALO2_MOCK_OK;
}

/* Tuples as HALO2_MAX_LOOKUP_WIDTH canonical encodings, zero past the lookup's width. */
#define TUPLE_BYTES (HALO2_MAX_LOOKUP_WIDTH * 32)
static int cmp_tuple(const void *x, const void *y) { return memcmp(x, y, TUPLE_BYTES); }

int halo2_mock_check_lookups(const halo2_cs *cs, const halo2_assembly *a,
                             const halo2_witness *w, halo2_mock_failure *f) {
    halo2_mock_values v;
    pasta_fp *inst;
    int rc = values_init(&v, &inst, cs, a, w);
    if (rc != PASTA_OK) return rc;
    set_ok(f);
    const size_t rows = a->usable_rows;
    uint8_t *table = malloc(rows * TUPLE_BYTES + 1);
    if (table == NULL) {
        free(inst);
        return PASTA_ERR_NO_MEMORY;
    }
    int result = HALO2_MOCK_OK;
    for (int l = 0; l < cs->n_lookups && result == HALO2_MOCK_OK; l++) {
        const halo2_lookup *lk = &cs->lookups[l];
        memset(table, 0, rows * TUPLE_BYTES);
        for (size_t row = 0; row < rows; row++)
            for (int i = 0; i < lk->n; i++) {
                pasta_fp t;
                halo2_mock_eval(&t, cs, lk->table[i], row, &v);
                pasta_fp_to_bytes(table + row * TUPLE_BYTES + (size_t)i * 32, &t);
            }
        qsort(table, rows, TUPLE_BYTES, cmp_tuple);
        for (size_t row = 0; row < rows; row++) {
            uint8_t in[TUPLE_BYTES] = {0};
            for (int i = 0; i < lk->n; i++) {
                pasta_fp t;
                halo2_mock_eval(&t, cs, lk->input[i], row, &v);
                pasta_fp_to_bytes(in + (size_t)i * 32, &t);
            }
            if (bsearch(in, table, rows, TUPLE_BYTES, cmp_tuple) == NULL) {
                if (f) *f = (halo2_mock_failure){.kind = HALO2_MOCK_LOOKUP, .index = l, .row = row};
                result = HALO2_MOCK_LOOKUP;
                break;
            }
        }
    }
    free(table);
    free(inst);
    return result;
}

static const pasta_fp *cell(const halo2_mock_values *v, halo2_column c, size_t row) {
    const pasta_fp *base = c.type == HALO2_ADVICE ? v->advice : c.type == HALO2_FIXED ? v->fixed : v->instance;
    return &base[(size_t)c.index * v->n + row];
}

int halo2_mock_check_copies(const halo2_cs *cs, const halo2_assembly *a,
                            const halo2_witness *w, halo2_mock_failure *f) {
    halo2_mock_values v;
    pasta_fp *inst;
    int rc = values_init(&v, &inst, cs, a, w);
    if (rc != PASTA_OK) return rc;
    set_ok(f);
    const size_t n = a->n;
    for (int c = 0; c < a->num_perm; c++)
        for (size_t row = 0; row < n; row++) {
            const size_t i = (size_t)c * n + row;
            const int mc = (int)a->map_col[i];
            const size_t mr = a->map_row[i];
            if (!pasta_fp_eq(cell(&v, cs->perm_columns[c], row), cell(&v, cs->perm_columns[mc], mr))) {
                if (f)
                    *f = (halo2_mock_failure){.kind = HALO2_MOCK_COPY, .index = c, .row = row,
                                              .other = mc, .other_row = mr};
                free(inst);
                return HALO2_MOCK_COPY;
            }
        }
    free(inst);
    return HALO2_MOCK_OK;
}

int halo2_mock_check(const halo2_cs *cs, const halo2_assembly *a, const halo2_witness *w,
                     halo2_mock_failure *f) {
    int rc = halo2_mock_check_gates(cs, a, w, f);
    if (rc == HALO2_MOCK_OK) rc = halo2_mock_check_lookups(cs, a, w, f);
    if (rc == HALO2_MOCK_OK) rc = halo2_mock_check_copies(cs, a, w, f);
    return rc;
}

void halo2_expr_count(const halo2_cs *cs, int e, halo2_expr_counts *c) {
    const halo2_expr *x = &cs->nodes[e];
    switch (x->op) {
    case HALO2_E_CONSTANT: c->constants++; return;
    case HALO2_E_FIXED:
    case HALO2_E_ADVICE:
    case HALO2_E_INSTANCE:
    case HALO2_E_SELECTOR: c->leaves++; return;
    case HALO2_E_NEGATED: c->negated++; halo2_expr_count(cs, x->a, c); return;
    case HALO2_E_SCALED: c->scaled++; halo2_expr_count(cs, x->a, c); return;
    case HALO2_E_SUM:
    case HALO2_E_PRODUCT:
        if (x->op == HALO2_E_SUM) c->add++;
        else c->mul++;
        halo2_expr_count(cs, x->a, c);
        halo2_expr_count(cs, x->b, c);
        return;
    }
}
