#!/usr/bin/env bash
# `unitgen generate --strategy exhaustive`: builder tests from the heaps of a field-coverage
# suite build with the emitted CMake file and pass — BinarySearchTree (FET at scope 4: the 20
# heaps explore --criterion fet keeps; fbt-linear at scope 6: fewer), HeapArray (an array behind
# a pointer) and ds::TreeMap (a private enum, parent pointers); on tests/bad/broken_list the
# planted bugs become failure reproducers (a crash, a broken invariant, a disabled hang) that
# fail when run; legal tests rebuild heaps by public calls (from UBStack's defaulted
# constructor: those of capacity 10, none of capacity 3; from CappedStack's constructor with
# the scope's values as its capacity); after a non-const call the observers are asserted;
# --methods picks the calls; --theories are checked on the heaps and after the calls (a
# false one gives failure tests that fail with its assertion, one that aborts is an error);
# an unknown
# method and a finitization without valid heaps are clear errors.
# usage: exhaustive_generate.sh UNITGEN SUBJECTS_BUILD BAD_ROOT WORK
set -euo pipefail
trap 'echo "exhaustive_generate.sh: failed at line $LINENO" >&2' ERR
unitgen=$1 subjects_build=$2 bad=$3 work=$4
rm -rf "$work"
mkdir -p "$work"
cache=$work/../subjects/driver-cache
generate() { # OUT CLASS SCOPE [FLAGS...]
  local out=$1 class=$2 scope=$3; shift 3
  "$unitgen" generate -p "$subjects_build" --class "$class" --strategy exhaustive --scope "$scope" \
    --out "$work/$out" --cache-dir "$cache" "$@" >"$work/$out.log" 2>&1 || {
    cat "$work/$out.log"; return 1; }
}
build_and_pass() { # OUT: builds the folder; every builder test passes
  local out=$1
  cmake -S "$work/$out" -B "$work/$out-build" -G Ninja -DCMAKE_CXX_COMPILER=clang++-14 >/dev/null
  cmake --build "$work/$out-build" >/dev/null
  local binary
  binary=$(find "$work/$out-build" -maxdepth 1 -type f -name '*_unitgen_builder_test')
  "$binary" --gtest_brief=1 >"$work/$out-run.log" 2>&1 || { tail -n 30 "$work/$out-run.log"; exit 1; }
  "$binary" --gtest_list_tests | grep -c '^  '
}
report() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$@"; }

generate bst-fet BinarySearchTree 4
tests=$(build_and_pass bst-fet)
# 20 builder tests, and 20 legal ones: public insert/remove sequences reach every heap.
[ "$(report "$work/bst-fet/unitgen-report.json" heaps)" = 20 ] && [ "$tests" = 40 ] &&
  [ "$(report "$work/bst-fet/unitgen-report.json" legalHeaps)" = 20 ] || {
  echo "BinarySearchTree fet at scope 4: $tests tests"; exit 1; }
grep -q "TEST(BinarySearchTreeLegalTest, Heap20)" "$work/bst-fet/BinarySearchTree_legal_test.cpp"
if grep -q "ExposeMember" "$work/bst-fet/BinarySearchTree_legal_test.cpp"; then
  echo "a legal test uses private access"; exit 1
fi
grep -q "EXPECT_TRUE(self->insert(3));" "$work/bst-fet/BinarySearchTree_builder_test.cpp"
# After a call that may change the tree its observers are asserted; after a const one not.
grep -A2 "EXPECT_TRUE(self->insert(3));" "$work/bst-fet/BinarySearchTree_builder_test.cpp" |
  grep -q "EXPECT_EQ(self->size(), "
if grep -A2 "EXPECT_TRUE(self->contains(3));" "$work/bst-fet/BinarySearchTree_builder_test.cpp" |
  grep -q "EXPECT_EQ(self->size(), "; then
  echo "observers asserted after contains(), a const method"; exit 1
fi
grep -q "template struct ExposeMember<0, &BinarySearchTree::root_>;" \
  "$work/bst-fet/BinarySearchTree_builder_test.cpp"
[ "$(report "$work/bst-fet/unitgen-report.json" failingCalls)" = 0 ]
generate bst-fbt BinarySearchTree 6 --criterion fbt-linear --methods insert,remove
fbt=$(build_and_pass bst-fbt)
[ "$fbt" -gt 0 ] || { echo "fbt-linear at scope 6: no tests"; exit 1; }
if grep -q "contains(" "$work/bst-fbt/BinarySearchTree_builder_test.cpp"; then
  echo "--methods insert,remove called contains"; exit 1
