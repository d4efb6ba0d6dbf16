/* pasta_stats: the paired-rounds statistics of the main job (bench/main_job.sh).
 *
 *   pasta_stats ci [--level L] [--target PCT]    (L default 0.95, PCT default 1.5)
 *       stdin: lines "KEY X Y", one per round: X the control's time in that round, Y the
 *       candidate's (both > 0; KEY a token without spaces). stdout, one line per KEY in
 *       the order of first appearance:
 *         KEY n est lo hi sd rsd need
 *       est, lo, hi: speed-up in percent, 100 (X/Y - 1), at the Hodges-Lehmann estimate
 *       of the per-round log ratios d = ln(X/Y) and at the ends of its exact
 *       distribution-free confidence interval (Wilcoxon signed rank: order statistics of
 *       the Walsh averages (d_i + d_j) / 2, i <= j; valid for any continuous
 *       distribution of d symmetric about its centre). lo, hi are "nan" when n is too
 *       small for level L (n < 6 at 0.95). sd: the sample standard deviation of d, rsd:
 *       1.4826 x its median absolute deviation (robust to a noisy round), both in
 *       percent; need: the rounds a half-width of PCT percent takes at that rsd (normal
 *       approximation, Hodges-Lehmann efficiency 3/pi). Exact: no resampling, no seed.
 *   pasta_stats selftest
 *       known answers (critical values of the signed-rank statistic, estimates) and the
 *       interval's coverage on simulated rounds (fixed seed); exit 0 when all pass.
 * No dependencies beyond libc and libm. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define MAX_N 2000
#define MAX_KEYS 512

static int cmp_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* C such that the interval [W_(C), W_(M+1-C)] (1-based order statistics of the
 * M = n(n+1)/2 Walsh averages) has coverage >= level: C - 1 is the largest t with
 * P(T+ <= t) <= (1 - level) / 2 under the null distribution of the signed-rank statistic.
 * 0 when no such t exists (n too small). *cov gets the exact coverage. */
static long wilcoxon_c(int n, double level, double *cov) {
    const long m = (long)n * (n + 1) / 2;
    double *p = calloc((size_t)m + 1, sizeof *p);
    if (p == NULL) return -1;
    p[0] = 1;
    for (int k = 1; k <= n; k++) /* p(s) <- (p(s) + p(s - k)) / 2, from the top */
        for (long s = (long)k * (k + 1) / 2; s >= 0; s--)
            p[s] = 0.5 * (p[s] + (s >= k ? p[s - k] : 0));
    const double tail = (1 - level) / 2;
    double cdf = 0;
    long c = 0;
    for (long t = 0; t <= m; t++) {
        if (cdf + p[t] > tail * (1 + 1e-12)) break;
        cdf += p[t];
        c = t + 1;
    }
    if (cov) *cov = 1 - 2 * cdf;
    free(p);
    return c;
}

typedef struct {
    double est, lo, hi; /* log ratios; lo = hi = NAN when n is too small */
    double sd, rsd;     /* of d */
} hl_result;

/* Hodges-Lehmann estimate and its interval from d[0..n-1] (reordered). */
static int hodges_lehmann(double *d, int n, double level, hl_result *r) {
    const long m = (long)n * (n + 1) / 2;
    double *w = malloc((size_t)m * sizeof *w), cov;
    if (w == NULL || n < 1) {
        free(w);
        return -1;
    }
    long k = 0;
    for (int i = 0; i < n; i++)
        for (int j = i; j < n; j++) w[k++] = 0.5 * (d[i] + d[j]);
    qsort(w, (size_t)m, sizeof *w, cmp_double);
    r->est = m % 2 ? w[m / 2] : 0.5 * (w[m / 2 - 1] + w[m / 2]);
    const long c = wilcoxon_c(n, level, &cov);
    r->lo = c > 0 ? w[c - 1] : NAN;
    r->hi = c > 0 ? w[m - c] : NAN;
    free(w);
    double mean = 0, ss = 0;
    for (int i = 0; i < n; i++) mean += d[i] / n;
    for (int i = 0; i < n; i++) ss += (d[i] - mean) * (d[i] - mean);
    r->sd = n > 1 ? sqrt(ss / (n - 1)) : NAN;
    qsort(d, (size_t)n, sizeof *d, cmp_double);
    const double med = n % 2 ? d[n / 2] : 0.5 * (d[n / 2 - 1] + d[n / 2]);
    for (int i = 0; i < n; i++) d[i] = fabs(d[i] - med);
    qsort(d, (size_t)n, sizeof *d, cmp_double);
    r->rsd = 1.4826 * (n % 2 ? d[n / 2] : 0.5 * (d[n / 2 - 1] + d[n / 2]));
    return 0;
}

static double pct(double logratio) { return 100 * expm1(logratio); }

/* rounds for a half-width of target_pct at a per-round sd of s (log ratio) */
static long rounds_needed(double s, double level, double target_pct) {
    if (!(s >= 0) || target_pct <= 0) return -1;
    const double z = level >= 0.99 ? 2.576 : level >= 0.95 ? 1.96 : 1.645;
    const double h = log1p(target_pct / 100);
    long n = (long)ceil(z * z * s * s / (h * h) * PI / 3);
    return n < 6 ? 6 : n;
}

