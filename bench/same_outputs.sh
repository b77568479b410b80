#!/usr/bin/env bash
# Same outputs before and after a change meant to keep behaviour: for every subject and every
# strategy, `generate --max-executions N --seed 1` (and `explore --json` for the state-space and
# exhaustive strategies) with a build of each commit, then a byte comparison of everything written:
# the generated files, the report, stdout, stderr and the exit code. Timings are the only thing
# taken out (keys named *seconds* in JSON, rates on the summary line): they differ between any two
# runs of the same binary.
# usage: bench/same_outputs.sh BEFORE [AFTER=HEAD] [EXECUTIONS=300]
#   UNITGEN_BEFORE / UNITGEN_AFTER   an already built unitgen for that side (skips its build)
#   SUBJECTS="int_stack bmi"          only these subjects (default: all of subjects.json)
#   BENCH_OUT=DIR                     work folder (default /tmp/unitgen-same-outputs)
#   REUSE_BEFORE=1                    keep the before side's outputs of an earlier complete run
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
shared=${SHARED_DIR:-$root/../shared}
[ -f "$shared/subjects/subjects.json" ] || {
  echo "same_outputs: error: $shared/subjects/subjects.json is missing (set SHARED_DIR)" >&2
  exit 2
}
before=${1:?usage: bench/same_outputs.sh BEFORE [AFTER=HEAD] [EXECUTIONS=300]}
after=${2:-HEAD}
executions=${3:-300}
work=${BENCH_OUT:-/tmp/unitgen-same-outputs}
mkdir -p "$work"
read -r -a subjects <<<"${SUBJECTS-}"
[ ${#subjects[@]} -gt 0 ] || mapfile -t subjects < <(python3 -c "
import json
for s in json.load(open('$shared/subjects/subjects.json')): print(s['name'])")

# A RelWithDebInfo build of COMMIT's unitgen in a detached worktree (reused when it exists).
build_commit() {
  local side=$1 commit=$2 tree="$work/src-$1"
  if [ ! -d "$tree" ]; then
    git -C "$root" worktree add --detach "$tree" "$commit" >/dev/null 2>&1
  else
    git -C "$tree" checkout --detach -q "$commit"
  fi
  cmake -S "$tree" -B "$tree/build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 >"$tree/configure.log" 2>&1 ||
    { cat "$tree/configure.log" >&2; exit 1; }
  cmake --build "$tree/build" --target unitgen UnitgenPass >/dev/null
  echo "$tree/build/bin/unitgen"
}
if [ "${REUSE_BEFORE:-0}" = 1 ] && [ -f "$work/before/complete" ]; then
  unitgen_before=reused
else
  unitgen_before=${UNITGEN_BEFORE:-$(build_commit before "$before")}
fi
unitgen_after=${UNITGEN_AFTER:-$(build_commit after "$after")}

bash "$root/tests/e2e/configure_project.sh" "$shared/subjects" "$work/subjects-build" >/dev/null
project="$work/subjects-build"

# Drops timing keys from JSON (a file, or each JSON line of a text) and rates from summary lines.
normalize() {
  python3 - "$1" <<'EOF'
import json, re, sys
path = sys.argv[1]
def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if 'seconds' not in k.lower()}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value
text = open(path, errors='replace').read()
try:
    out = json.dumps(strip(json.loads(text)), indent=2, sort_keys=True) + '\n'
except ValueError:
    lines = []
    for line in text.splitlines():
        try:
            lines.append(json.dumps(strip(json.loads(line)), sort_keys=True))
        except ValueError:
            line = re.sub(r'\(\d+(\.\d+)?/s\)', '(-/s)', line)
            line = re.sub(r'\d+\.\d+ s\b', '- s', line)
            lines.append(line)
    out = '\n'.join(lines) + '\n'
open(path, 'w').write(out)
EOF
}

# One command of one side: its files (when it writes any), stdout, stderr and exit code.
run_case() {
  local side=$1 unitgen=$2 name=$3 label=$4
  shift 4
  local dest="$work/$side/$name/$label" out="$work/run/out"
  rm -rf "$dest" "$work/run"
  mkdir -p "$dest" "$work/run"
  local rc=0
  (cd "$work/run" && "$unitgen" "$@" --cache-dir "$work/$side/cache") \
    >"$dest/stdout" 2>"$dest/stderr" || rc=$?
  echo "$rc" >"$dest/exit-code"
  [ -d "$out" ] && mv "$out" "$dest/out"
  for file in "$dest/stdout" "$dest/stderr" "$dest"/out/unitgen-report.json; do
    [ -f "$file" ] && normalize "$file"
  done
  sed -i "s#$work/$side/cache#CACHE#g" "$dest/stdout" "$dest/stderr"
}

run_side() {
  local side=$1 unitgen=$2
  rm -rf "$work/$side"
  for name in "${subjects[@]}"; do
    read -r flag target < <(python3 -c "
import json
for s in json.load(open('$shared/subjects/subjects.json')):
    if s['name'] == '$name':
        print('--class', s['class']) if 'class' in s else print('--function', s['function'])")
    for strategy in random concolic auto concrete-state symbolic-state; do
      run_case "$side" "$unitgen" "$name" "generate-$strategy" generate -p "$project" "$flag" \
        "$target" --out "$work/run/out" --strategy "$strategy" --max-executions "$executions" \
        --seed 1 --quiet
    done
    run_case "$side" "$unitgen" "$name" generate-exhaustive generate -p "$project" "$flag" \
      "$target" --out "$work/run/out" --strategy exhaustive --scope 3 --legal-budget 60s --seed 1 \
      --quiet
    for strategy in concrete-state symbolic-state; do
      run_case "$side" "$unitgen" "$name" "explore-$strategy" explore -p "$project" "$flag" \
        "$target" --strategy "$strategy" --max-length 3 --budget 60s --json
    done
    run_case "$side" "$unitgen" "$name" explore-exhaustive explore -p "$project" "$flag" "$target" \
      --strategy exhaustive --scope 4 --json
    run_case "$side" "$unitgen" "$name" explore-exhaustive-fet explore -p "$project" "$flag" \
      "$target" --strategy exhaustive --scope 4 --criterion fet --json
  done
}

started=$(date +%s)
if [ "$unitgen_before" != reused ]; then
  run_side before "$unitgen_before"
  echo "${subjects[*]}" >"$work/before/complete"
fi
run_side after "$unitgen_after"
echo "${subjects[*]}" >"$work/after/complete"
cases=$(find "$work/before" -name exit-code | wc -l)
if diff -r --exclude=cache "$work/before" "$work/after" >"$work/differences.txt"; then
  echo "same_outputs: $cases cases on ${#subjects[@]} subjects, $before vs $after" \
    "(--max-executions $executions --seed 1): byte-identical ($(($(date +%s) - started)) s)"
else
  echo "same_outputs: $before vs $after differ; see $work/differences.txt:" >&2
  head -n 40 "$work/differences.txt" >&2
  exit 1
fi