fi
# The legal search steers towards the heaps and stops once it has them all: at scope 5 it
# reaches all 31 heaps with fewer than half the 2,821 sequences a breadth-first search runs
# before it has them.
generate bst-guided BinarySearchTree 5 --methods insert,remove,contains
[ "$(report "$work/bst-guided/unitgen-report.json" legalHeaps)" = \
  "$(report "$work/bst-guided/unitgen-report.json" heaps)" ] &&
  [ "$(report "$work/bst-guided/unitgen-report.json" legalSequencesRun)" -lt 1400 ] || {
  cat "$work/bst-guided/unitgen-report.json"; exit 1; }
echo '{"fields": {"HeapArray::capacity_": [8, 8]}}' >"$work/heap_array.json"
generate heap-array HeapArray 3 --finitization "$work/heap_array.json"
arrays=$(build_and_pass heap-array)
# The array is as long as the capacity field may claim (8), not just the largest size (3).
grep -q "new std::remove_reference_t<decltype(\*array_(self))>\[8\]" \
  "$work/heap-array/HeapArray_builder_test.cpp"
[ "$(report "$work/heap-array/unitgen-report.json" legalHeaps)" -gt 0 ] || {
  cat "$work/heap-array/unitgen-report.json"; exit 1; }
# UBStack(int capacity = 10): legal sequences start from its defaulted constructor, so they
# reach the heaps of capacity 10 and none of capacity 3.
echo '{"fields": {"UBStack::capacity_": [10, 10]}}' >"$work/ub_stack.json"
generate ub-stack UBStack 3 --finitization "$work/ub_stack.json"
[ "$(report "$work/ub-stack/unitgen-report.json" legalHeaps)" = \
  "$(report "$work/ub-stack/unitgen-report.json" heaps)" ] || {
  cat "$work/ub-stack/unitgen-report.json"; exit 1; }
build_and_pass ub-stack >/dev/null
echo '{"fields": {"UBStack::capacity_": [3, 3]}}' >"$work/ub_stack3.json"
generate ub-stack3 UBStack 3 --finitization "$work/ub_stack3.json"
[ "$(report "$work/ub-stack3/unitgen-report.json" legalHeaps)" = 0 ] &&
  [ ! -e "$work/ub-stack3/UBStack_legal_test.cpp" ] || {
  cat "$work/ub-stack3/unitgen-report.json"; exit 1; }
# CappedStack(int capacity), no default: legal sequences start from it with the scope's values
# (CappedStack(0) throws and reaches nothing) and reach every heap, capacities 1 and 2.
bash "$(dirname "$0")/configure_project.sh" "$(dirname "$0")/../projects/capped_stack" \
  "$work/capped-project" >/dev/null
"$unitgen" generate -p "$work/capped-project" --class CappedStack --strategy exhaustive \
  --scope 3 --out "$work/capped" --cache-dir "$cache" >"$work/capped.log" 2>&1 || {
  cat "$work/capped.log"; exit 1; }
[ "$(report "$work/capped/unitgen-report.json" legalHeaps)" = \
  "$(report "$work/capped/unitgen-report.json" heaps)" ] || {
  cat "$work/capped/unitgen-report.json"; exit 1; }
grep -q "auto \*self = new CappedStack(2);" "$work/capped/CappedStack_legal_test.cpp"
[ "$(build_and_pass capped)" -gt 0 ]
# --budget bounds the heaps and the legal search together: the legal search gets what is left.
generate bst-budget BinarySearchTree 9 --budget 8s
python3 - "$work/bst-budget/unitgen-report.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
# The heaps (search, calls on them) take over half a second at scope 9: less than 8 s is left.
assert 0 < r["legalBudgetSeconds"] <= min(7.5, max(1.0, 8 - r["generationSeconds"])), r
PY
# --legal-budget sets the legal search's time; 0s skips it.
generate bst-legal0 BinarySearchTree 4 --legal-budget 0s
[ "$(report "$work/bst-legal0/unitgen-report.json" legalHeaps)" = 0 ] &&
  [ ! -e "$work/bst-legal0/BinarySearchTree_legal_test.cpp" ] || {
  cat "$work/bst-legal0/unitgen-report.json"; exit 1; }
# (256 sequences, a child process each: seconds to spare on a loaded machine)
generate bst-legal5 BinarySearchTree 4 --legal-budget 5s
[ "$(report "$work/bst-legal5/unitgen-report.json" legalBudgetSeconds)" = 5.0 ] &&
  [ "$(report "$work/bst-legal5/unitgen-report.json" legalHeaps)" = 20 ] || {
  cat "$work/bst-legal5/unitgen-report.json"; exit 1; }
generate tree-map ds::TreeMap 3
maps=$(build_and_pass tree-map)

