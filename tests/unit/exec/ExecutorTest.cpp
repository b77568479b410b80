// Executor tests: a real driver for a small class, with crashes, hangs, aborts, runaway
// allocations and non-std exceptions that must end only their own request.
#include "TestModels.h"

#include "exec/Executor.h"
#include "exec/Preconditions.h"
#include "harness/DriverBuilder.h"
#include "runtime/driver/BoundaryOrder.h"
#include "runtime/driver/Protocol.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

namespace unitgen {
namespace {

using namespace testing;

class ExecutorTest : public ::testing::TestWithParam<std::tuple<BuildKind, bool>> {
protected:
  static std::string driverFor(BuildKind kind) {
    BuildOptions options;
    options.cacheDir = (std::filesystem::temp_directory_path() / "unitgen-test-cache").string();
    options.runtimeDir = std::string(UNITGEN_SOURCE_DIR) + "/src/runtime";
    auto built =
        buildDriver(counterModel(std::string(UNITGEN_TEST_DATA_DIR) + "/data"), kind, options);
    EXPECT_TRUE(built) << (built ? "" : built.error().message);
    return built ? built->path : "";
  }

  void SetUp() override {
    auto [kind, fork] = GetParam();
    ExecOptions options;
    options.driverPath = driverFor(kind);
    // 2 s, not less: beside other tests on a loaded machine, filling 512 MB once took longer
    // than 0.5 s and counted as a hang.
    options.callTimeoutSeconds = 2;
    options.memoryLimitMb = 512;
    options.forkServer = fork;
    options.sanitizerBuild = kind == BuildKind::Replay;
    auto started = Executor::start(options);
    ASSERT_TRUE(started) << (started ? "" : started.error().message);
    executor_ = std::move(*started);
  }

