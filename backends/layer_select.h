/* For templates over fields and curves generated from the lists: LAYER is the instance's
 * name (fp, fq, pallas, vesta), LAYER_OPS / LAYER_INTERNAL_OPS its public and internal
 * lists (backends/layers.h). backends/layer_unselect.h undoes it. */
#ifdef CURVE
#define LAYER CURVE
#define LAYER_OPS PASTA_CURVE_ENTRIES
#define LAYER_INTERNAL_OPS PASTA_CURVE_INTERNAL_ENTRIES
#else
#define LAYER FIELD
#define LAYER_OPS PASTA_FIELD_ENTRIES
#define LAYER_INTERNAL_OPS PASTA_FIELD_INTERNAL_ENTRIES
#endif
