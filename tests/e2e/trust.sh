#!/usr/bin/env bash
# A class with real code's habits (tests/bad/careless_buffer: -fno-exceptions, argument asserts
# in the method and in a helper (`truncate`, found by the precondition probe),
# a (pointer, length) pair, a const view, a read of uninitialised memory, out-parameters, a char
# buffer with its size, an options struct set field by field, containers, streams, string views): what unitgen writes
# compiles with the project's flags, passes in three fresh processes with different heap bytes,
# asserts nothing the allocator decides, and reports no precondition violation as a failure.
# Then tests/bad/move_only: a callable whose call does not compile is left out, the rest tested;
# and tests/bad/overload_pairs: every overload called as declared.
# usage: trust.sh UNITGEN BAD_ROOT WORK
set -euo pipefail
unitgen=$1 bad=$2 work=$3
rm -rf "$work"; mkdir -p "$work/cwd"
bash "$(dirname "$0")/configure_project.sh" "$bad/careless_buffer" "$work/project" >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/project" --class CarelessBuffer --out "$work/gen" \
  --max-executions 3000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" >/dev/null)
fail() { echo "FAIL: $*"; exit 1; }
report=$work/gen/unitgen-report.json
read -r failures illegal cut < <(python3 -c "
import json; r = json.load(open('$report'))
print(r['selection']['failures'], r['exploration']['preconditionViolations'],
      r['verification']['cutAtException'])")
# reserve(-1), append(nullptr, 3) and truncate(5) of a shorter buffer break the asserts that guard
# them: illegal calls, no failures.
[ "$failures" = 0 ] || fail "$failures failure tests; the class has no defect, only preconditions"
[ "$illegal" -gt 0 ] || fail "no call was recognised as breaking its precondition"
# at() past the end throws, which a -fno-exceptions test cannot expect: cut before it.
[ "$cut" -gt 0 ] || fail "no test was cut before a call that threw"
regression=$work/gen/CarelessBuffer_test.cpp
! grep -q "EXPECT_THROW\|EXPECT_ANY_THROW" "$regression" || fail "EXPECT_THROW without exceptions"
! grep -q "EXPECT_.*scratch()" "$regression" || fail "a value of uninitialised memory is asserted"
grep -q '"-fno-exceptions"' "$work/gen/CMakeLists.txt" || fail "the emitted CMake drops -fno-exceptions"
# Out-parameters: a local passed by address or reference, what the call left in it asserted.
grep -q "find(.*, &index)" "$regression" && grep -q "EXPECT_EQ(index, " "$regression" ||
  fail "find(char, int *index) is not tested with a local whose value is asserted"
grep -q "copyTo(out)" "$regression" && grep -q "EXPECT_EQ(out, " "$regression" ||
  fail "copyTo(std::string &out) is not tested with a local whose value is asserted"
# A configuration struct: its public fields set by assignment before it is handed over.
grep -q "limits\.\(maxSize\|strict\) = " "$regression" && grep -q "roomUnder(limits)" "$regression" ||
  fail "Limits' public fields are not set by assignment before roomUnder(limits)"
# Containers: braced-list arguments, results and out-parameters compared whole.
grep -q "appendAll(std::vector<std::string>{" "$regression" &&
  grep -q "EXPECT_EQ(.*split(.*(std::vector<std::string>{" "$regression" &&
  grep -q "std::map<char, int> counts" "$regression" &&
  grep -q "EXPECT_EQ(counts, (std::map<char, int>{" "$regression" ||
  fail "split, appendAll and countBytes are not tested with containers compared whole"
# std::string_view: passed a literal, its result compared with one.
grep -q "startsWith(\"" "$regression" && grep -q "EXPECT_EQ(carelessBuffer.view(), \"" "$regression" ||
  fail "startsWith(std::string_view) and view() are not tested with string literals"
# Streams: a std::istringstream to read from, a std::ostringstream whose text is asserted.
grep -q "std::istringstream in(" "$regression" && grep -q "readLine(in)" "$regression" &&
  grep -q "std::ostringstream out;" "$regression" && grep -q "EXPECT_EQ(out.str(), " "$regression" ||
  fail "readLine(std::istream &) and write(std::ostream &) are not tested with string streams"
# A buffer with its size: a zeroed array of that many chars, its text asserted.
grep -q "char buffer\[[0-9]*\] = {};" "$regression" &&
  grep -q "print(buffer, [0-9]*)" "$regression" && grep -q "EXPECT_STREQ(buffer, " "$regression" ||
  fail "print(char *buffer, int bufferSize) is not tested with an array whose text is asserted"
bash "$(dirname "$0")/run_suite.sh" "$work/gen" "$work/build" careless_buffer_unitgen_test \
  "$work/cwd"
echo "CarelessBuffer: $(grep -c '^TEST' "$regression") tests pass three fresh runs; $illegal illegal" \
  "calls avoided, $cut tests cut before an exception, no failure tests"
# `coverage --json` gives each source's share and the class's own functions' beside the total: a
# project's own tests are measured on the class's file or functions, not on all it reaches.
(cd "$work/cwd" && "$unitgen" coverage -p "$work/project" --class CarelessBuffer --tests "$work/gen" \
  --json --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" >"$work/coverage.json") ||
  fail "unitgen coverage of the emitted suite"
python3 -c "
import json, sys; c = json.load(open('$work/coverage.json'))
files = c['files']
assert [f['path'].split('/')[-1] for f in files] == ['careless_buffer.cpp'], files
assert files[0]['lines'] == c['lines'] and files[0]['branches'] == c['branches'], c
assert 50 < c['lines']['percent'] <= 100, c
members = c['members']
assert members['functions'] > 3 and 0 < members['lines']['covered'] <= c['lines']['covered'], c
print('coverage: careless_buffer.cpp lines %.1f%%' % files[0]['lines']['percent'])" ||
  fail "coverage --json does not give the source's own coverage"

# One callable whose call does not compile (a move-only argument taken by value) is left out
# with the compiler's reason; the rest of the class is tested.
bash "$(dirname "$0")/configure_project.sh" "$bad/move_only" "$work/move_only" >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/move_only" --class Builder --out "$work/builder" \
  --max-executions 1000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" \
  >/dev/null 2>"$work/builder.err") || { cat "$work/builder.err"; fail "generate Builder"; }
grep -q "unitgen: note: leaving out Builder::adopt: its call does not compile: .*deleted" \
  "$work/builder.err" || { cat "$work/builder.err"; fail "no note on the left-out callable"; }
python3 -c "
import json, sys; r = json.load(open('$work/builder/unitgen-report.json'))
dropped = r['droppedCallables']
sys.exit(0 if len(dropped) == 1 and dropped[0]['callable'] == 'Builder::adopt(Token)' else 1)" ||
  fail "the report does not name Builder::adopt as left out"
grep -q "builder.add(" "$work/builder/Builder_test.cpp" || fail "the rest of Builder is not tested"
echo "Builder: adopt(Token) left out with the compiler's reason; add() and total() tested"

# Overloads as real APIs have them (tests/bad/overload_pairs): const/non-const pairs, put(int |
# long | double), name(std::string | const char*). Each is called as declared — the const one of
# a pair through std::as_const — nothing is left out and every emitted test compiles.
bash "$(dirname "$0")/configure_project.sh" "$bad/overload_pairs" "$work/overload_pairs" >/dev/null
(cd "$work/cwd" && "$unitgen" generate -p "$work/overload_pairs" --class Shelf --out "$work/shelf" \
  --max-executions 3000 --seed 1 --quiet --cache-dir "${UNITGEN_E2E_CACHE:-$work/cache}" \
  >/dev/null 2>"$work/shelf.err") || { cat "$work/shelf.err"; fail "generate Shelf"; }
python3 -c "
import json, sys; r = json.load(open('$work/shelf/unitgen-report.json'))
sys.exit(0 if not r['droppedCallables'] and r['verification']['droppedNotCompiling'] == 0 else 1)" ||
  fail "an overload of Shelf was left out or a test did not compile"
shelf_tests=$work/shelf/Shelf_test.cpp
for call in 'std::as_const(shelf)\.' 'shelf\.put(-\?[0-9]\+)' 'shelf\.put(-\?[0-9]\+L)' \
            'shelf\.put(-\?[0-9.]\+)' 'shelf\.name(std::string(' 'shelf\.name("'; do
  grep -q "$call" "$shelf_tests" || fail "no call matching '$call' in $shelf_tests"
done
echo "Shelf: every overload called as declared, const ones through std::as_const"
