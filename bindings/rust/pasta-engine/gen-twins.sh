#!/bin/sh
# src/field_fq.rs, src/curve_vesta.rs and src/domain_fq.rs are generated from their twins
# src/field_fp.rs, src/curve_pallas.rs and src/domain_fp.rs by swapping the names
# fp <-> fq and pallas <-> vesta (the two fields and curves have the same contracts).
#   gen-twins.sh           regenerate
#   gen-twins.sh --check   fail if a generated file differs from its regeneration
set -eu
cd "$(dirname "$0")/src"
swap() {
    sed -e 's/fp/@1/g; s/fq/fp/g; s/@1/fq/g; s/Fp/@2/g; s/Fq/Fp/g; s/@2/Fq/g' \
        -e 's/FP/@3/g; s/FQ/FP/g; s/@3/FQ/g' \
        -e 's/pallas/@4/g; s/vesta/pallas/g; s/@4/vesta/g; s/Pallas/@5/g; s/Vesta/Pallas/g; s/@5/Vesta/g' \
        -e 's/PALLAS/@6/g; s/VESTA/PALLAS/g; s/@6/VESTA/g; s/`Ep/@7/g; s/`Eq/`Ep/g; s/@7/`Eq/g' \
        -e '1,2s/^\/\/ .*generated from this file.*$/\/\/ Generated from '"$1"' by ..\/gen-twins.sh: do not edit./' "$1"
}
rc=0
for pair in field_fp.rs:field_fq.rs curve_pallas.rs:curve_vesta.rs domain_fp.rs:domain_fq.rs; do
    src=${pair%%:*} dst=${pair#*:}
    [ -f "$src" ] || continue
    if [ "${1:-}" = --check ]; then
        swap "$src" | cmp -s - "$dst" || { echo "gen-twins: $dst is stale (run gen-twins.sh)" >&2; rc=1; }
    else
        swap "$src" > "$dst"
    fi
done
exit $rc
