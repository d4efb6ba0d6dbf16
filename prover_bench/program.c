/* prover_bench/program.h: the compiler, then the evaluator. */
#include "program.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void halo2_program_free(halo2_program *pr) {
    free(pr->leaves);
    free(pr->ops);
    free(pr->outputs);
    memset(pr, 0, sizeof *pr);
}

/* ---- Hash-consing: canon[i] is the first node structurally equal to node i. */

static uint64_t node_hash(int op, int a, int b, int query, const pasta_fp *c) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ (uint64_t)op;
    const uint64_t parts[3] = {(uint64_t)(uint32_t)a, (uint64_t)(uint32_t)b,
                               (uint64_t)(uint32_t)query};
    for (int i = 0; i < 3; i++) h = (h ^ parts[i]) * 0x100000001b3ull + (h >> 29);
    if (c != NULL) {
        uint8_t bytes[32];
        pasta_fp_to_bytes(bytes, c);
        for (int i = 0; i < 32; i++) h = (h ^ bytes[i]) * 0x100000001b3ull;
    }
    return h ^ (h >> 31);
}

typedef struct canon_node {
    int op, a, b, query;
} canon_node;

static int has_constant(int op) { return op == HALO2_E_CONSTANT || op == HALO2_E_SCALED; }
static int has_a(int op) {
    return op == HALO2_E_NEGATED || op == HALO2_E_SCALED || op == HALO2_E_SUM ||
           op == HALO2_E_PRODUCT;
}
static int has_b(int op) { return op == HALO2_E_SUM || op == HALO2_E_PRODUCT; }
static int is_leaf(int op) {
    return op == HALO2_E_FIXED || op == HALO2_E_ADVICE || op == HALO2_E_INSTANCE ||
           op == HALO2_E_SELECTOR;
}
/* The query (selector) of a leaf within its list. */
static int leaf_in_range(const halo2_cs *cs, const halo2_expr *e) {
    const int n = e->op == HALO2_E_FIXED      ? cs->n_fixed_queries
                  : e->op == HALO2_E_ADVICE   ? cs->n_advice_queries
                  : e->op == HALO2_E_INSTANCE ? cs->n_instance_queries
                                              : cs->num_selectors;
    return e->query >= 0 && e->query < n;
}

int halo2_expr_topo_order(const halo2_cs *cs, int *order) {
    const int n = cs->n_nodes;
    const size_t nn = (size_t)(n ? n : 1);
    uint8_t *state = calloc(nn, 1); /* 0 new, 1 on the stack, 2 done */
    int *stack = malloc(2 * nn * sizeof *stack);
    int rc = (state && stack) ? PASTA_OK : PASTA_ERR_NO_MEMORY, m = 0;
    for (int r = 0; rc == PASTA_OK && r < n; r++) {
        if (state[r]) continue;
        int sp = 0;
        stack[sp++] = r;
        while (sp > 0 && rc == PASTA_OK) {
            const int i = stack[sp - 1];
            const halo2_expr *e = &cs->nodes[i];
            if (state[i] == 0) {
                state[i] = 1;
                const int kids[2] = {has_a(e->op) ? e->a : -1, has_b(e->op) ? e->b : -1};
                for (int j = 0; j < 2; j++) {
                    const int k = kids[j];
                    if (k == -1 && ((j == 0 && has_a(e->op)) || (j == 1 && has_b(e->op))))
                        rc = PASTA_ERR_INVALID_ARG;
                    if (k == -1) continue;
                    if (k < 0 || k >= n || state[k] == 1)
                        rc = PASTA_ERR_INVALID_ARG; /* range, cycle */
                    else if (state[k] == 0) stack[sp++] = k;
                }
            } else {
                sp--;
                if (state[i] == 1) {
                    state[i] = 2;
                    order[m++] = i;
                }
            }
        }
    }
    free(state), free(stack);
    return rc;
}

