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

# fuzz_proof_verify: a circuit byte (0 plonk_k11, 1 lookup_k11), then a proof: halo2's
# (tests/vectors/halo2/). The pasta_* seeds are prover_bench's own proofs, written by
#   prover_bench prove --circuit plonk_k11 --witness tests/vectors/halo2/plonk_k11/witness-2.txt --out P
#   prover_bench prove --circuit lookup_k11 --witness tests/vectors/halo2/lookup_k11/witness-1.txt \
#       --seed 01 + 62 zeros --out P
# (a circuit byte prepended); their digests are in fuzz_proof_verify.c.
VEC = os.path.join(HERE, "..", "tests", "vectors", "halo2")
for i in (1, 2, 3):
    with open(os.path.join(VEC, "plonk_k11", f"proof-{i}.bin"), "rb") as f:
        write("fuzz_proof_verify", f"halo2_plonk_{i}", b"\x00" + f.read())
with open(os.path.join(VEC, "lookup_k11", "proof-1.bin"), "rb") as f:
    write("fuzz_proof_verify", "halo2_lookup_1", b"\x01" + f.read())

# fuzz_cli_input: a mode byte (0 plonk witness, 1 lookup witness, 2 instance, 3 seed), a
# size byte, the text: the vectors' files (LF and CRLF) and a few near misses.
with open(os.path.join(VEC, "plonk_k11", "witness-1.txt"), "rb") as f:
    w = f.read()
with open(os.path.join(VEC, "lookup_k11", "witness-1.txt"), "rb") as f:
    bits = f.read()
with open(os.path.join(VEC, "lookup_k11", "instance-1.hex"), "rb") as f:
    inst = f.read()
P = bytes.fromhex("01000000ed302d991bf94c09fc98462200000000000000000000000000000040")
cli = {"plonk": b"\x00\x00" + w, "plonk_crlf": b"\x00\x00" + w.replace(b"\n", b"\r\n"),
       "plonk_upper_nofinal": b"\x00\x00" + w[:2] + w[2:-1].upper(),
       "plonk_63": b"\x00\x00" + w[:-2] + b"\n", "plonk_p": b"\x00\x00a " + P.hex().encode() + b"\n",
       "lookup_1000": b"\x01\xff" + bits, "lookup_8": b"\x01\x07bits 01101001\n",
       "instance_2": b"\x02\x02" + inst, "instance_2_crlf": b"\x02\x02" + inst.replace(b"\n", b"\r\n"),
       "instance_extra": b"\x02\x01" + inst, "instance_0": b"\x02\x00",
       "seed": b"\x03\x00" + b"0" * 62 + b"1F", "seed_minus": b"\x03\x00-1" + b"0" * 62}
for name, data in cli.items():
    write("fuzz_cli_input", name, data)
