// Assertion pruning: repeated observer checks leave longer tests; every test can still fail.
#include "suite/AssertionPruning.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

/// A test of `length` statements: a constructor, then calls of `callable` on its object.
TestCase testOf(size_t length, int callable) {
  TestCase test;
  Statement make;
  make.callable = 0;
  test.sequence.statements.push_back(make);
  for (size_t i = 1; i < length; ++i) {
    Statement call;
    call.callable = callable;
    call.receiver = 0;
    test.sequence.statements.push_back(call);
  }
  test.calls.resize(length);
  return test;
}

ObserverValue check(int observer, Value value, uint64_t coverage) {
  ObserverValue o;
  o.variable = 0;
  o.callable = observer;
  o.value = std::move(value);
  o.coverage = coverage;
  return o;
}

TEST(AssertionPruningTest, RepeatedCheckStaysOnlyInTheShorterTest) {
  TestCase longer = testOf(4, 1);
  longer.observers = {check(5, Value::boolean(false), 11), check(6, Value::integer(3), 12)};
  TestCase shorter = testOf(2, 1);
  shorter.observers = {check(5, Value::boolean(false), 11), check(6, Value::integer(1), 12)};
  std::vector<TestCase> tests{longer, shorter};
  dropRepeatedObserverAssertions(tests);
  ASSERT_EQ(tests[1].observers.size(), 2u);
  ASSERT_EQ(tests[0].observers.size(), 1u); // isEmpty() == false again: dropped
  EXPECT_EQ(tests[0].observers[0].value, Value::integer(3));
}

TEST(AssertionPruningTest, AnEchoOfAnotherObserverIsCheckedOncePerPathAndResult) {
  // size() (6) and isEmpty() (5) on every object; isEmpty() follows from size() everywhere.
  auto sizeAndEmpty = [](size_t length, int callable, int64_t size) {
    TestCase test = testOf(length, callable);
    test.observers = {check(6, Value::integer(size), 12), check(5, Value::boolean(size == 0), 11)};
    return test;
  };
  std::vector<TestCase> tests{sizeAndEmpty(2, 1, 1), sizeAndEmpty(3, 2, 2), sizeAndEmpty(4, 3, 0),
                              sizeAndEmpty(5, 1, 0)};
  dropRepeatedObserverAssertions(tests);
  auto asserted = [&](size_t test) { return tests[test].observers.size(); };
  EXPECT_EQ(asserted(0), 2u); // isEmpty() false: first time
  EXPECT_EQ(asserted(1), 1u); // false again after another operation: size() 2 says it
  EXPECT_EQ(asserted(2), 2u); // isEmpty() true: first time
  EXPECT_EQ(asserted(3), 1u);
  // Where isEmpty() does not follow from size() (a size of 0 that is not empty), it stays.
  std::vector<TestCase> independent{sizeAndEmpty(2, 1, 1), sizeAndEmpty(3, 2, 2),
                                    sizeAndEmpty(4, 3, 2)};
  independent[2].observers[1].value = Value::boolean(true);
  dropRepeatedObserverAssertions(independent);
  for (const TestCase &test : independent)
    EXPECT_EQ(test.observers.size(), 2u);
  // An invariant that is always true is no echo, whatever determines it.
  std::vector<TestCase> invariant{sizeAndEmpty(2, 1, 1), sizeAndEmpty(3, 2, 2)};
  for (TestCase &test : invariant)
    test.observers[1] = check(7, Value::boolean(true), 13);
  dropRepeatedObserverAssertions(invariant);
  for (const TestCase &test : invariant)
    EXPECT_EQ(test.observers.size(), 2u);
}

TEST(AssertionPruningTest, DifferentCodeDifferentOperationOrNoCoverageIsKept) {
  TestCase first = testOf(2, 1);
  first.observers = {check(5, Value::boolean(true), 11)};
  TestCase otherCode = testOf(3, 1); // same result, but the observer ran other code
  otherCode.observers = {check(5, Value::boolean(true), 99)};
  TestCase otherOperation = testOf(3, 2); // same check after another operation
  otherOperation.observers = {check(5, Value::boolean(true), 11)};
  TestCase unknown = testOf(3, 1); // no coverage information: never pruned
  unknown.observers = {check(5, Value::boolean(true), 0)};
  std::vector<TestCase> tests{first, otherCode, otherOperation, unknown};
  dropRepeatedObserverAssertions(tests);
  for (const TestCase &test : tests)
    EXPECT_EQ(test.observers.size(), 1u);
}

