/* pasta — Pasta-curve (Pallas/Vesta) arithmetic engine. Umbrella header. */
#ifndef PASTA_PASTA_H
#define PASTA_PASTA_H

#include "common.h"
#include "backend.h"
#include "field.h"
#include "curve.h"
#include "fft.h"
#include "msm.h"
#include "pasta/version.h"

#endif /* PASTA_PASTA_H */
