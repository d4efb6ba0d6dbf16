/* The portable backend: every layer on the plain-C kernels of fields/portable.h. */
#include "fields/portable.h"

#define PASTA_BACKEND portable
#include "backends/backend.h"
#include "backends/templates.h"
#include "backends/table_portable_gen.h"
