/* Names for group templates (core/for_each.h, PASTA_GROUP_TEMPLATE): one body for the
 * additive groups of Fp and Fq and for the Pallas and Vesta point groups. Each field and
 * curve template defines the four group-law functions used here, variable time:
 *   G(g_zero)(GE *r)                      r = 0 (the identity)
 *   G(g_add)(GE *r, const GE *a, const GE *b)
 *   G(g_sub)(GE *r, const GE *a, const GE *b)
 *   G(g_scale)(GE *r, const GE *a, const GS *k)   r = [k] a
 * (fields: add, sub, mul with SCALAR = FIELD; curves: add_var, add_var of the negation,
 * mul_var, on Jacobian points with SCALAR the curve's scalar field). */
#ifndef PASTA_CORE_GROUP_H
#define PASTA_CORE_GROUP_H

#include "core/names.h"

#define G(name) PASTA_BNAME(GROUP, name)
#define GS PASTA_CAT3(pasta_, SCALAR, )
#define GE_FIELD(g) PASTA_CAT3(pasta_, g, )
#define GE_CURVE(g) PASTA_CAT3(pasta_, g, _jacobian)
#define GE_1 GE_CURVE(GROUP)
#define GE_0 GE_FIELD(GROUP)
/* Own paste (GE_1 expands through PASTA_CAT3, which cannot nest in PASTA_CAT). */
#define GE_SEL_(c) GE_##c
#define GE_SEL(c) GE_SEL_(c)
#define GE GE_SEL(GROUP_IS_CURVE)

#endif /* PASTA_CORE_GROUP_H */
