/* prover_bench/orchard.h */
#include "orchard.h"

#include <stdlib.h>
#include <string.h>

#include "program.h"

/* ---- Deterministic values: splitmix64 streams, field elements from 64 bytes. */
static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
static void rand_fp(pasta_fp *r, uint64_t *s) {
    uint8_t b[64];
    for (int i = 0; i < 8; i++) {
        uint64_t w = splitmix(s);
        for (int j = 0; j < 8; j++) b[8 * i + j] = (uint8_t)(w >> (8 * j));
    }
    pasta_fp_from_uniform_bytes(r, b);
}
static uint32_t rand_below(uint64_t *s, uint32_t m) { return (uint32_t)(splitmix(s) % m); }
/* The value keyed by (tag, i), independent of any stream. */
static void keyed_fp(pasta_fp *r, uint64_t tag, uint64_t i) {
    uint64_t s = tag * 0x100000001b3u ^ (i + 0x5851f42d4c957f2du);
    rand_fp(r, &s);
}

#define WORD_BITS 10
#define TABLE_ROWS (1u << WORD_BITS)
#define RC_WORDS 26 /* 25 running-sum rows and the short check of the last word */
#define GATE_ROW0 508

/* The generator table's x and y at index i. */
static void table_x(pasta_fp *r, uint32_t i) { keyed_fp(r, 0x78, i); }
static void table_y(pasta_fp *r, uint32_t i) { keyed_fp(r, 0x79, i); }

/* Fixed column col (3..13) at a usable row. Columns 12 and 13 are the q_s2 of config
 * 0 and 1: 1 on that config's q_s1 rows but the last, 0 on the last; elsewhere (where
 * every lookup and gate reading them is off or reads them as a coefficient) keyed. */
static void fixed_value(pasta_fp *r, const halo2_orchard_config *cfg, int col, size_t row) {
    if (col == 12 || col == 13) {
        const size_t s = cfg->s1_start[col - 12];
        if (row >= s && row < s + HALO2_ORCHARD_S1_ROWS) {
            if (row + 1 < s + HALO2_ORCHARD_S1_ROWS) pasta_fp_one(r);
            else pasta_fp_zero(r);
            return;
        }
    }
    keyed_fp(r, 0x100 + (uint64_t)col, row);
}

/* ---- Gate shapes. Simple selectors come in 11 compression groups (consecutive
 * selectors, all rows disjoint): group g of length L packs into one fixed column under
 * the degree bound 9 exactly when its largest body degree is 9 - L, which the first
 * selector of each group carries. Each string lists one selector's polynomials by
 * degree after compression (body degree + L). */
static const int group_len[11] = {1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 8};
static const char *const selector_degrees[HALO2_ORCHARD_SIMPLE] = {
    "99887766543", "99877665433",                                                /* L = 1 */
    "99888776",    "9887765",                                                    /* L = 2 */
    "9887766",     "9887765",     "988776",                                      /* L = 3 */
    "98768",       "98767",       "98768",  "98767",                             /* L = 4 */
    "9876",        "9876",        "9876",   "9887",  "9887",                     /* L = 5 */
    "9887",        "9887",        "9887",   "9887",  "9877", "9877",             /* L = 6 */
    "988",         "988",         "988",    "988",   "988",  "988",  "988",      /* L = 7 */
    "988",         "988",         "988",    "988",   "988",  "988",  "988",      /* L = 7 */
    "99",          "99",          "9",      "9",     "9",    "9",    "9",   "9", /* L = 8 */
    "99",          "99",          "9",      "9",     "9",    "9",    "9",   "9", /* L = 8 */
};
/* The q_s1-gated polynomials of each Sinsemilla config, by degree. */
static const char *const s1_degrees[2] = {"76653", "76655"};