static int canonicalise(const halo2_cs *cs, const int *order, int *canon, canon_node *cn,
                        int selectors) {
    const int n = cs->n_nodes;
    size_t size = 16;
    while (size < 2 * (size_t)n) size <<= 1;
    int *table = malloc(size * sizeof *table);
    if (table == NULL) return PASTA_ERR_NO_MEMORY;
    for (size_t i = 0; i < size; i++) table[i] = -1;
    for (int oi = 0; oi < n; oi++) {
        const int i = order[oi];
        const halo2_expr *e = &cs->nodes[i];
        if ((e->op == HALO2_E_SELECTOR && !selectors) || e->op < HALO2_E_CONSTANT ||
            e->op > HALO2_E_SELECTOR || (is_leaf(e->op) && !leaf_in_range(cs, e))) {
            free(table);
            return PASTA_ERR_INVALID_ARG;
        }
        canon_node k = {e->op, has_a(e->op) ? canon[e->a] : -1,
                        has_b(e->op) ? canon[e->b] : -1, is_leaf(e->op) ? e->query : -1};
        if (has_b(e->op) && k.a > k.b) {
            int t = k.a;
            k.a = k.b;
            k.b = t;
        }
        cn[i] = k;
        const pasta_fp *c = has_constant(e->op) ? &e->c : NULL;
        size_t h = (size_t)node_hash(k.op, k.a, k.b, k.query, c) & (size_t)(size - 1);
        for (;; h = (h + 1) & (size - 1)) {
            const int j = table[h];
            if (j < 0) {
                table[h] = i;
                canon[i] = i;
                break;
            }
            if (cn[j].op == k.op && cn[j].a == k.a && cn[j].b == k.b &&
                cn[j].query == k.query && (c == NULL || pasta_fp_eq(&cs->nodes[j].c, c))) {
                canon[i] = j;
                break;
            }
        }
    }
    free(table);
    return PASTA_OK;
}

/* ---- Emission over values (then slots). */

typedef struct vop {
    int op, dst, a, b; /* value ids; -1 unused */
    int m;             /* GEND: the run's length */
    pasta_fp c;
} vop;

typedef struct builder {
    const halo2_cs *cs;
    const int *canon;
    const canon_node *cn;
    int *vid;     /* per node: its value, -1 */
    int *leaf_of; /* per value: leaf index, or -1 for a computed value */
    int nvalues;
    vop *ops;
    int nops, cap_ops;
    halo2_prog_leaf *leaves;
    int nleaves;
    const uint8_t *derivable; /* per node: a fixed-only composite (NULL: none derived) */
    int *derived_nodes;       /* the derived leaves' nodes, in order */
    int nderived;
    int error;
} builder;

static int new_value(builder *b, int leaf) {
    b->leaf_of[b->nvalues] = leaf;
    return b->nvalues++;
}

static int push_op(builder *b, int op, int a, int bb, const pasta_fp *c) {
    if (b->nops == b->cap_ops) {
        int cap = b->cap_ops ? 2 * b->cap_ops : 256;
        vop *o = realloc(b->ops, (size_t)cap * sizeof *o);
        if (o == NULL) {
            b->error = PASTA_ERR_NO_MEMORY;
            return -1;
        }
        b->ops = o;
        b->cap_ops = cap;
    }
    vop *o = &b->ops[b->nops++];
    o->op = op;
    o->a = a;
    o->b = bb;
    o->m = 0;
    o->dst = (op == HALO2_P_FOLD || op == HALO2_P_GSTART || op == HALO2_P_GFOLD ||
              op == HALO2_P_GEND)
                 ? -1
                 : new_value(b, -1);
    if (c) o->c = *c;
    else pasta_fp_zero(&o->c);
    return o->dst;
}

