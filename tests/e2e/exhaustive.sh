#!/usr/bin/env bash
# `unitgen explore --strategy exhaustive` on BinarySearchTree: with exactly n nodes and keys
# 0..n-1 the valid trees are Catalan(n) (1, 2, 5, 14, 42 for n = 1..5); with sizes 0..S and keys
# 0..S-1 they are 15, 51, 188, 731, 2950, 12235 for S = 3..8 (the Korat/BEAPI counts), the
# larger scopes searched tree-shaped after the sharing probe; SortedList, AVLTree,
# BinomialHeap, TreeMap, HeapArray and IntStack (arrays behind pointers, capacities fixed by a
# --finitization file) at scopes 1..6 give the counts of an independent enumerator
# (exhaustive_counts.py, which builds the structures from their definitions), with symbolic
# numbers (the default) and, at scope 4, concrete ones, and at scope 5 interleaved (the
# smaller-first passes taking turns; BinarySearchTree also smaller-first); --json has the
# contract's keys; the time criteria stop at the transcoped work, the same heaps on every run
# (--clock seconds: at the transcoped wall time); a class without an invariant and a
# --finitization file naming a field the heap does not have are clear errors (a field that
# cannot be finitized: FinitizationTest).
# usage: exhaustive.sh UNITGEN SUBJECTS_BUILD WORK
set -euo pipefail
unitgen=$1 subjects_build=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cache=$work/../subjects/driver-cache
here=$(cd "$(dirname "$0")" && pwd)
count() { # SCOPE [FLAGS...] -> the valid count of $class (default BinarySearchTree)
  local scope=$1; shift
  "$unitgen" explore -p "$subjects_build" --class "${class:-BinarySearchTree}" --strategy exhaustive \
    --scope "$scope" --json --cache-dir "$cache" "$@" >"$work/row.json"
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert set(r)>={'valid','explored','seconds'}, r; assert r['explored']>=1, r; print(r['valid'])" "$work/row.json"
}
catalan=(1 2 5 14 42)
for n in 1 2 3 4 5; do
  got=$(count "$n" --sizes "$n..$n" --count-only)
  [ "$got" = "${catalan[$((n - 1))]}" ] || { echo "n=$n: $got trees, expected ${catalan[$((n - 1))]}"; exit 1; }
done
echo "exactly n nodes: ${catalan[*]}"
for spec in "3 15" "4 51"; do
  read -r s expected <<<"$spec"
  got=$(count "$s")
  [ "$got" = "$expected" ] || { echo "sizes 0..$s: $got trees, expected $expected"; exit 1; }
done
echo "sizes 0..S: 15 51"
# Past the probe's scope 4 the search finds no shared Node in a valid tree and searches
# tree-shaped heaps only; the counts stay exact (188, 731, 2950, 12235 for S = 5..8), and
# declaring sharing brings back the full search: the same 188 trees from far more candidates.
for spec in "5 188" "6 731" "7 2950" "8 12235"; do
  read -r s expected <<<"$spec"
  got=$(count "$s" --count-only 2>"$work/note.txt")
  [ "$got" = "$expected" ] || { echo "sizes 0..$s: $got trees, expected $expected"; exit 1; }
done
grep -q "unitgen: note: no valid heap at scope 4 references an object of BinarySearchTree::Node twice" \
  "$work/note.txt" || { cat "$work/note.txt"; exit 1; }
