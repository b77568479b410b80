#!/usr/bin/env bash
# An abstract parameter type the project implements (tests/bad/shapes): geo::Canvas::add(const
# Shape &) is given a Square or a Circle the test constructs, never a mock; the suite compiles
# and passes three fresh runs, and the working folder stays empty.
# usage: interfaces.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/cwd"
fail() { echo "FAIL: $*"; exit 1; }
bash "$(dirname "$0")/configure_project.sh" "$bad/shapes" "$work/project" >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class geo::Canvas --out "$work/gen" \
  --max-executions 3000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" \
  >/dev/null 2>"$work/gen.err") || { cat "$work/gen.err"; fail "generate geo::Canvas"; }
tests=$work/gen/Canvas_test.cpp
! grep -q "Mock" "$tests" || fail "a mock where the project has subclasses"
grep -q "geo::\(Square\|Circle\) [a-z]\+(" "$tests" || fail "no Square or Circle constructed"
grep -q "canvas[0-9]*\.add([a-z]\+[0-9]*)" "$tests" || fail "no shape passed to add()"
! grep -q "static_cast" "$tests" || fail "an upcast written out"
grep -q "EXPECT_EQ(canvas[0-9]*\.total(), [1-9]" "$tests" || fail "no shape larger than 10 added"
bash "$(dirname "$0")/run_suite.sh" "$work/gen" "$work/build" canvas_unitgen_test "$work/cwd"
[ -z "$(ls -A "$work/cwd")" ] || fail "generating left files in the working folder"
echo "geo::Canvas: shapes the project implements passed to add(); $(grep -c '^TEST' "$tests")" \
  "tests pass three fresh runs"
