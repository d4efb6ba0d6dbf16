"""The Pasta moduli p and q, read from fields/moduli.h (the one place they are written),
for the generators in tools/. Usage: from moduli import P, Q"""
import pathlib
import re

HEADER = pathlib.Path(__file__).resolve().parent.parent / "fields" / "moduli.h"


def read_moduli(path=HEADER):
    """{"fp": p, "fq": q} from the PASTA_F{P,Q}_M{0..3} limb macros."""
    limbs = {}
    for name, i, v in re.findall(r"^#define PASTA_(FP|FQ)_M([0-3]) (0x[0-9a-fA-F]+)ULL$",
                                 path.read_text(), re.M):
        limbs[(name.lower(), int(i))] = int(v, 16)
    out = {}
    for f in ("fp", "fq"):
        assert all((f, i) in limbs for i in range(4)), "%s: limbs of %s missing" % (path, f)
        out[f] = sum(limbs[(f, i)] << (64 * i) for i in range(4))
    return out


_M = read_moduli()
P, Q = _M["fp"], _M["fq"]
