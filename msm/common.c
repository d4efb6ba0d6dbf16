/* The msm/ layer's schedule rules (msm/common.h): compiled once, not per backend. */
#include "msm/common.h"

#include <unistd.h>

/* The per-core L2 cache in bytes (sysconf where the C library reports it, else 512 KiB):
 * the window rules' cache correction. */
static double msm_l2(void) {
    long v = 0;
#ifdef _SC_LEVEL2_CACHE_SIZE
    v = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
    return v > 0 ? (double)v : 524288.0;
}

/* Cache correction of a bucket set of `bytes` (docs/MSM.md, timed): 1 + 1/4 per doubling
 * beyond the L2 (random bucket accesses miss it; callgrind counts do not see that). */
static double msm_cache(double bytes, double l2) {
    double f = 1.0;
    for (double b = l2; b < bytes; b *= 2) f += 0.25;
    return f;
}

/* Cost model, in field-multiplication equivalents, fitted to callgrind counts
 * (docs/MSM.md): per point and window a bucket addition (ADD), per bucket and window the
 * running sums (RED; affine: ADD times the backend's ratio ared), per window and job a
 * fixed cost; times the cache correction of a job's affine buckets (windows grouped to
 * about GROUP_BUCKETS buckets). */
static double msm_cost(size_t npts, int bits, int c, int affine, double ared, double l2) {
    double add = affine ? 10.0 : 14.0, red = affine ? 10.0 * ared : 27.0;
    double nb = (double)((size_t)1 << (c - 1));
    double set = nb < PASTA_MSM_GROUP_BUCKETS ? PASTA_MSM_GROUP_BUCKETS : nb;
    double k = (double)pasta_msm_nwin(bits, c) * ((double)npts * add + nb * red + 40.0);
    return affine ? k * msm_cache(set * 64.0, l2) : k;
}

int pasta_msm_window(size_t npts, int bits, int affine, double red) {
    int best = 1;
    double l2 = msm_l2();
    double bc = msm_cost(npts, bits, 1, affine, red, l2);
    for (int c = 2; c <= 16; c++) {
        double k = msm_cost(npts, bits, c, affine, red, l2);
        if (k < bc) bc = k, best = c;
    }
    return best;
}

/* Minimises n nwin ADD + 2^(c-1) RED (one affine reduction). */
int pasta_msm_fixed_window(size_t n) {
    int best = 1;
    double bc = 0, l2 = msm_l2();
    for (int c = 1; c <= 16; c++) {
        double nb = (double)((size_t)1 << (c - 1));
        double k = ((double)n * pasta_msm_nwin(256, c) * 10.0 + nb * 10.0) *
                   msm_cache(nb * 64.0, l2);
        if (c == 1 || k < bc) bc = k, best = c;
    }
    return best;
}

/* The longest task: ceil(jobs / T) jobs of g windows over npts / chunks points, plus
 * their reductions. */
size_t pasta_msm_chunks(size_t npts, size_t ngroups, int g, size_t nb, int affine,
                        int threads) {
    if (threads <= 1) return 1;
    size_t best = 1;
    double bc = 0, add = affine ? 10.0 : 14.0;
    for (size_t k = 1; k <= 4 * (size_t)threads && k <= npts; k++) {
        size_t jobs = ngroups * k, per = (jobs + (size_t)threads - 1) / (size_t)threads;
        double job = (double)g * ((double)(npts / k + 1) * add + (double)nb * 27.0 + 40.0);
        double span = (double)per * job;
        if (k == 1 || span < bc * 0.98) bc = span, best = k;
    }
    return best;
}

/* Cost model of a bucket reduction (docs/MSM.md): one batch inversion, one Jacobian
 * combination step. */
static const double inv = 110.0, comb = 38.0;

/* The power of two S <= nb minimising 2 (nb / S) inversions (INV each) + g S Jacobian
 * combination steps (COMB each, docs/MSM.md). */
size_t pasta_msm_segs(size_t nb, int g) {
    size_t best = 1;
    double bc = 0;
    for (size_t S = 1; S <= nb; S <<= 1) {
        double k = 2.0 * (double)(nb / S) * inv + (double)g * (double)S * comb;
        if (S == 1 || k < bc) bc = k, best = S;
    }
    return best;
}

/* The power of two S in [T, nb] minimising T 2 (nb / S) inversions + S combination
 * steps (the costs of pasta_msm_segs); 0 when nb < T. */
size_t pasta_msm_fsplit_segs(size_t nb, size_t T) {
    size_t best = 0;
    double bc = 0;
    for (size_t S = 1; S <= nb; S <<= 1) {
        if (S < T) continue;
        double k = (double)T * 2.0 * (double)(nb / S) * inv + (double)S * comb;
        if (best == 0 || k < bc) bc = k, best = S;
    }
    return best;
}
