#!/usr/bin/env bash
# `unitgen explore --strategy concrete-state` on IntStack (push, pop; values 1..3): the states
# kept after N calls are the stacks of at most N values, 1 + 3 + 9 + 27 after N = 3, one JSON
# row per iteration with the contract's keys; a bound ends it with a reason, not a kill; and
# `generate --strategy concrete-state` emits a suite that builds and passes.
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

"$unitgen" generate -p "$subjects_build" --class IntStack --out "$work/gen" \
  --strategy concrete-state --max-length 4 --seed 1 --quiet --cache-dir "$cache" >/dev/null
cmake -S "$work/gen" -B "$work/build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$work/build" >/dev/null
"$(find "$work/build" -maxdepth 1 -type f -name '*_unitgen_test' | head -n 1)" --gtest_brief=1 \
  >"$work/run.log" 2>&1 || { echo "the concrete-state suite failed"; tail -n 30 "$work/run.log"; exit 1; }
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); rows=r['concreteState']['iterations']; assert [x['n'] for x in rows]==[0,1,2,3,4], rows" "$work/gen/unitgen-report.json"
echo "generate --strategy concrete-state: suite builds and passes"
