// TestNamer, Identifiers and FailureDescription: the words generated tests are named with.
#include "EmitFixtures.h"

#include "emit/FailureDescription.h"
#include "emit/Identifiers.h"
#include "emit/TestNamer.h"
#include "suite/Goals.h"

#include <gtest/gtest.h>

#include <limits>

namespace unitgen {
namespace {

using namespace fixtures;

TEST(IdentifiersTest, LowerCamelTreatsLeadingCapitalsAsAcronym) {
  EXPECT_EQ(lowerCamel("TreeMap"), "treeMap");
  EXPECT_EQ(lowerCamel("IntStack"), "intStack");
  EXPECT_EQ(lowerCamel("UBStack"), "ubStack");
  EXPECT_EQ(lowerCamel("AVLTree"), "avlTree");
  EXPECT_EQ(lowerCamel("URL"), "url");
  EXPECT_EQ(lowerCamel("X"), "x");
  EXPECT_EQ(lowerCamel("ResultSet"), "resultSet");
  EXPECT_EQ(lowerCamel("my_class"), "myClass");
  EXPECT_EQ(lowerCamel("connection"), "connection");
}

TEST(IdentifiersTest, UpperCamelAndSnakeCase) {
  EXPECT_EQ(upperCamel("executeQuery"), "ExecuteQuery");
  EXPECT_EQ(upperCamel("out_of_range"), "OutOfRange");
  EXPECT_EQ(upperCamel("heap-use-after-free"), "HeapUseAfterFree");
  EXPECT_EQ(upperCamel("hello world"), "HelloWorld");
  EXPECT_EQ(snakeCase("TreeMap"), "tree_map");
  EXPECT_EQ(snakeCase("UBStack"), "ub_stack");
  EXPECT_EQ(snakeCase("AVLTree"), "avl_tree");
  EXPECT_EQ(snakeCase("weightCategory"), "weight_category");
  EXPECT_EQ(snakeCase("HTTPServer2"), "http_server2");
}

TEST(IdentifiersTest, UnqualifiedName) {
  EXPECT_EQ(unqualifiedName("ds::TreeMap"), "TreeMap");
  EXPECT_EQ(unqualifiedName("TreeMap"), "TreeMap");
  EXPECT_EQ(unqualifiedName("ds::Stack<ns::Key>"), "Stack");
  EXPECT_EQ(unqualifiedName("std::out_of_range"), "out_of_range");
}

TEST(IdentifiersTest, NameScopeNumbersAndAvoidsKeywords) {
  NameScope scope({"stack"});
  EXPECT_EQ(scope.declare("treeMap"), "treeMap");
  EXPECT_EQ(scope.peek("treeMap"), "treeMap2");
  EXPECT_EQ(scope.declare("treeMap"), "treeMap2");
  EXPECT_EQ(scope.declare("treeMap"), "treeMap3");
  EXPECT_EQ(scope.declare("int"), "intObject");
  EXPECT_EQ(scope.declare("stack"), "stackObject");
  EXPECT_EQ(scope.declare("std"), "stdObject");
  EXPECT_EQ(scope.declare(""), "value");
}

TEST(TestNamerTest, SuiteNames) {
  EXPECT_EQ(TestNamer(treeMapFixture().model, false).suiteName(), "TreeMapTest");
  EXPECT_EQ(TestNamer(treeMapFixture().model, true).suiteName(), "TreeMapFailureTest");
  EXPECT_EQ(TestNamer(bmiFixture().model, false).suiteName(), "WeightCategoryTest");
  EXPECT_EQ(subjectName(bmiFixture().model), "weightCategory");
  EXPECT_EQ(regressionFileName(bmiFixture().model), "weightCategory_test.cpp");
  EXPECT_EQ(failureFileName(treeMapFixture().model), "TreeMap_failures_test.cpp");
}

TEST(TestNamerTest, RegressionNamesFromLastCall) {
  const Fixture f = treeMapFixture();
  EXPECT_EQ(
      nameTests(f.model, f.suite.regression, false),
      (std::vector<std::string>{"RemoveReturnsTrue", "FirstKeyThrowsOutOfRange",
                                "GetReturnsNullopt", "PutReturnsTrue", "PutThenRemove",
                                "RemoveReturnsFalse", "RemoveReturnsTrue_2", "PutReturnsTrue_2"}));
}

TEST(TestNamerTest, FunctionAndConstructorNames) {
  const Fixture bmi = bmiFixture();
  const std::vector<std::string> names = nameTests(bmi.model, bmi.suite.regression, false);
  EXPECT_EQ(names[0], "WeightCategoryReturns1");
  EXPECT_EQ(names[1], "WeightCategoryThrowsInvalidArgument");
  EXPECT_EQ(names[4], "WeightCategoryThrowsInvalidArgument_2");
  const Fixture sample = sampleClassFixture();
  EXPECT_EQ(nameTests(sample.model, sample.suite.regression, false),
            (std::vector<std::string>{"RunReturnsYes", "RunReturnsNo",
                                      "ConstructorThrowsInvalidArgument"}));
}

TEST(TestNamerTest, RepeatedCalls) {
  ModelBuilder b("IntStack", false);
  b.classInfo("IntStack", "/p/int_stack.h", "int_stack.h");
  const int ctor = b.constructor("IntStack");
  const int push = b.method("IntStack", "push", {param("value", intType())}, voidType());
  const int copy =
      b.constructor("IntStack", {param("other", classType("IntStack", Passing::ConstReference))});
  const ClassModel model = b.build();
  TestNamer namer(model, false);
  EXPECT_EQ(
      namer.baseName(TestBuilder().call(ctor).call(push, 0, {lit(Value::integer(1))}).build()),
      "Push");
  EXPECT_EQ(namer.baseName(TestBuilder().call(ctor).call(copy, -1, {var(0)}).build()),
            "CopyConstructor");
  EXPECT_EQ(namer.baseName(TestBuilder()
                               .call(ctor)
                               .call(push, 0, {lit(Value::integer(1))})
                               .call(push, 0, {lit(Value::integer(2))})
                               .build()),
            "PushTwice");
  TestBuilder five;
  five.call(ctor);
  for (int i = 0; i < 5; ++i)
    five.call(push, 0, {lit(Value::integer(i))});
  EXPECT_EQ(namer.baseName(five.build()), "Push5Times");
  EXPECT_EQ(namer.baseName(TestBuilder().call(ctor).build()), "Constructor");
}

TEST(TestNamerTest, TestsKeptOnlyForBoundariesOrArgumentClassesSaySo) {
  ModelBuilder b("UBStack", false);
  b.classInfo("UBStack", "/p/ub_stack.h", "ub_stack.h");
  const int ctor = b.constructor("UBStack", {param("capacity", intType())});
  const ClassModel model = b.build();
  TestCase test = TestBuilder().call(ctor, -1, {lit(Value::integer(-3))}).build();
  test.calls[0].status = CallStatus::Threw;
  test.calls[0].exceptionType = "std::invalid_argument";
  Outcome outcome;
  outcome.calls = test.calls;
  outcome.boundaries = {uint64_t{6} << 32 | 1};
  auto keep = [&](GoalKind kind) {
    TestCase kept = test;
    for (Goal goal : goalsOf(model, test.sequence, outcome))
      if (goalKind(goal) == kind)
        kept.goalKeys.push_back(goal);
    return TestNamer(model, false).baseName(kept);
  };
  EXPECT_EQ(keep(GoalKind::Input), "ConstructorThrowsInvalidArgumentForNegativeCapacity");
  EXPECT_EQ(keep(GoalKind::Boundary), "ConstructorThrowsInvalidArgumentAtBoundary");
  EXPECT_EQ(keep(GoalKind::Throws), "ConstructorThrowsInvalidArgument");
  EXPECT_EQ(TestNamer(model, false).baseName(test), "ConstructorThrowsInvalidArgument");
}

TEST(TestNamerTest, ATestKeptForAnArgumentsStateSaysWhichReading) {
  ModelBuilder b("UBStack", false);
  b.classInfo("UBStack", "/p/ub_stack.h", "ub_stack.h");
  const int ctor = b.constructor("UBStack", {});
  const int assign =
      b.op("UBStack", "=", {param("other", classType("UBStack", Passing::ConstReference))},
           classType("UBStack", Passing::Reference));
  const int isFull = b.method("UBStack", "isFull", {}, boolType(), true);
  const ClassModel model = b.build();
  TestCase test = TestBuilder()
                      .call(ctor, -1, {})
                      .call(ctor, -1, {})
                      .call(assign, 0, {Argument::var(1)})
                      .build();
  test.goalKeys = {uint64_t{static_cast<uint8_t>(GoalKind::ArgumentState)} << 56 |
                   uint64_t(assign) << 32 | uint64_t(isFull) << 8 | 1};
  EXPECT_EQ(TestNamer(model, false).baseName(test), "AssignForOtherWithIsFullTrue");
}

TEST(TestNamerTest, ValueWords) {
  EXPECT_EQ(valueWord(Value::integer(-1), intType()), "Minus1");
  EXPECT_EQ(valueWord(Value::integer(std::numeric_limits<int>::max()), intType()), "Max");
  EXPECT_EQ(valueWord(Value::integer(std::numeric_limits<int>::min()), intType()), "Min");
  EXPECT_EQ(valueWord(Value::floating(0.5), doubleType()), "0Point5");
  EXPECT_EQ(valueWord(Value::floating(-2.5e10), doubleType()), "Minus25000000000Point0");
  EXPECT_EQ(valueWord(Value::floating(1e300), doubleType()), "1E300");
  EXPECT_EQ(valueWord(Value::floating(-0.0), doubleType()), "MinusZero");
  EXPECT_EQ(valueWord(Value::floating(std::numeric_limits<double>::infinity()), doubleType()),
            "Infinity");
  EXPECT_EQ(valueWord(Value::floating(std::numeric_limits<double>::quiet_NaN()), doubleType()),
            "NaN");
  EXPECT_EQ(valueWord(Value::floating(-std::numeric_limits<double>::max()), doubleType()),
            "Lowest");
  EXPECT_EQ(valueWord(Value::string("Yes"), stringType()), "Yes");
  EXPECT_EQ(valueWord(Value::string("hello world"), stringType()), "HelloWorld");
  EXPECT_EQ(valueWord(Value::string(""), stringType()), "EmptyString");
  EXPECT_EQ(valueWord(Value::string("a\nb"), stringType()), "String");
  EXPECT_EQ(valueWord(Value::integer('a'), charType()), "CharA");
  EXPECT_EQ(valueWord(Value::integer('\n'), charType()), "Char");
  EXPECT_EQ(valueWord(Value::integer(0), enumType("ds::Color", {{"ds::Color::kRed", 0}})), "Red");
  EXPECT_EQ(valueWord(Value::integer(7), enumType("ds::Color", {{"ds::Color::kRed", 0}})), "7");
  EXPECT_EQ(valueWord(Value::null(), optionalType(intType())), "Nullopt");
  EXPECT_EQ(valueWord(Value::integer(5), optionalType(intType())), "5");
}

TEST(TestNamerTest, FailureNames) {
  const Fixture f = failureFixture();
  std::vector<TestCase> failures;
  for (const TestCase &test : f.suite.failures)
    if (test.failure.kind != FailureKind::DriverError)
      failures.push_back(test);
  EXPECT_EQ(nameTests(f.model, failures, true),
            (std::vector<std::string>{
                "PokeSegfaults", "SpinHangs", "CheckAborts", "InsertBreaksInvariant",
                "FireThrowsNonStdException", "ReleaseHeapUseAfterFree", "InsertBreaksSelfEquality",
                "GrowBreaksCopyEquality", "PokeSegfaults_2", "InsertSignedIntegerOverflow",
                "InsertThenSizeChangesState", "InsertBreaksSizeIsSmall"}));
}

TEST(FailureDescriptionTest, Verbs) {
  auto verb = [](FailureKind kind, const std::string &detail) {
    return failureVerb(Failure{kind, 0, detail});
  };
  EXPECT_EQ(verb(FailureKind::Crash, "SIGSEGV (segmentation fault)"), "Segfaults");
  EXPECT_EQ(verb(FailureKind::Crash, "SIGFPE (arithmetic exception)"), "CrashesWithSigfpe");
  EXPECT_EQ(verb(FailureKind::Crash, "fatal signal"), "Crashes");
  EXPECT_EQ(verb(FailureKind::Sanitizer, "==1==ERROR: AddressSanitizer: SEGV on unknown address"),
            "Segfaults");
  EXPECT_EQ(verb(FailureKind::Sanitizer, "ERROR: AddressSanitizer: attempting double-free on 0x1"),
            "DoubleFree");
  EXPECT_EQ(verb(FailureKind::Sanitizer, "x.cpp:3:5: runtime error: division by zero"),
            "DivisionByZero");
  EXPECT_EQ(
      verb(FailureKind::Sanitizer, "x.cpp:3:5: runtime error: load of null pointer of type 'int'"),
      "LoadOfNullPointer");
  EXPECT_EQ(verb(FailureKind::Sanitizer, "ERROR: LeakSanitizer: detected memory leaks"),
            "MemoryLeak");
  EXPECT_EQ(verb(FailureKind::Sanitizer, "exit status 1"), "TriggersSanitizer");
  EXPECT_EQ(failureVerb(Failure{FailureKind::Sanitizer, 0, "exit status 1"},
                        "ERROR: AddressSanitizer: stack-buffer-overflow on address 0x1"),
            "StackBufferOverflow");
  EXPECT_EQ(verb(FailureKind::OutOfMemory, "std::bad_alloc"), "RunsOutOfMemory");
  EXPECT_EQ(verb(FailureKind::ContractViolated, "const method size changed the state of its "
                                                "receiver"),
            "ChangesState");
  EXPECT_EQ(verb(FailureKind::NonStdException, "observer size threw a non-std exception"),
            "ThenSizeThrowsNonStdException");
}

TEST(FailureDescriptionTest, SanitizerSummaryDropsWhatChangesBetweenRuns) {
  EXPECT_EQ(sanitizerSummary("==4242==ERROR: AddressSanitizer: heap-use-after-free on address "
                             "0x602000000010 at pc 0x1 bp 0x2 sp 0x3\nREAD of size 4"),
            "ERROR: AddressSanitizer: heap-use-after-free");
  EXPECT_EQ(sanitizerSummary("a.cpp:1:2: runtime error: division by zero"),
            "a.cpp:1:2: runtime error: division by zero");
}

TEST(FailureDescriptionTest, ObservedTextFallsBackToDetailAndKind) {
  TestCase test;
  test.failure = {FailureKind::Hang, 0, ""};
  EXPECT_EQ(observedText(test), "a hang (the call did not return within the time limit)");
  test.failure.detail = "the call did not return within 1000 ms.";
  EXPECT_EQ(observedText(test), "the call did not return within 1000 ms");
  test.observed = "hang after 1 s";
  EXPECT_EQ(observedText(test), "hang after 1 s");
}

} // namespace
} // namespace unitgen