TEST(AssertionPruningTest, ATestWithNothingElseToAssertKeepsOneCheck) {
  TestCase first = testOf(2, 1);
  first.observers = {check(5, Value::boolean(false), 11)};
  TestCase silent = testOf(3, 1);
  silent.observers = {check(5, Value::boolean(false), 11)};
  TestCase assertsAReturn = testOf(3, 1);
  assertsAReturn.calls[2].hasValue = true;
  assertsAReturn.observers = {check(5, Value::boolean(false), 11)};
  std::vector<TestCase> tests{first, silent, assertsAReturn};
  dropRepeatedObserverAssertions(tests);
  EXPECT_EQ(tests[1].observers.size(), 1u);
  EXPECT_TRUE(tests[2].observers.empty());
}

TEST(AssertionPruningTest, ACallThatChangedTheObjectAndOneThatKeptItAreDifferentChecks) {
  // `a = a` (kept) then `a = b` (changed): the same observer result checks other code.
  TestCase kept = testOf(2, 1);
  kept.observers = {check(5, Value::boolean(true), 11)};
  TestCase changed = testOf(3, 1);
  changed.calls[2].receiverChanged = true;
  changed.observers = {check(5, Value::boolean(true), 11), check(6, Value::integer(0), 12)};
  TestCase keptAgain = testOf(3, 1);
  keptAgain.observers = {check(5, Value::boolean(true), 11), check(6, Value::integer(0), 12)};
  std::vector<TestCase> tests{kept, changed, keptAgain};
  dropRepeatedObserverAssertions(tests);
  EXPECT_EQ(tests[1].observers.size(), 2u);
  ASSERT_EQ(tests[2].observers.size(), 1u); // its isEmpty() check repeats the first test's
  EXPECT_EQ(tests[2].observers[0].callable, 6);
}

TEST(AssertionPruningTest, ReadBackQueriesAreNotWhatAnObserverChecks) {
  // `C c; c.query(1);` checks size() after the constructor; `C c; c.clear(); c.query(1);`
  // checks it after clear(), which changed the object: not a repeat, though both end in query.
  TestCase afterConstructor = testOf(2, 3);
  afterConstructor.readBackQueries = 1;
  afterConstructor.observers = {check(6, Value::integer(0), 12)};
  TestCase afterClear = testOf(3, 3);
  afterClear.sequence.statements[1].callable = 4;
  afterClear.calls[1].receiverChanged = true;
  afterClear.readBackQueries = 1;
  afterClear.calls[2].hasValue = true;
  afterClear.observers = {check(6, Value::integer(0), 12)};
  std::vector<TestCase> tests{afterConstructor, afterClear};
  dropRepeatedObserverAssertions(tests);
  EXPECT_EQ(tests[1].observers.size(), 1u);
  // Without the queries counted as such, the last touch of both is the query: a repeat.
  tests = {afterConstructor, afterClear};
  tests[1].readBackQueries = tests[0].readBackQueries = 0;
  dropRepeatedObserverAssertions(tests);
  EXPECT_TRUE(tests[1].observers.empty());
}

/// `C c; c.f(); C d(c);` with the observers of both objects reading `first` and `second`.
TestCase copiedWith(Value first, Value second) {
  TestCase test = testOf(2, 1);
  Statement copy;
  copy.callable = 2;
  copy.args = {Argument::var(0)};
  test.sequence.statements.push_back(copy);
  test.calls.resize(3);
  test.observers = {check(5, Value::integer(1), 11), check(6, first, 12),
                    check(5, Value::integer(1), 11), check(6, second, 12)};
  test.observers[2].variable = test.observers[3].variable = 2;
  return test;
}

TEST(AssertionPruningTest, AnObjectReadingAsALaterOneIsNotAssertedAgain) {
  // The copy reads as the original: only the copy, touched last, is asserted.
  TestCase same = copiedWith(Value::integer(7), Value::integer(7));
  dropObserversRepeatedByALaterObject(same);
  ASSERT_EQ(same.observers.size(), 2u);
  EXPECT_EQ(same.observers[0].variable, 2);
  EXPECT_EQ(same.observers[1].variable, 2);
  // One observer reads differently: both objects stay asserted.
  TestCase differs = copiedWith(Value::integer(7), Value::integer(8));
  dropObserversRepeatedByALaterObject(differs);
  EXPECT_EQ(differs.observers.size(), 4u);
}

} // namespace
} // namespace unitgen
