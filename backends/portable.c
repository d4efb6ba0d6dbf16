/* The portable backend: every layer on the plain-C kernels of fields/portable.h. */
#include "fields/portable.h"

#define PASTA_BACKEND portable
#define PASTA_BACKEND_ID PASTA_BACKEND_PORTABLE
#define PASTA_BACKEND_NAME "portable"
#include "backends/backend_impl.h"
