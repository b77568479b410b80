#!/usr/bin/env bash
# Subsumption keeps coverage: symbolic-state with and without subsumption, N = 1..5 (or the
# given N), for the seven Symstra subjects; prints per subject the states with and without and
# whether the branch coverage is equal at every iteration both finished.
# usage: bench/subsumption_check.sh [N=5] [SECONDS=120] [subjects...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
n=${1:-5}
seconds=${2:-120}
shift $(( $# < 2 ? $# : 2 ))
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
work=${BENCH_OUT:-/tmp/unitgen-subsumption}
mkdir -p "$work"
bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null
printf '| subject | N | states with | states without | coverage equal at every N |\n|---|---|---|---|---|\n'
for name in "${subjects[@]}"; do
  read -r class list <<<"${methods[$name]}"
  for mode in on off; do
    flag=(); [ "$mode" = off ] && flag=(--no-subsumption)
    "$unitgen" explore -p "$work/subjects-build" --class "$class" --strategy symbolic-state \
      --methods "$list" --max-length "$n" --budget "${seconds}s" --json --cache-dir "$work/cache" \
      "${flag[@]}" >"$work/$name-$mode.jsonl"
  done
  python3 - "$name" "$work/$name-on.jsonl" "$work/$name-off.jsonl" <<'PY'
import json, sys
load = lambda p: {r["n"]: r for r in map(json.loads, open(p)) if "n" in r}
on, off = load(sys.argv[2]), load(sys.argv[3])
both = sorted(set(on) & set(off))
equal = all(on[k]["branch_coverage"] == off[k]["branch_coverage"] for k in both)
last = both[-1] if both else "-"
print(f"| {sys.argv[1]} | {last} | {on[last]['states'] if both else '-'} | "
      f"{off[last]['states'] if both else '-'} | {'yes' if equal else 'NO'} |")
PY
done
