/* Undoes backends/layer_select.h. */
#undef LAYER_INTERNAL_OPS
#undef LAYER_OPS
#undef LAYER
