#!/usr/bin/env bash
# End-to-end run on one shared subject: generate a suite, build it with the emitted CMake file,
# run it three times (all must pass), and check that the failures file holds no test.
# usage: subject.sh UNITGEN SUBJECTS_BUILD WORK (--class|--function) NAME BUDGET
set -euo pipefail
unitgen=$1 subjects_build=$2 work=$3 flag=$4 name=$5 budget=$6
rm -rf "$work"
mkdir -p "$work"
"$unitgen" generate -p "$subjects_build" "$flag" "$name" --out "$work/gen" --budget "$budget" \
  --seed 1 --quiet --cache-dir "$work/../driver-cache"
cmake -S "$work/gen" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/build" >/dev/null
regression=$(find "$work/build" -maxdepth 1 -type f -name '*_unitgen_test' | head -n 1)
failures=$(find "$work/build" -maxdepth 1 -type f -name '*_unitgen_failures_test' | head -n 1)
[ -x "$regression" ] || { echo "no regression test binary in $work/build"; exit 1; }
for run in 1 2 3; do
  "$regression" --gtest_brief=1 >"$work/run$run.log" 2>&1 || {
    echo "run $run of the regression suite failed:"; tail -n 40 "$work/run$run.log"; exit 1; }
done
tests=$("$regression" --gtest_list_tests | grep -c '^  ' || true)
[ "$tests" -gt 0 ] || { echo "the regression suite has no tests"; exit 1; }
if [ -x "$failures" ]; then
  count=$("$failures" --gtest_list_tests | grep -c '^  ' || true)
  [ "$count" -eq 0 ] || { echo "expected no failure tests for a correct subject, got $count:";
    "$failures" --gtest_list_tests; exit 1; }
fi
echo "$name: $tests tests passed three runs in a row; no failures"
