#!/usr/bin/env bash
# The Symstra table: concrete-state (Rostra) vs symbolic-state (Symstra) exploration side by side,
# one row per iteration N, for the seven subjects and methods of the Symstra experiments.
# Concrete runs N = 1..8 within the budget and stops at its bounds; symbolic continues to the
# largest N that fits the budget. Branch coverage is llvm-cov's, of the subject's sources.
# usage: bench/symstra_table.sh [SECONDS=60] [CONCRETE_N=8] [SYMBOLIC_N=30] [subjects...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
seconds=${1:-60}
concrete_n=${2:-8}
symbolic_n=${3:-30}
shift $(( $# < 3 ? $# : 3 ))
declare -A methods=(
  [int_stack]="IntStack push,pop" [ub_stack]="UBStack push,pop"
  [bin_search_tree]="BinarySearchTree insert,remove"
  [binomial_heap]="ds::BinomialHeap insert,extractMin,remove"
  [linked_list]="LinkedList addLast,removeFirst,removeValue"
  [tree_map]="ds::TreeMap put,remove" [heap_array]="HeapArray insert,extractMax")
subjects=("$@")
[ ${#subjects[@]} -gt 0 ] || subjects=(int_stack ub_stack bin_search_tree binomial_heap linked_list
  tree_map heap_array)
unitgen=${UNITGEN:-$root/build/bin/unitgen}
work=${BENCH_OUT:-/tmp/unitgen-symstra}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null
for name in "${subjects[@]}"; do
  read -r class list <<<"${methods[$name]}"
  for strategy in concrete-state symbolic-state; do
    n=$concrete_n; [ "$strategy" = symbolic-state ] && n=$symbolic_n
    "$unitgen" explore -p "$work/subjects-build" --class "$class" --strategy "$strategy" \
      --methods "$list" --max-length "$n" --budget "${seconds}s" --json \
      --cache-dir "$work/cache" >"$work/$name-$strategy.jsonl"
  done
  python3 - "$name" "$list" "$work/$name-concrete-state.jsonl" "$work/$name-symbolic-state.jsonl" <<'PY'
import json, sys
name, methods, concrete_path, symbolic_path = sys.argv[1:]
def load(path):
    rows, stopped = {}, ""
    for line in open(path):
        record = json.loads(line)
        if "stopped" in record:
            stopped = record["stopped"]
        else:
            rows[record["n"]] = record
    return rows, stopped
concrete, concrete_stop = load(concrete_path)
symbolic, symbolic_stop = load(symbolic_path)
print(f"\n**{name}** ({methods.replace(',', ', ')})\n")
print("| N | concrete s | concrete states | concrete branches | symbolic s | symbolic states | symbolic pruned | symbolic branches |")
print("|---|---|---|---|---|---|---|---|")
cell = lambda rows, n, key, fmt: fmt.format(rows[n][key]) if n in rows else "—"
for n in range(1, max(list(concrete) + list(symbolic)) + 1):
    print(f"| {n} | {cell(concrete, n, 'seconds', '{:.2f}')} | {cell(concrete, n, 'states', '{}')} | "
          f"{cell(concrete, n, 'branch_coverage', '{:.1f}%')} | {cell(symbolic, n, 'seconds', '{:.2f}')} | "
          f"{cell(symbolic, n, 'states', '{}')} | {cell(symbolic, n, 'pruned', '{}')} | "
          f"{cell(symbolic, n, 'branch_coverage', '{:.1f}%')} |")
print(f"\nconcrete stopped: {concrete_stop or 'all iterations ran'}; symbolic stopped: {symbolic_stop or 'all iterations ran'}")
PY
done