static int emit(builder *b, int node) {
    node = b->canon[node];
    if (b->vid[node] >= 0) return b->vid[node];
    const halo2_expr *e = &b->cs->nodes[node];
    const canon_node *k = &b->cn[node];
    int v = -1;
    if (b->derivable && b->derivable[node]) { /* a maximal fixed-only subexpression */
        b->leaves[b->nleaves].type = HALO2_P_LEAF_DERIVED;
        b->leaves[b->nleaves].query = b->nderived;
        b->derived_nodes[b->nderived++] = node;
        v = new_value(b, b->nleaves++);
        b->vid[node] = v;
        return v;
    }
    switch (e->op) {
    case HALO2_E_FIXED:
    case HALO2_E_ADVICE:
    case HALO2_E_INSTANCE:
    case HALO2_E_SELECTOR:
        b->leaves[b->nleaves].type = e->op;
        b->leaves[b->nleaves].query = e->query;
        v = new_value(b, b->nleaves++);
        break;
    case HALO2_E_CONSTANT: /* a leaf: its vector is filled once per evaluator */
        b->leaves[b->nleaves].type = HALO2_P_LEAF_CONST;
        b->leaves[b->nleaves].query = -1;
        b->leaves[b->nleaves].c = e->c;
        v = new_value(b, b->nleaves++);
        break;
    case HALO2_E_NEGATED: v = push_op(b, HALO2_P_NEG, emit(b, k->a), -1, NULL); break;
    case HALO2_E_SCALED: v = push_op(b, HALO2_P_SCALE, emit(b, k->a), -1, &e->c); break;
    case HALO2_E_PRODUCT: {
        const canon_node *ka = &b->cn[k->a], *kb = &b->cn[k->b];
        if (kb->op == HALO2_E_CONSTANT) { /* x · c: a scaling */
            v = push_op(b, HALO2_P_SCALE, emit(b, k->a), -1, &b->cs->nodes[k->b].c);
        } else if (ka->op == HALO2_E_CONSTANT) {
            v = push_op(b, HALO2_P_SCALE, emit(b, k->b), -1, &b->cs->nodes[k->a].c);
        } else {
            const int x = emit(b, k->a), y = emit(b, k->b);
            v = push_op(b, HALO2_P_MUL, x, y, NULL);
        }
        break;
    }
    case HALO2_E_SUM: {
        /* x + c, x − c (x + (−c)), x − y (x + (−y)); either order */
        int x = k->a, y = k->b;
        if (b->cn[x].op == HALO2_E_CONSTANT ||
            (b->cn[x].op == HALO2_E_NEGATED && b->cn[y].op != HALO2_E_CONSTANT &&
             b->cn[y].op != HALO2_E_NEGATED)) {
            const int t = x; /* the constant or the negation second */
            x = y;
            y = t;
        }
        const canon_node *ky = &b->cn[y];
        if (ky->op == HALO2_E_CONSTANT) {
            v = push_op(b, HALO2_P_ADDC, emit(b, x), -1, &b->cs->nodes[y].c);
        } else if (ky->op == HALO2_E_NEGATED && b->cn[ky->a].op == HALO2_E_CONSTANT) {
            pasta_fp negc;
            pasta_fp_neg(&negc, &b->cs->nodes[ky->a].c);
            v = push_op(b, HALO2_P_ADDC, emit(b, x), -1, &negc);
        } else if (ky->op == HALO2_E_NEGATED) {
            const int xv = emit(b, x), yv = emit(b, ky->a);
            v = push_op(b, HALO2_P_SUB, xv, yv, NULL);
        } else {
            const int xv = emit(b, x), yv = emit(b, y);
            v = push_op(b, HALO2_P_ADD, xv, yv, NULL);
        }
        break;
    }
    default: b->error = PASTA_ERR_INVALID_ARG; break;
    }
    b->vid[node] = v;
    return v;
}

/* The fixed-only factor s of a root s * b (canonical node), or -1. */
static int fold_selector(const halo2_cs *cs, const int *canon, const canon_node *cn,
                         const uint8_t *fx, int root) {
    (void)cs;
    const int r = canon[root];
    if (cn[r].op != HALO2_E_PRODUCT) return -1;
    if (fx[cn[r].a] == 1) return cn[r].a;
    if (fx[cn[r].b] == 1) return cn[r].b;
    return -1;
}

/* The program folding fold_roots (in order) and computing pinned_roots (kept live to the
 * end; their slots into pinned_slots); with derive, maximal fixed-only subexpressions
 * become leaves (their nodes into *derived, *nderived); selectors: selector leaves
 * allowed. */