/* The 25 advice queries (Orchard's). */
typedef struct cellq {
    int col, rot;
} cellq;
static int advice_cells(cellq *out) {
    static const int two[5] = {0, 2, 3, 4, 5}, three[5] = {1, 6, 7, 8, 9};
    int m = 0;
    for (int i = 0; i < 5; i++)
        for (int r = 0; r <= 1; r++) out[m++] = (cellq){two[i], r};
    for (int i = 0; i < 5; i++)
        for (int r = -1; r <= 1; r++) out[m++] = (cellq){three[i], r};
    return m;
}

/* Body generation: products of linear factors with extra terms; the mix of factor kinds
 * gives roughly Orchard's per-point counts of Mul, Add, Negated, Scaled and constants
 * (tests/test_halo2_orchard.c prints them). */
typedef struct body_gen {
    halo2_cs *cs;
    const halo2_orchard_config *cfg;
    uint64_t rng;
    const cellq *inputs;
    int n_inputs;
} body_gen;

static int leaf(body_gen *g) {
    if (rand_below(&g->rng, 100) < 20)
        return halo2_query_fixed(g->cs, g->cfg->fixed[3 + rand_below(&g->rng, 11)]);
    const cellq c = g->inputs[rand_below(&g->rng, (uint32_t)g->n_inputs)];
    return halo2_query_advice(g->cs, g->cfg->advice[c.col], c.rot);
}
static int constant(body_gen *g) {
    pasta_fp c;
    if (rand_below(&g->rng, 4) == 0) rand_fp(&c, &g->rng);
    else pasta_fp_from_u64(&c, 1 + rand_below(&g->rng, TABLE_ROWS));
    return halo2_expr_constant(g->cs, &c);
}
static int scaled(body_gen *g, int e) {
    pasta_fp c;
    rand_fp(&c, &g->rng);
    return halo2_expr_scaled(g->cs, e, &c);
}
/* A degree-1 factor; kinds weighted leaf 288, a - b 90, c - a 206, s·a 169, a + s·b 14,
 * a + c 90. */
static int factor(body_gen *g) {
    halo2_cs *cs = g->cs;
    uint32_t r = rand_below(&g->rng, 857);
    if (r < 288) return leaf(g);
    if ((r -= 288) < 90) {
        int a = leaf(g);
        return halo2_expr_sub(cs, a, leaf(g));
    }
    if ((r -= 90) < 206) {
        int c = constant(g);
        return halo2_expr_sub(cs, c, leaf(g));
    }
    if ((r -= 206) < 169) return scaled(g, leaf(g));
    if ((r -= 169) < 14) {
        int a = leaf(g);
        return halo2_expr_sum(cs, a, scaled(g, leaf(g)));
    }
    int a = leaf(g);
    return halo2_expr_sum(cs, a, constant(g));
}
static int term(body_gen *g, int k) {
    int e = factor(g);
    for (int i = 1; i < k; i++) e = halo2_expr_product(g->cs, e, factor(g));
    return e;
}
/* A body of degree exactly d. */
static int body(body_gen *g, int d) {
    int e = term(g, d);
    const int extra = (int)rand_below(&g->rng, 3); /* 0, 1 or 2 further terms */
    for (int i = 0; i < extra; i++) {
        const int kmax = d < 4 ? d : 4;
        int t = term(g, 1 + (int)rand_below(&g->rng, (uint32_t)kmax));
        e = rand_below(&g->rng, 4) == 0 ? halo2_expr_sub(g->cs, e, t)
                                        : halo2_expr_sum(g->cs, e, t);
    }
    return e;
}

static void add_poly(halo2_cs *cs, halo2_orchard_config *cfg, int selector, int gate, int b,
                     cellq out) {
    if (cfg->n_polys >= HALO2_ORCHARD_POLYS) {
        cfg->error = 1;
        return;
    }
    const int o = halo2_query_advice(cs, cfg->advice[out.col], out.rot);
    halo2_cs_add_gate_poly(cs, halo2_expr_product(cs, gate, halo2_expr_sub(cs, b, o)));
    cfg->polys[cfg->n_polys++] = (halo2_orchard_poly){selector, b, out.col, out.rot};
}