  std::unique_ptr<Executor> executor_;
};

TEST_P(ExecutorTest, ReturnsValuesObserversAndCoverage) {
  Outcome outcome = executor_->run(counterWith({{kAdd, 5}, {kValue, 0}}), {true});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  ASSERT_EQ(outcome.calls.size(), 3u);
  EXPECT_TRUE(outcome.calls[0].producedObject);
  EXPECT_EQ(outcome.calls[1].status, CallStatus::Returned);
  ASSERT_TRUE(outcome.calls[2].hasValue);
  EXPECT_EQ(outcome.calls[2].value, Value::integer(5));
  // Observers of the last call's receiver: value(), label() and the public invariant repOK().
  ASSERT_EQ(outcome.observers.size(), 3u);
  EXPECT_EQ(outcome.observers[1].value, Value::string("small"));
  EXPECT_EQ(outcome.observers[2].value, Value::boolean(true));
  ASSERT_EQ(outcome.finalStates.size(), 1u);
  if (std::get<0>(GetParam()) == BuildKind::Exploration) {
    EXPECT_FALSE(outcome.edges.empty());
    // The edges one run covers are a part of all the code under test's edges.
    EXPECT_GT(executor_->edgeCount(), outcome.edges.size());
    EXPECT_LE(outcome.edges.back(), executor_->edgeCount());
  }
}

TEST_P(ExecutorTest, EdgesCarryHowOftenTheyRan) {
  if (std::get<0>(GetParam()) != BuildKind::Exploration)
    GTEST_SKIP() << "only the exploration build has coverage";
  Outcome once = executor_->run(counterWith({{kAdd, 1}}), {});
  Outcome thrice = executor_->run(counterWith({{kAdd, 1}, {kAdd, 2}, {kAdd, 3}}), {});
  ASSERT_EQ(once.edgeHits.size(), once.edges.size());
  ASSERT_EQ(thrice.edges, once.edges); // same code ...
  auto most = [](const Outcome &o) {
    return *std::max_element(o.edgeHits.begin(), o.edgeHits.end());
  };
  EXPECT_EQ(most(thrice), 3 * most(once)); // ... run three times as often
}

TEST_P(ExecutorTest, ObserverCoverageTellsChecksApart) {
  if (std::get<0>(GetParam()) != BuildKind::Exploration)
    GTEST_SKIP() << "only the exploration build has coverage";
  RunFlags flags;
  flags.observers = flags.observerCoverage = true;
  // label() takes its other branch above 10: same observer, different code run.
  Outcome small = executor_->run(counterWith({{kAdd, 2}}), flags);
  Outcome alsoSmall = executor_->run(counterWith({{kAdd, 3}}), flags);
  Outcome big = executor_->run(counterWith({{kAdd, 11}}), flags);
  Outcome without = executor_->run(counterWith({{kAdd, 2}}), {true});
  ASSERT_EQ(small.observers.size(), 3u);
  ASSERT_EQ(big.observers.size(), 3u);
  EXPECT_NE(small.observers[1].coverage, 0u);
  EXPECT_EQ(small.observers[1].coverage, alsoSmall.observers[1].coverage);
  EXPECT_NE(small.observers[1].coverage, big.observers[1].coverage);
  EXPECT_EQ(without.observers[1].coverage, 0u);
  // repOK() runs the same edges at 0 and 2, but only at 0 on the boundary of `value_ >= 0`.
  Outcome zero = executor_->run(counterWith({}), flags);
  ASSERT_EQ(zero.observers.size(), 3u);
  EXPECT_NE(zero.observers[2].coverage, small.observers[2].coverage);
  EXPECT_EQ(alsoSmall.observers[2].coverage, small.observers[2].coverage);
  // Observer coverage still counts for the request.
  EXPECT_EQ(small.edges, without.edges);
}

TEST_P(ExecutorTest, InvariantChecksBetweenCallsCoverNothing) {
  if (std::get<0>(GetParam()) != BuildKind::Exploration)
    GTEST_SKIP() << "only the exploration build has coverage";
  // repOK() runs after every call, but a test asserts it only at the end: `value_ >= 0` at 0
  // is a boundary when the final state is checked, not when an intermediate one was.
  RunFlags flags;
  flags.observers = true;
  Outcome fresh = executor_->run(counterWith({}), flags);
  Outcome added = executor_->run(counterWith({{kAdd, 5}}), flags);
  Outcome unchecked = executor_->run(counterWith({}), {});
  auto equalOperands = [](const Outcome &outcome) {
    return std::count_if(outcome.boundaries.begin(), outcome.boundaries.end(),
                         [](uint64_t key) { return boundaryOrder(key) == kOrderEqual; });
  };
  EXPECT_GT(equalOperands(fresh), 0);
  EXPECT_EQ(equalOperands(added), 0);
  EXPECT_EQ(equalOperands(unchecked), 0);
  EXPECT_NE(fresh.edges, unchecked.edges); // repOK() among the observers
}

TEST_P(ExecutorTest, CanonicalStatesMatchForEqualObjects) {
  Outcome a = executor_->run(counterWith({{kAdd, 2}, {kAdd, 3}}), {true});
  Outcome b = executor_->run(counterWith({{kAdd, 5}}), {true});
  Outcome c = executor_->run(counterWith({{kAdd, 4}}), {true});
  ASSERT_EQ(a.finalStates.size(), 1u);
  EXPECT_EQ(a.finalStates[0].hash, b.finalStates[0].hash);
  EXPECT_NE(a.finalStates[0].hash, c.finalStates[0].hash);
}

TEST_P(ExecutorTest, StdExceptionIsRecordedBehaviour) {
  Outcome outcome = executor_->run(counterWith({{kAdd, -1}, {kAdd, 1}}), {});
  EXPECT_EQ(outcome.failure.kind, FailureKind::None);
  EXPECT_EQ(outcome.calls[1].status, CallStatus::Threw);
  EXPECT_EQ(outcome.calls[1].exceptionType, "std::invalid_argument");
  EXPECT_EQ(outcome.calls[1].exceptionMessage, "negative amount");
  EXPECT_EQ(outcome.calls[2].status, CallStatus::Returned);
}

TEST_P(ExecutorTest, InvariantViolationIsAFailure) {
  Outcome outcome = executor_->run(counterWith({{kAdd, 13}}), {});
  EXPECT_EQ(outcome.failure.kind, FailureKind::InvariantViolated);
  EXPECT_EQ(outcome.failure.statement, 1);
}

TEST_P(ExecutorTest, AConstMethodChangingWhatItsReceiverReachesBreaksItsPromise) {
  Outcome bumped = executor_->run(counterWith({{kAdd, 3}, {kBump, 0}}), {});
  EXPECT_EQ(bumped.failure.kind, FailureKind::ContractViolated);
  EXPECT_EQ(bumped.failure.statement, 2);
  EXPECT_NE(bumped.failure.detail.find("const method Counter::bump changed the state"),
            std::string::npos)
      << bumped.failure.detail;
  // Given a counter to change, itself here, the change is the argument's: no promise broken.
  Sequence giveToItself = counterWith({{kAdd, 3}});
  giveToItself.statements.push_back({kGiveTo, 0, {Argument::var(0)}});
  Outcome given = executor_->run(giveToItself, {});
  EXPECT_EQ(given.failure.kind, FailureKind::None) << given.failure.detail;
}

TEST_P(ExecutorTest, EachMisbehaviourEndsOnlyItsRequest) {
  struct Case {
    int code;
    std::vector<FailureKind> kinds;
  };
  std::vector<Case> cases = {
      {3, {FailureKind::Crash, FailureKind::Sanitizer}},
      {4, {FailureKind::Hang}},
      {5, {FailureKind::NonStdException}},
      {6, {FailureKind::Abort}},
      {7, {FailureKind::OutOfMemory}},
      // Well past the time-out (2 s) to reach the limit (512 MB), but growing all along.
      {8, {FailureKind::OutOfMemory}},
  };
  for (const Case &c : cases) {
    Outcome outcome = executor_->run(counterWith({{kAdd, 1}, {kPoke, c.code}, {kAdd, 1}}), {});
    EXPECT_NE(std::find(c.kinds.begin(), c.kinds.end(), outcome.failure.kind), c.kinds.end())
        << "code " << c.code << " gave " << toString(outcome.failure.kind) << ": "
        << outcome.failure.detail;
    EXPECT_EQ(outcome.failure.statement, 2) << "code " << c.code;
    EXPECT_EQ(outcome.calls[1].status, CallStatus::Returned);
    // The next request runs normally on a restarted (or still healthy) driver.
    Outcome after = executor_->run(counterWith({{kAdd, 2}, {kValue, 0}}), {});
    EXPECT_EQ(after.failure.kind, FailureKind::None) << "after code " << c.code;
    ASSERT_EQ(after.calls.size(), 3u);
    EXPECT_EQ(after.calls[2].value, Value::integer(2));
  }
}

TEST_P(ExecutorTest, AFailedAssertIsQuotedAndMayBeDeclaredAnIllegalCall) {
  const Sequence sequence = counterWith({{kAdd, 1}, {kPoke, 9}, {kAdd, 1}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::Abort) << outcome.failure.detail;
  EXPECT_NE(outcome.failure.assertion.find("Counter::poke(int): Assertion `code != 9' failed."),
            std::string::npos)
      << outcome.failure.assertion;
  EXPECT_EQ(outcome.illegalCall, -1); // no one said what a precondition is

  auto [kind, fork] = GetParam();
  ExecOptions options;
  options.driverPath = driverFor(kind);
  options.forkServer = fork;
  options.sanitizerBuild = kind == BuildKind::Replay;
  options.isPreconditionViolation = [](const Sequence &, const Outcome &outcome) {
    return outcome.failure.assertion.find("`code != 9'") != std::string::npos;
  };
  auto judging = Executor::start(options);
  ASSERT_TRUE(judging) << judging.error().message;
  Outcome illegal = (*judging)->run(sequence, {});
  EXPECT_EQ(illegal.failure.kind, FailureKind::None);
  EXPECT_EQ(illegal.illegalCall, 2);
  EXPECT_EQ(illegal.calls[1].status, CallStatus::Returned);
  EXPECT_EQ(illegal.calls[2].status, CallStatus::NotRun);
  EXPECT_EQ(illegal.calls[3].status, CallStatus::NotRun);
  EXPECT_EQ((*judging)->stats().preconditionViolations, 1u);
  EXPECT_EQ((*judging)->stats().failures, 0u);
}

TEST_P(ExecutorTest, AHelpersAssertIsAPreconditionWhenAFreshReceiverFailsItToo) {
  auto [kind, fork] = GetParam();
  ExecOptions options;
  options.driverPath = driverFor(kind);
  options.forkServer = fork;
  options.sanitizerBuild = kind == BuildKind::Replay;
  const ClassModel model = counterModel(std::string(UNITGEN_TEST_DATA_DIR) + "/data");
  options.preconditionProbes = [&model](const Sequence &sequence, const Outcome &outcome) {
    return preconditionProbes(model, sequence, outcome);
  };
  auto judging = Executor::start(options);
  ASSERT_TRUE(judging) << judging.error().message;

  // poke(12) fails its helper's assert on a fresh counter too: the argument's fault.
  Outcome onArgument = (*judging)->run(counterWith({{kAdd, 1}, {kPoke, 12}, {kAdd, 1}}), {});
  EXPECT_EQ(onArgument.failure.kind, FailureKind::None) << onArgument.failure.detail;
  EXPECT_EQ(onArgument.illegalCall, 2);
  EXPECT_EQ((*judging)->stats().preconditionProbes, 1u);

  // poke(11) fails the same assert in the same helper, but only after add(60) twice; a fresh
  // counter passes it: a failure. (So a verdict is the run's, not the assert's.)
  Outcome onHistory = (*judging)->run(counterWith({{kAdd, 60}, {kAdd, 60}, {kPoke, 11}}), {});
  EXPECT_EQ(onHistory.failure.kind, FailureKind::Abort) << onHistory.failure.detail;
  EXPECT_EQ(onHistory.failure.statement, 3);
  EXPECT_EQ(onHistory.illegalCall, -1);
  EXPECT_EQ((*judging)->stats().preconditionProbes, 2u);
  EXPECT_EQ((*judging)->stats().executions, 2u); // the probes' runs are not the search's
  EXPECT_EQ((*judging)->stats().preconditionViolations, 1u);
  EXPECT_EQ((*judging)->stats().failures, 1u);
}

TEST_P(ExecutorTest, OutParametersReportWhatTheCallLeftInThem) {
  // `int out = 0; std::string text = "x: "; const char *name = nullptr;` then
  // `c.read(&out, text, &name)`, before and after add(12).
  auto read = [](int initial) {
    return Statement{kRead,
                     0,
                     {Argument::of(Value::integer(initial)), Argument::of(Value::string("x: ")),
                      Argument::of(Value::null())}};
  };
  Sequence sequence = counterWith({});
  sequence.statements.push_back(read(-4));
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(12))}});
  sequence.statements.push_back(read(0));
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  // Nothing written: the locals hold what they started with.
  EXPECT_EQ(outcome.calls[1].value, Value::boolean(false));
  EXPECT_EQ(outcome.calls[1].outputs,
            (std::vector<OutputValue>{
                {0, Value::integer(-4)}, {1, Value::string("x: ")}, {2, Value::null()}}));
  EXPECT_EQ(outcome.calls[3].value, Value::boolean(true));
  EXPECT_EQ(outcome.calls[3].outputs, (std::vector<OutputValue>{{0, Value::integer(12)},
                                                                {1, Value::string("x: big")},
                                                                {2, Value::string("Counter")}}));
}

