/* pasta_parallel_cal: the fork/join cost of the library's regions (core/parallel.c), for
 * the thread-count model (bench/model.sh, docs/PARALLEL.md).
 *
 *   pasta_parallel_cal [--threads 2,4] [--work US] [--regions N] [--quantile Q]
 *                      [--gaps US,...] [--sleep-gaps US,...]
 *
 * For each thread count P and each gap g before a region (default 0, 10, 100, 1000 us of the
 * calling thread's serial work: the pool's workers spin through short gaps and sleep
 * through long ones), runs N regions of P ranges of US microseconds of work each (default
 * 200) and prints "F <P> <gap ns> <cost ns>": the Q-quantile (default 0.5: the median) of a
 * region's wall time minus US. On a loaded host a low Q (0.1) estimates the idle cost. A
 * cost near US means the calling thread ran the ranges of workers that had not started
 * (said on stderr for gaps up to 300 us: another process was runnable). --sleep-gaps: the
 * same after the calling thread slept (nanosleep) instead, as a program idle between
 * calls (the CPUs idle too), printed "S <P> <gap ns> <cost ns>" (not read by model.sh):
 * where a woken worker waits on its waker's CPU (docs/PARALLEL.md, "Wake placement") the
 * cost nears the work. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/parallel.h"

static double wall_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
static void nap(double ns) {
    struct timespec ts = {(time_t)(ns / 1e9), (long)(ns - 1e9 * (double)(time_t)(ns / 1e9))};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}
static void busy(double ns) {
    double t = wall_ns();
    while (wall_ns() - t < ns) {
    }
}
static double work_ns;
static void task(void *ctx, size_t i) {
    (void)ctx, (void)i;
    busy(work_ns);
}
static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    const char *list = "2", *gap_list = "0,10,100,1000", *sleep_list = "";
    int regions = 400;
    double q = 0.5;
    work_ns = 200e3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--threads") == 0) list = argv[i + 1];
        else if (strcmp(argv[i], "--work") == 0) work_ns = atof(argv[i + 1]) * 1e3;
        else if (strcmp(argv[i], "--regions") == 0) regions = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--quantile") == 0) q = atof(argv[i + 1]);
        else if (strcmp(argv[i], "--gaps") == 0) gap_list = argv[i + 1];
        else if (strcmp(argv[i], "--sleep-gaps") == 0) sleep_list = argv[i + 1];
        else {
            fprintf(
                stderr,
                "usage: pasta_parallel_cal [--threads 2,4] [--work US] [--regions N] [--quantile Q]\n"
                "                          [--gaps US,...] [--sleep-gaps US,...]\n");
            return 2;
        }
    }
    if (regions < 1 || regions > 100000 || !(q >= 0 && q <= 1)) return 2;
    double *v = malloc((size_t)regions * sizeof *v);
    if (v == NULL) return 1;
    double gaps[32];
    int ngaps = 0, nwork = 0;
    for (int k = 0; k < 2; k++) {
        for (const char *s = k == 0 ? gap_list : sleep_list; *s;) {
            char *end;
            double g = strtod(s, &end);
            if (end == s || !(g >= 0 && g <= 1e6) || ngaps - (k ? nwork : 0) == 16 ||
                (*end && *end != ',')) {
                fprintf(stderr, "pasta_parallel_cal: --gaps and --sleep-gaps want up to 16 "
                                "numbers in [0, 1e6]\n");
                return 2;
            }
            gaps[ngaps++] = g * 1e3;
            s = *end ? end + 1 : end;
        }
        if (k == 0) nwork = ngaps;
    }
    for (const char *s = list; *s;) {
        int P = atoi(s);
        if (P >= 2) {
            pasta_parallel_for((size_t)P, P, task, NULL); /* the pool started */
            for (int g = 0; g < ngaps; g++) {
                const int slept = g >= nwork;
                for (int r = 0; r < regions; r++) {
                    if (slept) nap(gaps[g]);
                    else busy(gaps[g]);
                    double t0 = wall_ns();
                    pasta_parallel_for((size_t)P, P, task, NULL);
                    v[r] = wall_ns() - t0 - work_ns;
                }
                qsort(v, (size_t)regions, sizeof *v, cmp);
                double cost = v[(size_t)(q * (regions - 1))];
                printf("%c %d %.0f %.0f\n", slept ? 'S' : 'F', P, gaps[g], cost);
                /* workers spinning through a short gap join within microseconds; a cost
                 * near the work means the caller ran their ranges */
                if (!slept && gaps[g] <= 300e3 && cost > 0.5 * work_ns)
                    fprintf(stderr,
                            "pasta_parallel_cal: %d threads, gap %.0f us: the workers did not "
                            "join (%.0f us): another process runnable? (the pool's busy "
                            "check then shortens its spin)\n",
                            P, gaps[g] / 1e3, cost / 1e3);
            }
        }
        while (*s && *s != ',') s++;
        if (*s == ',') s++;
    }
    free(v);
    return 0;
}