tree_explored=$(count 5 --count-only 2>/dev/null >/dev/null; python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
echo '{"sharing": {"BinarySearchTree::Node": true}}' >"$work/shared.json"
got=$(count 5 --count-only --finitization "$work/shared.json" 2>"$work/note.txt")
all_explored=$(python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
[ "$got" = 188 ] && [ ! -s "$work/note.txt" ] && [ "$all_explored" -gt $((10 * tree_explored)) ] || {
  echo "sharing declared: $got trees from $all_explored candidates (tree-shaped: $tree_explored)"; exit 1; }
echo "sizes 0..S: 188 731 2950 12235 tree-shaped; all heaps at S = 5: $all_explored candidates, tree-shaped $tree_explored"
# Smaller heaps first searches the smaller object counts again: the same trees, more runs.
korat_runs=$(count 6 --count-only 2>/dev/null >/dev/null; python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
got=$(count 6 --count-only --heap-order smaller-first 2>/dev/null)
ascending_runs=$(python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
[ "$got" = 731 ] && [ "$ascending_runs" -gt "$korat_runs" ] || {
  echo "--heap-order smaller-first at S = 6: $got trees from $ascending_runs runs (korat: $korat_runs)"; exit 1; }
echo "smaller-first at S = 6: 731 trees from $ascending_runs runs (korat order: $korat_runs)"
# Interleaved, the same passes take turns: the same trees from the same runs, in another order.
got=$(count 6 --count-only --heap-order interleaved 2>/dev/null)
interleaved_runs=$(python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
[ "$got" = 731 ] && [ "$interleaved_runs" = "$ascending_runs" ] || {
  echo "--heap-order interleaved at S = 6: $got trees from $interleaved_runs runs (smaller-first: $ascending_runs)"; exit 1; }
echo "interleaved at S = 6: 731 trees from $interleaved_runs runs"
echo '{"fields": {"HeapArray::capacity_": [8, 8]}}' >"$work/HeapArray.json"
echo '{"fields": {"IntStack::capacity_": [4, 4]}}' >"$work/IntStack.json"
for spec in sorted_list:SortedList avl_tree:AVLTree binomial_heap:ds::BinomialHeap \
  tree_map:ds::TreeMap heap_array:HeapArray int_stack:IntStack; do
  name=${spec%%:*} class=${spec#*:}
  for n in 1 2 3 4 5 6; do
    expected=$(python3 "$here/exhaustive_counts.py" "$name" "$n")
    file=()
    [ -f "$work/$class.json" ] && file=(--finitization "$work/$class.json")
    got=$(count "$n" --count-only "${file[@]}" 2>"$work/note.txt")
    [ "$got" = "$expected" ] || { echo "$class scope $n: $got heaps, expected $expected"; exit 1; }
    # The numbers were followed symbolically (no fallback note); concrete numbers agree.
    ! grep -q "note: symbolic numbers" "$work/note.txt" || { cat "$work/note.txt"; exit 1; }
    # Interleaved runs the smaller-first passes taking turns, so it checks those passes too.
    if [ "$n" -eq 5 ]; then
      interleaved=$(count "$n" --count-only --heap-order interleaved "${file[@]}" 2>/dev/null)
      [ "$interleaved" = "$expected" ] || { echo "$class scope $n, interleaved: $interleaved"; exit 1; }
    fi
    if [ "$n" -eq 4 ]; then
      concrete=$(count "$n" --count-only --numbers concrete "${file[@]}" 2>/dev/null)
      [ "$concrete" = "$expected" ] || { echo "$class scope $n, --numbers concrete: $concrete"; exit 1; }
    fi
  done
  echo "$class scopes 1..6: counts equal the enumerator's ($got at 6; concrete numbers too at 4)"
done
class=
# Symbolic numbers run the invariant far fewer times than concrete ones for the same trees.
symbolic_runs=$(count 8 --count-only 2>/dev/null >/dev/null; python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
got=$(count 8 --count-only --numbers concrete 2>/dev/null)
concrete_runs=$(python3 -c "import json; print(json.load(open('$work/row.json'))['explored'])")
[ "$got" = 12235 ] && [ "$((5 * symbolic_runs))" -lt "$concrete_runs" ] || {
  echo "S = 8: $got trees; invariant runs: symbolic $symbolic_runs, concrete $concrete_runs"; exit 1; }
echo "S = 8: invariant runs with symbolic numbers $symbolic_runs, concrete $concrete_runs"
class=
if "$unitgen" explore -p "$subjects_build" --class SampleClass --strategy exhaustive \
  --cache-dir "$cache" >"$work/no-invariant.txt" 2>&1; then
  echo "a class without an invariant was searched"; exit 1
fi
grep -q "unitgen: error: --strategy exhaustive needs the invariant of SampleClass" \
  "$work/no-invariant.txt" || { cat "$work/no-invariant.txt"; exit 1; }
if class=SortedList count 2 --finitization "$work/HeapArray.json" >"$work/typo.txt" 2>&1; then
  echo "a --finitization naming another class's field was accepted"; exit 1
fi
grep -q "unitgen: error: --finitization: the heap of SortedList has no field HeapArray::capacity_" \
  "$work/typo.txt" || { cat "$work/typo.txt"; exit 1; }
for criterion in fet fbt-linear fbt-average fbt-time-exponential; do
  "$unitgen" explore -p "$subjects_build" --class BinarySearchTree --strategy exhaustive --scope 8 \
    --criterion "$criterion" --json --cache-dir "$cache" >"$work/$criterion.json" 2>"$work/$criterion.err"
done
# The size criteria's passes hold the tree's size at their number of nodes, with a note; the
# time criteria's (fitted on searches that try every size) and Korat's order (FET) do not.
grep -q "BinarySearchTree::size_ equals the number of objects" "$work/fbt-linear.err" || {
  cat "$work/fbt-linear.err"; exit 1; }
for criterion in fet fbt-time-exponential; do
  if grep -q "equals the number of objects" "$work/$criterion.err"; then
    echo "$criterion: a count field note"; cat "$work/$criterion.err"; exit 1
  fi
done
# The time criteria's default clock is the driver's work: a second run keeps the same heaps.
"$unitgen" explore -p "$subjects_build" --class BinarySearchTree --strategy exhaustive --scope 8 \
  --criterion fbt-time-exponential --json --cache-dir "$cache" >"$work/time-again.json" 2>/dev/null
"$unitgen" explore -p "$subjects_build" --class BinarySearchTree --strategy exhaustive --scope 8 \
  --criterion fbt-time-exponential --clock seconds --json --cache-dir "$cache" \
  >"$work/time-seconds.json" 2>/dev/null
"$unitgen" explore -p "$subjects_build" --class BinarySearchTree --strategy exhaustive --scope 8 \
  --criterion fet --heap-order smaller-first --json --cache-dir "$cache" >"$work/fet-smaller.json" 2>/dev/null
"$unitgen" explore -p "$subjects_build" --class BinarySearchTree --strategy exhaustive --scope 8 \
  --criterion fet --heap-order interleaved --json --cache-dir "$cache" >"$work/fet-interleaved.json" 2>/dev/null
python3 - "$work" <<'PY'
import json, sys
row = {c: json.load(open(f"{sys.argv[1]}/{c}.json")) for c in
       ["fet", "fbt-linear", "fbt-average", "fbt-time-exponential"]}
fet = row["fet"]
# FET: every heap searched, a few kept (each adds a pair), no fit.
assert fet["valid"] == 12235 and 0 < fet["suite"] < fet["valid"] and fet["small_scopes"] == [], fet
assert "stopped" not in fet, fet
# The last heap that added a pair came within the search (the engine's clock, so a second of
# slack for starting the driver).
assert 0 < fet["last_pair_seconds"] < fet["seconds"] + 1, fet
assert 0 < fet["last_pair_heap"] <= fet["valid"], fet
# Smaller trees first: the same trees and pairs (kept in another order).
smaller = json.load(open(f"{sys.argv[1]}/fet-smaller.json"))
assert smaller["valid"] == fet["valid"] and smaller["pairs"] == fet["pairs"], smaller
assert smaller["explored"] > fet["explored"], smaller
interleaved = json.load(open(f"{sys.argv[1]}/fet-interleaved.json"))
assert interleaved["valid"] == fet["valid"] and interleaved["pairs"] == fet["pairs"], interleaved
assert interleaved["explored"] == smaller["explored"], interleaved
for name in ["fbt-linear", "fbt-average"]:
    r = row[name]
    # Stopped once every field reached its transcoped size, fitted on scopes 1..5.
    assert r["small_scopes"] == [1, 2, 3, 4, 5], r
    assert r["stopped"] == "the engine read enough heaps" and r["valid"] < fet["valid"], r
    assert 0 < r["suite"] <= fet["suite"] and r["pairs"] <= fet["pairs"], r
    assert all(reached >= target for target, reached in r["transcoped_sizes"].values()), r
    print(f"{name} at scope 8: {r['suite']} heaps, {r['pairs']} pairs, {r['valid']} of "
          f"{fet['valid']} heaps visited")
# The linear fit undershoots the average one: it stops no later.
assert row["fbt-linear"]["valid"] <= row["fbt-average"]["valid"], row
t = row["fbt-time-exponential"]
# Transcoped work: the search stops exactly there (or finishes first), the same on every run.
assert t["transcoped_work"] > 0 and t["suite"] <= fet["suite"], t
assert t["work"] == min(t["transcoped_work"], fet["work"]), (t, fet["work"])
assert t.get("stopped") in (None, "the work budget ended"), t
again = json.load(open(f"{sys.argv[1]}/time-again.json"))
assert [again[k] for k in ["suite", "pairs", "valid", "work", "transcoped_work"]] == \
    [t[k] for k in ["suite", "pairs", "valid", "work", "transcoped_work"]], (again, t)
seconds = json.load(open(f"{sys.argv[1]}/time-seconds.json"))
assert seconds["transcoped_seconds"] > 0 and "transcoped_work" not in seconds, seconds
assert seconds.get("stopped") in (None, "the time budget ended"), seconds
print(f"fet at scope 8: {fet['suite']} of {fet['valid']} heaps, {fet['pairs']} pairs; "
      f"fbt-time-exponential: {t['suite']} heaps in {t['transcoped_work']} units of work, "
      f"{seconds['suite']} in {seconds['transcoped_seconds']:.4f} s")
PY
if "$unitgen" explore -p "$subjects_build" --class BinarySearchTree --strategy exhaustive \
  --criterion fbt-linear --count-only --cache-dir "$cache" >"$work/fet-count.txt" 2>&1; then
  echo "--criterion with --count-only was accepted"; exit 1
fi
grep -q "unitgen: error: --criterion fbt-linear reads the heaps back" "$work/fet-count.txt"
# The deadline holds when a few runs stand for millions of heaps: ds::BinomialHeap at scope 10
# is 1,844 symbolic runs for 117 M heaps, and a 2-s budget must end the search at 2 s (it
# used to be checked every 4,096 runs only).
"$unitgen" explore -p "$subjects_build" --class ds::BinomialHeap --strategy exhaustive \
  --scope 10 --count-only --json --budget 2s --cache-dir "$cache" >"$work/binomial-2s.json"
python3 - "$work/binomial-2s.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r.get("stopped") == "the time budget ended" and r["seconds"] < 10, r
print(f"binomial_heap scope 10 with a 2-s budget: stopped at {r['seconds']:.1f} s, {r['valid']} heaps")
PY