TEST_P(ExecutorTest, ABufferHasAsManyZeroedCharsAsItsLengthSaysAndReportsItsText) {
  // add(1234) (the value is 2468); print(buffer, n) for n = 16, 3 (cut: "24" and its
  // terminator), 0 (nothing).
  Sequence sequence = counterWith({{kAdd, 1234}});
  for (int size : {16, 3, 0})
    sequence.statements.push_back(
        {kPrint, 0, {Argument::of(Value::string("")), Argument::of(Value::integer(size))}});
  // A negative or huge length is never run.
  for (int size : {-1, 100000})
    sequence.statements.push_back(
        {kPrint, 0, {Argument::of(Value::string("")), Argument::of(Value::integer(size))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value, Value::integer(4));
  EXPECT_EQ(outcome.calls[2].outputs, (std::vector<OutputValue>{{0, Value::string("2468")}}));
  EXPECT_EQ(outcome.calls[3].outputs, (std::vector<OutputValue>{{0, Value::string("24")}}));
  EXPECT_EQ(outcome.calls[4].value, Value::integer(4));
  EXPECT_EQ(outcome.calls[4].outputs, (std::vector<OutputValue>{{0, Value::string("")}}));
  EXPECT_EQ(outcome.calls[5].status, CallStatus::NotRun);
  EXPECT_EQ(outcome.calls[6].status, CallStatus::NotRun);
}

TEST_P(ExecutorTest, ContainersTravelAsListsOfTheirElements) {
  auto ints = [](std::vector<int64_t> values) {
    std::vector<Value> items;
    for (int64_t v : values)
      items.push_back(Value::integer(v));
    return Value::list(items);
  };
  // add(72); countWords({"b", "a", "b"}); multiples(out = {1}); digits(); range() of 72
  // elements; halves(); longest({{1}, {}, {1, 2, 3}}).
  Sequence sequence = counterWith({{kAdd, 72}});
  sequence.statements.push_back(
      {kCountWords,
       0,
       {Argument::of(Value::list({Value::string("b"), Value::string("a"), Value::string("b")}))}});
  sequence.statements.push_back({kMultiples, 0, {Argument::of(ints({1}))}});
  sequence.statements.push_back({kDigits, 0, {}});
  sequence.statements.push_back({kRange, 0, {}});
  sequence.statements.push_back({kHalves, 0, {}});
  sequence.statements.push_back(
      {kLongest, 0, {Argument::of(Value::list({ints({1}), ints({}), ints({1, 2, 3})}))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  // A map's entries in its order, each a list of key and value.
  EXPECT_EQ(outcome.calls[2].value,
            Value::list({Value::list({Value::string("a"), Value::integer(1)}),
                         Value::list({Value::string("b"), Value::integer(2)})}));
  // The out-parameter started from its argument and the call appended to it.
  EXPECT_EQ(outcome.calls[3].outputs,
            (std::vector<OutputValue>{
                {0, ints({1, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70})}}));
  // An unordered set's elements sorted: the same value in every run.
  EXPECT_EQ(outcome.calls[4].value, ints({2, 7}));
  // 72 elements: more than an assertion should hold, so no value at all.
  EXPECT_EQ(outcome.calls[5].status, CallStatus::Returned);
  EXPECT_FALSE(outcome.calls[5].hasValue);
  EXPECT_EQ(outcome.calls[6].value, Value::list({Value::floating(36), Value::floating(0.5)}));
  EXPECT_EQ(outcome.calls[7].value, Value::unsignedInteger(3));

  // At value 7 halves() holds a NaN, never equal to itself: not recorded.
  Outcome nan = executor_->run(counterWith({{kAdd, 7}, {kHalves, 0}}), {});
  ASSERT_EQ(nan.failure.kind, FailureKind::None) << nan.failure.detail;
  EXPECT_EQ(nan.calls[2].status, CallStatus::Returned);
  EXPECT_FALSE(nan.calls[2].hasValue);
}

TEST_P(ExecutorTest, StreamsAreStringStreamsAndWhatTheCallWroteIsItsOutput) {
  // addAll("3 4 x 5") reads 3 and 4 (the x stops it); describeTo(out) writes the value.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kAddAll, 0, {Argument::of(Value::string("3 4 x 5"))}});
  sequence.statements.push_back({kDescribeTo, 0, {Argument::of(Value::string(""))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[1].value, Value::integer(2));
  EXPECT_TRUE(outcome.calls[1].outputs.empty()); // the text read is no output
  EXPECT_EQ(outcome.calls[2].outputs, (std::vector<OutputValue>{{0, Value::string("Counter(7)")}}));
}

TEST_P(ExecutorTest, AFileHoldsItsTextAndWhatTheCallLeftInItIsItsOutput) {
  // addFrom reads 3 and 4 from the file's start, then appends " = 7" to it.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kAddFrom, 0, {Argument::of(Value::string("3 4"))}});
  sequence.statements.push_back({kAddFrom, 0, {Argument::of(Value::null())}});
  sequence.statements.push_back({kAddFrom, 0, {Argument::of(Value::string(""))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[1].value, Value::integer(2));
  EXPECT_EQ(outcome.calls[1].outputs, (std::vector<OutputValue>{{0, Value::string("3 4 = 7")}}));
  EXPECT_EQ(outcome.calls[2].value, Value::integer(-1)); // no file: nothing to read back
  EXPECT_TRUE(outcome.calls[2].outputs.empty());
  EXPECT_EQ(outcome.calls[3].outputs, (std::vector<OutputValue>{{0, Value::string(" = 7")}}));
}

TEST_P(ExecutorTest, AFileAnObjectKeepsIsReadAfterEachCallThatWroteToIt) {
  // logTo keeps the file; each add writes the value to it; value() writes nothing.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kAddFrom, 0, {Argument::of(Value::string("1"))}});
  sequence.statements.push_back({kLogTo, 0, {Argument::of(Value::string("log: "))}});
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(2))}});
  sequence.statements.push_back({kValue, 0, {}});
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(3))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  // The second file the sequence made is number 1; the first, never kept, is never read again.
  // A file starts at its start: the writes overwrite the text it held.
  EXPECT_EQ(outcome.calls[2].outputs, (std::vector<OutputValue>{{0, Value::string("log: ")}}));
  EXPECT_EQ(outcome.calls[3].outputs,
            (std::vector<OutputValue>{{kFirstHeldOutput + 1, Value::string("3 g: ")}}));
  EXPECT_TRUE(outcome.calls[4].outputs.empty());
  EXPECT_EQ(outcome.calls[5].outputs,
            (std::vector<OutputValue>{{kFirstHeldOutput + 1, Value::string("3 6  ")}}));
}

TEST_P(ExecutorTest, AFileGrownPastTheLimitIsTheArgumentsAskingNoFailure) {
  auto padded = [&](int kilobytes) {
    Sequence sequence = counterWith({});
    sequence.statements.push_back(
        {kPad, 0, {Argument::of(Value::string("")), Argument::of(Value::integer(kilobytes))}});
    return executor_->run(sequence, {});
  };
  Outcome small = padded(2);
  ASSERT_EQ(small.failure.kind, FailureKind::None) << small.failure.detail;
  EXPECT_EQ(small.calls[1].outputs,
            (std::vector<OutputValue>{{0, Value::string(std::string(2048, ' '))}}));
  Outcome huge = padded(65 * 1024); // past 64 MB: ended by SIGXFSZ within a second
  EXPECT_EQ(huge.failure.kind, FailureKind::ResourceLimit) << huge.failure.detail;
  EXPECT_EQ(huge.failure.statement, 1);
}

TEST_P(ExecutorTest, ACharBufferWithoutALengthGetsPlentyAndAWritePastItIsTheTestsError) {
  auto spelled = [&](int times) {
    Sequence sequence = counterWith({{kAdd, 7}});
    sequence.statements.push_back(
        {kSpell, 0, {Argument::of(Value::string("")), Argument::of(Value::integer(times))}});
    return executor_->run(sequence, {});
  };
  Outcome once = spelled(1);
  ASSERT_EQ(once.failure.kind, FailureKind::None) << once.failure.detail;
  EXPECT_EQ(once.calls[2].outputs, (std::vector<OutputValue>{{0, Value::string("Counter(7)")}}));
  // 300 chars: past the 256 the buffer has, which only the sanitizer build sees.
  if (std::get<0>(GetParam()) != BuildKind::Replay)
    return;
  Outcome many = spelled(30);
  EXPECT_EQ(many.failure.kind, FailureKind::ResourceLimit) << many.failure.detail;
  EXPECT_EQ(many.failure.detail, "wrote past the 256 chars a test gives a char * without a length");
}

TEST_P(ExecutorTest, AStreamAnObjectKeepsLivesAsLongAsTheObjects) {
  // source("5 6") keeps the stream; two later calls read from it; echoTo keeps another that a
  // later add writes to.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kSource, 0, {Argument::of(Value::string("5 6"))}});
  sequence.statements.push_back({kEchoTo, 0, {Argument::of(Value::string(""))}});
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(1))}});
  sequence.statements.push_back({kTakeNext, 0, {}});
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(2))}});
  sequence.statements.push_back({kTakeNext, 0, {}});
  sequence.statements.push_back({kValue, 0, {}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  // What the adds wrote to the kept stream, held output 0 (an input stream is none).
  EXPECT_EQ(outcome.calls[3].outputs,
            (std::vector<OutputValue>{{kFirstHeldOutput, Value::string("1 ")}}));
  EXPECT_TRUE(outcome.calls[4].outputs.empty());
  EXPECT_EQ(outcome.calls[5].outputs,
            (std::vector<OutputValue>{{kFirstHeldOutput, Value::string("1 8 ")}}));
  EXPECT_EQ(outcome.calls[4].value, Value::integer(5));
  EXPECT_EQ(outcome.calls[6].value, Value::integer(6));
  EXPECT_EQ(outcome.calls[7].value, Value::integer(14));
}

TEST_P(ExecutorTest, AnObjectMadeThroughAParameterIsTheStatementsObject) {
  // `c.add(5); Counter *made; c.split(2, &made); made->add(1); made->value();` (made is c)
  // then a split that makes none.
  Sequence sequence = counterWith({{kAdd, 5}});
  sequence.statements.push_back(
      {kSplit, 0, {Argument::of(Value::integer(2)), Argument::of(Value::null())}});
  sequence.statements.push_back({kAdd, 2, {Argument::of(Value::integer(1))}});
  sequence.statements.push_back({kValue, 2, {}});
  sequence.statements.push_back(
      {kSplit, 0, {Argument::of(Value::integer(-1)), Argument::of(Value::null())}});
  sequence.statements.push_back({kValue, 5, {}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_TRUE(outcome.calls[2].producedObject);
  EXPECT_EQ(outcome.calls[2].value, Value::integer(3)); // what split returned besides
  EXPECT_TRUE(outcome.calls[2].outputs.empty());
  EXPECT_EQ(outcome.calls[4].value, Value::integer(4));
  EXPECT_TRUE(outcome.calls[5].producedNull);
  EXPECT_FALSE(outcome.calls[5].producedObject);
  EXPECT_EQ(outcome.calls[5].value, Value::integer(4));
  EXPECT_EQ(outcome.calls[6].status, CallStatus::NotRun); // on no object
}

TEST_P(ExecutorTest, AnObjectReturnedBesidesTheMadeOneIsObservedRightAfterTheCall) {
  // `c.add(5); Counter *made; Counter copy = c.fork(&made);`: copy's observers are outputs.
  Sequence sequence = counterWith({{kAdd, 5}});
  sequence.statements.push_back({kFork, 0, {Argument::of(Value::null())}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_TRUE(outcome.calls[2].producedObject);
  const ClassModel model = counterModel(std::string(UNITGEN_TEST_DATA_DIR) + "/data");
  const std::vector<int> observers = assertedObservers(model, model.classes[0]);
  const auto value = std::find(observers.begin(), observers.end(), kValue);
  ASSERT_NE(value, observers.end());
  const int number = kFirstResultObservation + static_cast<int>(value - observers.begin());
  const auto reading =
      std::find_if(outcome.calls[2].outputs.begin(), outcome.calls[2].outputs.end(),
                   [&](const OutputValue &output) { return output.parameter == number; });
  ASSERT_NE(reading, outcome.calls[2].outputs.end());
  EXPECT_EQ(reading->value, Value::integer(6)); // the copy's, one more than the counter's 5
}

TEST_P(ExecutorTest, ACallLeavingAThreadRunningCostsOneExecution) {
  // background() returns while its thread sleeps on: nothing after it is a deterministic test.
  Outcome outcome = executor_->run(counterWith({{kBackground, 0}, {kAdd, 1}}), {});
  EXPECT_EQ(outcome.failure.kind, FailureKind::ResourceLimit) << outcome.failure.detail;
  EXPECT_EQ(outcome.failure.detail, unitgen_protocol::kThreadLeftRunning);
  EXPECT_EQ(outcome.failure.statement, 1);
  EXPECT_EQ(outcome.calls[2].status, CallStatus::NotRun);
  // The next request runs in a process without that thread: no failure.
  outcome = executor_->run(counterWith({{kAdd, 2}, {kValue, 0}}), {});
  EXPECT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value, Value::integer(2));
}

TEST_P(ExecutorTest, APairTravelsAsItsTwoValues) {
  Sequence sequence = counterWith({{kAdd, 12}, {kSummary, 0}});
  sequence.statements.push_back(
      {kClamped, 0, {Argument::of(Value::list({Value::integer(1), Value::integer(5)}))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value, Value::list({Value::integer(12), Value::string("big")}));
  EXPECT_EQ(outcome.calls[3].value, Value::integer(5));
}

TEST_P(ExecutorTest, ATupleTravelsAsItsValues) {
  Sequence sequence = counterWith({{kAdd, 12}, {kState, 0}});
  sequence.statements.push_back(
      {kTotal,
       0,
       {Argument::of(Value::list({Value::integer(1), Value::integer(20), Value::integer(300)}))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value,
            Value::list({Value::integer(12), Value::string("big"), Value::boolean(true)}));
  EXPECT_EQ(outcome.calls[3].value, Value::integer(321));
}

TEST_P(ExecutorTest, AVariantTravelsAsItsIndexAndValue) {
  // shown() of 3 holds the int, of 12 the label; measure's alternatives by index, two of them
  // ints.
  auto held = [](uint64_t index, Value value) {
    return Value::list({Value::unsignedInteger(index), std::move(value)});
  };
  Sequence sequence = counterWith({{kAdd, 3}, {kShown, 0}, {kAdd, 9}, {kShown, 0}});
  for (const Value &value : {held(0, Value::integer(7)), held(1, Value::string("abcd")),
                             held(2, Value::integer(7)), held(9, Value::integer(7))})
    sequence.statements.push_back({kMeasure, 0, {Argument::of(value)}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value, held(0, Value::integer(3)));
  EXPECT_EQ(outcome.calls[4].value, held(1, Value::string("big")));
  EXPECT_EQ(outcome.calls[5].value, Value::integer(7));
  EXPECT_EQ(outcome.calls[6].value, Value::integer(4));
  EXPECT_EQ(outcome.calls[7].value, Value::integer(-7));
  // An index past the alternatives holds the first, value-initialized.
  EXPECT_EQ(outcome.calls[8].value, Value::integer(0));
}

TEST_P(ExecutorTest, AViewsTextLivesAsLongAsTheObjects) {
  // nickname("spot") keeps a view; the text it views must still be there two calls later.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kSetNickname, 0, {Argument::of(Value::string("spot"))}});
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(1))}});
  sequence.statements.push_back({kNickname, 0, {}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[3].value, Value::string("spot"));
}

TEST_P(ExecutorTest, CallbacksAreCountedAndUserDataComesBackAsItsToken) {
  // add(12); each(visit, 2) visits 5 and 10; swapContext(3) returns null, swapContext(null) 3.
  Sequence sequence = counterWith({{kAdd, 12}});
  sequence.statements.push_back(
      {kEach, 0, {Argument::of(Value::integer(1)), Argument::of(Value::integer(2))}});
  sequence.statements.push_back(
      {kEach, 0, {Argument::of(Value::integer(1)), Argument::of(Value::null())}});
  sequence.statements.push_back({kSwapContext, 0, {Argument::of(Value::integer(3))}});
  sequence.statements.push_back({kSwapContext, 0, {Argument::of(Value::null())}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value, Value::integer(2));
  // Calls so far through the one callback slot, after each call that called it.
  EXPECT_EQ(outcome.calls[2].callbacks, (std::vector<CallbackCalls>{{0, -1, 2}}));
  EXPECT_EQ(outcome.calls[3].callbacks, (std::vector<CallbackCalls>{{0, -1, 4}}));
  EXPECT_TRUE(outcome.calls[1].callbacks.empty());
  ASSERT_TRUE(outcome.calls[4].hasValue);
  EXPECT_EQ(outcome.calls[4].value, Value::null());
  ASSERT_TRUE(outcome.calls[5].hasValue);
  EXPECT_EQ(outcome.calls[5].value, Value::integer(3));
}

TEST_P(ExecutorTest, AStdFunctionIsGivenTheCountingCallback) {
  // add(12); keepWhile(keep) calls keep(5), which returns false (a value-initialized bool).
  Sequence sequence = counterWith({{kAdd, 12}});
  sequence.statements.push_back({kKeepWhile, 0, {Argument::of(Value::integer(1))}});
  sequence.statements.push_back({kKeepWhile, 0, {Argument::of(Value::integer(1))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value, Value::integer(0));
  EXPECT_EQ(outcome.calls[2].callbacks, (std::vector<CallbackCalls>{{1, -1, 1}}));
  EXPECT_EQ(outcome.calls[3].callbacks, (std::vector<CallbackCalls>{{1, -1, 2}}));
}

TEST_P(ExecutorTest, AMockReturnsWhatItsConstructorsArgumentSays) {
  // add(12); a mock whose wantsMore() returns true: accept visits 5 and 10, then adds 100.
  Sequence sequence = counterWith({{kAdd, 12}});
  sequence.statements.push_back({kMockVisitor, -1, {Argument::of(Value::boolean(true))}});
  sequence.statements.push_back({kAccept, 0, {Argument::var(2)}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[3].value, Value::integer(102));
  const std::vector<std::vector<std::optional<Value>>> visited = {{Value::integer(5)},
                                                                  {Value::integer(10)}};
  EXPECT_EQ(outcome.calls[3].callbacks,
            (std::vector<CallbackCalls>{{2, 2, 2, visited}, {3, 2, 1}}));
}

TEST_P(ExecutorTest, AMockCountsTheCallsOfEachOfItsMethodsOnEachMock) {
  // add(12); two mock visitors; accept(first) visits 5 and 10 and asks wantsMore() once.
  Sequence sequence = counterWith({{kAdd, 12}});
  sequence.statements.push_back({kMockVisitor, -1, {Argument::of(Value::boolean(false))}});
  sequence.statements.push_back({kMockVisitor, -1, {Argument::of(Value::boolean(false))}});
  sequence.statements.push_back({kAccept, 0, {Argument::var(2)}});
  sequence.statements.push_back({kAccept, 0, {Argument::var(3)}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_TRUE(outcome.calls[2].producedObject);
  // The mock's bool method returns false, as a NiceMock's does.
  EXPECT_EQ(outcome.calls[4].value, Value::integer(2));
  // Slots: the callback parameters of each() and keepWhile() first, then visit (2) and
  // wantsMore (3).
  // visit's calls come with their arguments, those of the call that made them only.
  const std::vector<std::vector<std::optional<Value>>> visited = {{Value::integer(5)},
                                                                  {Value::integer(10)}};
  EXPECT_EQ(outcome.calls[4].callbacks,
            (std::vector<CallbackCalls>{{2, 2, 2, visited}, {3, 2, 1}}));
  EXPECT_EQ(outcome.calls[5].callbacks,
            (std::vector<CallbackCalls>{{2, 3, 2, visited}, {3, 3, 1}}));
}

TEST_P(ExecutorTest, ADeathWhileTheDriverReadsAMocksArgumentIsNoFailureOfTheCode) {
  // scribble(visitor) gives note() a pointer to no text: reading it for the test's matcher
  // kills the driver, which is the driver's own doing, never a test.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kMockVisitor, -1, {Argument::of(Value::boolean(false))}});
  sequence.statements.push_back({kScribble, 0, {Argument::var(1)}});
  Outcome outcome = executor_->run(sequence, {});
  EXPECT_EQ(outcome.failure.kind, FailureKind::DriverError) << outcome.failure.detail;
  EXPECT_EQ(outcome.failure.statement, 2);
  // The next request runs as usual.
  Outcome next = executor_->run(counterWith({{kAdd, 12}}), {});
  EXPECT_EQ(next.failure.kind, FailureKind::None) << next.failure.detail;
}

TEST_P(ExecutorTest, AnArrayIsItsElementsAndItsLengthTheirNumber) {
  // `c.addBytes({1, 2, 255}, 3); c.addBytes({}, 0); c.fill({0, 0, 0}, 3);
  // c.chars({"ab", "c"}, 2);`: a length's own value is unused.
  auto list = [](std::vector<Value> items) { return Argument::of(Value::list(std::move(items))); };
  const Argument unused = Argument::of(Value::integer(99));
  Sequence sequence = counterWith({});
  sequence.statements.push_back(
      {kAddBytes,
       0,
       {list({Value::integer(1), Value::integer(2), Value::unsignedInteger(255)}), unused}});
  sequence.statements.push_back({kAddBytes, 0, {list({}), unused}});
  sequence.statements.push_back(
      {kFill, 0, {list({Value::integer(0), Value::integer(0), Value::integer(7)}), unused}});
  sequence.statements.push_back(
      {kChars, 0, {list({Value::string("ab"), Value::string("c")}), unused}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[1].value, Value::integer(258));
  EXPECT_EQ(outcome.calls[2].value, Value::integer(258));
  EXPECT_EQ(outcome.calls[3].outputs,
            (std::vector<OutputValue>{{0, Value::list({Value::integer(258), Value::integer(259),
                                                       Value::integer(260)})}}));
  EXPECT_EQ(outcome.calls[4].value, Value::unsignedInteger(3));
}

TEST_P(ExecutorTest, AContainerOfObjectsIsMadeFromTheirValues) {
  // letters({"ab", "cde"}) and letters({}): Words made from C strings the driver keeps.
  Sequence sequence = counterWith({});
  sequence.statements.push_back(
      {kLetters, 0, {Argument::of(Value::list({Value::string("ab"), Value::string("cde")}))}});
  sequence.statements.push_back({kLetters, 0, {Argument::of(Value::list({}))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[1].value, Value::unsignedInteger(5));
  EXPECT_EQ(outcome.calls[2].value, Value::unsignedInteger(0));
}

TEST_P(ExecutorTest, AReadPastAnArrayIsASanitizerReport) {
  if (std::get<0>(GetParam()) != BuildKind::Replay)
    GTEST_SKIP() << "sanitizer builds only";
  // The driver's array holds exactly its elements: `values[2]` of two is past them.
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kPastTheEnd,
                                 0,
                                 {Argument::of(Value::list({Value::integer(1), Value::integer(2)})),
                                  Argument::of(Value::null())}});
  Outcome outcome = executor_->run(sequence, {});
  EXPECT_EQ(outcome.failure.kind, FailureKind::Sanitizer) << outcome.failure.detail;
}

TEST_P(ExecutorTest, AStdArrayTravelsAsExactlyItsElements) {
  Sequence sequence = counterWith({{kAdd, 5}});
  sequence.statements.push_back({kTriple, 0, {}});
  sequence.statements.push_back(
      {kSumOf,
       0,
       {Argument::of(Value::list({Value::integer(1), Value::integer(2), Value::integer(4)}))}});
  sequence.statements.push_back({kSumOf, 0, {Argument::of(Value::list({Value::integer(1)}))}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_EQ(outcome.calls[2].value,
            Value::list({Value::integer(5), Value::integer(6), Value::integer(7)}));
  EXPECT_EQ(outcome.calls[3].value, Value::integer(7));
  EXPECT_EQ(outcome.calls[4].value, Value::integer(1)); // the rest value-initialized
}

TEST_P(ExecutorTest, AnObjectReturnedSharedIsSharedWhereASharedPointerIsTaken) {
  // `Counter c; c.add(5); std::shared_ptr<Counter> s = c.share(); s->add(1); c.valueOf(s);
  // c.valueOf(std::make_shared<Counter>(c)); c.valueOf(nullptr);`
  Sequence sequence = counterWith({{kAdd, 5}});
  sequence.statements.push_back({kShare, 0, {}});
  sequence.statements.push_back({kAdd, 2, {Argument::of(Value::integer(1))}});
  sequence.statements.push_back({kValueOf, 0, {Argument::var(2)}});
  sequence.statements.push_back({kValueOf, 0, {Argument::var(0)}});
  sequence.statements.push_back({kValueOf, 0, {Argument::of(Value::null())}});
  Outcome outcome = executor_->run(sequence, {});
  ASSERT_EQ(outcome.failure.kind, FailureKind::None) << outcome.failure.detail;
  EXPECT_TRUE(outcome.calls[2].producedObject);
  EXPECT_EQ(outcome.calls[4].value, Value::integer(6)); // the shared object itself
  EXPECT_EQ(outcome.calls[5].value, Value::integer(5)); // a shared copy of c
  EXPECT_EQ(outcome.calls[6].value, Value::integer(-1));
}

INSTANTIATE_TEST_SUITE_P(Builds, ExecutorTest,
                         ::testing::Values(std::make_tuple(BuildKind::Exploration, false),
                                           std::make_tuple(BuildKind::Exploration, true),
                                           std::make_tuple(BuildKind::Replay, false)));

} // namespace
} // namespace unitgen
