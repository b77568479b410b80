#!/usr/bin/env bash
# tests/bad/ring_buffer: recent() reads before its array once the buffer has wrapped, which the
# exploration build never notices and no coverage goal leads to. Within --budget 30s the failure
# test is found (the sanitizer watch re-runs the search's runs on the ASan/UBSan build), and the
# emitted failure test reproduces the read under the sanitizers while the regression suite passes.
# usage: sanitize_during_search.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/cwd"
fail() { echo "FAIL: $*"; exit 1; }
bash "$(dirname "$0")/configure_project.sh" "$bad/ring_buffer" "$work/project" >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class RingBuffer --out "$work/gen" \
  --budget 30s --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" >/dev/null)
python3 - "$work/gen/unitgen-report.json" <<'PY' || fail "no failure test for recent()'s read"
import json, sys
report = json.load(open(sys.argv[1]))
watch = report['exploration']['sanitizerWatch']
print('sanitizer watch:', watch)
found = [t for t in report['suite']['failures']['tests']
         if t['kind'] == 'sanitizer' and 'heap-buffer-overflow' in t['detail']
         and t['name'].startswith('Recent')]
sys.exit(0 if found and watch['keptRuns'] + watch['sampledRuns'] > 0 else 1)
PY
failures=$work/gen/RingBuffer_failures_test.cpp
grep -q "recent(" "$failures" || fail "the failure test does not call recent()"
cmake -S "$work/gen" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/build" >/dev/null
(cd "$work/cwd" && "$work/build/ring_buffer_unitgen_test" --gtest_brief=1 >"$work/regression.log" 2>&1) ||
  { cat "$work/regression.log"; fail "the regression suite fails"; }
! (cd "$work/cwd" && "$work/build/ring_buffer_unitgen_failures_test" >"$work/failures.log" 2>&1) ||
  fail "the failure test passes: it does not reproduce the read"
grep -q "heap-buffer-overflow" "$work/failures.log" ||
  { cat "$work/failures.log"; fail "the failure test fails, but not with the sanitizer's report"; }
echo "RingBuffer: recent()'s read before the array found within 30 s and reproduced by its test"
