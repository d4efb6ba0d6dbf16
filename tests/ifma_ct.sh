#!/bin/sh
# tests/ifma_ct.sh OBJDUMP OBJECT: fails (exit 1, listing them) if the object's code moves
# vector or mask data into a general register or the flags: kmov from a mask register to
# a general one, kortest/ktest, vptest, vmovmsk/vpmovmskb, vmovd/vmovq from an xmm to a
# general register, vpextr, (v)comis/(v)ucomis (vptestm/vptestnm write a mask: allowed).
# Such a move is how a branch or a memory index on a lane value is compiled; the IFMA
# kernels have none (their lane choices are mask blends). Loop and tail control use only
# n, which stays in general registers.
set -eu
objdump=$1
obj=$2
bad=$("$objdump" -d --no-show-raw-insn "$obj" |
    grep -E 'kmov[bwdq][[:space:]]+%k[0-7],%[re]|kortest|ktest|vptest[[:space:]]|movmsk|vmov[dq][[:space:]]+%xmm[0-9]+,%[re]|vpextr|comis' ||
    true)
if [ -n "$bad" ]; then
    echo "ifma_ct: vector data reaches a general register or the flags in $obj:" >&2
    echo "$bad" >&2
    exit 1
fi
count=$("$objdump" -d --no-show-raw-insn "$obj" | grep -c vpmadd52 || true)
if [ "$count" -lt 100 ]; then
    echo "ifma_ct: only $count IFMA instructions in $obj: not the kernels?" >&2
    exit 1
fi
echo "ifma_ct: $count IFMA instructions, no vector-to-general moves"