/* (q_s1·word, q_s1·x_p + (1 − q_s1)·x_0, q_s1·y + (1 − q_s1)·y_0) of config c, with
 * word = z − q_run·z_next·2^10, q_run = q_s2 − q_s2·(q_s2 − 1), y = x_a·λ1² + λ2
 * (columns x_a, x_p, z, λ1, λ2 = advice 5c + 0..4). */
static void sinsemilla_lookup(halo2_cs *cs, const halo2_orchard_config *cfg, int c) {
    const halo2_column *adv = &cfg->advice[5 * c];
    pasta_fp one, shift, x0, y0;
    pasta_fp_one(&one);
    pasta_fp_from_u64(&shift, TABLE_ROWS);
    table_x(&x0, 0);
    table_y(&y0, 0);
    const halo2_column q_s2c = cfg->fixed[12 + c];
    int q_s2 = halo2_query_fixed(cs, q_s2c);
    int q_s3 = halo2_expr_product(
        cs, halo2_query_fixed(cs, q_s2c),
        halo2_expr_sub(cs, halo2_query_fixed(cs, q_s2c), halo2_expr_constant(cs, &one)));
    int q_run = halo2_expr_sub(cs, q_s2, q_s3);
    int z = halo2_query_advice(cs, adv[2], 0), z_next = halo2_query_advice(cs, adv[2], 1);
    int word = halo2_expr_sub(
        cs, z, halo2_expr_scaled(cs, halo2_expr_product(cs, q_run, z_next), &shift));
    int in[3];
    in[0] = halo2_expr_product(cs, halo2_query_selector(cs, cfg->q_s1[c]), word);
    int not_s1 = halo2_expr_sub(cs, halo2_expr_constant(cs, &one),
                                halo2_query_selector(cs, cfg->q_s1[c]));
    in[1] = halo2_expr_sum(cs,
                           halo2_expr_product(cs, halo2_query_selector(cs, cfg->q_s1[c]),
                                              halo2_query_advice(cs, adv[1], 0)),
                           halo2_expr_product(cs, not_s1, halo2_expr_constant(cs, &x0)));
    int l1 = halo2_query_advice(cs, adv[3], 0);
    int y = halo2_expr_sum(
        cs,
        halo2_expr_product(cs, halo2_expr_product(cs, halo2_query_advice(cs, adv[0], 0), l1),
                           halo2_query_advice(cs, adv[3], 0)),
        halo2_query_advice(cs, adv[4], 0));
    not_s1 = halo2_expr_sub(cs, halo2_expr_constant(cs, &one),
                            halo2_query_selector(cs, cfg->q_s1[c]));
    in[2] = halo2_expr_sum(cs,
                           halo2_expr_product(cs, halo2_query_selector(cs, cfg->q_s1[c]), y),
                           halo2_expr_product(cs, not_s1, halo2_expr_constant(cs, &y0)));
    const halo2_column tables[3] = {cfg->fixed[0], cfg->fixed[1], cfg->fixed[2]};
    halo2_cs_lookup(cs, in, tables, 3);
}

/* ---- Layout and copies. */
static size_t gate_region_row(int region) { return GATE_ROW0 + 1 + 3 * (size_t)region; }
#define GATE_REGIONS (HALO2_ORCHARD_SIMPLE * HALO2_ORCHARD_REGIONS)

/* Is (col, rot) an output of one of simple selector s's polynomials? */
static int is_output(const halo2_orchard_config *cfg, int s, int col, int rot) {
    for (int p = cfg->first_poly[s]; p < cfg->first_poly[s + 1]; p++)
        if (cfg->polys[p].out_col == col && cfg->polys[p].out_rot == rot) return 1;
    return 0;
}

typedef struct layout_gen {
    halo2_orchard_config *cfg;
    uint64_t rng;
    uint8_t used[10][1u << HALO2_ORCHARD_K]; /* advice cells already a copy's destination */
} layout_gen;