static int compile(halo2_program *pr, const halo2_cs *cs, const int *fold_roots, int nfold,
                   const int *pinned_roots, int npinned, int *pinned_slots, int derive,
                   int *derived, int *nderived, int selectors) {
    memset(pr, 0, sizeof *pr);
    const int n = cs->n_nodes;
    for (int r = 0; r < nfold; r++)
        if (fold_roots[r] < 0 || fold_roots[r] >= n) return PASTA_ERR_INVALID_ARG;
    for (int r = 0; r < npinned; r++)
        if (pinned_roots[r] < 0 || pinned_roots[r] >= n) return PASTA_ERR_INVALID_ARG;
    const size_t nn = (size_t)(n ? n : 1);
    int *canon = malloc(nn * sizeof *canon), *vid = malloc(nn * sizeof *vid);
    int *order = malloc(nn * sizeof *order);
    canon_node *cn = malloc(nn * sizeof *cn);
    long *tm = calloc(nn, sizeof *tm), *ta = calloc(nn, sizeof *ta);
    builder b = {0};
    b.cs = cs;
    b.leaf_of = malloc((2 * nn + 2 * (size_t)nfold + 1) * sizeof *b.leaf_of);
    b.leaves = malloc(nn * sizeof *b.leaves);
    uint8_t *fx = calloc(nn, 1), *derivable = derive ? calloc(nn, 1) : NULL;
    int *pinned_vals = malloc((size_t)(npinned ? npinned : 1) * sizeof *pinned_vals);
    int *last = NULL, *slot = NULL, *free_list = NULL;
    int rc = (canon && vid && cn && tm && ta && b.leaf_of && b.leaves && order &&
              pinned_vals && fx && (!derive || derivable))
                 ? PASTA_OK
                 : PASTA_ERR_NO_MEMORY;
    if (rc == PASTA_OK) rc = halo2_expr_topo_order(cs, order);
    if (rc == PASTA_OK) rc = canonicalise(cs, order, canon, cn, selectors);
    if (rc == PASTA_OK) {
        b.canon = canon;
        b.cn = cn;
        b.vid = vid;
        for (int i = 0; i < n; i++) vid[i] = -1;
        /* the trees' operation counts, node by node (children first): halo2's AST
         * evaluation evaluates every occurrence */
        for (int oi = 0; oi < n; oi++) {
            const int i = order[oi];
            const halo2_expr *e = &cs->nodes[i];
            if (has_a(e->op)) tm[i] += tm[e->a], ta[i] += ta[e->a];
            if (has_b(e->op)) tm[i] += tm[e->b], ta[i] += ta[e->b];
            if (e->op == HALO2_E_PRODUCT || e->op == HALO2_E_SCALED) tm[i]++;
            if (e->op == HALO2_E_SUM || e->op == HALO2_E_NEGATED) ta[i]++;
        }
        pr->tree_nodes = n;
        { /* fixedness: 2 constant-only, 1 fixed and constants, 0 otherwise */
            for (int oi = 0; oi < n; oi++) {
                const int i = order[oi];
                const halo2_expr *e = &cs->nodes[i];
                if (e->op == HALO2_E_CONSTANT) fx[i] = 2;
                else if (e->op == HALO2_E_FIXED) fx[i] = 1;
                else if (is_leaf(e->op)) fx[i] = 0;
                else if (has_b(e->op))
                    fx[i] = (fx[e->a] && fx[e->b]) ? (fx[e->a] == 2 && fx[e->b] == 2 ? 2 : 1)
                                                   : 0;
                else fx[i] = fx[e->a];
                /* worth a precomputed column: a fixed-only composite with a
                 * multiplication in it (one read instead of at least one product) */
                if (derive) derivable[i] = fx[i] == 1 && !is_leaf(e->op) && tm[i] > 0;
            }
            if (derive) {
                b.derivable = derivable;
                b.derived_nodes = derived;
            }
        }
        /* runs of consecutive roots s * b_j with one fixed-only factor s: folded as
         * acc = acc y^m + s (sum_j y^(m-1-j) b_j), m + 1 products instead of 2m */
        for (int g = 0; g < nfold && !b.error;) {
            int m = 1;
            const int s = fold_selector(cs, canon, cn, fx, fold_roots[g]);
            while (s >= 0 && g + m < nfold &&
                   fold_selector(cs, canon, cn, fx, fold_roots[g + m]) == s)
                m++;
            if (m >= 2) {
                for (int j = 0; j < m; j++) {
                    const int r = canon[fold_roots[g + j]];
                    const int body = cn[r].a == s ? cn[r].b : cn[r].a;
                    push_op(&b, j == 0 ? HALO2_P_GSTART : HALO2_P_GFOLD, emit(&b, body), -1,
                            NULL);
                }
                b.ops[b.nops - 1].b = -1;
                push_op(&b, HALO2_P_GEND, emit(&b, s), -1, NULL);
                b.ops[b.nops - 1].m = m;
                if (m > pr->max_group) pr->max_group = m;
            } else {
                push_op(&b, HALO2_P_FOLD, emit(&b, fold_roots[g]), -1, NULL);
            }
            for (int j = 0; j < m; j++) {
                pr->tree_muls += tm[fold_roots[g + j]] + 1; /* + the fold */
                pr->tree_adds += ta[fold_roots[g + j]] + 1;
            }
            g += m;
        }
        for (int r = 0; r < npinned && !b.error; r++) {
            pinned_vals[r] = emit(&b, pinned_roots[r]);
            pr->tree_muls += tm[pinned_roots[r]];
            pr->tree_adds += ta[pinned_roots[r]];
        }
        if (derive) *nderived = b.nderived;
        rc = b.error;
    }
    if (rc == PASTA_OK) {
        for (int i = 0; i < n; i++) pr->unique_nodes += canon[i] == i;
        /* liveness: the last op reading each value; the lookups' values never die */
        const size_t nv = (size_t)(b.nvalues ? b.nvalues : 1);
        last = malloc(nv * sizeof *last);
        slot = malloc(nv * sizeof *slot);
        free_list = malloc(nv * sizeof *free_list);
        if (!last || !slot || !free_list) rc = PASTA_ERR_NO_MEMORY;
    }
    if (rc == PASTA_OK) {
        for (int v = 0; v < b.nvalues; v++) last[v] = -1;
        for (int k = 0; k < b.nops; k++) {
            if (b.ops[k].a >= 0) last[b.ops[k].a] = k;
            if (b.ops[k].b >= 0) last[b.ops[k].b] = k;
        }
        for (int r = 0; r < npinned; r++) last[pinned_vals[r]] = INT_MAX;
        /* slots: leaves first, then buffers from a free list (freed before the op's output
         * is placed, so an output may overwrite its last-read input) */
        int nfree = 0, nbufs = 0;
        for (int v = 0; v < b.nvalues; v++)
            if (b.leaf_of[v] >= 0) slot[v] = b.leaf_of[v];
        pr->ops = malloc((size_t)(b.nops ? b.nops : 1) * sizeof *pr->ops);
        if (pr->ops == NULL) rc = PASTA_ERR_NO_MEMORY;
        for (int k = 0; rc == PASTA_OK && k < b.nops; k++) {
            const vop *o = &b.ops[k];
            halo2_prog_op *q = &pr->ops[k];
            q->op = o->op;
            q->c = o->c;
            q->m = o->m;
            q->a = o->a >= 0 ? slot[o->a] : -1;
            q->b = o->b >= 0 ? slot[o->b] : -1;
            const int operands[2] = {o->a, o->b};
            for (int j = 0; j < 2; j++) {
                const int u = operands[j];
                if (u < 0 || b.leaf_of[u] >= 0 || last[u] != k || (j == 1 && u == o->a))
                    continue;
                free_list[nfree++] = slot[u];
            }
            q->dst = -1;
            if (o->dst >= 0) {
                slot[o->dst] = nfree > 0 ? free_list[--nfree] : b.nleaves + nbufs++;
                q->dst = slot[o->dst];
                if (last[o->dst] < 0) free_list[nfree++] = slot[o->dst]; /* never read */
            }
            if (q->op == HALO2_P_MUL || q->op == HALO2_P_SCALE) pr->muls++;
            else if (q->op == HALO2_P_FOLD || q->op == HALO2_P_GFOLD) pr->muls++, pr->adds++;
            else if (q->op == HALO2_P_GEND) pr->muls += 2, pr->adds++;
            else if (q->op == HALO2_P_GSTART) continue;
            else if (q->op == HALO2_P_ADDC) pr->adds++;
            else if (q->op != HALO2_P_CONST) pr->adds++;
        }
        if (rc == PASTA_OK) {
            for (int r = 0; r < npinned; r++) pinned_slots[r] = slot[pinned_vals[r]];
            pr->nops = b.nops;
            pr->nleaves = b.nleaves;
            pr->nbufs = nbufs;
            pr->leaves = b.leaves;
            b.leaves = NULL;
        }
    }
    free(canon), free(vid), free(cn), free(tm), free(ta), free(order);
    free(fx), free(derivable), free(pinned_vals);
    free(b.leaf_of), free(b.leaves), free(b.ops);
    free(last), free(slot), free(free_list);
    if (rc != PASTA_OK) halo2_program_free(pr);
    return rc;
}

