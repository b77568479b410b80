#!/usr/bin/env bash
# Code under test that crashes, hangs, allocates without bound, aborts or throws a non-std
# exception: unitgen survives, keeps a passing regression suite, and writes one failure test
# that reproduces what it saw. usage: misbehaving.sh UNITGEN BAD_ROOT WORK PROJECT CLASS PATTERN
set -euo pipefail
unitgen=$1 bad=$2 work=$3 project=$4 class=$5 pattern=$6
rm -rf "$work"; mkdir -p "$work"
bash "$(dirname "$0")/configure_project.sh" "$bad/$project" "$work/project" >/dev/null
"$unitgen" generate -p "$work/project" --class "$class" --out "$work/gen" --max-executions 3000 \
  --seed 1 --quiet --call-timeout 500ms --memory-limit 64 --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}"
failures=$(ls "$work"/gen/*_failures_test.cpp)
grep -qiE "$pattern" "$failures" || { echo "no failure matching '$pattern' in $failures:"; cat "$failures"; exit 1; }
grep -q "^TEST(" "$failures" || { echo "no failure test in $failures"; exit 1; }
cmake -S "$work/gen" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/build" >/dev/null
regression=$(find "$work/build" -maxdepth 1 -type f -name '*_unitgen_test' | head -n 1)
"$regression" --gtest_brief=1 || { echo "the regression suite does not pass"; exit 1; }
# The failure test must fail (it reproduces the failure); a hang must outlast the call time-out
# (500 ms), so the run is cut at 2 s and a time-out counts as reproduced.
fail_bin=$(find "$work/build" -maxdepth 1 -type f -name '*_unitgen_failures_test' | head -n 1)
if timeout 2 "$fail_bin" >"$work/failures.log" 2>&1; then
  echo "the failure test passed, so it does not reproduce the failure"; exit 1
fi
echo "$class: failure reproduced ($(grep -m1 -iE "$pattern" "$failures" | sed 's/^ *//'))"