/* A random input cell of gate region r (not an output, not yet a destination). */
static int pick_input(layout_gen *l, int region, int *col, size_t *row) {
    cellq cells[25];
    const int m = advice_cells(cells), s = region % HALO2_ORCHARD_SIMPLE;
    const size_t mid = gate_region_row(region);
    for (int tries = 0; tries < 100; tries++) {
        const cellq c = cells[rand_below(&l->rng, (uint32_t)m)];
        const size_t r = (size_t)((long long)mid + c.rot);
        if (is_output(l->cfg, s, c.col, c.rot) || l->used[c.col][r]) continue;
        l->used[c.col][r] = 1;
        *col = c.col;
        *row = r;
        return 1;
    }
    return 0;
}
static void add_copy(layout_gen *l, halo2_column src, size_t src_row, int dst_col,
                     size_t dst_row) {
    halo2_orchard_config *cfg = l->cfg;
    if (cfg->n_copies >= HALO2_ORCHARD_MAX_COPIES) {
        cfg->error = 1;
        return;
    }
    cfg->copies[cfg->n_copies++] = (halo2_orchard_copy){src, src_row, dst_col, dst_row};
}
/* A copy into an input of a random gate region at or after region `from`. */
static void copy_to_input(layout_gen *l, halo2_column src, size_t src_row, int from,
                          int same_row) {
    int col;
    size_t row;
    const int region = from + (int)rand_below(&l->rng, (uint32_t)(GATE_REGIONS - from));
    if (!pick_input(l, region, &col, &row)) {
        l->cfg->error = 1;
        return;
    }
    add_copy(l, src, same_row ? row : src_row, col, row);
}
/* The output cell of a random polynomial of gate region r. */
static void region_output(layout_gen *l, int region, halo2_column *c, size_t *row) {
    const halo2_orchard_config *cfg = l->cfg;
    const int s = region % HALO2_ORCHARD_SIMPLE;
    const int p =
        cfg->first_poly[s] +
        (int)rand_below(&l->rng, (uint32_t)(cfg->first_poly[s + 1] - cfg->first_poly[s]));
    *c = cfg->advice[cfg->polys[p].out_col];
    *row = (size_t)((long long)gate_region_row(region) + cfg->polys[p].out_rot);
}

static void layout(halo2_orchard_config *cfg) {
    cfg->s1_start[0] = 2;
    cfg->s1_start[1] = cfg->s1_start[0] + HALO2_ORCHARD_S1_ROWS + 2;
    for (int i = 0; i < HALO2_ORCHARD_RC_CHAINS; i++)
        cfg->rc_start[i] = cfg->s1_start[1] + HALO2_ORCHARD_S1_ROWS + 2 +
                           (size_t)i * (RC_WORDS + 1);
    cfg->gates_start = GATE_ROW0;
    for (int r = 0; r < GATE_REGIONS; r++)
        cfg->region_row[r % HALO2_ORCHARD_SIMPLE][r / HALO2_ORCHARD_SIMPLE] =
            gate_region_row(r);
    layout_gen *l = calloc(1, sizeof *l);
    if (l == NULL) {
        cfg->error = 1;
        return;
    }
    l->cfg = cfg;
    l->rng = 0x6f72636861726431u;
    /* running sums' z_0 into later gates */
    for (int i = 0; i < HALO2_ORCHARD_RC_CHAINS; i++)
        copy_to_input(l, cfg->advice[9], cfg->rc_start[i], 0, 0);
    for (int c = 0; c < 2; c++)
        copy_to_input(l, cfg->advice[5 * c + 2], cfg->s1_start[c], 0, 0);
    /* constants (fixed 3) and fixed 8, 9, 10 at the destination's row */
    static const int fcols[4] = {3, 8, 9, 10}, fcount[4] = {16, 4, 4, 4};
    for (int f = 0; f < 4; f++)
        for (int i = 0; i < fcount[f]; i++) copy_to_input(l, cfg->fixed[fcols[f]], 0, 0, 1);
    /* gate outputs into later gates' inputs */
    for (int i = 0; i < 80; i++) {
        const int from = (int)rand_below(&l->rng, GATE_REGIONS - 1);
        halo2_column c;
        size_t row;
        region_output(l, from, &c, &row);
        copy_to_input(l, c, row, from + 1, 0);
    }
    /* the public rows */
    for (int i = 0; i < HALO2_ORCHARD_INSTANCES; i++) {
        halo2_column c;
        size_t row;
        region_output(l, (int)rand_below(&l->rng, GATE_REGIONS), &c, &row);
        add_copy(l, c, row, -1, (size_t)i);
    }
    free(l);
}

