/* pasta benchmark harness, see harness.h. C17 + POSIX clocks + libsodium (SHA-256). */
#define _POSIX_C_SOURCE 200809L

#include "harness.h"

#include <math.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static struct {
    pasta_bench_config config;
    const char *filter;
    const char *suite;
    FILE *json;
    const char *build_config;
    int header_printed;
    int warned_threads;
    int samples_given; /* --samples N: the budget keeps N samples of that configuration */
} g = {{2.0, 8.0, 100, PASTA_BENCH_CLOCK_THREAD_CPU}, NULL, NULL, NULL, NULL, 0, 0, 0};

/* Plan and progress state (pasta_bench_set_plan, pasta_bench_progress_start). */
typedef struct {
    char key[192];
    double est_s, op_ns;
    int samples, flat;
} plan_row;
static struct {
    int planning;
    plan_row *rows;
    int n, cap;
    char hint_key[192]; /* pasta_bench_expect's row, for the run that follows */
    double hint_op_ns, hint_setup_ns;
    int progress, trace, done, shown;
    double t0, est_done, row_wall0, row_cpu0;
    int row_started;
} P;

static char extra_json[1024];

void pasta_bench_set_build_config(const char *config) { g.build_config = config; }
void pasta_bench_set_extra(const char *json_members) {
    snprintf(extra_json, sizeof extra_json, "%s", json_members ? json_members : "");
}
const char *pasta_bench_build_config(void) { return g.build_config; }

/* ---------------------------------------------------------------- host information */

/* The value of "key" in /proc/cpuinfo's first processor block (trailing blanks cut). */
static int cpuinfo_field(const char *key, char *out, size_t cap) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return 0;
    char line[512];
    size_t klen = strlen(key);
    int found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, key, klen) != 0) continue;
        const char *v = line + klen;
        while (*v == ' ' || *v == '\t') v++;
        if (*v != ':') continue; /* "model" must not match "model name" */
        v++;
        while (*v == ' ' || *v == '\t') v++;
        size_t len = strcspn(v, "\n");
        while (len > 0 && v[len - 1] == ' ') len--;
        if (len >= cap) len = cap - 1;
        memcpy(out, v, len);
        out[len] = '\0';
        found = 1;
    }
    fclose(f);
    return found;
}

/* The host's label, by the rule of scripts/host-cpu.sh: the model name, and when it names no
 * model (no digit: "AMD EPYC" under some hypervisors) the microarchitecture from the CPUID
 * family and model (AMD family 25: models 10h-1Fh and 60h-AFh Zen 4, else Zen 3; family 26:
 * Zen 5), else "family F model M". */
const char *pasta_bench_cpu(void) {
    static char cpu[256];
    if (cpu[0]) return cpu;
    char name[200], vendor[64], fam[16], mod[16];
    if (!cpuinfo_field("model name", name, sizeof name)) {
        snprintf(cpu, sizeof cpu, "unknown");
        return cpu;
    }
    if (strpbrk(name, "0123456789") != NULL || !cpuinfo_field("cpu family", fam, sizeof fam) ||
        !cpuinfo_field("model", mod, sizeof mod)) {
        snprintf(cpu, sizeof cpu, "%s", name);
        return cpu;
    }
    if (!cpuinfo_field("vendor_id", vendor, sizeof vendor)) vendor[0] = '\0';
    int f = atoi(fam), m = atoi(mod);
    const char *uarch = NULL;
    if (strcmp(vendor, "AuthenticAMD") == 0 && f == 25)
        uarch = ((m >= 16 && m <= 31) || (m >= 96 && m <= 175)) ? "Zen 4" : "Zen 3";
    else if (strcmp(vendor, "AuthenticAMD") == 0 && f == 26) uarch = "Zen 5";
    if (uarch != NULL) snprintf(cpu, sizeof cpu, "%s %s", name, uarch);
    else snprintf(cpu, sizeof cpu, "%s family %d model %d", name, f, m);
    return cpu;
}

const char *pasta_bench_compiler(void) {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "gcc " __VERSION__;
#else
    return "unknown";
#endif
}

