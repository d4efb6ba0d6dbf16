/* Includes PASTA_FIELD_TEMPLATE once per field, then PASTA_CURVE_TEMPLATE (if defined)
 * once per curve, with the parameter macros of docs/DESIGN.md set:
 *   FIELD   fp | fq                          FIELD_ID 0 | 1
 *   CURVE   pallas | vesta, with FIELD its base field and SCALAR its scalar field.
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
