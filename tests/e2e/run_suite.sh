#!/usr/bin/env bash
# Builds an emitted suite's regression tests and runs them three times, each a fresh run from
# CWD with another MALLOC_PERTURB_ byte; fails, printing the run's output, when one fails.
# usage: run_suite.sh GENERATED_DIR BUILD_DIR TARGET CWD
set -euo pipefail
generated=$1 build=$2 target=$3 cwd=$4
cmake -S "$generated" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$build" --target "$target" >/dev/null
for perturb in 0 85 170; do
  (cd "$cwd" && MALLOC_PERTURB_=$perturb "$build/$target" --gtest_brief=1 \
    >"$build/run-$perturb.log" 2>&1) ||
    { cat "$build/run-$perturb.log"; echo "FAIL: $target fails with MALLOC_PERTURB_=$perturb"; exit 1; }
done