const char *pasta_bench_binary_sha256(void) {
    static char hex[2 * crypto_hash_sha256_BYTES + 1];
    if (hex[0]) return hex;
    snprintf(hex, sizeof hex, "unknown");
    if (sodium_init() < 0) return hex;
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f) return hex;
    crypto_hash_sha256_state st;
    crypto_hash_sha256_init(&st);
    unsigned char buf[1 << 16];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) crypto_hash_sha256_update(&st, buf, k);
    int err = ferror(f);
    fclose(f);
    if (err) return hex;
    unsigned char h[crypto_hash_sha256_BYTES];
    crypto_hash_sha256_final(&st, h);
    sodium_bin2hex(hex, sizeof hex, h, sizeof h);
    return hex;
}

/* ---------------------------------------------------------------- options and filters */

void pasta_bench_set_json(FILE *json) { g.json = json; }


void pasta_bench_set_filter(const char *filter, const char *suite) {
    g.filter = (filter && *filter) ? filter : NULL;
    g.suite = (suite && *suite) ? suite : NULL;
}

/* Does `hay` contain one of the comma-separated terms of `list` (exact: equal to one)? */
static int match_list(const char *list, const char *hay, int exact) {
    const char *p = list;
    for (;;) {
        size_t len = strcspn(p, ",");
        if (len > 0) {
            if (exact) {
                if (strlen(hay) == len && memcmp(hay, p, len) == 0) return 1;
            } else {
                for (const char *h = hay; *h; h++)
                    if (strncmp(h, p, len) == 0) return 1;
            }
        }
        if (p[len] == '\0') return 0;
        p += len + 1;
    }
}

/* The filter key "suite/name/field/backend/n/threads". */
static void id_key(char *key, size_t len, const pasta_bench_id *id) {
    snprintf(key, len, "%s/%s/%s/%s/%llu/%d", id->suite ? id->suite : "-",
             id->name ? id->name : "-", id->field ? id->field : "-",
             id->backend ? id->backend : "-", (unsigned long long)id->n, id->threads);
}

int pasta_bench_selected(const pasta_bench_id *id) {
    if (g.suite && !match_list(g.suite, id->suite ? id->suite : "", 1)) return 0;
    if (!g.filter) return 1;
    char key[512];
    id_key(key, sizeof key, id);
    return match_list(g.filter, key, 0);
}

static int opt_value(int argc, char **argv, int *i, const char *name, const char **val) {
    size_t len = strlen(name);
    const char *a = argv[*i];
    if (strncmp(a, name, len) != 0) return 0;
    if (a[len] == '=') {
        *val = a + len + 1;
        return 1;
    }
    if (a[len] != '\0') return 0;
    if (*i + 1 >= argc) {
        fprintf(stderr, "pasta_bench: %s needs an argument\n", name);
        *val = NULL;
        return 1;
    }
    *val = argv[++*i];
    return 1;
}

/* A number of seconds in [0, 1e6]. */
static int parse_seconds(const char *v, double *out) {
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end != '\0' || !(x >= 0.0 && x <= 1e6)) return 0;
    *out = x;
    return 1;
}

static int bad_value(const char *name, const char *v) {
    if (v) fprintf(stderr, "pasta_bench: bad value for %s: %s\n", name, v);
    return -1;
}

