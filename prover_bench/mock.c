/* prover_bench/mock.h */
#include "mock.h"

#include "program.h"

#include <stdlib.h>
#include <string.h>

#define W_MAX 64 /* rows per program run */

/* The cells of (cs, a, w) as the programs read them: column-major, n rows each. The
 * instance columns are zero-padded to n, the selectors (while cs is not compressed) 0/1
 * values; v->instance and v->selector are then owned (values_free). */
typedef struct values {
    halo2_leaf_view view;
    pasta_fp *inst, *sel;
    size_t n, usable, width;
} values;

static void values_free(values *v) { free(v->inst), free(v->sel); }

static int values_init(values *v, const halo2_cs *cs, const halo2_assembly *a,
                       const halo2_witness *w) {
    memset(v, 0, sizeof *v);
    if (cs == NULL || a == NULL || w == NULL || w->advice == NULL || cs->error ||
        a->num_fixed != cs->num_fixed || a->num_perm != cs->n_perm_columns ||
        (!cs->compressed && a->num_selectors != cs->num_selectors))
        return PASTA_ERR_INVALID_ARG;
    const size_t n = a->n;
    v->n = n;
    v->usable = a->usable_rows;
    v->width = n < W_MAX ? n : W_MAX;
    if (cs->num_instance > 0) {
        if (w->instances == NULL || w->instance_lens == NULL) return PASTA_ERR_INVALID_ARG;
        for (int c = 0; c < cs->num_instance; c++)
            if (w->instance_lens[c] > a->usable_rows ||
                (w->instance_lens[c] > 0 && w->instances[c] == NULL))
                return PASTA_ERR_INVALID_ARG;
        v->inst = calloc(n * (size_t)cs->num_instance, sizeof *v->inst);
        if (v->inst == NULL) return PASTA_ERR_NO_MEMORY;
        for (int c = 0; c < cs->num_instance; c++)
            if (w->instance_lens[c] > 0)
                memcpy(v->inst + (size_t)c * n, w->instances[c],
                       w->instance_lens[c] * sizeof *v->inst);
    }
    if (!cs->compressed && cs->num_selectors > 0) {
        v->sel = malloc(n * (size_t)cs->num_selectors * sizeof *v->sel);
        if (v->sel == NULL) {
            values_free(v);
            return PASTA_ERR_NO_MEMORY;
        }
        for (size_t i = 0; i < n * (size_t)cs->num_selectors; i++) {
            if (a->selectors[i]) pasta_fp_one(&v->sel[i]);
            else pasta_fp_zero(&v->sel[i]);
        }
    }
    v->view = (halo2_leaf_view){a->fixed, w->advice, v->inst, v->sel, NULL, n, (long)n, 1};
    return PASTA_OK;
}

/* A program over the expressions roots[0..m) and its scratch for v. */
static int program_init(halo2_program *pr, halo2_program_scratch *s, const halo2_cs *cs,
                        const int *roots, int m, const values *v) {
    int rc = halo2_program_compile_exprs(pr, cs, roots, m);
    if (rc != PASTA_OK) return rc;
    rc = halo2_program_scratch_init(s, pr, v->width);
    if (rc != PASTA_OK) halo2_program_free(pr);
    return rc;
}

/* Runs pr on rows [start, start + width). */
static void program_rows(const halo2_program *pr, halo2_program_scratch *s, const halo2_cs *cs,
                         const values *v, size_t start) {
    halo2_program_bind(pr, cs, &v->view, (long)start, s);
    halo2_program_run(pr, s, NULL, NULL);
}

static void set_ok(halo2_mock_failure *f) {
    if (f) memset(f, 0, sizeof *f);
}

int halo2_mock_check_gates(const halo2_cs *cs, const halo2_assembly *a, const halo2_witness *w,
                           halo2_mock_failure *f) {
    values v;
    int rc = values_init(&v, cs, a, w);
    if (rc != PASTA_OK) return rc;
    halo2_program pr;
    halo2_program_scratch s;
    rc = program_init(&pr, &s, cs, cs->gate_polys, cs->n_gate_polys, &v);
    if (rc != PASTA_OK) {
        values_free(&v);
        return rc;
    }
    set_ok(f);
    int result = HALO2_MOCK_OK;
    for (size_t start = 0; start < v.usable && result == HALO2_MOCK_OK; start += v.width) {
        program_rows(&pr, &s, cs, &v, start);
        for (size_t r = 0; r < v.width && start + r < v.usable && result == HALO2_MOCK_OK; r++)
            for (int g = 0; g < cs->n_gate_polys; g++)
                if (!pasta_fp_is_zero(&halo2_program_slot(&pr, &s, pr.outputs[g])[r])) {
                    if (f)
                        *f = (halo2_mock_failure){
                            .kind = HALO2_MOCK_GATE, .index = g, .row = start + r};
                    result = HALO2_MOCK_GATE;
                    break;
                }
    }
    halo2_program_scratch_free(&s);
    halo2_program_free(&pr);
    values_free(&v);
    return result;
}

/* Tuples as HALO2_MAX_LOOKUP_WIDTH canonical encodings, zero past the lookup's width. */
#define TUPLE_BYTES (HALO2_MAX_LOOKUP_WIDTH * 32)
static int cmp_tuple(const void *x, const void *y) { return memcmp(x, y, TUPLE_BYTES); }

