#!/usr/bin/env bash
# A mock's calls asserted with their arguments (tests/bad/events): ev::Batch::replay(Sink &) is
# given a gMock mock of ev::Sink, and each EXPECT_CALL names the keys (by ev::Key::text()) and
# values the replay passed. The suite passes three fresh runs, the working folder stays empty,
# and it fails once the replay passes another value: the matchers are what hold it.
# usage: mock_arguments.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/cwd"
fail() { echo "FAIL: $*"; exit 1; }
cp -r "$bad/events" "$work/src" # a copy: its source is changed below
bash "$(dirname "$0")/configure_project.sh" "$work/src" "$work/project" >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class ev::Batch --out "$work/gen" \
  --max-executions 3000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" \
  >/dev/null 2>"$work/gen.err") || { cat "$work/gen.err"; fail "generate ev::Batch"; }
tests=$work/gen/Batch_test.cpp
grep -q "testing::NiceMock<MockSink>" "$tests" || fail "no mock of ev::Sink"
grep -q 'EXPECT_CALL(sink[0-9]*, put(testing::Property(&ev::Key::text, "[^"]*"), -\?[0-9]' "$tests" ||
  fail "no put expected with its key and value"
grep -q 'EXPECT_CALL(sink[0-9]*, erase(testing::Property(&ev::Key::text, "' "$tests" ||
  fail "no erase expected with its key"
bash "$(dirname "$0")/run_suite.sh" "$work/gen" "$work/build" batch_unitgen_test "$work/cwd"
[ -z "$(ls -A "$work/cwd")" ] || fail "generating or running left files in the working folder"
# The replay now passes each value plus one: the expectations on put's value no longer hold.
sed -i 's/sink.put(event.key.c_str(), event.value)/sink.put(event.key.c_str(), event.value + 1)/' \
  "$work/src/events.cpp"
grep -q "event.value + 1" "$work/src/events.cpp" || fail "the source was not changed"
cmake --build "$work/build" --target batch_unitgen_test >/dev/null
if (cd "$work/cwd" && "$work/build/batch_unitgen_test" --gtest_brief=1 >"$work/changed.log" 2>&1); then
  fail "the suite still passes with put's values changed"
fi
echo "ev::Batch: $(grep -c 'EXPECT_CALL' "$tests") EXPECT_CALLs with their arguments; the suite" \
  "passes three fresh runs and fails once put's values change"