typedef struct {
    char key[128];
    int n;
    double d[MAX_N];
} series;

static int cmd_ci(double level, double target) {
    static series S[MAX_KEYS];
    int nk = 0;
    char line[512], key[128];
    double x, y;
    long ln = 0;
    while (fgets(line, sizeof line, stdin)) {
        ln++;
        if (line[0] == '#' || line[0] == '\n') continue;
        if (sscanf(line, "%127s %lf %lf", key, &x, &y) != 3 || !(x > 0) || !(y > 0) ||
            !isfinite(x) || !isfinite(y)) {
            fprintf(stderr, "pasta_stats: line %ld: want \"KEY X Y\" with X, Y > 0: %s", ln,
                    line);
            return 2;
        }
        int k = 0;
        while (k < nk && strcmp(S[k].key, key) != 0) k++;
        if (k == nk) {
            if (nk == MAX_KEYS) {
                fprintf(stderr, "pasta_stats: more than %d keys\n", MAX_KEYS);
                return 2;
            }
            snprintf(S[nk++].key, sizeof S[0].key, "%s", key);
        }
        if (S[k].n == MAX_N) {
            fprintf(stderr, "pasta_stats: more than %d rounds for %s\n", MAX_N, key);
            return 2;
        }
        S[k].d[S[k].n++] = log(x / y);
    }
    for (int k = 0; k < nk; k++) {
        hl_result r;
        if (hodges_lehmann(S[k].d, S[k].n, level, &r) != 0) return 3;
        char lo[32] = "nan", hi[32] = "nan", sd[32] = "nan";
        if (!isnan(r.lo))
            snprintf(lo, sizeof lo, "%.6f", pct(r.lo)),
                snprintf(hi, sizeof hi, "%.6f", pct(r.hi));
        if (!isnan(r.sd)) snprintf(sd, sizeof sd, "%.4f", 100 * r.sd);
        printf("%s %d %.6f %s %s %s %.4f %ld\n", S[k].key, S[k].n, pct(r.est), lo, hi, sd,
               100 * r.rsd, rounds_needed(r.rsd, level, target));
    }
    return 0;
}

/* ---- selftest */

static uint64_t rng_state = 0x5eed5eed12345678u;
static double uniform(void) { /* splitmix64 -> (0, 1) */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z ^= z >> 31;
    return ((double)(z >> 11) + 0.5) / 9007199254740992.0;
}
static double gauss(void) { return sqrt(-2 * log(uniform())) * cos(2 * PI * uniform()); }
static double laplace(void) {
    const double u = uniform() - 0.5;
    return u < 0 ? log(1 + 2 * u) : -log(1 - 2 * u);
}

static int fails;
static void check(int ok, const char *what) {
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok) fails++;
}

/* coverage of the 95% interval for the centre mu over `trials` simulated series */
static double coverage(int n, int trials, int heavy, double mu, double s) {
    double d[MAX_N];
    int hit = 0;
    for (int t = 0; t < trials; t++) {
        hl_result r;
        for (int i = 0; i < n; i++) d[i] = mu + s * (heavy ? laplace() : gauss());
        hodges_lehmann(d, n, 0.95, &r);
        hit += r.lo <= mu && mu <= r.hi;
    }
    return (double)hit / trials;
}