/* The gate program's roots: the gate polynomials folded, the lookups' input and table
 * expressions pinned (pinned slot order: lookup by lookup, inputs then tables). */
static int compile_gates(halo2_program *pr, const halo2_cs *cs, int derive, int *derived,
                         int *nderived) {
    int pinned[2 * HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH],
        slots[2 * HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH];
    int np = 0;
    if (cs->n_lookups < 0 || cs->n_lookups > HALO2_MAX_LOOKUPS) return PASTA_ERR_INVALID_ARG;
    for (int l = 0; l < cs->n_lookups; l++) {
        if (cs->lookups[l].n < 1 || cs->lookups[l].n > HALO2_MAX_LOOKUP_WIDTH)
            return PASTA_ERR_INVALID_ARG;
        for (int i = 0; i < cs->lookups[l].n; i++) pinned[np++] = cs->lookups[l].input[i];
        for (int i = 0; i < cs->lookups[l].n; i++) pinned[np++] = cs->lookups[l].table[i];
    }
    if (cs->n_gate_polys < 0 || cs->n_gate_polys > HALO2_MAX_POLYS)
        return PASTA_ERR_INVALID_ARG;
    int rc = compile(pr, cs, cs->gate_polys, cs->n_gate_polys, pinned, np, slots, derive,
                     derived, nderived, 0);
    if (rc != PASTA_OK) return rc;
    np = 0;
    for (int l = 0; l < cs->n_lookups; l++) {
        for (int i = 0; i < cs->lookups[l].n; i++)
            pr->lookup_input[l * HALO2_MAX_LOOKUP_WIDTH + i] = slots[np++];
        for (int i = 0; i < cs->lookups[l].n; i++)
            pr->lookup_table[l * HALO2_MAX_LOOKUP_WIDTH + i] = slots[np++];
    }
    return PASTA_OK;
}

