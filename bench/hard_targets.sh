#!/usr/bin/env bash
# Hard targets per strategy: for each subject, `unitgen generate --strategy S --budget B --seed N`
# then the shared suite_coverage.sh on the regression suite (it prints hard=H/T), and the shared
# peer_coverage.sh for the libFuzzer peer; one table row per (subject, tool), with the concolic
# strategy's solver cache share from the report.
# usage: bench/hard_targets.sh [BUDGET=60s] [SEED=1] [subjects...]
#   STRATEGIES="random concolic auto"  strategies to run; `random@600s` overrides the budget
#   PEER_SECONDS="60 600"              libFuzzer peer runs per subject (empty: none)
#   UNITGEN_FLAGS="..."                more generate flags (e.g. --no-sanitizer-watch)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
budget=${1:-60s}
seed=${2:-1}
shift $(( $# < 2 ? $# : 2 ))
subjects=("$@")
[ ${#subjects[@]} -gt 0 ] || mapfile -t subjects < <(python3 -c "
import json
for s in json.load(open('$shared/subjects/subjects.json')): print(s['name'])")
read -r -a strategies <<<"${STRATEGIES-random concolic auto}"
read -r -a peer_runs <<<"${PEER_SECONDS-60 600}"
unitgen=${UNITGEN:-$root/build/bin/unitgen}
work=${BENCH_OUT:-/tmp/unitgen-hard-targets}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null

field() { grep -oE "(^| )$1=[^ ]+" <<<"$2" | head -n1 | cut -d= -f2; }
printf '| subject | tool | hard | branches | lines | goals | executions | failure tests | solver queries (cache share) |\n'
printf '|---|---|---|---|---|---|---|---|---|\n'
for name in "${subjects[@]}"; do
  read -r flag target < <(python3 -c "
import json
for s in json.load(open('$shared/subjects/subjects.json')):
    if s['name'] == '$name':
        print('--class', s['class']) if 'class' in s else print('--function', s['function'])")
  for entry in "${strategies[@]}"; do
    strategy=${entry%@*}
    run_budget=$budget
    [[ $entry == *@* ]] && run_budget=${entry#*@}
    out="$work/$name-$strategy-$run_budget"
    rm -rf "$out"; mkdir -p "$out/suite"
    "$unitgen" generate -p "$work/subjects-build" "$flag" "$target" --out "$out/gen" \
      --budget "$run_budget" --seed "$seed" --strategy "$strategy" --quiet \
      --cache-dir "$work/cache" ${UNITGEN_FLAGS-} >"$out/generate.log" 2>&1 || true
    cp "$out"/gen/*_test.cpp "$out/suite/" && rm -f "$out"/suite/*_failures_test.cpp
    line=$(bash "$shared/bench/suite_coverage.sh" "$shared/subjects" "$name" "$out/suite" 2>/dev/null |
           tail -n 1 || true)
    echo "$line" >"$out/suite.txt"
    stats=$(python3 -c "
import json
r = json.load(open('$out/gen/unitgen-report.json'))
c = r.get('concolic')
solver = '%d (%.3f)' % (c['solver']['queries'], c['solver']['cacheShare']) if c else '-'
print(r['exploration']['goals'], r['exploration']['executions'], r['selection']['failures'],
      solver, sep='|')")
    IFS='|' read -r goals executions failures solver <<<"$stats"
    printf '| %s | unitgen %s %s%s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$strategy" \
      "$run_budget" "${UNITGEN_FLAGS:+ ${UNITGEN_FLAGS}}" "$(field hard "$line")" \
      "$(field branches "$line")" "$(field lines "$line")" "$goals" "$executions" "$failures" "$solver"
  done
  for seconds in "${peer_runs[@]}"; do
    line=$(bash "$shared/bench/peer_coverage.sh" "$shared/subjects" "$name" "$seconds" "$seed" \
           2>/dev/null | tail -n 1 || true)
    echo "$line" >"$work/$name-peer-$seconds.txt"
    printf '| %s | libFuzzer %ss | %s | %s | %s | - | %s | - | - |\n' "$name" "$seconds" \
      "$(field hard "$line")" "$(field branches "$line")" "$(field lines "$line")" \
      "$(field execs "$line")"
  done
done