void halo2_orchard_configure(halo2_cs *cs, halo2_orchard_config *cfg) {
    memset(cfg, 0, sizeof *cfg);
    for (int i = 0; i < 10; i++) cfg->advice[i] = halo2_cs_advice_column(cs);
    for (int i = 0; i < 3; i++) cfg->fixed[i] = halo2_cs_table_column(cs);
    for (int i = 3; i < 14; i++) cfg->fixed[i] = halo2_cs_fixed_column(cs);
    cfg->instance = halo2_cs_instance_column(cs);
    halo2_cs_enable_equality(cs, cfg->instance);
    for (int i = 0; i < 10; i++) halo2_cs_enable_equality(cs, cfg->advice[i]);
    halo2_cs_enable_equality(cs, cfg->fixed[3]);
    for (int i = 8; i <= 10; i++) halo2_cs_enable_equality(cs, cfg->fixed[i]);
    for (int s = 0; s < HALO2_ORCHARD_SIMPLE; s++) cfg->selectors[s] = halo2_cs_selector(cs);
    cfg->q_lookup = halo2_cs_complex_selector(cs);
    cfg->q_running = halo2_cs_complex_selector(cs);
    cfg->q_s1[0] = halo2_cs_complex_selector(cs);
    cfg->q_s1[1] = halo2_cs_complex_selector(cs);

    body_gen g = {cs, cfg, 0x6f7263686172642eu, NULL, 0};
    cellq cells[25];
    const int ncells = advice_cells(cells);
    /* simple selectors' gates, group by group */
    int s = 0;
    for (int grp = 0; grp < 11; grp++)
        for (int j = 0; j < group_len[grp]; j++, s++) {
            const char *degs = selector_degrees[s];
            const int m = (int)strlen(degs);
            cellq shuffled[25];
            memcpy(shuffled, cells, sizeof cells);
            for (int i = ncells - 1; i > 0; i--) {
                int k = (int)rand_below(&g.rng, (uint32_t)i + 1);
                cellq t = shuffled[i];
                shuffled[i] = shuffled[k];
                shuffled[k] = t;
            }
            /* outputs shuffled[0..m) in order; polynomial p reads shuffled[0..p) and
             * shuffled[m..25) */
            cfg->first_poly[s] = cfg->n_polys;
            for (int p = 0; p < m; p++) {
                cellq in[25];
                int n_in = 0;
                for (int i = 0; i < ncells; i++)
                    if (i < p || i >= m) in[n_in++] = shuffled[i];
                g.inputs = in;
                g.n_inputs = n_in;
                const int b = body(&g, (degs[p] - '0') - group_len[grp]);
                add_poly(cs, cfg, s, halo2_query_selector(cs, cfg->selectors[s]), b,
                         shuffled[p]);
            }
        }
    cfg->first_poly[HALO2_ORCHARD_SIMPLE] = cfg->n_polys;
    /* q_s1-gated: outputs the other config's columns at rotation 0, bodies over this
     * config's columns at their rotations */
    for (int c = 0; c < 2; c++) {
        cfg->s1_first[c] = cfg->n_polys;
        cellq in[25];
        int n_in = 0;
        for (int i = 0; i < ncells; i++)
            if (cells[i].col / 5 == c) in[n_in++] = cells[i];
        g.inputs = in;
        g.n_inputs = n_in;
        const char *degs = s1_degrees[c];
        for (int p = 0; degs[p]; p++) {
            const int b = body(&g, degs[p] - '0' - 1);
            add_poly(cs, cfg, -1 - c, halo2_query_selector(cs, cfg->q_s1[c]), b,
                     (cellq){5 * (1 - c) + p, 0});
        }
    }
    cfg->s1_first[2] = cfg->n_polys;

    /* lookup 0: LookupRangeCheck's q_lookup·(q_running·(z − 2^10·z_next) + (1 − q_running)·z) */
    {
        pasta_fp one, shift;
        pasta_fp_one(&one);
        pasta_fp_from_u64(&shift, TABLE_ROWS);
        int q_running = halo2_query_selector(cs, cfg->q_running);
        int z = halo2_query_advice(cs, cfg->advice[9], 0),
            z_next = halo2_query_advice(cs, cfg->advice[9], 1);
        int running = halo2_expr_product(
            cs, q_running, halo2_expr_sub(cs, z, halo2_expr_scaled(cs, z_next, &shift)));
        int short_ =
            halo2_expr_product(cs,
                               halo2_expr_sub(cs, halo2_expr_constant(cs, &one),
                                              halo2_query_selector(cs, cfg->q_running)),
                               halo2_query_advice(cs, cfg->advice[9], 0));
        int in = halo2_expr_product(cs, halo2_query_selector(cs, cfg->q_lookup),
                                    halo2_expr_sum(cs, running, short_));
        halo2_cs_lookup(cs, &in, &cfg->fixed[0], 1);
    }
    sinsemilla_lookup(cs, cfg, 0);
    sinsemilla_lookup(cs, cfg, 1);
    if (cfg->n_polys != HALO2_ORCHARD_POLYS) cfg->error = 1;
    if (!cfg->error) layout(cfg);
    if (cs->error) cfg->error = 1;
}

