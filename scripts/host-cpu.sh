#!/bin/sh
# Prints the host CPU's label for benchmark tables and per-host files (bench/hosts/): the
# "model name" of /proc/cpuinfo, and, when that names no model (no digit in it, as "AMD EPYC"
# under some hypervisors, which hides whether the host is a Zen 3 or a Zen 5), the
# microarchitecture from the CPUID family and model that /proc/cpuinfo reports:
#   AMD family 25 (19h): models 10h-1Fh, 60h-AFh Zen 4, the others Zen 3; family 26 (1Ah): Zen 5
#   (AMD's family/model lists per processor, "Processor Programming Reference" documents);
#   otherwise "family F model M". bench/harness.c (pasta_bench_cpu) applies the same rule.
name=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2> /dev/null)
[ -n "$name" ] || name=$(LC_ALL=C lscpu 2> /dev/null | awk -F': *' '$1 == "Model name" { print $2; exit }')
name=$(printf '%s' "${name:-unknown}" | sed 's/[[:space:]]*$//')
case $name in
    *[0-9]*) printf '%s\n' "$name"; exit 0 ;;
esac
vendor=$(awk -F': *' '/^vendor_id/ { print $2; exit }' /proc/cpuinfo 2> /dev/null)
family=$(awk -F': *' '/^cpu family/ { print $2; exit }' /proc/cpuinfo 2> /dev/null)
model=$(awk -F': *' '/^model[[:space:]]*:/ { print $2; exit }' /proc/cpuinfo 2> /dev/null)
if [ -z "$family" ] || [ -z "$model" ]; then printf '%s\n' "$name"; exit 0; fi
uarch=""
if [ "$vendor" = AuthenticAMD ]; then
    if [ "$family" = 25 ]; then
        if { [ "$model" -ge 16 ] && [ "$model" -le 31 ]; } || { [ "$model" -ge 96 ] && [ "$model" -le 175 ]; }; then
            uarch="Zen 4"
        else
            uarch="Zen 3"
        fi
    elif [ "$family" = 26 ]; then
        uarch="Zen 5"
    fi
fi
printf '%s %s\n' "$name" "${uarch:-family $family model $model}"