/* Rows [start, start + width) of the program's outputs [first, first + m) as tuples. */
static void tuples(uint8_t *out, const halo2_program *pr, const halo2_program_scratch *s,
                   int first, int m, size_t rows) {
    for (size_t r = 0; r < rows; r++) {
        memset(out + r * TUPLE_BYTES, 0, TUPLE_BYTES);
        for (int i = 0; i < m; i++)
            pasta_fp_to_bytes(out + r * TUPLE_BYTES + (size_t)i * 32,
                              &halo2_program_slot(pr, s, pr->outputs[first + i])[r]);
    }
}

int halo2_mock_check_lookups(const halo2_cs *cs, const halo2_assembly *a,
                             const halo2_witness *w, halo2_mock_failure *f) {
    values v;
    int rc = values_init(&v, cs, a, w);
    if (rc != PASTA_OK) return rc;
    const size_t rows = v.usable;
    uint8_t *table = malloc(rows * TUPLE_BYTES + 1), *in = malloc(W_MAX * TUPLE_BYTES);
    if (table == NULL || in == NULL) {
        free(table), free(in), values_free(&v);
        return PASTA_ERR_NO_MEMORY;
    }
    set_ok(f);
    int result = HALO2_MOCK_OK;
    for (int l = 0; l < cs->n_lookups && result == HALO2_MOCK_OK; l++) {
        const halo2_lookup *lk = &cs->lookups[l];
        int roots[2 * HALO2_MAX_LOOKUP_WIDTH];
        if (lk->n < 1 || lk->n > HALO2_MAX_LOOKUP_WIDTH) {
            result = PASTA_ERR_INVALID_ARG;
            break;
        }
        for (int i = 0; i < lk->n; i++)
            roots[i] = lk->input[i], roots[lk->n + i] = lk->table[i];
        halo2_program pr;
        halo2_program_scratch s;
        result = program_init(&pr, &s, cs, roots, 2 * lk->n, &v);
        if (result != PASTA_OK) break;
        for (size_t start = 0; start < rows; start += v.width) {
            program_rows(&pr, &s, cs, &v, start);
            const size_t m = rows - start < v.width ? rows - start : v.width;
            tuples(table + start * TUPLE_BYTES, &pr, &s, lk->n, lk->n, m);
        }
        qsort(table, rows, TUPLE_BYTES, cmp_tuple);
        for (size_t start = 0; start < rows && result == HALO2_MOCK_OK; start += v.width) {
            program_rows(&pr, &s, cs, &v, start);
            const size_t m = rows - start < v.width ? rows - start : v.width;
            tuples(in, &pr, &s, 0, lk->n, m);
            for (size_t r = 0; r < m; r++)
                if (bsearch(in + r * TUPLE_BYTES, table, rows, TUPLE_BYTES, cmp_tuple) ==
                    NULL) {
                    if (f)
                        *f = (halo2_mock_failure){
                            .kind = HALO2_MOCK_LOOKUP, .index = l, .row = start + r};
                    result = HALO2_MOCK_LOOKUP;
                    break;
                }
        }
        halo2_program_scratch_free(&s);
        halo2_program_free(&pr);
    }
    free(table), free(in);
    values_free(&v);
    return result;
}

static const pasta_fp *cell(const values *v, halo2_column c, size_t row) {
    const pasta_fp *base = c.type == HALO2_ADVICE  ? v->view.advice
                           : c.type == HALO2_FIXED ? v->view.fixed
                                                   : v->view.instance;
    return &base[(size_t)c.index * v->n + row];
}

int halo2_mock_check_copies(const halo2_cs *cs, const halo2_assembly *a,
                            const halo2_witness *w, halo2_mock_failure *f) {
    values v;
    int rc = values_init(&v, cs, a, w);
    if (rc != PASTA_OK) return rc;
    set_ok(f);
    const size_t n = a->n;
    for (int c = 0; c < a->num_perm; c++)
        for (size_t row = 0; row < n; row++) {
            const size_t i = (size_t)c * n + row;
            const int mc = (int)a->map_col[i];
            const size_t mr = a->map_row[i];
            if (!pasta_fp_eq(cell(&v, cs->perm_columns[c], row),
                             cell(&v, cs->perm_columns[mc], mr))) {
                if (f)
                    *f = (halo2_mock_failure){.kind = HALO2_MOCK_COPY,
                                              .index = c,
                                              .row = row,
                                              .other = mc,
                                              .other_row = mr};
                values_free(&v);
                return HALO2_MOCK_COPY;
            }
        }
    values_free(&v);
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
    case HALO2_E_NEGATED:
        c->negated++;
        halo2_expr_count(cs, x->a, c);
        return;
    case HALO2_E_SCALED:
        c->scaled++;
        halo2_expr_count(cs, x->a, c);
        return;
    case HALO2_E_SUM:
    case HALO2_E_PRODUCT:
        if (x->op == HALO2_E_SUM) c->add++;
        else c->mul++;
        halo2_expr_count(cs, x->a, c);
        halo2_expr_count(cs, x->b, c);
        return;
    }
}
