#!/usr/bin/env bash
# Theories (--theories, unitgen/theory.h) on tests/bad/settings: the theory that a settings'
# signed body loads back holds on the project as it is (no failure test), and on a copy whose
# load() keeps only the first 8 chars of a value — a defect no crash, sanitizer or regression
# assertion shows — it is broken: one minimized failure test that calls the theory, which
# compiles with the emitted CMake (the theory and unitgen/theory.h found) and fails with the
# theory's assertion. A theory file that does not compile is a clear error.
# usage: theories.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/cwd"
fail() { echo "FAIL: $*"; exit 1; }
theories=$bad/settings/settings_theories.cpp
generate() { # SRC OUT [FLAGS...]
  local src=$1 out=$2
  shift 2
  bash "$(dirname "$0")/configure_project.sh" "$src" "$src-build" >/dev/null
  (cd "$work/cwd" && "$unitgen" generate -p "$src-build" --class cfg::Settings --out "$out" \
    --theories "$theories" --max-executions 3000 --seed 1 --quiet "$@" >"$out.log" 2>&1)
}
theory_tests() { # REPORT
  python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print(sum(1 for t in \
r['suite']['failures']['tests'] if t['kind'] == 'theory-violated'))" "$1"
}

cp -r "$bad/settings" "$work/sound"
generate "$work/sound" "$work/sound-out" || { cat "$work/sound-out.log"; fail "generate"; }
[ "$(theory_tests "$work/sound-out/unitgen-report.json")" = 0 ] ||
  fail "the theory was reported broken on the sound class: $(grep -A3 Observed "$work/sound-out/Settings_failures_test.cpp")"

cp -r "$bad/settings" "$work/seeded"
sed -i 's/line.substr(equals + 1);/line.substr(equals + 1, 8);/' "$work/seeded/settings.cpp"
grep -q 'equals + 1, 8' "$work/seeded/settings.cpp" || fail "the defect was not seeded"
generate "$work/seeded" "$work/seeded-out" || { cat "$work/seeded-out.log"; fail "generate"; }
failures=$work/seeded-out/Settings_failures_test.cpp
[ "$(theory_tests "$work/seeded-out/unitgen-report.json")" = 1 ] ||
  { cat "$failures"; fail "no failure test of the broken theory"; }
grep -q 'EXPECT_EQ(unitgen::theoryViolation("BodyLoadsBack", settings), "");' "$failures" ||
  { cat "$failures"; fail "the failure test does not call the theory"; }
grep -q '#include <unitgen/theory.h>' "$failures" || fail "the failure test lacks the header"
statements=$(python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print([t for t in \
r['suite']['failures']['tests'] if t['kind'] == 'theory-violated'][0]['statements'])" \
  "$work/seeded-out/unitgen-report.json")
[ "$statements" -le 3 ] || { cat "$failures"; fail "not minimized: $statements statements"; }

build=$work/seeded-build-tests
cmake -S "$work/seeded-out" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
cmake --build "$build" >/dev/null || fail "the emitted suite with its theory does not build"
(cd "$work/cwd" && "$build/settings_unitgen_test" --gtest_brief=1 >"$build/regression.log" 2>&1) ||
  { cat "$build/regression.log"; fail "the regression tests fail"; }
if (cd "$work/cwd" && "$build/settings_unitgen_failures_test" >"$build/failures.log" 2>&1); then
  fail "the theory's failure test passes on the seeded defect"
fi
grep -q 'BodyLoadsBack: UNITGEN_ASSERT(again.body() == body) failed at settings_theories.cpp' \
  "$build/failures.log" || { cat "$build/failures.log"; fail "the failure names no theory"; }
[ -z "$(ls -A "$work/cwd")" ] || fail "generating or running left files in the working folder"

echo 'int broken(' >"$work/broken_theories.cpp"
set +e
(cd "$work/cwd" && "$unitgen" generate -p "$work/sound-build" --class cfg::Settings \
  --out "$work/broken-out" --theories "$work/broken_theories.cpp" --max-executions 10 --quiet \
  >"$work/broken.log" 2>&1)
code=$?
set -e
[ "$code" = 4 ] || { cat "$work/broken.log"; fail "a theory that does not compile exits $code"; }
grep -q "unitgen: error: cannot compile the theories ($work/broken_theories.cpp)" "$work/broken.log" ||
  { cat "$work/broken.log"; fail "no clear error for a theory that does not compile"; }
echo "cfg::Settings: the theory holds on the sound class; on the seeded defect one minimized" \
  "failure test ($statements statements) calls it and fails with its assertion"