int halo2_orchard_synthesize_keygen(halo2_assembly *a, const halo2_cs *cs,
                                    const halo2_orchard_config *cfg) {
    if (a == NULL || cs == NULL || cfg == NULL || cfg->error || a->k != HALO2_ORCHARD_K)
        return PASTA_ERR_INVALID_ARG;
    int rc = PASTA_OK;
    for (size_t row = 0; row < a->usable_rows; row++) {
        const uint32_t i = row < TABLE_ROWS ? (uint32_t)row : 0;
        pasta_fp v;
        pasta_fp_from_u64(&v, i);
        rc |= halo2_assign_fixed(a, cfg->fixed[0], row, &v);
        table_x(&v, i);
        rc |= halo2_assign_fixed(a, cfg->fixed[1], row, &v);
        table_y(&v, i);
        rc |= halo2_assign_fixed(a, cfg->fixed[2], row, &v);
        for (int c = 3; c < 14; c++) {
            fixed_value(&v, cfg, c, row);
            rc |= halo2_assign_fixed(a, cfg->fixed[c], row, &v);
        }
    }
    for (int s = 0; s < HALO2_ORCHARD_SIMPLE; s++)
        for (int r = 0; r < HALO2_ORCHARD_REGIONS; r++)
            rc |= halo2_enable_selector(a, cfg->selectors[s], cfg->region_row[s][r]);
    for (int c = 0; c < 2; c++)
        for (size_t r = 0; r < HALO2_ORCHARD_S1_ROWS; r++)
            rc |= halo2_enable_selector(a, cfg->q_s1[c], cfg->s1_start[c] + r);
    for (int i = 0; i < HALO2_ORCHARD_RC_CHAINS; i++)
        for (size_t r = 0; r < RC_WORDS; r++) {
            rc |= halo2_enable_selector(a, cfg->q_lookup, cfg->rc_start[i] + r);
            if (r + 1 < RC_WORDS)
                rc |= halo2_enable_selector(a, cfg->q_running, cfg->rc_start[i] + r);
        }
    for (int i = 0; i < cfg->n_copies; i++) {
        const halo2_orchard_copy *c = &cfg->copies[i];
        const halo2_column dst = c->dst_col < 0 ? cfg->instance : cfg->advice[c->dst_col];
        rc |= halo2_copy(a, cs, c->src, c->src_row, dst, c->dst_row);
    }
    return rc == PASTA_OK ? PASTA_OK : PASTA_ERR_INVALID_ARG;
}

