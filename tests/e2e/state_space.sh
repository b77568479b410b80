#!/usr/bin/env bash
# `unitgen explore --strategy concrete-state` on IntStack (push, pop; values 1..3): the states
# kept after N calls are the stacks of at most N values, 1 + 3 + 9 + 27 after N = 3, one JSON
# row per iteration with the contract's keys; a bound ends it with a reason, not a kill.
# `--strategy symbolic-state`: one state per stack size (linear in N, also for LinkedList and
# BinomialHeap), branch coverage at least the concrete one's at the same N, and the same
# coverage with subsumption off. `generate` with either strategy emits a suite that builds and
# passes.
# usage: state_space.sh UNITGEN SUBJECTS_BUILD WORK
set -euo pipefail
unitgen=$1 subjects_build=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cache=$work/../subjects/driver-cache
"$unitgen" explore -p "$subjects_build" --class IntStack --strategy concrete-state \
  --methods push,pop --max-length 3 --json --cache-dir "$cache" >"$work/rows.jsonl"
python3 - "$work/rows.jsonl" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
assert [r["n"] for r in rows] == [0, 1, 2, 3], rows
assert [r["states"] for r in rows] == [1, 4, 13, 40], rows
for r in rows:
    assert set(r) >= {"n", "seconds", "states", "pruned", "branch_coverage"}, r
assert 0 < rows[0]["branch_coverage"] <= rows[-1]["branch_coverage"] <= 100, rows
print("explore: states", [r["states"] for r in rows], "branches", rows[-1]["branch_coverage"])
PY
"$unitgen" explore -p "$subjects_build" --class IntStack --strategy concrete-state \
  --methods push,pop --max-length 8 --max-states 500 --cache-dir "$cache" >"$work/bounded.txt"
grep -q '^stopped: --max-states 500 reached$' "$work/bounded.txt" || {
  echo "no clean stop at --max-states:"; cat "$work/bounded.txt"; exit 1; }
if "$unitgen" explore -p "$subjects_build" --class IntStack --strategy concrete-state \
  --methods push,shake --cache-dir "$cache" >"$work/unknown.txt" 2>&1; then
  echo "an unknown method was accepted"; exit 1
fi
grep -q "unitgen: error: --methods: 'shake' is not a method of IntStack" "$work/unknown.txt"

rows() { # CLASS METHODS N STRATEGY [FLAGS...] -> JSON rows in $work/CLASS-STRATEGY-N[-FLAG].jsonl
  local class=$1 methods=$2 n=$3 strategy=$4; shift 4
  local out="$work/${class//:/_}-$strategy-$n${1:-}.jsonl"
  "$unitgen" explore -p "$subjects_build" --class "$class" --strategy "$strategy" \
    --methods "$methods" --max-length "$n" --json --cache-dir "$cache" "$@" >"$out"
  echo "$out"
}
concrete=$(rows IntStack push,pop 4 concrete-state)
symbolic=$(rows IntStack push,pop 4 symbolic-state)
unsubsumed=$(rows IntStack push,pop 4 symbolic-state --no-subsumption)
python3 - "$concrete" "$symbolic" "$unsubsumed" <<'PY'
import json, sys
load = lambda p: [json.loads(l) for l in open(p) if '"n"' in l]
concrete, symbolic, unsubsumed = map(load, sys.argv[1:])
assert [r["states"] for r in symbolic] == [1, 2, 3, 4, 5], symbolic
assert symbolic[-1]["branch_coverage"] >= concrete[-1]["branch_coverage"], (symbolic, concrete)
assert unsubsumed[-1]["states"] > symbolic[-1]["states"], unsubsumed
assert [r["branch_coverage"] for r in unsubsumed] == [r["branch_coverage"] for r in symbolic]
print("symbolic-state IntStack: states", [r["states"] for r in symbolic])
PY
for spec in "LinkedList addLast,removeFirst,removeValue" "ds::BinomialHeap insert,extractMin,remove"; do
  read -r class methods <<<"$spec"
  out=$(rows "$class" "$methods" 6 symbolic-state)
  python3 - "$class" "$out" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[2]) if '"n"' in l]
states = [r["states"] for r in rows]
assert len(rows) == 7, rows
# Linear growth: the states added per iteration stop growing (no blow-up).
added = [b - a for a, b in zip(states, states[1:])]
assert max(added[2:]) <= max(added[:3]) + 1, (sys.argv[1], states)
print(f"symbolic-state {sys.argv[1]}: states {states}")
PY
done

for strategy in concrete-state symbolic-state; do
  out=$work/gen-$strategy
  "$unitgen" generate -p "$subjects_build" --class IntStack --out "$out/gen" \
    --strategy "$strategy" --max-length 4 --seed 1 --quiet --cache-dir "$cache" >/dev/null
  cmake -S "$out/gen" -B "$out/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
  cmake --build "$out/build" >/dev/null
  "$(find "$out/build" -maxdepth 1 -type f -name '*_unitgen_test' | head -n 1)" --gtest_brief=1 \
    >"$out/run.log" 2>&1 || { echo "the $strategy suite failed"; tail -n 30 "$out/run.log"; exit 1; }
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); key={'concrete-state':'concreteState','symbolic-state':'symbolicState'}[sys.argv[2]]; rows=r[key]['iterations']; assert [x['n'] for x in rows]==[0,1,2,3,4], rows" "$out/gen/unitgen-report.json" "$strategy"
  echo "generate --strategy $strategy: suite builds and passes"
done

# Symbolic-state witnesses are solved within ±100 first: readable arguments.
out=$work/gen-readable
"$unitgen" generate -p "$subjects_build" --class BinarySearchTree --out "$out" \
  --strategy symbolic-state --methods insert,remove --max-length 3 --seed 1 --quiet \
  --cache-dir "$cache" >/dev/null
python3 - "$out/BinarySearchTree_test.cpp" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
values = [int(v) for v in re.findall(r"\.(?:insert|remove)\((-?\d+)\)", text)]
assert values and all(abs(v) <= 100 for v in values), values
assert "numeric_limits" not in text
print("symbolic-state witnesses:", sorted(set(values)))
PY

# explore's own defaults (--budget 10m, --max-length 8) must not leak into generate's. FlagSetter's
# exploration stalls within seconds, so the check does not wait out the 30 s.
out=$work/gen-defaults
timeout 120 "$unitgen" generate -p "$subjects_build" --class FlagSetter --out "$out" --seed 1 \
  --quiet --cache-dir "$cache" >/dev/null
python3 -c "import json,sys; b=json.load(open(sys.argv[1]))['budget']; assert b=={'seconds':30.0}, b" \
  "$out/unitgen-report.json"
echo "generate keeps its default budget of 30 s"
