#!/usr/bin/env bash
# The field-coverage paper's comparison: per subject and scope, the field-exhaustive suite (FET)
# beside each FBT criterion — heaps kept, pairs covered, valid heaps visited, generation time
# (small scopes included). Scopes grow from 3 while FET finishes within CAP seconds; at the
# largest such scope, builder tests of FET and of the paper's main criteria are generated and
# measured with ../shared/bench: branch coverage (suite_coverage.sh) and mutation score
# (mutation_score.py, MUTANTS mutants sampled with seed 1).
# usage: bench/field_coverage_table.sh [CAP=600] [MUTANTS=60] [subjects...]
# LARGEST_SCOPE=N skips the per-scope table and measures the suites at scope N (a rerun of the
# measured part at the scope an earlier run found). TABLE_CRITERIA="fet" limits the per-scope
# table to the listed criteria: finding the 10-minute scope then costs FET's time alone, not
# FET's plus every criterion that does not stop early; MEASURED_CRITERIA does the same for the
# measured suites. LEGAL_BUDGET=60s gives the legal search
# of each measured suite that time (default: what the cap leaves after the heaps); HEAP_ORDER
# gives the measured suites that --heap-order (default: unitgen's).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
cap=${1:-600}
mutants=${2:-60}
shift $(( $# < 2 ? $# : 2 ))
declare -A classes=([sorted_list]=SortedList [bin_search_tree]=BinarySearchTree
  [tree_set]=ds::TreeSet [avl_tree]=AVLTree [binomial_heap]=ds::BinomialHeap)
subjects=("$@")
[ ${#subjects[@]} -gt 0 ] || subjects=(sorted_list bin_search_tree tree_set avl_tree binomial_heap)
read -r -a criteria <<<"${TABLE_CRITERIA:-fet fbt-linear fbt-quadratic fbt-average \
  fbt-time-quadratic fbt-time-exponential fbt-time-average}"
read -r -a measured <<<"${MEASURED_CRITERIA:-fet fbt-linear fbt-average fbt-time-average}"
unitgen=${UNITGEN:-$root/build/bin/unitgen}
work=${BENCH_OUT:-/tmp/unitgen-field-coverage}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], ''))" "$@"; }
echo "| subject | scope | criterion | heaps | pairs | valid heaps visited | generation s |"
echo "|---|---|---|---|---|---|---|"
for name in "${subjects[@]}"; do
  class=${classes[$name]}
  largest=${LARGEST_SCOPE:-0}
  for scope in $(seq 3 20); do
    [ -z "${LARGEST_SCOPE:-}" ] || break
    for criterion in "${criteria[@]}"; do
      row=$work/$name-$scope-$criterion.json
      "$unitgen" explore -p "$work/subjects-build" --class "$class" --strategy exhaustive \
        --scope "$scope" --criterion "$criterion" --json --budget "${cap}s" \
        --cache-dir "$work/cache" >"$row" 2>/dev/null
      python3 - "$row" "$name" "$scope" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
stopped = " (stopped: time budget)" if r.get("stopped") == "the time budget ended" and r["criterion"] == "fet" else ""
print(f"| {sys.argv[2]} | {sys.argv[3]} | {r['criterion']} | {r['suite']} | {r['pairs']} | "
      f"{r['valid']} | {r['generation_seconds']:.2f}{stopped} |")
PY
      if [ "$criterion" = fet ] && [ -n "$(field "$row" stopped)" ]; then break 2; fi
    done
    largest=$scope
    # The next scope would take about as many times longer as this one took over the last.
    fet_now=$(field "$work/$name-$scope-fet.json" generation_seconds)
    fet_before=$(field "$work/$name-$((scope - 1))-fet.json" generation_seconds 2>/dev/null || echo 0)
    python3 -c "import sys; now, before, cap = map(float, sys.argv[1:]); sys.exit(0 if before > 0 and now * max(now / before, 1) > cap else 1)" \
      "$fet_now" "${fet_before:-0}" "$cap" && break
  done
  echo "$name: largest scope FET finished within ${cap} s: $largest" >>"$work/largest.txt"
  for criterion in "${measured[@]}"; do
    out=$work/suites/$name-$criterion
    rm -rf "$out"
    "$unitgen" generate -p "$work/subjects-build" --class "$class" --strategy exhaustive \
      --scope "$largest" --criterion "$criterion" --budget "${cap}s" --out "$out" \
      --cache-dir "$work/cache" ${LEGAL_BUDGET:+--legal-budget "$LEGAL_BUDGET"} \
      ${HEAP_ORDER:+--heap-order "$HEAP_ORDER"} >/dev/null 2>&1
    coverage=$(BENCH_WORK=$work/bench bash "$shared/bench/suite_coverage.sh" "$shared/subjects" \
      "$name" "$out" 2>/dev/null | tail -n 1)
    mutation=$(BENCH_WORK=$work/bench python3 "$shared/bench/mutation_score.py" \
      --subjects-root "$shared/subjects" --subject "$name" --tests "$out" --jobs 2 \
      --limit "$mutants" --seed 1 2>/dev/null | tail -n 1)
    echo "$name scope $largest $criterion: heaps=$(field "$out/unitgen-report.json" heaps)" \
      "generation_s=$(field "$out/unitgen-report.json" generationSeconds)" \
      "$(grep -o 'branches=[0-9.]*%' <<<"$coverage")" \
      "mutation=$(grep -o 'score=[0-9/]* ([0-9.]*%)' <<<"$mutation")" >>"$work/measured.txt"
  done
done
echo
cat "$work/largest.txt"
echo
cat "$work/measured.txt"