/* The copies into advice rows [lo, hi]. */
static void apply_copies(pasta_fp *advice, const pasta_fp *fixed, size_t n,
                         const halo2_orchard_config *cfg, size_t lo, size_t hi) {
    for (int i = 0; i < cfg->n_copies; i++) {
        const halo2_orchard_copy *c = &cfg->copies[i];
        if (c->dst_col < 0 || c->dst_row < lo || c->dst_row > hi) continue;
        const pasta_fp *src = c->src.type == HALO2_ADVICE ? advice : fixed;
        advice[(size_t)c->dst_col * n + c->dst_row] =
            src[(size_t)c->src.index * n + c->src_row];
    }
}

/* Each polynomial's body as a program (program.h) over one row. */
typedef struct solver {
    const halo2_cs *cs;
    halo2_leaf_view view;
    halo2_program *pr;
    halo2_program_scratch *s;
    int n;
} solver;

static void solver_free(solver *sv) {
    for (int i = 0; sv->pr && i < sv->n; i++) halo2_program_free(&sv->pr[i]);
    for (int i = 0; sv->s && i < sv->n; i++) halo2_program_scratch_free(&sv->s[i]);
    free(sv->pr), free(sv->s);
}

static int solver_init(solver *sv, const halo2_cs *cs, const halo2_orchard_config *cfg) {
    sv->cs = cs;
    sv->n = cfg->n_polys;
    sv->pr = calloc((size_t)(sv->n ? sv->n : 1), sizeof *sv->pr);
    sv->s = calloc((size_t)(sv->n ? sv->n : 1), sizeof *sv->s);
    int rc = sv->pr && sv->s ? PASTA_OK : PASTA_ERR_NO_MEMORY;
    for (int i = 0; rc == PASTA_OK && i < sv->n; i++) {
        rc = halo2_program_compile_exprs(&sv->pr[i], cs, &cfg->polys[i].body, 1);
        if (rc == PASTA_OK) rc = halo2_program_scratch_init(&sv->s[i], &sv->pr[i], 1);
    }
    return rc;
}

/* out := body at row */
static void solve(pasta_fp *advice, const solver *sv, const halo2_orchard_config *cfg, int p,
                  size_t row) {
    const halo2_orchard_poly *q = &cfg->polys[p];
    const halo2_program *pr = &sv->pr[p];
    const size_t n = sv->view.stride;
    halo2_program_bind(pr, sv->cs, &sv->view, (long)row, &sv->s[p]);
    halo2_program_run(pr, &sv->s[p], NULL, NULL);
    advice[(size_t)q->out_col * n + (size_t)((long long)row + q->out_rot)] =
        *halo2_program_slot(pr, &sv->s[p], pr->outputs[0]);
}

