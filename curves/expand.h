/* hash_to_field byte expansion of zcash/pasta_curves (src/hashtocurve.rs). */
#ifndef PASTA_CURVES_EXPAND_H
#define PASTA_CURVES_EXPAND_H

#include <stddef.h>
#include <stdint.h>

#include "core/alloc.h"

/* expand_message_xmd (BLAKE2b-512, personalisation all zero) of msg with
 * DST = prefix || "-" || curve_id || "_XMD:BLAKE2b_SSWU_RO_", 128 bytes, then each 64-byte
 * half byte-reversed, so that out[0..64) and out[64..128) are the little-endian inputs of
 * from_uniform_bytes for u0 and u1. Returns PASTA_OK, or PASTA_ERR_INVALID_ARG (prefix
 * NULL, DST of 256 bytes or more, msg NULL with len > 0; out untouched). */
PASTA_INTERNAL int pasta_expand_message_xmd(uint8_t out[128], const char *curve_id,
                                            const char *prefix, const uint8_t *msg,
                                            size_t len);

#endif /* PASTA_CURVES_EXPAND_H */