int pasta_bench_parse_args(int argc, char **argv, pasta_bench_args *out) {
    pasta_bench_args a = {PASTA_BENCH_CONFIG_FULL, NULL, NULL, NULL, NULL};
    double warmup = -1, measure = -1;
    int samples = 0;
    int kept = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--quick") == 0) {
            a.config = PASTA_BENCH_CONFIG_QUICK;
        } else if (strcmp(argv[i], "--full") == 0) {
            a.config = PASTA_BENCH_CONFIG_FULL;
        } else if (opt_value(argc, argv, &i, "--json", &v)) {
            if (!v) return -1;
            a.json_path = v;
        } else if (opt_value(argc, argv, &i, "--filter", &v)) {
            if (!v) return -1;
            a.filter = v;
        } else if (opt_value(argc, argv, &i, "--suite", &v)) {
            if (!v) return -1;
            a.suite = v;
        } else if (opt_value(argc, argv, &i, "--warmup", &v)) {
            if (!v || !parse_seconds(v, &warmup)) return bad_value("--warmup", v);
        } else if (opt_value(argc, argv, &i, "--measure", &v)) {
            if (!v || !parse_seconds(v, &measure)) return bad_value("--measure", v);
        } else if (opt_value(argc, argv, &i, "--samples", &v)) {
            char *end;
            long n = v ? strtol(v, &end, 10) : 0;
            if (!v || *end != '\0' || n < 1 || n > 100000) return bad_value("--samples", v);
            samples = (int)n;
        } else {
            argv[kept++] = argv[i];
        }
    }
    if (kept < argc) argv[kept] = NULL;
    /* after --quick / --full, wherever they stand */
    if (warmup >= 0) a.config.warmup_s = warmup;
    if (measure >= 0) a.config.measure_s = measure;
    if (samples > 0) a.config.samples = samples;
    g.samples_given = samples > 0;
    if (a.json_path) {
        a.json = fopen(a.json_path, "a");
        if (!a.json) {
            perror(a.json_path);
            return -1;
        }
    }
    g.config = a.config;
    pasta_bench_set_filter(a.filter, a.suite);
    pasta_bench_set_json(a.json);
    if (out) *out = a;
    return kept;
}

void pasta_bench_args_close(pasta_bench_args *args) {
    if (args->json) {
        if (g.json == args->json) g.json = NULL;
        fclose(args->json);
        args->json = NULL;
    }
}

/* ---------------------------------------------------------------- statistics */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void pasta_bench_median_ci(double *v, int n, double *median, double *lo, double *hi) {
    if (n <= 0) {
        *median = *lo = *hi = NAN;
        return;
    }
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    *median = (n & 1) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    /* Order-statistic CI: P(v[j-1] <= median <= v[n-j]) = 1 - 2 P(B < j), B ~ Bin(n, 1/2).
     * Largest j with P(B < j) <= 0.025, i.e. P(B <= j-1) <= 0.025. */
    int j = 0;
    double cdf = 0.0;
    for (int k = 0; k < n; k++) {
        double logp = lgamma(n + 1.0) - lgamma(k + 1.0) - lgamma(n - k + 1.0) - n * log(2.0);
        cdf += exp(logp); /* cdf = P(B <= k) */
        if (cdf > 0.025) break;
        j = k + 1;
    }
    if (j < 1) j = 1;
    *lo = v[j - 1];
    *hi = v[n - j];
}

/* ---------------------------------------------------------------- measurement */

