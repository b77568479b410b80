#!/usr/bin/env bash
# Correct code that only unitgen's own checks push past a limit (a copy of a large object under
# --memory-limit; big_copy), or whose calls need more memory than the limit but not without
# bound (big_demand): unitgen reports no failure, and the regression suite passes. usage: no_false_failures.sh UNITGEN BAD_ROOT WORK PROJECT CLASS
set -euo pipefail
unitgen=$1 bad=$2 work=$3 project=$4 class=$5
rm -rf "$work"; mkdir -p "$work"
bash "$(dirname "$0")/configure_project.sh" "$bad/$project" "$work/project" >/dev/null
"$unitgen" generate -p "$work/project" --class "$class" --out "$work/gen" --max-executions 300 \
  --seed 1 --quiet --memory-limit 320 --strategy random --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}"
failures=$(ls "$work"/gen/*_failures_test.cpp 2>/dev/null || true)
if [ -n "$failures" ] && grep -q "^TEST(" "$failures"; then
  echo "failure tests for code that does not fail:"; cat "$failures"; exit 1
fi
cmake -S "$work/gen" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/build" >/dev/null
"$(find "$work/build" -maxdepth 1 -type f -name '*_unitgen_test' | head -n 1)" --gtest_brief=1
echo "$class: no failure reported, the suite passes"