# --theories: replay checks them on each heap as built and after each call. KeysInOrder holds
# of every map; AtMostTwoKeys is false of the maps of three keys (heaps as built) and of those
# a put grows to three (calls).
cat >"$work/tree_map_theories.cpp" <<'CPP'
#include <unitgen/theory.h>
#include "tree_map.h"
UNITGEN_THEORY(ds::TreeMap, KeysInOrder)(const ds::TreeMap &map) {
  UNITGEN_ASSUME(map.size() > 0);
  UNITGEN_ASSERT(map.firstKey() <= map.lastKey() && map.containsKey(map.firstKey()));
}
UNITGEN_THEORY(ds::TreeMap, AtMostTwoKeys)(const ds::TreeMap &map) {
  UNITGEN_ASSERT(map.size() <= 2);
}
CPP
generate theories ds::TreeMap 3 --theories "$work/tree_map_theories.cpp" --legal-budget 2s
failures=$work/theories/TreeMap_builder_failures_test.cpp
grep -q "TEST(TreeMapBuilderFailuresTest, Heap[0-9]*_BreaksAtMostTwoKeys)" "$failures"
grep -q "as built breaks the theory AtMostTwoKeys: UNITGEN_ASSERT(map.size() <= 2)" "$failures"
grep -q "self->put([0-9], [0-9]) breaks the theory AtMostTwoKeys" "$failures"
grep -q 'EXPECT_EQ(unitgen::theoryViolation("AtMostTwoKeys", \*self), "");' "$failures"
if grep -q "KeysInOrder" "$failures"; then echo "a theory that holds failed"; exit 1; fi
[ "$(report "$work/theories/unitgen-report.json" theoryFailures)" -gt 0 ]
build_and_pass theories >/dev/null # the regression tests check no theory: they pass
reproducer=$(find "$work/theories-build" -maxdepth 1 -type f -name '*_unitgen_builder_failures_test')
for test in $("$reproducer" --gtest_list_tests | awk '/^  Heap/ {print $1}'); do
  if "$reproducer" --gtest_filter="*.$test" >"$work/theory-run.log" 2>&1 ||
    ! grep -q "UNITGEN_ASSERT(map.size() <= 2) failed" "$work/theory-run.log"; then
    echo "theory failure test $test did not fail with the theory's assertion"; exit 1
  fi
done
# A theory that crashes is the theory's defect: a clear error, no tests.
cat >"$work/crashing_theories.cpp" <<'CPP'
#include <unitgen/theory.h>
#include "tree_map.h"
#include <cstdlib>
UNITGEN_THEORY(ds::TreeMap, Aborts)(const ds::TreeMap &map) {
  if (map.size() > 1)
    std::abort();
}
CPP
if generate crashing ds::TreeMap 3 --theories "$work/crashing_theories.cpp"; then
  echo "a theory that aborts gave a suite"; exit 1
fi
grep -q "unitgen: error: a theory (--theories) crashed on heap" "$work/crashing.log"
echo "builder tests pass: BinarySearchTree $tests (fet, scope 4), $fbt (fbt-linear, scope 6);" \
  "HeapArray $arrays; ds::TreeMap $maps"

# Planted bugs: each kind of failure is reproduced, and the reproducers fail.
bash "$(dirname "$0")/configure_project.sh" "$bad/broken_list" "$work/broken-project" >/dev/null
subjects_build=$work/broken-project generate broken BrokenList 4 --call-timeout 200ms
failures=$work/broken/BrokenList_builder_failures_test.cpp
grep -q "self->insert(2) crashes (signal 11)" "$failures"
grep -q "self->remove(0) breaks the invariant" "$failures"
grep -q "TEST(BrokenListBuilderFailuresTest, DISABLED_Heap.*_contains_3)" "$failures"
build_and_pass broken >/dev/null
reproducer=$(find "$work/broken-build" -maxdepth 1 -type f -name '*_unitgen_builder_failures_test')
for test in $("$reproducer" --gtest_list_tests | awk '/^  Heap/ {print $1}'); do
  if "$reproducer" --gtest_filter="*.$test" >/dev/null 2>&1; then
    echo "failure reproducer $test passed"; exit 1
  fi
done
echo "BrokenList: $(grep -c '^TEST' "$failures") failure reproducers (crash, broken invariant, hang)"

if subjects_build=$work/broken-project generate typo BrokenList 2 --methods insert,push; then
  echo "--methods naming a missing method was accepted"; exit 1
fi
grep -q "unitgen: error: --methods: BrokenList has no method push" "$work/typo.log"
echo '{"fields": {"HeapArray::capacity_": [0, 0]}}' >"$work/none.json"
if generate none HeapArray 2 --finitization "$work/none.json"; then
  echo "a finitization without valid heaps gave a suite"; exit 1
fi
grep -q "unitgen: error: no valid heap of HeapArray within scope 2" "$work/none.log"
