#!/usr/bin/env bash
# The palus strategy on a project with its own tests (tests/bad/settings): `generate
# --learn-from settings_test.cpp` records what the tests call (in a copy of their folder: the
# file they write lands there), learns the call-sequence model, and its suite loads the signed
# texts the tests loaded and merges them (a conflict only two loaded texts reach), which random
# generation with as many executions never does. The suite passes three fresh runs, the working
# folder and the project's stay as they were, a second run takes the model from the cache, and
# `explore --strategy palus --json` prints the model's size. Built with its test target, the
# project's tests are found through the build folder too: by the target's name or executable.
# usage: learn_from_tests.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"; mkdir -p "$work/cwd"
fail() { echo "FAIL: $*"; exit 1; }
cp -r "$bad/settings" "$work/src"
bash "$here/configure_project.sh" "$work/src" "$work/project" >/dev/null
snapshot() { (cd "$work/src" && find . -type f -print0 | sort -z | xargs -0 md5sum); }
before=$(snapshot)
cache=$work/cache # its own: the first run must record, not find an earlier run's model
tests=$work/src/settings_test.cpp
generate() { # STRATEGY OUT [FLAGS...]
  local strategy=$1 out=$2
  shift 2
  (cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class cfg::Settings --out "$out" \
    --strategy "$strategy" --max-executions 1500 --seed 1 --quiet --cache-dir "$cache" "$@" \
    >"$out.log" 2>&1) || { cat "$out.log"; fail "generate --strategy $strategy"; }
}
sample() { # REPORT FIELD
  python3 -c "import json, sys; print(json.load(open(sys.argv[1]))['sample'][sys.argv[2]])" "$1" "$2"
}

generate palus "$work/palus" --learn-from "$tests"
python3 - "$work/palus/unitgen-report.json" <<'PY' || fail "the report's sample or palus part"
import json, sys
report = json.load(open(sys.argv[1]))
sample, palus = report["sample"], report["palus"]
assert sample["callsRecorded"] >= 10 and sample["nodes"] >= 4, sample
assert sample["testsExitCode"] == 0 and sample["callsOnUnknownObjects"] == 0, sample
# merge(other): the other settings recorded with their abstract object profile (private fields)
assert sample["argumentProfiles"] >= 1, sample
assert palus["legal"] > 0 and palus["fromRoots"] > 0 and palus["extended"] > 0, palus
PY
grep -q 'load("cfg 2 741' "$work/palus/Settings_test.cpp" || fail "no test loads the tests' text"
# A conflict: merge() counts keys both loaded texts have with different values.
conflict='\.merge([a-z0-9]*), [1-9])'
grep -q "$conflict" "$work/palus/Settings_test.cpp" || fail "no test merges two loaded texts"
generate random "$work/random"
if grep -q 'load("cfg 2 741' "$work/random/Settings_test.cpp" ||
  grep -q "$conflict" "$work/random/Settings_test.cpp"; then
  fail "random generation found the signed text too: this test would prove nothing"
fi
bash "$here/run_suite.sh" "$work/palus" "$work/build" settings_unitgen_test "$work/cwd"
[ -z "$(ls -A "$work/cwd")" ] || fail "generating or running left files in the working folder"
[ "$before" = "$(snapshot)" ] || fail "the recorded tests changed the project's folder"
[ "$(sample "$work/palus/unitgen-report.json" fromCache)" = False ] || fail "learned from a cache"

generate palus "$work/again" --learn-from "$tests"
[ "$(sample "$work/again/unitgen-report.json" fromCache)" = True ] ||
  fail "the second run recorded the unchanged tests again"
(cd "$work/cwd" && "$unitgen" explore -p "$work/project" --class cfg::Settings --strategy palus \
  --learn-from "$tests" --budget 2s --json --cache-dir "$cache" >"$work/explore.json" \
  2>"$work/explore.err") || { cat "$work/explore.err"; fail "explore --strategy palus"; }
python3 - "$work/explore.json" <<'PY' || fail "explore --json's model statistics"
import json, sys
row = json.load(open(sys.argv[1]))
model = row["model"]
assert model["classes"] >= 1 and model["nodes"] >= 4 and model["edges"] >= 3, model
assert model["callsRecorded"] >= 10 and row["executions"] > 0, row
PY
# Through the build folder: the test target by its name, and by the executable it builds.
bash "$here/configure_project.sh" "$work/src" "$work/with-tests" -DSETTINGS_TESTS=ON >/dev/null
for target in settings_test "$work/with-tests/settings_test"; do
  (cd "$work/cwd" && "$unitgen" explore -p "$work/with-tests" --class cfg::Settings \
    --strategy palus --learn-from "$target" --budget 2s --json --cache-dir "$cache" \
    >"$work/target.json" 2>"$work/target.err") || { cat "$work/target.err"; fail "$target"; }
  python3 - "$work/target.json" <<'PY' || fail "--learn-from $target: the model's statistics"
import json, sys
model = json.load(open(sys.argv[1]))["model"]
assert model["callsRecorded"] >= 10 and model["nodes"] >= 4, model
PY
done
(cd "$work/cwd" && "$unitgen" explore -p "$work/with-tests" --class cfg::Settings \
  --strategy palus --learn-from settings --budget 2s >/dev/null 2>"$work/library.err") &&
  fail "--learn-from the library's own target: nothing to learn, yet it ran"
grep -q "target 'settings' compiles only the code under test" "$work/library.err" ||
  { cat "$work/library.err"; fail "--learn-from the library's target: the wrong error"; }
[ -z "$(ls -A "$work/cwd")" ] || fail "learning from the test target left files in the folder"
[ "$before" = "$(snapshot)" ] || fail "learning from the test target changed the project's folder"

echo "cfg::Settings: $(sample "$work/palus/unitgen-report.json" callsRecorded) calls recorded," \
  "$(sample "$work/palus/unitgen-report.json" nodes) nodes; the suite loads and merges the" \
  "tests' texts (random does not), passes three fresh runs, folders unchanged, cached model reused"
