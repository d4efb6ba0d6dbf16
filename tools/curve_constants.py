#!/usr/bin/env python3
"""Derives and cross-checks the Pallas/Vesta curve constants used by curves/*.

Independent plain-integer reference (affine arithmetic, no dependencies). Every value
printed here is either recomputed from first principles or checked against the
published constant quoted from zcash/pasta_curves (src/curves.rs, src/fields/*.rs).
Run: python3 tools/curve_constants.py   (prints C limb arrays and exits 0 if all checks pass)
"""
import hashlib

from moduli import P as p, Q as q  # tools/moduli.py: read from fields/moduli.h

# Cube roots of unity as published by pasta_curves (WithSmallOrderMulGroup<3>::ZETA).
ZETA_P = 0x12ccca834acdba712caad5dc57aab1b01d1f8bd237ad31491dad5ebdfdfe4ab9
ZETA_Q = 0x06819a58283e528e511db4d81cf70f5a0fed467d47c033af2aa9d2e050aa0e4f

# iso-curve coefficients and SSWU Z, as in pasta_curves src/curves.rs.
ISO_A = {"pallas": 0x18354a2eb0ea8c9c49be2d7258370742b74134581a27a59f92bb4b0b657a014b,
         "vesta":  0x267f9b2ee592271a81639c4d96f787739673928c7d01b212c515ad7242eaa6b1}
ISO_B = 1265
Z = -13

# SSWU THETA = sqrt(Z / ROOT_OF_UNITY) as published (pasta_curves Ep::THETA, Eq::THETA).
THETA = {"pallas": 0x0f7bdb65814179b44647aef782d5cdc851f64fc4dc888857ca330bcc09ac318e,
         "vesta":  0x2b3483a1ee9a382f53c3808d9e2f235738578ccadf03ac27632cae9872df1b5d}

# 3-isogeny iso-curve -> curve, pasta_curves Ep/Eq::ISOGENY_CONSTANTS (13 each):
# x = (c0 x^3 + c1 x^2 + c2 x + c3) / (x^2 + c4 x + c5)
# y = y (c6 x^3 + c7 x^2 + c8 x + c9) / (x^3 + c10 x^2 + c11 x + c12)
ISO = {"pallas": [
    0x0e38e38e38e38e38e38e38e38e38e38e4081775473d8375b775f6034aaaaaaab,
    0x3509afd51872d88e267c7ffa51cf412a0f93b82ee4b994958cf863b02814fb76,
    0x17329b9ec525375398c7d7ac3d98fd13380af066cfeb6d690eb64faef37ea4f7,
    0x1c71c71c71c71c71c71c71c71c71c71c8102eea8e7b06eb6eebec06955555580,
    0x1d572e7ddc099cff5a607fcce0494a799c434ac1c96b6980c47f2ab668bcd71f,
    0x325669becaecd5d11d13bf2a7f22b105b4abf9fb9a1fc81c2aa3af1eae5b6604,
    0x1a12f684bda12f684bda12f684bda12f7642b01ad461bad25ad985b5e38e38e4,
    0x1a84d7ea8c396c47133e3ffd28e7a09507c9dc17725cca4ac67c31d8140a7dbb,
    0x3fb98ff0d2ddcadd303216cce1db9ff11765e924f745937802e2be87d225b234,
    0x025ed097b425ed097b425ed097b425ed0ac03e8e134eb3e493e53ab371c71c4f,
    0x0c02c5bcca0e6b7f0790bfb3506defb65941a3a4a97aa1b35a28279b1d1b42ae,
    0x17033d3c60c68173573b3d7f7d681310d976bbfabbc5661d4d90ab820b12320a,
    0x40000000000000000000000000000000224698fc094cf91b992d30ecfffffde5],
  "vesta": [
    0x38e38e38e38e38e38e38e38e38e38e390205dd51cfa0961a43cd42c800000001,
    0x1d935247b4473d17acecf10f5f7c09a2216b8861ec72bd5d8b95c6aaf703bcc5,
    0x18760c7f7a9ad20ded7ee4a9cdf78f8fd59d03d23b39cb11aeac67bbeb586a3d,
    0x31c71c71c71c71c71c71c71c71c71c71e1c521a795ac8356fb539a6f0000002b,
    0x0a2de485568125d51454798a5b5c56b2a3ad678129b604d3b7284f7eaf21a2e9,
    0x14735171ee5427780c621de8b91c242a30cd6d53df49d235f169c187d2533465,
    0x12f684bda12f684bda12f684bda12f685601f4709a8adcb36bef1642aaaaaaab,
    0x2ec9a923da239e8bd6767887afbe04d121d910aefb03b31d8bee58e5fb81de63,
    0x19b0d87e16e2578866d1466e9de10e6497a3ca5c24e9ea634986913ab4443034,
    0x1ed097b425ed097b425ed097b425ed098bc32d36fb21a6a38f64842c55555533,
    0x2f44d6c801c1b8bf9e7eb64f890a820c06a767bfc35b5bac58dfecce86b2745e,
    0x3d59f455cafc7668252659ba2b546c7e926847fb9ddd76a1d43d449776f99d2f,
    0x40000000000000000000000000000000224698fc0994a8dd8c46eb20fffffde5]}