static int cmd_selftest(void) {
    char buf[160];
    double cov;
    /* critical values (two-sided 5%, tables of the signed-rank statistic: T = C - 1) */
    check(wilcoxon_c(5, 0.95, NULL) == 0, "n = 5: no 95% interval (P(T+ = 0) = 1/32 > 0.025)");
    check(wilcoxon_c(6, 0.95, &cov) == 1 && fabs(cov - (1 - 2.0 / 64)) < 1e-12,
          "n = 6: C = 1, coverage 1 - 2/64");
    check(wilcoxon_c(10, 0.95, &cov) == 9 && fabs(cov - (1 - 2 * 25.0 / 1024)) < 1e-12,
          "n = 10: C = 9 (T = 8), coverage 1 - 2 x 25/1024");
    check(wilcoxon_c(20, 0.95, NULL) == 53, "n = 20: C = 53 (T = 52)");
    check(wilcoxon_c(30, 0.95, NULL) == 138, "n = 30: C = 138 (T = 137)");
    check(wilcoxon_c(10, 0.90, NULL) == 11, "n = 10, 90%: C = 11 (T = 10)");
    /* Hodges-Lehmann on known data */
    double d6[6] = {1, 2, 3, 4, 5, 6}, d5[5] = {0, 0, 0, 0, 10};
    hl_result r;
    hodges_lehmann(d6, 6, 0.95, &r);
    check(r.est == 3.5 && r.lo == 1 && r.hi == 6,
          "d = 1..6: estimate 3.5, interval [1, 6] (C = 1)");
    hodges_lehmann(d5, 5, 0.95, &r);
    check(r.est == 0 && isnan(r.lo) && isnan(r.hi),
          "d = 0,0,0,0,10: estimate 0 (Walsh median), no interval");
    double dc[8];
    for (int i = 0; i < 8; i++) dc[i] = log(1.03);
    hodges_lehmann(dc, 8, 0.95, &r);
    snprintf(buf, sizeof buf, "constant ratio 1.03: %.4f%% [%.4f, %.4f], sd %.4f", pct(r.est),
             pct(r.lo), pct(r.hi), 100 * r.sd);
    check(fabs(pct(r.est) - 3) < 1e-9 && fabs(pct(r.lo) - 3) < 1e-9 &&
              fabs(pct(r.hi) - 3) < 1e-9 && r.sd < 1e-12,
          buf);
    /* one wild round of ten hardly moves the estimate; it widens the interval on its side
     * only (its Walsh averages are the top ten of 55) */
    double dw[10];
    for (int i = 0; i < 10; i++) dw[i] = log(1.02) + 0.001 * (i - 4.5);
    dw[3] = log(1.5);
    hodges_lehmann(dw, 10, 0.95, &r);
    snprintf(buf, sizeof buf, "9 rounds at 2.0%% +- 0.5%%, 1 at 50%%: %.2f%% [%.2f, %.2f]",
             pct(r.est), pct(r.lo), pct(r.hi));
    check(fabs(pct(r.est) - 2) < 0.3 && pct(r.lo) > 1.5 && pct(r.lo) < 2, buf);
    /* from 12 rounds (C = 14 > 12) one wild round leaves both ends inside the clean data */
    double dw12[12];
    for (int i = 0; i < 12; i++) dw12[i] = log(1.02) + 0.001 * (i - 5.5);
    dw12[3] = log(1.5);
    hodges_lehmann(dw12, 12, 0.95, &r);
    snprintf(buf, sizeof buf, "11 rounds at 2.0%% +- 0.55%%, 1 at 50%%: %.2f%% [%.2f, %.2f]",
             pct(r.est), pct(r.lo), pct(r.hi));
    check(fabs(pct(r.est) - 2) < 0.3 && pct(r.lo) > 1.4 && pct(r.hi) < 2.6, buf);
    check(rounds_needed(0.02, 0.95, 1.5) ==
              (long)ceil(1.96 * 1.96 * 0.0004 / (log1p(0.015) * log1p(0.015)) * PI / 3),
          "rounds needed: n = 1.96^2 s^2 / ln(1.015)^2 x pi/3");
    /* coverage: exact 95.1% (n = 10) / 95.7% (n = 25) for any symmetric continuous law;
     * 4000 trials: +-0.34% one sd */
    struct {
        int n, heavy;
        double want;
    } C[] = {{10, 0, 1 - 2 * 25.0 / 1024}, {10, 1, 1 - 2 * 25.0 / 1024}, {25, 0, 0}};
    C[2].want = (wilcoxon_c(25, 0.95, &cov), cov);
    for (int i = 0; i < 3; i++) {
        const double got = coverage(C[i].n, 4000, C[i].heavy, log(1.031), 0.01);
        snprintf(buf, sizeof buf, "coverage n = %d, %s noise: %.4f (exact %.4f)", C[i].n,
                 C[i].heavy ? "Laplace" : "normal", got, C[i].want);
        check(fabs(got - C[i].want) < 0.012, buf);
    }
    /* the half-width shrinks as 1/sqrt(n): n = 40 at sd 1% gives about 1.96 x 1% / sqrt(40 x 3/pi) */
    double d40[40];
    double hw = 0;
    for (int t = 0; t < 200; t++) {
        for (int i = 0; i < 40; i++) d40[i] = 0.01 * gauss();
        hodges_lehmann(d40, 40, 0.95, &r);
        hw += (r.hi - r.lo) / 2 / 200;
    }
    snprintf(buf, sizeof buf,
             "mean half-width n = 40, sd 1%%: %.4f%% (normal approximation %.4f%%)", 100 * hw,
             100 * 1.96 * 0.01 / sqrt(40 * 3 / PI));
    check(fabs(hw / (1.96 * 0.01 / sqrt(40 * 3 / PI)) - 1) < 0.1, buf);
    printf("pasta_stats selftest: %s\n", fails ? "FAIL" : "PASS");
    return fails ? 1 : 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "selftest") == 0) return cmd_selftest();
    if (argc >= 2 && strcmp(argv[1], "ci") == 0) {
        double level = 0.95, target = 1.5;
        for (int i = 2; i < argc; i++) {
            if (strcmp(argv[i], "--level") == 0 && i + 1 < argc) level = atof(argv[++i]);
            else if (strcmp(argv[i], "--target") == 0 && i + 1 < argc)
                target = atof(argv[++i]);
            else {
                fprintf(stderr, "pasta_stats ci: unknown option %s\n", argv[i]);
                return 2;
            }
        }
        if (!(level > 0.5 && level < 1)) {
            fprintf(stderr, "pasta_stats ci: --level must be in (0.5, 1)\n");
            return 2;
        }
        return cmd_ci(level, target);
    }
    fprintf(
        stderr,
        "usage: pasta_stats ci [--level L] [--target PCT] < rounds | pasta_stats selftest\n");
    return 2;
}