int halo2_program_compile(halo2_program *pr, const halo2_cs *cs) {
    return compile_gates(pr, cs, 0, NULL, NULL);
}

int halo2_program_compile_split(halo2_program *pr, halo2_program *derived,
                                const halo2_cs *cs) {
    memset(derived, 0, sizeof *derived);
    const size_t nn = (size_t)(cs->n_nodes ? cs->n_nodes : 1);
    int *nodes = malloc(nn * sizeof *nodes), nd = 0;
    if (nodes == NULL) return PASTA_ERR_NO_MEMORY;
    int rc = compile_gates(pr, cs, 1, nodes, &nd);
    if (rc == PASTA_OK) {
        int *outs = malloc((size_t)(nd ? nd : 1) * sizeof *outs);
        halo2_program tmp;
        rc = outs ? compile(&tmp, cs, NULL, 0, nodes, nd, outs, 0, NULL, NULL, 0)
                  : PASTA_ERR_NO_MEMORY;
        if (rc == PASTA_OK) {
            *derived = tmp;
            derived->outputs = outs;
            derived->noutputs = nd;
        } else {
            free(outs);
        }
    }
    if (rc == PASTA_OK) pr->nderived = nd;
    free(nodes);
    if (rc != PASTA_OK) {
        halo2_program_free(pr);
        halo2_program_free(derived);
    }
    return rc;
}

int halo2_program_compile_exprs(halo2_program *pr, const halo2_cs *cs, const int *roots,
                                int n) {
    memset(pr, 0, sizeof *pr);
    if (n < 0 || (n > 0 && roots == NULL)) return PASTA_ERR_INVALID_ARG;
    int *outs = malloc((size_t)(n ? n : 1) * sizeof *outs);
    if (outs == NULL) return PASTA_ERR_NO_MEMORY;
    const int rc = compile(pr, cs, NULL, 0, roots, n, outs, 0, NULL, NULL, 1);
    if (rc != PASTA_OK) {
        free(outs);
        return rc;
    }
    pr->outputs = outs;
    pr->noutputs = n;
    return PASTA_OK;
}

/* ---- The evaluator. */

void halo2_program_scratch_free(halo2_program_scratch *s) {
    free(s->leaf), free(s->leafbuf), free(s->bufs), free(s->acc), free(s->gacc);
    free(s->cvec), free(s->cidx), free(s->work);
    memset(s, 0, sizeof *s);
}

int halo2_program_scratch_init(halo2_program_scratch *s, const halo2_program *pr,
                               size_t width) {
    memset(s, 0, sizeof *s);
    const size_t nl = (size_t)(pr->nleaves ? pr->nleaves : 1),
                 nb = (size_t)(pr->nbufs ? pr->nbufs : 1);
    s->width = width;
    s->leaf = malloc(nl * sizeof *s->leaf);
    s->leafbuf = malloc(nl * width * sizeof(pasta_fp));
    s->bufs = malloc(nb * width * sizeof(pasta_fp));
    s->acc = calloc(width, sizeof(pasta_fp));
    s->gacc = malloc(width * sizeof(pasta_fp));
    size_t nc = 1;
    for (int k = 0; k < pr->nops; k++) nc += pr->ops[k].op == HALO2_P_ADDC;
    s->cvec = calloc(nc * width, sizeof(pasta_fp)); /* all-zero bytes: the element 0 */
    s->cidx = calloc((size_t)(pr->nops ? pr->nops : 1), sizeof *s->cidx);
    if (!s->leaf || !s->leafbuf || !s->bufs || !s->acc || !s->gacc || !s->cvec || !s->cidx) {
        halo2_program_scratch_free(s);
        return PASTA_ERR_NO_MEMORY;
    }
    for (int i = 0; i < pr->nleaves; i++)
        if (pr->leaves[i].type == HALO2_P_LEAF_CONST) {
            pasta_fp *v = &s->leafbuf[(size_t)i * width];
            for (size_t j = 0; j < width; j++) v[j] = pr->leaves[i].c;
            s->leaf[i] = v;
        }
    for (int k = 0, c = 1; k < pr->nops; k++)
        if (pr->ops[k].op == HALO2_P_ADDC) {
            s->cidx[k] = c;
            for (size_t j = 0; j < width; j++) s->cvec[(size_t)c * width + j] = pr->ops[k].c;
            c++;
        }
    return PASTA_OK;
}

halo2_program_scratch *halo2_program_scratches(const halo2_program *pr, size_t width, int T) {
    halo2_program_scratch *s = calloc((size_t)T, sizeof *s);
    for (int t = 0; s && t < T; t++)
        if (halo2_program_scratch_init(&s[t], pr, width) != PASTA_OK) {
            halo2_program_scratches_free(s, t);
            s = NULL;
        }
    return s;
}