static uint64_t now_ns(pasta_bench_clock c) {
    struct timespec ts;
    clock_gettime(c == PASTA_BENCH_CLOCK_WALL ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID,
                  &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static double time_iters(pasta_bench_clock c, pasta_bench_fn fn, void *ctx, uint64_t iters) {
    uint64_t t0 = now_ns(c);
    fn(ctx, iters);
    uint64_t t1 = now_ns(c);
    return (double)(t1 - t0);
}

/* Core clock estimate: a register-to-register dependent add chain runs one add per core
 * cycle (rdtsc ticks at a fixed rate unrelated to the core clock on these VMs, and
 * add-immediate chains are folded by the renamer). Best of 5 runs of 2^22 x 16 adds. */
double pasta_bench_core_ghz(void) {
    static double ghz = -1;
    if (ghz >= 0) return ghz;
    ghz = 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    for (int run = 0; run < 5; run++) {
        uint64_t a = 1, b = 2;
        uint64_t t0 = now_ns(PASTA_BENCH_CLOCK_THREAD_CPU);
        for (uint64_t i = 0; i < (1u << 22); i++) {
            __asm__ volatile("add %1, %0\n\tadd %0, %1\n\tadd %1, %0\n\tadd %0, %1\n\t"
                             "add %1, %0\n\tadd %0, %1\n\tadd %1, %0\n\tadd %0, %1\n\t"
                             "add %1, %0\n\tadd %0, %1\n\tadd %1, %0\n\tadd %0, %1\n\t"
                             "add %1, %0\n\tadd %0, %1\n\tadd %1, %0\n\tadd %0, %1"
                             : "+r"(a), "+r"(b));
        }
        uint64_t t1 = now_ns(PASTA_BENCH_CLOCK_THREAD_CPU);
        double g = 16.0 * (double)(1u << 22) / (double)(t1 - t0);
        if (g > ghz) ghz = g;
    }
#endif
    return ghz;
}

void pasta_bench_print_header(FILE *f) {
    fprintf(f, "# cpu: %s\n# compiler: %s\n# binary sha256: %s\n", pasta_bench_cpu(),
            pasta_bench_compiler(), pasta_bench_binary_sha256());
    if (g.build_config) fprintf(f, "# config: %s\n", g.build_config);
    if (pasta_bench_core_ghz() > 0)
        fprintf(f, "# core clock: %.2f GHz (dependent add chain); cycles = ns x GHz\n",
                pasta_bench_core_ghz());
    fprintf(f, "%-8s %-18s %-5s %-11s %8s %3s %12s  %-24s %s\n", "suite", "name", "field",
            "backend", "n", "thr", "median", "[95% CI] ns/op", "cycles");
    fflush(f);
    if (f == stdout) g.header_printed = 1;
}

static void json_str(FILE *f, const char *key, const char *s) {
    fprintf(f, "\"%s\":", key);
    if (!s) {
        fputs("null", f);
        return;
    }
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(f, "\\%c", *p);
        else if (*p < 0x20) fprintf(f, "\\u%04x", *p);
        else fputc(*p, f);
    }
    fputc('"', f);
}

static void json_num(FILE *f, const char *key, double x) {
    if (isfinite(x)) fprintf(f, "\"%s\":%.6g", key, x);
    else fprintf(f, "\"%s\":null", key);
}

static void progress_row_done(const pasta_bench_id *id);

/* The table row and the JSON line of one result; note: appended to the table row. */
static void emit(const pasta_bench_id *id, pasta_bench_clock c, const pasta_bench_result *rp,
                 const char *note) {
    const pasta_bench_result r = *rp;
    if (P.shown) { /* the progress line shares the terminal */
        fputs("\r\033[K", stderr);
        fflush(stderr);
        P.shown = 0;
    }

    char nbuf[24];
    if (id->n) snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)id->n);
    else snprintf(nbuf, sizeof nbuf, "-");
    char ci[64];
    snprintf(ci, sizeof ci, "[%.2f, %.2f] ns", r.lo_ns, r.hi_ns);
    printf("%-8s %-18s %-5s %-11s %8s %3d %12.2f  %-24s %.0f%s%s\n",
           id->suite ? id->suite : "-", id->name ? id->name : "-", id->field ? id->field : "-",
           id->backend ? id->backend : "-", nbuf, id->threads, r.median_ns, ci,
           r.median_ns * pasta_bench_core_ghz(), note && *note ? "  " : "", note ? note : "");
    fflush(stdout);

    if (g.json) {
        FILE *f = g.json;
        fputc('{', f);
        json_str(f, "suite", id->suite);
        fputc(',', f);
        json_str(f, "name", id->name);
        fputc(',', f);
        json_str(f, "backend", id->backend);
        fputc(',', f);
        json_str(f, "field", id->field);
        fprintf(f, ",\"n\":%llu,\"threads\":%d,", (unsigned long long)id->n, id->threads);
        json_num(f, "median_ns", r.median_ns);
        fputc(',', f);
        json_num(f, "lo_ns", r.lo_ns);
        fputc(',', f);
        json_num(f, "hi_ns", r.hi_ns);
        fprintf(f, ",\"samples\":%d,", r.samples);
        json_num(f, "core_ghz", pasta_bench_core_ghz());
        fputc(',', f);
        json_str(f, "clock", c == PASTA_BENCH_CLOCK_WALL ? "wall" : "thread_cpu");
        fputc(',', f);
        json_str(f, "cpu", pasta_bench_cpu());
        fputc(',', f);
        json_str(f, "compiler", pasta_bench_compiler());
        fputc(',', f);
        json_str(f, "binary_sha256", pasta_bench_binary_sha256());
        if (g.build_config) {
            fputc(',', f);
            json_str(f, "config", g.build_config);
        }
        if (extra_json[0]) fprintf(f, ",%s", extra_json);
        fputs("}\n", f);
        fflush(f);
    }
    progress_row_done(id);
}