def limbs(v):
    return ", ".join("0x%016xULL" % ((v >> (64 * i)) & (2**64 - 1)) for i in range(4))


class Curve:
    def __init__(self, name, mod, order, a=0, b=5):
        self.name, self.m, self.n, self.a, self.b = name, mod, order, a % mod, b % mod

    def on(self, P):
        if P is None:
            return True
        x, y = P
        return (y * y - (x * x * x + self.a * x + self.b)) % self.m == 0

    def add(self, P, Q):
        m = self.m
        if P is None:
            return Q
        if Q is None:
            return P
        (x1, y1), (x2, y2) = P, Q
        if x1 == x2:
            if (y1 + y2) % m == 0:
                return None
            l = (3 * x1 * x1 + self.a) * pow(2 * y1, -1, m) % m
        else:
            l = (y2 - y1) * pow(x2 - x1, -1, m) % m
        x3 = (l * l - x1 - x2) % m
        return (x3, (l * (x1 - x3) - y1) % m)

    def mul(self, k, P):
        R = None
        for bit in bin(k % self.n)[2:] if k % self.n else "":
            R = self.add(R, R)
            if bit == "1":
                R = self.add(R, P)
        return R


def sqrt(a, m):
    a %= m
    if a == 0:
        return 0
    if pow(a, (m - 1) // 2, m) != 1:
        return None
    # Tonelli-Shanks
    s, t = 0, m - 1
    while t % 2 == 0:
        s, t = s + 1, t // 2
    zz = 5
    c, r, tt, mm = pow(zz, t, m), pow(a, (t + 1) // 2, m), pow(a, t, m), s
    while tt != 1:
        i, t2 = 0, tt
        while t2 != 1:
            t2, i = t2 * t2 % m, i + 1
        bb = pow(c, 1 << (mm - i - 1), m)
        r, c, tt, mm = r * bb % m, bb * bb % m, tt * bb * bb % m, i
    return r


def glv_basis(n, lam):
    """Short basis of {(a, b): a + b*lam = 0 mod n} (GLV, extended Euclid)."""
    r0, r1, t0, t1 = n, lam, 0, 1
    rs = [(r0, t0), (r1, t1)]
    while r1 != 0:
        qq = r0 // r1
        r0, r1, t0, t1 = r1, r0 - qq * r1, t1, t0 - qq * t1
        rs.append((r1, t1))
    import math
    sq = math.isqrt(n)
    l = max(i for i, (r, _) in enumerate(rs) if r >= sq)
    v1 = (rs[l + 1][0], -rs[l + 1][1])
    c1 = (rs[l][0], -rs[l][1])
    c2 = (rs[l + 2][0], -rs[l + 2][1])
    v2 = min(c1, c2, key=lambda v: v[0] ** 2 + v[1] ** 2)
    for a, b in (v1, v2):
        assert (a + b * lam) % n == 0
    return v1, v2


def main():
    pallas, vesta = Curve("pallas", p, q), Curve("vesta", q, p)
    for C, zb, zs in ((pallas, ZETA_P, ZETA_Q), (vesta, ZETA_Q, ZETA_P)):
        m, n = C.m, C.n
        G = ((-1) % m, 2)
        assert C.on(G) and C.mul(n, G) is None and C.mul(1, G) == G
        assert pow(zb, 3, m) == 1 and zb != 1 and pow(zs, 3, n) == 1 and zs != 1
        # which scalar cube root pairs with the base-field ZETA: crate test_endo_consistency
        assert C.mul(zs, G) == (zb * G[0] % m, G[1]), "endo pairing"
        assert C.mul(zs * zs % n, G) == (zb * zb * G[0] % m, G[1])
        # 5 is a non-residue (no point with x = 0)
        assert pow(5, (m - 1) // 2, m) == m - 1
        v1, v2 = glv_basis(n, zs)
        (a1, b1), (a2, b2) = v1, v2
        det = a1 * b2 - a2 * b1
        assert abs(det) == n
        print("/* %s: base ZETA (beta), scalar ZETA (lambda): [lambda](x,y) = (beta*x, y) */" % C.name)
        print("beta   = 0x%064x" % zb)
        print("lambda = 0x%064x" % zs)
        print("v1 = (a1, b1) = (%d, %d)  bits %d %d" % (a1, b1, abs(a1).bit_length(), abs(b1).bit_length()))
        print("v2 = (a2, b2) = (%d, %d)  bits %d %d" % (a2, b2, abs(a2).bit_length(), abs(b2).bit_length()))
        print("det = %s n" % ("+" if det == n else "-"))
        # g1 = round(2^384 * b2 / det), g2 = round(2^384 * -b1 / det)
        g1 = (b2 * 2**384 + det // 2) // det
        g2 = (-b1 * 2**384 + det // 2) // det
        print("g1 = 0x%x (%d bits)\ng2 = 0x%x (%d bits)" % (g1, g1.bit_length(), g2, g2.bit_length()))
        # check decomposition bounds on a sample of edge/random scalars
        import random
        rnd = random.Random(1)
        mx = 0
        for k in [0, 1, 2, zs, n - 1, n - zs, (n - 1) // 2, 2**128, 2**127 - 1, n - 2**128] + [rnd.randrange(n) for _ in range(20000)]:
            c1 = (k * g1 + (1 << 383)) >> 384
            c2 = (k * g2 + (1 << 383)) >> 384
            k1 = k - c1 * a1 - c2 * a2
            k2 = -c1 * b1 - c2 * b2
            assert (k1 + k2 * zs - k) % n == 0
            mx = max(mx, abs(k1).bit_length(), abs(k2).bit_length())
        print("max |k1|,|k2| bits over sample:", mx)
        print()

    # hash-to-curve: iso curve, THETA, Z
    for C, name in ((pallas, "pallas"), (vesta, "vesta")):
        m = C.m
        iso = Curve("iso-" + name, m, C.n, ISO_A[name], ISO_B)
        assert pow(Z % m, (m - 1) // 2, m) == m - 1  # Z non-square
        s, t = 0, m - 1
        while t % 2 == 0:
            s, t = s + 1, t // 2
        root = pow(5, t, m)
        theta2 = Z * pow(root, -1, m) % m
        assert sqrt(theta2, m) is not None
        th = THETA[name]
        assert th * th % m == theta2
        c = ISO[name]
        def iso_map(P):
            if P is None:
                return None
            x, y = P
            xn = ((c[0] * x + c[1]) * x + c[2]) * x + c[3]
            xd = (x + c[4]) * x + c[5]
            yn = (((c[6] * x + c[7]) * x + c[8]) * x + c[9]) * y
            yd = ((x + c[10]) * x + c[11]) * x + c[12]
            return (xn * pow(xd, -1, m) % m, yn * pow(yd, -1, m) % m)
        rnd = __import__("random").Random(2)
        pts = []
        while len(pts) < 4:
            x = rnd.randrange(m)
            y = sqrt(x**3 + iso.a * x + iso.b, m)
            if y is not None:
                pts.append((x, y))
        for P in pts:
            assert iso.on(P) and C.on(iso_map(P))
        assert C.add(iso_map(pts[0]), iso_map(pts[1])) == iso_map(iso.add(pts[0], pts[1]))
        assert C.add(iso_map(pts[2]), iso_map(pts[2])) == iso_map(iso.add(pts[2], pts[2]))
        print(name, "Z = -13 = 0x%064x" % (Z % m))
        print(name, "iso a =", limbs(iso.a), " iso b = 1265")
    print("all checks passed")


def emit_c():
    """Prints curves/constants.c (Montgomery forms computed here, R = 2^256)."""
    out = ["/* Pallas/Vesta curve constants, shared by every backend (one memory representation).",
           " * Generated by tools/curve_constants.py --emit-c, which derives or checks each value",
           " * (sources: zcash/pasta_curves src/curves.rs, src/fields/fp.rs, fq.rs). Field values are",
           " * Montgomery form (v * 2^256 mod m) unless marked plain. */",
           '#include "curves/constants.h"', ""]
    pallas, vesta = Curve("pallas", p, q), Curve("vesta", q, p)
    for C, base, scal, zs in ((pallas, "fp", "fq", ZETA_Q), (vesta, "fq", "fp", ZETA_P)):
        m, n, name = C.m, C.n, C.name
        mont = lambda v, mm=m: limbs(v * 2**256 % mm)
        E = lambda typ, nm, v, comment=None: out.extend(
            ([f"/* {comment} */"] if comment else []) +
            [f"const pasta_{typ} pasta_{name}_{nm} = {{{{{v}}}}};"])
        out.append(f"/* ---- {name}: y^2 = x^3 + 5 over {base}, order {'q' if name == 'pallas' else 'p'} */")
        out.append(f"const pasta_{name}_affine pasta_{name}_GENERATOR = {{{{{{{mont(m - 1)}}}}}, {{{{{mont(2)}}}}}}};")
        E(base, "B3", mont(15), "3b = 15")
        E(base, "ISO_A", mont(ISO_A[name]), "iso-curve a = 0x%064x" % ISO_A[name])
        E(base, "ISO_B", mont(ISO_B), "iso-curve b = 1265")
        E(base, "SSWU_Z", mont(Z % m), "Z = -13")
        E(base, "SSWU_THETA", mont(THETA[name]), "THETA = sqrt(Z / ROOT_OF_UNITY) = 0x%064x" % THETA[name])
        out.append(f"const pasta_{base} pasta_{name}_ISOGENY[13] = {{")
        for v in ISO[name]:
            out.append(f"    {{{{{mont(v)}}}}}, /* 0x{v:064x} */")
        out.append("};")
        v1, v2 = glv_basis(n, zs)
        (a1, b1), (a2, b2) = v1, v2
        det = a1 * b2 - a2 * b1
        assert det == n and b1 < 0 < b2 and a1 > 0 and a2 > 0
        g1 = (b2 * 2**380 + n // 2) // n
        g2 = (-b1 * 2**380 + n // 2) // n
        assert g1 < 2**256 and g2 < 2**256
        out.append(f"/* GLV basis (a1, b1) = ({a1}, {b1}), (a2, b2) = ({a2}, {b2}); a + b*LAMBDA = 0 mod n.")
        out.append(" * c1 = round(k*G1 / 2^380), c2 = round(k*G2 / 2^380) (plain); G1 = round(2^380 b2 / n),")
        out.append(" * G2 = round(2^380 (-b1) / n). k1 = k - c1*a1 - c2*a2, k2 = c1*(-b1) - c2*b2 as integers")
        out.append(" * (|k1|, |k2| < 2^127), computed mod 2^128 from the plain 128-bit a1, a2, -b1, b2 below. */")
        out.append(f"const uint64_t pasta_{name}_GLV_G1[4] = {{{limbs(g1)}}};")
        out.append(f"const uint64_t pasta_{name}_GLV_G2[4] = {{{limbs(g2)}}};")
        assert max(a1, a2, -b1, b2) < 2**128
        l2 = lambda v: ", ".join("0x%016xULL" % ((v >> (64 * i)) & (2**64 - 1)) for i in range(2))
        for nm, v in (("A1", a1), ("A2", a2), ("NB1", -b1), ("B2", b2)):
            out.append(f"const uint64_t pasta_{name}_GLV_{nm}[2] = {{{l2(v)}}};")
        out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    import sys
    emit_c() if sys.argv[1:] == ["--emit-c"] else main()
