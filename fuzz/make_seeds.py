#!/usr/bin/env python3
"""Writes the committed seed corpora fuzz/corpus/<target>/ (run from anywhere; the
output is deterministic). Operands use fz_operand's modes (fuzz/util.h): 0 raw 32 bytes,
1 m-1-x, 2 m+x, 3 small x, 4 raw below 2^254, 5 2^256-1-x, x an 8-byte little-endian."""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(0x7061737461)


def op(mode, x=0):
    if mode in (0, 4):
        return bytes([mode]) + x.to_bytes(32, "little")
    return bytes([mode]) + x.to_bytes(8, "little")


def raw():
    return op(0, rng.getrandbits(256))


def write(target, name, data):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


edges = {"zero": op(3, 0), "one": op(3, 1), "m_minus_1": op(1, 0), "m_minus_2": op(1, 1),
         "m": op(2, 0), "m_plus_1": op(2, 1), "max256": op(5, 0), "allff_raw": op(0, 2**256 - 1),
         "small": op(3, 5), "below_2p254": op(4, rng.getrandbits(256))}

for field in (0, 1):
    f = "fp" if field == 0 else "fq"
    for name, o in edges.items():
        write("fuzz_field_from_bytes", f"{f}_{name}", bytes([field]) + o)
    write("fuzz_field_from_bytes", f"{f}_random", bytes([field]) + raw())

pairs = [("zero", "zero"), ("zero", "one"), ("one", "m_minus_1"), ("m_minus_1", "m_minus_1"), ("m", "m_plus_1"),
         ("max256", "m_minus_2"), ("small", "zero"), ("below_2p254", "m_minus_1")]
for field in (0, 1):
    f = "fp" if field == 0 else "fq"
    for a, b in pairs:
        for flag in (0, 1):
            sel = bytes([field | flag << 1])
            write("fuzz_field_diff", f"{f}_{a}_{b}_flag{flag}", sel + edges[a] + edges[b])
    write("fuzz_field_diff", f"{f}_random", bytes([field]) + raw() + raw())
# Several chunks, both fields: exercises batch_invert with zeros in the batch.
multi = b"".join(bytes([i % 4]) + (edges["zero"] if i % 3 == 0 else raw()) + raw()
                 for i in range(12))
write("fuzz_field_diff", "mixed_12_chunks", multi)

# fuzz_point_decode: (curve byte, operand, sign byte) chunks: the identity, the identity
# with the sign bit, the generator's x = p - 1 with both signs, x = m, 2^256 - 1, small x.
point_seeds = {"identity": (op(3, 0), 0), "identity_sign": (op(3, 0), 0x80),
               "gen_x": (op(1, 0), 0), "gen_x_sign": (op(1, 0), 0x80), "x_m": (op(2, 0), 0),
               "x_max": (op(5, 0), 0x80), "x_small": (op(3, 2), 0), "x_random": (raw(), 0x80)}
for curve in (0, 1):
    c = "pallas" if curve == 0 else "vesta"
    for name, (o, sign) in point_seeds.items():
        write("fuzz_point_decode", f"{c}_{name}", bytes([curve]) + o + bytes([sign]))
write("fuzz_point_decode", "mixed", b"".join(bytes([i & 1]) + raw() + bytes([i * 0x40 & 0x80])
                                             for i in range(8)))
