#!/usr/bin/env bash
# Side-by-side measurement for the data-structure subjects: unitgen's emitted regression suite at
# a time budget vs the libFuzzer peer harness, with the shared bench scripts; one table row per
# subject. usage: bench/compare_peers.sh [UNITGEN_BUDGET=30s] [PEER_SECONDS=120] [SEED=1] [subjects...]
# PEER_SECONDS=0 skips the peer (its columns read '-'): for re-measuring unitgen alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
budget=${1:-30s}
peer_seconds=${2:-120}
seed=${3:-1}
shift $(( $# < 3 ? $# : 3 ))
subjects=("$@")
[ ${#subjects[@]} -gt 0 ] || subjects=(int_stack ub_stack bin_search_tree binomial_heap linked_list
  tree_map heap_array sorted_list avl_tree tree_set)
unitgen=${UNITGEN:-$root/build/bin/unitgen}
work=${BENCH_OUT:-/tmp/unitgen-compare}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null

field() { grep -oE "(^| )$1=[^ ]+" <<<"$2" | head -n1 | cut -d= -f2; }
printf '| subject | unitgen branches | peer branches | unitgen lines | peer lines | hard (unitgen/peer) | tests | calls/test | calls run/test | mutation score |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for name in "${subjects[@]}"; do
  class=$(python3 -c "import json,sys;[print(s['class']) for s in json.load(open('$shared/subjects/subjects.json')) if s['name']=='$name']")
  out="$work/$name"
  rm -rf "$out"; mkdir -p "$out/suite"
  "$unitgen" generate -p "$work/subjects-build" --class "$class" --out "$out/gen" --budget "$budget" \
    --seed "$seed" --quiet --cache-dir "$work/cache" >"$out/generate.log" 2>&1
  cp "$out"/gen/*_test.cpp "$out/suite/" && rm -f "$out"/suite/*_failures_test.cpp
  suite=$("$shared/bench/suite_coverage.sh" "$shared/subjects" "$name" "$out/suite" 2>/dev/null | tail -n1)
  peer="branches=- lines=- hard=-"
  [ "$peer_seconds" = 0 ] ||
    peer=$("$shared/bench/peer_coverage.sh" "$shared/subjects" "$name" "$peer_seconds" "$seed" 2>/dev/null | tail -n1)
  mutation=$(python3 "$shared/bench/mutation_score.py" --subjects-root "$shared/subjects" --subject "$name" \
    --tests "$out/suite" --jobs 2 2>/dev/null | tail -n1)
  tests=$(field tests "$suite"); calls=$(field calls "$suite")
  per_test=$(python3 -c "print(f'{$calls/$tests:.1f}' if $tests else '-')")
  # suite_coverage counts statements (a loop is one); the report has the calls each test makes.
  run_per_test=$(python3 -c "import json; t=json.load(open('$out/gen/unitgen-report.json'))['suite']['regression']['tests']; print(f'{sum(x[\"statements\"] for x in t)/len(t):.1f}' if t else '-')")
  printf '| %s | %s | %s | %s | %s | %s/%s | %s | %s | %s | %s |\n' "$name" "$(field branches "$suite")" \
    "$(field branches "$peer")" "$(field lines "$suite")" "$(field lines "$peer")" \
    "$(field hard "$suite")" "$(field hard "$peer")" "$tests" "$per_test" "$run_per_test" \
    "$(grep -oE 'score=[^ ]+ \([^)]*\)' <<<"$mutation" | sed 's/score=//')"
  echo "$suite" >"$out/suite.txt"; echo "$peer" >"$out/peer.txt"; echo "$mutation" >"$out/mutation.txt"
done