int pasta_bench_report(const pasta_bench_id *id, pasta_bench_clock clock, double *v, int n,
                       pasta_bench_result *out) {
    if (!id || !v || n < 1) return -1;
    if (!pasta_bench_selected(id)) return 1;
    if (!g.header_printed) pasta_bench_print_header(stdout);
    pasta_bench_result r;
    r.samples = n;
    pasta_bench_median_ci(v, n, &r.median_ns, &r.lo_ns, &r.hi_ns);
    emit(id, clock, &r, NULL);
    if (out) *out = r;
    return 0;
}

/* ---------------------------------------------------------------- budget and plans */

/* --samples N given and cfg has that count: the budget keeps it. */
static int samples_forced(const pasta_bench_config *cfg) {
    return g.samples_given && cfg->samples == g.config.samples;
}

/* The sampling for est ns per operation: k samples of d iterations each (flat) or of
 * d, 2d, ..., k d iterations (linear, k = cfg->samples). See harness.h, "Budget". */
static void choose_sampling(const pasta_bench_config *cfg, double est, int *k, uint64_t *d,
                            int *flat) {
    const int n = cfg->samples;
    const double m = cfg->measure_s * 1e9, weight = 0.5 * (double)n * (double)(n + 1);
    if (!(est > 0.0)) est = 1e-3;
    if (est * weight <= m) { /* linear, as Criterion.rs: sum of d n(n+1)/2 ~ measure_s */
        double dd = ceil(m / (est * weight));
        if (!(dd >= 1.0)) dd = 1.0;
        if (dd > 1e15) dd = 1e15;
        *k = n, *d = (uint64_t)dd, *flat = 0;
        return;
    }
    double dd = floor(m / (est * (double)n));
    if (dd >= 1.0) { /* n samples of the same count */
        *k = n, *d = (uint64_t)dd, *flat = 1;
        return;
    }
    const int kmin = samples_forced(cfg) ? n : (n < 3 ? n : 3);
    double q = floor(m / est);
    *k = q >= (double)n ? n : q < (double)kmin ? kmin : (int)q;
    *d = 1, *flat = 1;
}

double pasta_bench_estimate(const pasta_bench_config *cfg, double op_ns, int *samples,
                            int *flat) {
    if (!cfg) cfg = &g.config;
    if (!(op_ns > 0.0)) op_ns = 1.0;
    /* warm-up: 1, 2, 4, ... iterations until warmup_s */
    double t = 0.0, it = 1.0;
    for (int i = 0; i < 63; i++) {
        t += it * op_ns;
        it *= 2.0;
        if (t >= cfg->warmup_s * 1e9) break;
    }
    int k, fl;
    uint64_t d;
    choose_sampling(cfg, op_ns, &k, &d, &fl);
    double iters = fl ? (double)k * (double)d : 0.5 * (double)k * (double)(k + 1) * (double)d;
    if (samples) *samples = k;
    if (flat) *flat = fl;
    return (t + iters * op_ns) * 1e-9;
}

