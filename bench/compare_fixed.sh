#!/usr/bin/env bash
# Deterministic measurement of one subject's emitted regression suite: unitgen with an execution
# budget instead of a time budget (same seed, same executions: the same suite on any machine),
# then the shared bench scripts. For comparing two unitgen builds on selection and assertions.
# usage: bench/compare_fixed.sh SUBJECT [EXECUTIONS=40000] [SEED=1]
# Environment: UNITGEN (default build/bin/unitgen), BENCH_OUT (default /tmp/unitgen-fixed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
name=${1:?usage: bench/compare_fixed.sh SUBJECT [EXECUTIONS] [SEED]}
executions=${2:-40000}
seed=${3:-1}
unitgen=${UNITGEN:-$root/build/bin/unitgen}
work=${BENCH_OUT:-/tmp/unitgen-fixed}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null
class=$(python3 -c "import json;[print(s['class']) for s in json.load(open('$shared/subjects/subjects.json')) if s['name']=='$name']")
out="$work/$name"
rm -rf "$out"; mkdir -p "$out/suite"
"$unitgen" generate -p "$work/subjects-build" --class "$class" --out "$out/gen" \
  --max-executions "$executions" --seed "$seed" --quiet --cache-dir "$work/cache" >"$out/generate.log" 2>&1
cp "$out"/gen/*_test.cpp "$out/suite/" && rm -f "$out"/suite/*_failures_test.cpp
suite=$("$shared/bench/suite_coverage.sh" "$shared/subjects" "$name" "$out/suite" 2>/dev/null | tail -n1)
mutation=$(python3 "$shared/bench/mutation_score.py" --subjects-root "$shared/subjects" --subject "$name" \
  --tests "$out/suite" --jobs 2 2>/dev/null | tail -n1)
echo "$name executions=$executions seed=$seed | $suite | $mutation"