void halo2_program_scratches_free(halo2_program_scratch *s, int T) {
    for (int t = 0; s && t < T; t++) halo2_program_scratch_free(&s[t]);
    free(s);
}

int halo2_program_scratch_use_work(halo2_program_scratch *s, const halo2_program *pr) {
    const size_t W = s->width, blk = PASTA_WORK_BLOCKS(W);
    const size_t nw = (size_t)(pr->nleaves + pr->nbufs) + 3;
    pasta_fp_work *w = aligned_alloc(64, nw * blk * sizeof *w);
    if (w == NULL) return PASTA_ERR_NO_MEMORY;
    free(s->work);
    s->work = w;
    s->wblk = blk;
    for (int i = 0; i < pr->nleaves; i++)
        if (pr->leaves[i].type == HALO2_P_LEAF_CONST)
            (void)pasta_fp_work_load(&w[(size_t)i * blk], s->leaf[i], W);
    memset(&w[(nw - 1) * blk], 0, blk * sizeof *w); /* zeros (NEG = 0 - a) */
    return PASTA_OK;
}

const pasta_fp *halo2_window(const pasta_fp *arr, long size, long at, size_t width,
                             pasta_fp *dst) {
    at %= size;
    if (at < 0) at += size;
    if (at + (long)width <= size) return arr + at;
    for (long i = 0; i < (long)width; i++) dst[i] = arr[(at + i) % size];
    return dst;
}

void halo2_program_bind(const halo2_program *pr, const halo2_cs *cs, const halo2_leaf_view *v,
                        long start, halo2_program_scratch *s) {
    for (int i = 0; i < pr->nleaves; i++) {
        const halo2_prog_leaf *lf = &pr->leaves[i];
        pasta_fp *dst = &s->leafbuf[(size_t)i * s->width];
        const pasta_fp *base;
        const halo2_query *q;
        switch (lf->type) {
        case HALO2_P_LEAF_CONST: continue; /* filled by halo2_program_scratch_init */
        case HALO2_P_LEAF_DERIVED:
            s->leaf[i] = halo2_window(v->derived + (size_t)lf->query * v->stride, v->size,
                                      start, s->width, dst);
            continue;
        case HALO2_E_SELECTOR:
            s->leaf[i] = halo2_window(v->selector + (size_t)lf->query * v->stride, v->size,
                                      start, s->width, dst);
            continue;
        case HALO2_E_FIXED: q = &cs->fixed_queries[lf->query], base = v->fixed; break;
        case HALO2_E_ADVICE: q = &cs->advice_queries[lf->query], base = v->advice; break;
        default: q = &cs->instance_queries[lf->query], base = v->instance; break;
        }
        s->leaf[i] = halo2_window(base + (size_t)q->column.index * v->stride, v->size,
                                  start + (long)q->rotation * v->rot_scale, s->width, dst);
    }
}

const pasta_fp *halo2_program_slot(const halo2_program *pr, const halo2_program_scratch *s,
                                   int slot) {
    return slot < pr->nleaves ? s->leaf[slot]
                              : &s->bufs[(size_t)(slot - pr->nleaves) * s->width];
}

/* acc = acc y + term */
static void fold_vec(pasta_fp *acc, const pasta_fp *term, const pasta_fp *y, size_t width) {
    pasta_fp_vec_scale(acc, acc, y, width);
    pasta_fp_vec_add(acc, acc, term, width);
}

/* halo2_program_run in work form: the same operations on work vectors (slot i, then
 * acc, gacc and zeros). */