static double mono_s(clockid_t c) {
    struct timespec ts;
    clock_gettime(c, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void pasta_bench_set_plan(int on) {
    P.planning = on != 0;
    if (on) P.n = 0;
    P.hint_key[0] = '\0';
}

int pasta_bench_planning(void) { return P.planning; }

static void plan_add(const pasta_bench_config *cfg, const pasta_bench_id *id, double op_ns,
                     double setup_ns) {
    if (P.n == P.cap) {
        int cap = P.cap ? 2 * P.cap : 256;
        plan_row *r = realloc(P.rows, (size_t)cap * sizeof *r);
        if (!r) return;
        P.rows = r, P.cap = cap;
    }
    plan_row *r = &P.rows[P.n++];
    id_key(r->key, sizeof r->key, id);
    r->op_ns = op_ns;
    /* + about 1 ms a row: inputs, the table line, the JSON line */
    r->est_s = pasta_bench_estimate(cfg, op_ns, &r->samples, &r->flat) + setup_ns * 1e-9 +
               1e-3;
}

static void progress_draw(const char *key) {
    if (!P.progress) return;
    int total = P.n;
    double el = mono_s(CLOCK_MONOTONIC) - P.t0, rest = 0.0;
    for (int i = P.done; i < P.n; i++) rest += P.rows[i].est_s;
    /* scale the model by how the rows so far compared with it (a loaded machine) */
    if (P.est_done > 2.0) {
        double f = el / P.est_done;
        rest *= f < 0.5 ? 0.5 : f > 20 ? 20 : f;
    }
    int row = P.done + 1 > total ? total : P.done + 1;
    fprintf(stderr, "\r\033[K[%d/%d] %.60s  %d:%02d elapsed, ~%d:%02d left", row, total, key,
            (int)el / 60, (int)el % 60, (int)rest / 60, (int)rest % 60);
    fflush(stderr);
    P.shown = 1;
}

/* A row starts (pasta_bench_expect said run it, or the measurement begins). */
static void progress_row_start(const pasta_bench_id *id) {
    if (P.row_started) return;
    P.row_started = 1;
    P.row_wall0 = mono_s(CLOCK_MONOTONIC);
    P.row_cpu0 = mono_s(CLOCK_PROCESS_CPUTIME_ID);
    if (P.progress) {
        char key[192];
        id_key(key, sizeof key, id);
        progress_draw(key);
    }
}

static void progress_row_done(const pasta_bench_id *id) {
    double est = P.done < P.n ? P.rows[P.done].est_s : 0.0;
    if (P.trace) {
        char key[192];
        id_key(key, sizeof key, id);
        fprintf(stderr, "trace: %-48s est %8.3f s  wall %8.3f s  cpu %8.3f s\n", key, est,
                P.row_started ? mono_s(CLOCK_MONOTONIC) - P.row_wall0 : 0.0,
                P.row_started ? mono_s(CLOCK_PROCESS_CPUTIME_ID) - P.row_cpu0 : 0.0);
    }
    P.done++;
    P.est_done += est;
    P.row_started = 0;
}

int pasta_bench_expect(const pasta_bench_config *cfg, const pasta_bench_id *id, double op_ns,
                       double setup_ns) {
    if (!id || !pasta_bench_selected(id)) return 0;
    if (!cfg) cfg = &g.config;
    if (P.planning) {
        plan_add(cfg, id, op_ns, setup_ns);
        return 0;
    }
    id_key(P.hint_key, sizeof P.hint_key, id);
    P.hint_op_ns = op_ns, P.hint_setup_ns = setup_ns;
    progress_row_start(id);
    return 1;
}

int pasta_bench_plan_rows(double *total_s) {
    double t = 0.0;
    for (int i = 0; i < P.n; i++) t += P.rows[i].est_s;
    if (total_s) *total_s = t;
    return P.n;
}

static void fmt_ns(char *buf, size_t len, double ns) {
    if (ns >= 1e9) snprintf(buf, len, "%.2f s", ns * 1e-9);
    else if (ns >= 1e6) snprintf(buf, len, "%.1f ms", ns * 1e-6);
    else if (ns >= 1e3) snprintf(buf, len, "%.1f us", ns * 1e-3);
    else snprintf(buf, len, "%.0f ns", ns);
}

void pasta_bench_plan_print(FILE *f) {
    double total;
    int n = pasta_bench_plan_rows(&total);
    fprintf(f, "%-56s %8s  %s\n", "# row (suite/name/field/backend/n/threads)", "est. s",
            "sampling (op: the model's cost of one operation)");
    for (int i = 0; i < n; i++) {
        const plan_row *r = &P.rows[i];
        char op[32] = "";
        if (r->op_ns > 0) fmt_ns(op, sizeof op, r->op_ns);
        fprintf(f, "%-56s %8.2f  %d %s%s%s\n", r->key, r->est_s, r->samples,
                r->flat ? "flat samples" : "linear samples", op[0] ? ", op " : "", op);
    }
    fprintf(f, "# total: %d rows, %.1f s estimated (%d:%02d)\n", n, total, (int)total / 60,
            (int)total % 60);
}

void pasta_bench_progress_start(void) {
    const char *t = getenv("PASTA_BENCH_TRACE");
    P.trace = t && *t && strcmp(t, "0") != 0;
    P.progress = 1;
    P.done = 0, P.est_done = 0.0, P.row_started = 0;
    P.t0 = mono_s(CLOCK_MONOTONIC);
}

void pasta_bench_progress_end(void) {
    if (!P.progress) return;
    if (P.shown) fputs("\r\033[K", stderr);
    double el = mono_s(CLOCK_MONOTONIC) - P.t0, total;
    pasta_bench_plan_rows(&total);
    fprintf(stderr, "pasta_bench: %d rows in %d:%02d (estimated %d:%02d)\n", P.done,
            (int)el / 60, (int)el % 60, (int)total / 60, (int)total % 60);
    P.progress = 0, P.shown = 0;
}

/* ---------------------------------------------------------------- running a row */

int pasta_bench_run(const pasta_bench_config *cfg, const pasta_bench_id *id, pasta_bench_fn fn,
                    void *ctx, pasta_bench_result *out) {
    if (!id || !fn || (cfg ? cfg : &g.config)->samples < 1) return -1;
    if (!pasta_bench_selected(id)) return 1;
    return pasta_bench_run_always(cfg, id, fn, ctx, out);
}

int pasta_bench_run_always(const pasta_bench_config *cfg, const pasta_bench_id *id,
                           pasta_bench_fn fn, void *ctx, pasta_bench_result *out) {
    if (!cfg) cfg = &g.config;
    if (!id || !fn || cfg->samples < 1) return -1;
    char key[192];
    id_key(key, sizeof key, id);
    const int hinted = P.hint_key[0] && strcmp(P.hint_key, key) == 0;
    const double hint_op = hinted ? P.hint_op_ns : 0.0,
                 hint_setup = hinted ? P.hint_setup_ns : 0.0;
    P.hint_key[0] = '\0';
    if (P.planning) {
        plan_add(cfg, id, hint_op, hint_setup);
        if (out) {
            double m = hint_op > 0 ? hint_op : 1.0;
            *out = (pasta_bench_result){m, m, m, cfg->samples};
        }
        return 0;
    }
    progress_row_start(id);
    if (!g.header_printed) pasta_bench_print_header(stdout);
    if (id->threads > 1 && cfg->clock == PASTA_BENCH_CLOCK_THREAD_CPU && !g.warned_threads) {
        fprintf(stderr,
                "pasta_bench: warning: %s/%s uses %d threads but thread CPU time; "
                "set config.clock = PASTA_BENCH_CLOCK_WALL\n",
                id->suite, id->name, id->threads);
        g.warned_threads = 1;
    }
    const pasta_bench_clock c = cfg->clock;

    /* Warm-up: 1, 2, 4, ... iterations until warmup_s has elapsed. */
    const double warm_ns = cfg->warmup_s * 1e9;
    double t_total = 0.0, i_total = 0.0;
    uint64_t iters = 1;
    do {
        t_total += time_iters(c, fn, ctx, iters);
        i_total += (double)iters;
        if (iters < (UINT64_C(1) << 62)) iters *= 2;
    } while (t_total < warm_ns);
    double est = t_total / i_total; /* ns per iteration */
    if (!(est > 0.0)) est = 1e-3;   /* below clock resolution */

    /* Sampling within the budget (harness.h): linear, else flat. */
    int n, flat;
    uint64_t d;
    choose_sampling(cfg, est, &n, &d, &flat);
    double *v = malloc((size_t)n * sizeof *v);
    if (!v) return -1;
    for (int k = 1; k <= n; k++) {
        uint64_t it = flat ? d : (uint64_t)k * d;
        v[k - 1] = time_iters(c, fn, ctx, it) / (double)it;
    }
    pasta_bench_result r;
    r.samples = n;
    pasta_bench_median_ci(v, n, &r.median_ns, &r.lo_ns, &r.hi_ns);
    free(v);
    char note[96] = "", op[32];
    if (n < cfg->samples) {
        fmt_ns(op, sizeof op, est);
        snprintf(note, sizeof note, "(budget: %d of %d samples, 1 op = %s > %.2g s / %d)", n,
                 cfg->samples, op, cfg->measure_s, cfg->samples);
    }
    emit(id, c, &r, note);
    if (out) *out = r;
    return 0;
}
