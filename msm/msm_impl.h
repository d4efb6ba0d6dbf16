/* Template: the msm/ layer on one curve (CURVE, FIELD, SCALAR) on one backend, included
 * by backends/templates.h after the curve template: Pippenger multi-scalar multiplication
 * (the static functions CV(msm_*) of msm/msm_list.h, contracts in include/pasta/msm.h)
 * and the generator fold CV(fold_var) of curves/curve_list.h (include/pasta/curve.h).
 * Variable time in scalars and bases (public data only), as halo2's best_multiexp.
 * docs/MSM.md records the measurements behind each choice.
 *
 *   msm/common.h, common.c  plain code: limits, digits, the window and chunk rules
 *   msm/bucket_impl.h       context, task scratch, recoding, buckets, batch flush, reductions
 *   msm/var_impl.h          variable base: jobs, the call
 *   msm/fixed_impl.h        fixed base: tables, jobs, the call
 *   msm/fold_impl.h         the generator fold of an IPA round
 *
 * Phases of one call (all memory allocated first, in one block, on the calling thread):
 *   recode      each scalar k_i is split by GLV into k = +-k1 +- k2 LAMBDA (|k1|, |k2| <
 *               2^127), so 2n points P_i, endo(P_i) = (BETA x, y) of 128-bit magnitudes
 *               (NOGLV: n points of 255 bits); identity bases get magnitude 0.
 *   accumulate  per window w and chunk of points, signed (Booth) digits d in
 *               [-2^(c-1), 2^(c-1)] read from the magnitudes (no carry chain: digit w
 *               is bits [wc, wc + c) + bit wc - 1 - 2^c bit wc + c - 1); [sign d] P goes
 *               to bucket |d| - 1 of 2^(c-1) buckets. Buckets are affine, filled by
 *               batches of additions sharing one inversion (msm/bucket_impl.h).
 *               Jacobian mode: Jacobian buckets and mixed additions only.
 *   reduce      per job, sum_b (b + 1) B_b by running sums (from the top bucket).
 *   combine     jobs of one window added in chunk order, windows by Horner (c doublings
 *               each) from the top; the result is normalised (Z = 1, or (0, 0, 0)) so its
 *               bytes do not depend on the split, hence on the thread count.
 * Threads: jobs (window x chunk) are dealt in contiguous runs to tasks, each task owning
 * its scratch (indexed by task, never by thread), through pasta_parallel_for (variable
 * base: pasta_parallel_for_dyn, up to 2 T tasks; how each MSM splits: docs/PARALLEL.md). */
#include "msm/bucket_impl.h"
#include "msm/var_impl.h"
#include "msm/fixed_impl.h"
#include "msm/fold_impl.h"
