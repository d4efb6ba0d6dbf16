/* The instantiation loop. Includes, each with its parameter macros set:
 *   PASTA_FIELD_TEMPLATE  once per field:  FIELD fp | fq, FIELD_ID 0 | 1
 *   PASTA_CURVE_TEMPLATE  once per curve:  CURVE pallas | vesta, FIELD its base field,
 *                         FIELD_ID, SCALAR its scalar field
 *   PASTA_GROUP_TEMPLATE  once per group (an NTT runs over field elements and over points):
 *                         GROUP fp | fq | pallas | vesta, GROUP_IS_CURVE 0 | 1, SCALAR the
 *                         scalar field, FIELD the group's field (its base field for a
 *                         curve) and CURVE for a curve. A group template reaches the
 *                         group law through G(g_add), G(g_sub), G(g_scale), G(g_zero) and
 *                         the element type GE (core/group.h).
 * Each template is written once and instantiated here; the includer #undefs the
 * *_TEMPLATE macros afterwards. No include guard: meant to be included repeatedly. */
#ifdef PASTA_FIELD_TEMPLATE
#define FIELD fp
#define FIELD_ID 0
#include PASTA_FIELD_TEMPLATE
#undef FIELD_ID
#undef FIELD
#define FIELD fq
#define FIELD_ID 1
#include PASTA_FIELD_TEMPLATE
#undef FIELD_ID
#undef FIELD
#endif

#ifdef PASTA_CURVE_TEMPLATE
#define CURVE pallas
#define FIELD fp
#define FIELD_ID 0
#define SCALAR fq
#include PASTA_CURVE_TEMPLATE
#undef SCALAR
#undef FIELD_ID
#undef FIELD
#undef CURVE
#define CURVE vesta
#define FIELD fq
#define FIELD_ID 1
#define SCALAR fp
#include PASTA_CURVE_TEMPLATE
#undef SCALAR
#undef FIELD_ID
#undef FIELD
#undef CURVE
#endif

#ifdef PASTA_GROUP_TEMPLATE
#define GROUP_IS_CURVE 0
#define GROUP fp
#define FIELD fp
#define SCALAR fp
#include PASTA_GROUP_TEMPLATE
#undef SCALAR
#undef FIELD
#undef GROUP
#define GROUP fq
#define FIELD fq
#define SCALAR fq
#include PASTA_GROUP_TEMPLATE
#undef SCALAR
#undef FIELD
#undef GROUP
#undef GROUP_IS_CURVE
#define GROUP_IS_CURVE 1
#define GROUP pallas
#define CURVE pallas
#define FIELD fp
#define SCALAR fq
#include PASTA_GROUP_TEMPLATE
#undef SCALAR
#undef FIELD
#undef CURVE
#undef GROUP
#define GROUP vesta
#define CURVE vesta
#define FIELD fq
#define SCALAR fp
#include PASTA_GROUP_TEMPLATE
#undef SCALAR
#undef FIELD
#undef CURVE
#undef GROUP
#undef GROUP_IS_CURVE
#endif
