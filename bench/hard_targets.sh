#!/usr/bin/env bash
# Hard targets per strategy: for each subject, `unitgen generate --strategy S --budget B --seed N`
# for random, concolic and auto, then the shared suite_coverage.sh on the regression suite (it
# prints hard=H/T); one table row per (subject, strategy), with the concolic strategy's solver
# cache share from the report.
# usage: bench/hard_targets.sh [BUDGET=60s] [SEED=1] [subjects...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
budget=${1:-60s}
seed=${2:-1}
shift $(( $# < 2 ? $# : 2 ))
subjects=("$@")
[ ${#subjects[@]} -gt 0 ] || subjects=(sample_class temperature_monitor partial_order bmi mini_sql)
unitgen=${UNITGEN:-$root/build/bin/unitgen}
work=${BENCH_OUT:-/tmp/unitgen-hard-targets}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null

field() { grep -oE "(^| )$1=[^ ]+" <<<"$2" | head -n1 | cut -d= -f2; }
printf '| subject | strategy | hard | branches | lines | goals | executions | solver queries (cache share) |\n'
printf '|---|---|---|---|---|---|---|---|\n'
for name in "${subjects[@]}"; do
  read -r flag target < <(python3 -c "
import json
for s in json.load(open('$shared/subjects/subjects.json')):
    if s['name'] == '$name':
        print('--class', s['class']) if 'class' in s else print('--function', s['function'])")
  for strategy in random concolic auto; do
    out="$work/$name-$strategy"
    rm -rf "$out"; mkdir -p "$out/suite"
    "$unitgen" generate -p "$work/subjects-build" "$flag" "$target" --out "$out/gen" \
      --budget "$budget" --seed "$seed" --strategy "$strategy" --quiet --cache-dir "$work/cache" \
      >"$out/generate.log" 2>&1
    cp "$out"/gen/*_test.cpp "$out/suite/" && rm -f "$out"/suite/*_failures_test.cpp
    line=$(bash "$shared/bench/suite_coverage.sh" "$shared/subjects" "$name" "$out/suite" 2>/dev/null |
           tail -n 1 || true)
    stats=$(python3 -c "
import json
r = json.load(open('$out/gen/unitgen-report.json'))
c = r.get('concolic')
solver = '%d (%.3f)' % (c['solver']['queries'], c['solver']['cacheShare']) if c else '-'
print(r['exploration']['goals'], r['exploration']['executions'], solver, sep='|')")
    IFS='|' read -r goals executions solver <<<"$stats"
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$strategy" "$(field hard "$line")" \
      "$(field branches "$line")" "$(field lines "$line")" "$goals" "$executions" "$solver"
  done
done