static void run_work(const halo2_program *pr, halo2_program_scratch *s, const pasta_fp *y,
                     const pasta_fp *ypow) {
    const size_t W = s->width, blk = s->wblk, ns = (size_t)(pr->nleaves + pr->nbufs);
#define WS(i) (&s->work[(size_t)(i)*blk])
    pasta_fp_work *acc = WS(ns), *gacc = WS(ns + 1), *zero = WS(ns + 2);
    for (int i = 0; i < pr->nleaves; i++)
        if (pr->leaves[i].type != HALO2_P_LEAF_CONST)
            (void)pasta_fp_work_load(WS(i), s->leaf[i], W);
    (void)pasta_fp_work_load(acc, s->acc, W);
    for (int k = 0; k < pr->nops; k++) {
        const halo2_prog_op *o = &pr->ops[k];
        pasta_fp_work *d = o->dst >= 0 ? WS(o->dst) : NULL;
        switch (o->op) {
        case HALO2_P_CONST:
            for (size_t t = 0; t < W; t++) s->gacc[t] = o->c; /* gacc: a free vector here */
            (void)pasta_fp_work_load(d, s->gacc, W);
            break;
        case HALO2_P_ADD: (void)pasta_fp_work_add(d, WS(o->a), WS(o->b), W); break;
        case HALO2_P_SUB: (void)pasta_fp_work_sub(d, WS(o->a), WS(o->b), W); break;
        case HALO2_P_MUL: (void)pasta_fp_work_mul(d, WS(o->a), WS(o->b), W); break;
        case HALO2_P_SCALE: (void)pasta_fp_work_scale(d, WS(o->a), &o->c, W); break;
        case HALO2_P_NEG: (void)pasta_fp_work_sub(d, zero, WS(o->a), W); break;
        case HALO2_P_ADDC: (void)pasta_fp_work_add_const(d, WS(o->a), &o->c, W); break;
        case HALO2_P_FOLD:
            (void)pasta_fp_work_scale(acc, acc, y, W);
            (void)pasta_fp_work_add(acc, acc, WS(o->a), W);
            break;
        case HALO2_P_GSTART: memcpy(gacc, WS(o->a), blk * sizeof *gacc); break;
        case HALO2_P_GFOLD:
            (void)pasta_fp_work_scale(gacc, gacc, y, W);
            (void)pasta_fp_work_add(gacc, gacc, WS(o->a), W);
            break;
        case HALO2_P_GEND:
            (void)pasta_fp_work_scale(acc, acc, &ypow[o->m], W);
            (void)pasta_fp_work_mul_add(acc, WS(o->a), gacc, acc, W);
            break;
        default: break;
        }
    }
    (void)pasta_fp_work_store(s->acc, acc, W);
    /* the lookups' pinned buffers, read after the run through halo2_program_slot */
    for (int i = 0; i < HALO2_MAX_LOOKUPS * HALO2_MAX_LOOKUP_WIDTH; i++) {
        const int sl[2] = {pr->lookup_input[i], pr->lookup_table[i]};
        for (int j = 0; j < 2; j++)
            if (sl[j] >= pr->nleaves)
                (void)pasta_fp_work_store(&s->bufs[(size_t)(sl[j] - pr->nleaves) * W],
                                          WS(sl[j]), W);
    }
#undef WS
}

void halo2_program_run(const halo2_program *pr, halo2_program_scratch *s, const pasta_fp *y,
                       const pasta_fp *ypow) {
    if (s->work != NULL) {
        run_work(pr, s, y, ypow);
        return;
    }
    const size_t W = s->width;
    for (int k = 0; k < pr->nops; k++) {
        const halo2_prog_op *o = &pr->ops[k];
        pasta_fp *d = o->dst >= 0 ? &s->bufs[(size_t)(o->dst - pr->nleaves) * W] : NULL;
        switch (o->op) {
        case HALO2_P_CONST:
            for (size_t t = 0; t < W; t++) d[t] = o->c;
            break;
        case HALO2_P_ADD:
            pasta_fp_vec_add(d, halo2_program_slot(pr, s, o->a),
                             halo2_program_slot(pr, s, o->b), W);
            break;
        case HALO2_P_SUB:
            pasta_fp_vec_sub(d, halo2_program_slot(pr, s, o->a),
                             halo2_program_slot(pr, s, o->b), W);
            break;
        case HALO2_P_MUL:
            pasta_fp_vec_mul(d, halo2_program_slot(pr, s, o->a),
                             halo2_program_slot(pr, s, o->b), W);
            break;
        case HALO2_P_SCALE:
            pasta_fp_vec_scale(d, halo2_program_slot(pr, s, o->a), &o->c, W);
            break;
        case HALO2_P_NEG: /* 0 − a */
            pasta_fp_vec_sub(d, s->cvec, halo2_program_slot(pr, s, o->a), W);
            break;
        case HALO2_P_ADDC:
            pasta_fp_vec_add(d, halo2_program_slot(pr, s, o->a),
                             &s->cvec[(size_t)s->cidx[k] * W], W);
            break;
        case HALO2_P_FOLD: fold_vec(s->acc, halo2_program_slot(pr, s, o->a), y, W); break;
        case HALO2_P_GSTART:
            memcpy(s->gacc, halo2_program_slot(pr, s, o->a), W * sizeof *s->gacc);
            break;
        case HALO2_P_GFOLD: fold_vec(s->gacc, halo2_program_slot(pr, s, o->a), y, W); break;
        case HALO2_P_GEND:
            pasta_fp_vec_scale(s->acc, s->acc, &ypow[o->m], W);
            pasta_fp_vec_mul_add(s->acc, halo2_program_slot(pr, s, o->a), s->gacc, s->acc, W);
            break;
        default: break;
        }
    }
}
