#!/usr/bin/env bash
# Class templates (tests/bad/class_template): `Box<int>`, which the project instantiates, and
# `Box<std::string>`, which it does not, are each generated from an empty folder; Box<int>'s
# `length()` (a call of `value_.size()` on an int) is left out with the compiler's reason; each
# suite compiles and passes three fresh runs.
# usage: templates.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/cwd"
fail() { echo "FAIL: $*"; exit 1; }
bash "$(dirname "$0")/configure_project.sh" "$bad/class_template" "$work/project" >/dev/null

# generate_and_run CLASS OUT: generates CLASS's suite into OUT, builds it, runs it three times.
generate_and_run() {
  local class=$1 out=$work/$2
  (cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class "$class" --out "$out" \
    --max-executions 2000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" \
    >/dev/null 2>"$out.err") || { cat "$out.err"; fail "generate $class"; }
  python3 -c "
import json, sys; r = json.load(open('$out/unitgen-report.json'))
sys.exit(0 if r['verification']['droppedNotCompiling'] == 0 else 1)" ||
    fail "a test of $class did not compile"
  bash "$(dirname "$0")/run_suite.sh" "$out" "$out/build" box_unitgen_test "$work/cwd"
  [ -z "$(ls -A "$work/cwd")" ] || fail "generating $class left files in the working folder"
}

generate_and_run 'Box<int>' box_int
grep -q "unitgen: note: leaving out Box<int>::length: its call does not compile" \
  "$work/box_int.err" || { cat "$work/box_int.err"; fail "no note on Box<int>::length"; }
grep -q "^  Box<int> box;" "$work/box_int/Box_test.cpp" || fail "no Box<int> in its suite"
grep -q "box\.put(-\?[0-9]\+)" "$work/box_int/Box_test.cpp" || fail "Box<int>::put not called"

generate_and_run 'Box<std::string>' box_string
grep -q "^  Box<std::string> box;" "$work/box_string/Box_test.cpp" || fail "no Box<std::string>"
grep -q "EXPECT_EQ(box\.length(), [0-9]\+u)" "$work/box_string/Box_test.cpp" ||
  fail "Box<std::string>::length not asserted"
echo "Box<int> and Box<std::string>: suites compile and pass three fresh runs; Box<int>::length" \
  "left out with the compiler's reason"
