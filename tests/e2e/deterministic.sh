#!/usr/bin/env bash
# Same seed + --max-executions twice must give byte-identical output (tests, CMake file, report).
# usage: deterministic.sh UNITGEN SUBJECTS_BUILD WORK CLASS
set -euo pipefail
unitgen=$1 subjects_build=$2 work=$3 class=$4
rm -rf "$work"; mkdir -p "$work"
# The same --out both times: the regenerate command in the headers names it.
for run in a b; do
  "$unitgen" generate -p "$subjects_build" --class "$class" --out "$work/out" --max-executions 4000 \
    --seed 7 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" >/dev/null
  cp -r "$work/out" "$work/$run"
done
diff -r "$work/a" "$work/b"
echo "$class: two runs with seed 7 and 4000 executions are byte-identical ($(ls "$work/a" | wc -l) files)"