int halo2_orchard_synthesize_witness(pasta_fp *advice,
                                     pasta_fp instances[HALO2_ORCHARD_INSTANCES],
                                     const halo2_cs *cs, int k,
                                     const halo2_orchard_config *cfg, uint64_t seed) {
    if (advice == NULL || instances == NULL || cs == NULL || cfg == NULL || cfg->error ||
        k != HALO2_ORCHARD_K || cs->num_advice != 10)
        return PASTA_ERR_INVALID_ARG;
    const size_t n = (size_t)1 << k;
    /* the fixed columns the bodies read (0..13; the table columns unused here) */
    pasta_fp *fixed = calloc(n * 14, sizeof *fixed);
    if (fixed == NULL) return PASTA_ERR_NO_MEMORY;
    const size_t usable = n - (size_t)(halo2_cs_blinding_factors(cs) + 1);
    for (int c = 3; c < 14; c++)
        for (size_t row = 0; row < usable; row++)
            fixed_value(&fixed[(size_t)c * n + row], cfg, c, row);
    memset(advice, 0, 10 * n * sizeof *advice);
    solver sv = {0};
    const int src = solver_init(&sv, cs, cfg);
    if (src != PASTA_OK) {
        solver_free(&sv);
        free(fixed);
        return src;
    }
    sv.view = (halo2_leaf_view){
        .fixed = fixed, .advice = advice, .stride = n, .size = (long)n, .rot_scale = 1};
    uint64_t rng = seed * 0xd1342543de82ef95u + 0x9e3779b97f4a7c15u;
    pasta_fp shift;
    pasta_fp_from_u64(&shift, TABLE_ROWS);

    /* Sinsemilla configs: random rows around, the running sum of random words in z,
     * (x_p, y) the words' table entries with y = x_a·λ1² + λ2, then the q_s1 gates */
    for (int c = 0; c < 2; c++) {
        const size_t s = cfg->s1_start[c], m = HALO2_ORCHARD_S1_ROWS;
        for (int col = 0; col < 10; col++)
            for (size_t row = s - 1; row <= s + m; row++)
                rand_fp(&advice[(size_t)col * n + row], &rng);
        pasta_fp *xa = &advice[(size_t)(5 * c) * n], *xp = &advice[(size_t)(5 * c + 1) * n],
                 *z = &advice[(size_t)(5 * c + 2) * n], *l1 = &advice[(size_t)(5 * c + 3) * n],
                 *l2 = &advice[(size_t)(5 * c + 4) * n];
        for (size_t i = m; i-- > 0;) {
            const size_t row = s + i;
            const uint32_t w = rand_below(&rng, TABLE_ROWS);
            pasta_fp_from_u64(&z[row], w);
            if (i + 1 < m) {
                pasta_fp t;
                pasta_fp_mul(&t, &z[row + 1], &shift);
                pasta_fp_add(&z[row], &z[row], &t);
            }
            table_x(&xp[row], w);
            pasta_fp y, t;
            table_y(&y, w);
            pasta_fp_sqr(&t, &l1[row]);
            pasta_fp_mul(&t, &t, &xa[row]);
            pasta_fp_sub(&l2[row], &y, &t);
        }
        for (size_t row = s; row < s + m; row++)
            for (int p = cfg->s1_first[c]; p < cfg->s1_first[c + 1]; p++)
                solve(advice, &sv, cfg, p, row);
    }
    /* range checks: z_i = w_i + 2^10 z_{i+1} over random 10-bit words, z_25 = w_25 */
    for (int i = 0; i < HALO2_ORCHARD_RC_CHAINS; i++) {
        pasta_fp *z = &advice[(size_t)9 * n + cfg->rc_start[i]];
        for (int j = RC_WORDS; j-- > 0;) {
            pasta_fp_from_u64(&z[j], rand_below(&rng, TABLE_ROWS));
            if (j + 1 < RC_WORDS) {
                pasta_fp t;
                pasta_fp_mul(&t, &z[j + 1], &shift);
                pasta_fp_add(&z[j], &z[j], &t);
            }
        }
    }
    /* gate regions in row order: random cells, incoming copies, outputs */
    for (int r = 0; r < GATE_REGIONS; r++) {
        const size_t mid = gate_region_row(r);
        const int s = r % HALO2_ORCHARD_SIMPLE;
        for (int col = 0; col < 10; col++)
            for (size_t row = mid - 1; row <= mid + 1; row++)
                rand_fp(&advice[(size_t)col * n + row], &rng);
        apply_copies(advice, fixed, n, cfg, mid - 1, mid + 1);
        for (int p = cfg->first_poly[s]; p < cfg->first_poly[s + 1]; p++)
            solve(advice, &sv, cfg, p, mid);
    }
    for (int i = 0; i < cfg->n_copies; i++) {
        const halo2_orchard_copy *c = &cfg->copies[i];
        if (c->dst_col < 0)
            instances[c->dst_row] = advice[(size_t)c->src.index * n + c->src_row];
    }
    solver_free(&sv);
    free(fixed);
    return PASTA_OK;
}
