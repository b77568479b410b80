// SuiteBuilder on real drivers of tests/unit/exec/data/counter: minimization drops the words of
// a string argument that do nothing and calls before a stress run, objects that never meet get
// a test each, and an out-of-memory failure that fits in twice the limit, or a hang that ends
// given ten times the time, is not reported.
#include "suite/SuiteBuilder.h"

#include "../exec/TestDrivers.h"
#include "../exec/TestModels.h"

#include "exec/Executor.h"
#include "harness/DriverBuilder.h"
#include "suite/ArgumentRepair.h"
#include "suite/Goals.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using namespace testing;

class SuiteBuilderTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    model_ =
        new ClassModel(counterModel(std::string(UNITGEN_SOURCE_DIR) + "/tests/unit/exec/data"));
    // 512 MB, not the default 2 GB: a runaway that fills the default limit took over the 2-s
    // call time-out beside the e2e tests in CI, and a hang is not the out-of-memory under test.
    constexpr int kMemoryLimitMb = 512;
    exploration_ =
        startTestDriver(*model_, BuildKind::Exploration, false, kMemoryLimitMb).release();
    replay_ = startTestDriver(*model_, BuildKind::Replay, false, kMemoryLimitMb).release();
  }
  static void TearDownTestSuite() {
    delete exploration_;
    delete replay_;
    delete model_;
  }
  static ClassModel *model_;
  static Executor *exploration_, *replay_;
};
ClassModel *SuiteBuilderTest::model_ = nullptr;
Executor *SuiteBuilderTest::exploration_ = nullptr;
Executor *SuiteBuilderTest::replay_ = nullptr;

Sequence taggedWith(const std::string &text) {
  Sequence sequence = counterWith({});
  sequence.statements.push_back({kTagged, 0, {Argument::of(Value::string(text))}});
  return sequence;
}

TEST_F(SuiteBuilderTest, MinimizationDropsTheWordsAStringDidNotNeed) {
  ASSERT_TRUE(exploration_ && replay_);
  Corpus corpus(*model_);
  // tagged() is true for "ok ..." whatever follows, false otherwise: two tests, each with as
  // few words as keep its result.
  for (const char *text : {"ok then more words here", "no ok here either"}) {
    Sequence sequence = taggedWith(text);
    corpus.add(sequence, exploration_->run(sequence, RunFlags{true}));
  }
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay_, SuiteOptions{}, stats);
  std::vector<std::string> texts;
  for (const TestCase &test : suite.regression)
    for (const Statement &statement : test.sequence.statements)
      if (statement.callable == kTagged)
        texts.push_back(statement.args[0].literal.s);
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"no", "ok"}));
  EXPECT_EQ(stats.wordsRemoved, 7u); // 4 + 3
}

TEST_F(SuiteBuilderTest, ASetUpCallOnlySanitizersRejectIsMadeWithAPlainArgument) {
  ASSERT_TRUE(exploration_ && replay_);
  // poke(10) reads past a heap array: only the sanitizer build sees it. The test is for what
  // add(20) and label() cover after it, which poke(1) leaves as they are.
  const Sequence original = counterWith({{kPoke, 10}, {kAdd, 20}, {kLabel, 0}});
  const Outcome replayed = replay_->run(original, RunFlags{true});
  ASSERT_NE(replayed.failure.kind, FailureKind::None);
  ASSERT_EQ(replayed.failure.statement, 1);
  const Sequence plain = counterWith({{kPoke, 1}, {kAdd, 20}, {kLabel, 0}});
  const std::vector<Goal> owned = goalsOf(*model_, plain, exploration_->run(plain, RunFlags{true}));
  auto repaired = repairArguments(*model_, original, owned, 1, *exploration_, *replay_);
  ASSERT_TRUE(repaired);
  EXPECT_EQ(repaired->sequence, plain);
  EXPECT_EQ(repaired->replayed.failure.kind, FailureKind::None);
  EXPECT_EQ(repaired->owned, owned);
  // A goal only poke(10) reaches (its case of the switch) is lost with it; the others stay.
  const std::vector<Goal> all =
      goalsOf(*model_, original, exploration_->run(original, RunFlags{true}));
  repaired = repairArguments(*model_, original, all, 1, *exploration_, *replay_);
  ASSERT_TRUE(repaired);
  EXPECT_LT(repaired->owned.size(), all.size());
  EXPECT_TRUE(
      std::includes(all.begin(), all.end(), repaired->owned.begin(), repaired->owned.end()));
  std::vector<Goal> alsoPlain; // what add(20) and label() cover after poke(1) as after poke(10)
  std::set_intersection(all.begin(), all.end(), owned.begin(), owned.end(),
                        std::back_inserter(alsoPlain));
  EXPECT_TRUE(std::includes(repaired->owned.begin(), repaired->owned.end(), alsoPlain.begin(),
                            alsoPlain.end()));
}

TEST_F(SuiteBuilderTest, ASetUpMadeTwiceWithTheSameArgumentIsRepairedInBoth) {
  ASSERT_TRUE(exploration_ && replay_);
  // Both poke(10) read past the array: one repaired alone still fails at the other.
  const Sequence original = counterWith({{kPoke, 10}, {kAdd, 20}, {kPoke, 10}, {kLabel, 0}});
  const Outcome replayed = replay_->run(original, RunFlags{true});
  ASSERT_EQ(replayed.failure.statement, 1);
  const Sequence plain = counterWith({{kPoke, 1}, {kAdd, 20}, {kPoke, 1}, {kLabel, 0}});
  const std::vector<Goal> owned = goalsOf(*model_, plain, exploration_->run(plain, RunFlags{true}));
  auto repaired = repairArguments(*model_, original, owned, 1, *exploration_, *replay_);
  ASSERT_TRUE(repaired);
  EXPECT_EQ(repaired->sequence, plain);
  EXPECT_EQ(repaired->replayed.failure.kind, FailureKind::None);
}

TEST_F(SuiteBuilderTest, MinimizationDropsTheElementsAContainerDidNotNeed) {
  ASSERT_TRUE(exploration_ && replay_);
  auto longs = [](std::vector<int64_t> values) {
    std::vector<Value> items;
    for (int64_t v : values)
      items.push_back(Value::integer(v));
    return Value::list(items);
  };
  // countWords of seven words, four of them the same: what the test needs of them is one word
  // (a non-empty result, the loop's body), not seven.
  Sequence sequence = counterWith({});
  std::vector<Value> words;
  for (const char *word : {"b", "a", "b", "c", "b", "d", "b"})
    words.push_back(Value::string(word));
  sequence.statements.push_back({kCountWords, 0, {Argument::of(Value::list(words))}});
  // longest of groups: the inner lists shrink too, as far as the comparisons' outcomes (a
  // larger group first, a smaller one after it) stay.
  sequence.statements.push_back(
      {kLongest, 0, {Argument::of(Value::list({longs({1, 2, 3, 4, 5, 6}), longs({7})}))}});
  Corpus corpus(*model_);
  corpus.add(sequence, exploration_->run(sequence, RunFlags{true}));
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay_, SuiteOptions{}, stats);
  size_t wordsLeft = 0, groupsLeft = 0, elementsLeft = 0;
  for (const TestCase &test : suite.regression)
    for (const Statement &statement : test.sequence.statements) {
      if (statement.callable == kCountWords)
        wordsLeft += statement.args[0].literal.items.size();
      if (statement.callable == kLongest) {
        groupsLeft += statement.args[0].literal.items.size();
        for (const Value &group : statement.args[0].literal.items)
          elementsLeft += group.items.size();
      }
    }
  EXPECT_EQ(wordsLeft, 1u);
  EXPECT_EQ(groupsLeft, 2u);
  EXPECT_LT(elementsLeft, 7u);
  EXPECT_EQ(stats.elementsRemoved, (7 - wordsLeft) + (7 - elementsLeft));
}

TEST_F(SuiteBuilderTest, MinimizationReachesTheCallsBeforeAStressRun) {
  ASSERT_TRUE(exploration_ && replay_);
  // Counter c; c.tagged("ok") twice; then c.add(2) 64 times (even: repOK() is false at 13).
  // The busy goals need all 64 calls, and one tagged() call is redundant. Trying the calls one
  // by one from the last would spend every try on the run and never reach it.
  Sequence sequence = counterWith({});
  for (int i = 0; i < 2; ++i)
    sequence.statements.push_back({kTagged, 0, {Argument::of(Value::string("ok"))}});
  for (int i = 0; i < 64; ++i)
    sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(2))}});
  Corpus corpus(*model_);
  corpus.add(sequence, exploration_->run(sequence, RunFlags{true}));
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay_, SuiteOptions{}, stats);
  ASSERT_EQ(suite.regression.size(), 1u);
  const auto &kept = suite.regression[0].sequence.statements;
  auto calls = [&](int callable) {
    return std::count_if(kept.begin(), kept.end(),
                         [&](const Statement &s) { return s.callable == callable; });
  };
  EXPECT_EQ(calls(kAdd), 64) << "halving the run loses 'some edge run 64+ times'";
  EXPECT_EQ(calls(kTagged), 1);
}

size_t callsOf(const Sequence &sequence, int callable) {
  return std::count_if(sequence.statements.begin(), sequence.statements.end(),
                       [&](const Statement &s) { return s.callable == callable; });
}

/// The suite of a corpus holding `sequence`, which must break Counter's invariant.
Suite suiteOfABrokenInvariant(const ClassModel &model, Executor &exploration, Executor &replay,
                              const Sequence &sequence) {
  Outcome outcome = exploration.run(sequence, RunFlags{true});
  EXPECT_EQ(outcome.failure.kind, FailureKind::InvariantViolated);
  Corpus corpus(model);
  corpus.add(sequence, outcome);
  SuiteStats stats;
  return buildSuite(corpus, exploration, replay, SuiteOptions{}, stats);
}

TEST_F(SuiteBuilderTest, AFailureKeepsNoneOfTheUnrelatedCallsBeforeIt) {
  ASSERT_TRUE(exploration_ && replay_);
  // Counter c; c.add(-1) 16 times (each throws); c.add(13): repOK() is false at 13. The
  // failure test is the one call that breaks the invariant.
  Sequence sequence = counterWith({});
  for (int i = 0; i < 16; ++i)
    sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(-1))}});
  sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(13))}});
  Suite suite = suiteOfABrokenInvariant(*model_, *exploration_, *replay_, sequence);
  ASSERT_EQ(suite.failures.size(), 1u);
  EXPECT_EQ(suite.failures[0].sequence.size(), 2u) << "Counter c; c.add(13);";
}

TEST_F(SuiteBuilderTest, ARunOfCallsShrinksToTheCountTheFailureNeeds) {
  ASSERT_TRUE(exploration_ && replay_);
  // Counter c; c.add(1) 64 times: repOK() is false after the 13th call. Halving the run stops
  // at 16 calls; the failure needs exactly 13.
  Sequence sequence = counterWith({});
  for (int i = 0; i < 64; ++i)
    sequence.statements.push_back({kAdd, 0, {Argument::of(Value::integer(1))}});
  Suite suite = suiteOfABrokenInvariant(*model_, *exploration_, *replay_, sequence);
  ASSERT_EQ(suite.failures.size(), 1u);
  EXPECT_EQ(callsOf(suite.failures[0].sequence, kAdd), 13u);
}

TEST_F(SuiteBuilderTest, WhatTheArgumentsAskedForIsNoFailureTest) {
  ASSERT_TRUE(exploration_ && replay_);
  // A replay that reports one allocation of half the memory limit (ASan's "requested allocation
  // size ... exceeds maximum supported size", leveldb's StartBlock(2^60)) hands the suite a
  // resource limit, and the driver's own error a driver error: neither is a test.
  // (poke(10) fails on the replay build too, as something else: only the kind handed over tells.)
  for (FailureKind kind : {FailureKind::ResourceLimit, FailureKind::DriverError}) {
    Sequence sequence = counterWith({{kPoke, 10}});
    Outcome outcome = replay_->run(sequence, RunFlags{});
    outcome.failure.kind = kind;
    outcome.failure.statement = 1;
    SuiteOptions options;
    options.minimize = false; // it would remove poke(10): the kind owns no goal to keep
    options.sanitizerFindings = {{sequence, outcome}};
    Corpus corpus(*model_);
    SuiteStats stats;
    Suite suite = buildSuite(corpus, *exploration_, *replay_, options, stats);
    EXPECT_TRUE(suite.failures.empty()) << toString(kind);
  }
}

TEST_F(SuiteBuilderTest, ARunThatPassedTakesTheGoalsOfOneThatFailed) {
  ASSERT_TRUE(exploration_ && replay_);
  // Counter c; c.add(13) breaks the invariant after add's edges; Counter c; c.add(0); c.add(5)
  // passes through the same edges, one call longer, and takes them; the shorter failing run,
  // seen again, does not take them back.
  Sequence failing = counterWith({{kAdd, 13}});
  Sequence passing = counterWith({{kAdd, 0}, {kAdd, 5}});
  Outcome failed = exploration_->run(failing, RunFlags{true});
  Outcome passed = exploration_->run(passing, RunFlags{true});
  ASSERT_EQ(failed.failure.kind, FailureKind::InvariantViolated);
  ASSERT_EQ(passed.failure.kind, FailureKind::None);
  std::vector<Goal> passedGoals = goalsOf(*model_, passing, passed), shared;
  for (Goal goal : goalsOf(*model_, failing, failed))
    if (goalKind(goal) == GoalKind::Edge &&
        std::find(passedGoals.begin(), passedGoals.end(), goal) != passedGoals.end())
      shared.push_back(goal);
  ASSERT_FALSE(shared.empty());
  Corpus corpus(*model_);
  corpus.add(failing, failed);
  EXPECT_GE(corpus.add(passing, passed).improvedGoals, shared.size());
  corpus.add(failing, failed);
  for (Goal goal : shared)
    EXPECT_EQ(corpus.entries()[corpus.best().at(goal)].sequence.size(), passing.size());
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay_, SuiteOptions{}, stats);
  EXPECT_EQ(suite.regression.size(), 1u) << "the run that passed is a regression test";
}

TEST_F(SuiteBuilderTest, AGoalAShorterTestCoversDoesNotKeepCallsInALongerOne) {
  ASSERT_TRUE(exploration_ && replay_);
  // Counter c; Counter d; d.add(-1); c.add(5) and Counter c; c.add(-1); c.tagged("ok"): both
  // are chosen (each covers goals the other does not), and the throw of add(-1) belongs to the
  // shorter one, so d and its call leave the longer one.
  Sequence longer = counterWith({{kAdd, 5}});
  longer.statements.insert(
      longer.statements.begin() + 1,
      {Statement{kCtor, -1, {}}, Statement{kAdd, 1, {Argument::of(Value::integer(-1))}}});
  Sequence shorter = counterWith({{kAdd, -1}});
  shorter.statements.push_back({kTagged, 0, {Argument::of(Value::string("ok"))}});
  Corpus corpus(*model_);
  for (const Sequence &sequence : {longer, shorter})
    corpus.add(sequence, exploration_->run(sequence, RunFlags{true}));
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay_, SuiteOptions{}, stats);
  std::vector<size_t> sizes;
  for (const TestCase &test : suite.regression)
    sizes.push_back(test.sequence.size());
  std::sort(sizes.begin(), sizes.end());
  EXPECT_EQ(sizes, (std::vector<size_t>{2, 3}));
}

TEST_F(SuiteBuilderTest, ObjectsThatNeverMeetGetATestEach) {
  ASSERT_TRUE(exploration_ && replay_);
  // Counter c; Counter d; c.add(150); d.add(-1): each object owns goals (the doubling branch,
  // the throw), so minimization keeps both; they never meet, so they become two tests.
  Sequence both = counterWith({{kAdd, 150}});
  both.statements.insert(both.statements.begin() + 1, Statement{kCtor, -1, {}});
  both.statements.push_back({kAdd, 1, {Argument::of(Value::integer(-1))}});
  Corpus corpus(*model_);
  corpus.add(both, exploration_->run(both, RunFlags{true}));
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay_, SuiteOptions{}, stats);
  EXPECT_EQ(stats.testsSplit, 1u);
  std::vector<int64_t> added;
  for (const TestCase &test : suite.regression) {
    EXPECT_EQ(test.sequence.independentParts().size(), 1u);
    for (const Statement &statement : test.sequence.statements)
      if (statement.callable == kAdd)
        added.push_back(statement.args[0].literal.i);
  }
  std::sort(added.begin(), added.end());
  EXPECT_EQ(added, (std::vector<int64_t>{-1, 150}));
  EXPECT_EQ(suite.regression.size(), 2u);
}

TEST_F(SuiteBuilderTest, OutOfMemoryWithinTwiceTheLimitIsNotReported) {
  ASSERT_TRUE(exploration_ && replay_);
  Corpus corpus(*model_);
  Sequence runaway = counterWith({{kPoke, 7}}); // allocates without bound
  Outcome outcome = exploration_->run(runaway, RunFlags{true});
  ASSERT_EQ(outcome.failure.kind, FailureKind::OutOfMemory);
  corpus.add(runaway, outcome);
  // A stand-in for the roomier driver: first the sequence completes there, then it runs out of
  // memory again, then it hangs filling the larger limit (a loaded machine) — only the first
  // is a bounded demand.
  for (FailureKind roomierKind : {FailureKind::None, FailureKind::OutOfMemory, FailureKind::Hang}) {
    bool fits = roomierKind == FailureKind::None;
    SuiteOptions options;
    size_t asked = 0;
    options.runWithTwiceTheMemory = [&](const Sequence &, const RunFlags &) {
      ++asked;
      Outcome roomier;
      roomier.failure.kind = roomierKind;
      return roomier;
    };
    SuiteStats stats;
    Suite suite = buildSuite(corpus, *exploration_, *replay_, options, stats);
    EXPECT_EQ(asked, 1u);
    EXPECT_EQ(suite.failures.size(), fits ? 0u : 1u) << "fits: " << fits;
    EXPECT_EQ(stats.boundedMemoryDemands, fits ? 1u : 0u);
  }
}

TEST_F(SuiteBuilderTest, AHangThatFinishesGivenTenTimesTheTimeIsNotReported) {
  ASSERT_TRUE(exploration_ && replay_);
  Corpus corpus(*model_);
  Sequence stuck = counterWith({{kPoke, 4}}); // loops forever
  Outcome outcome = exploration_->run(stuck, RunFlags{true});
  ASSERT_EQ(outcome.failure.kind, FailureKind::Hang);
  corpus.add(stuck, outcome);
  // A stand-in for the patient driver: the call returns there (slow), or hangs again (stuck).
  for (FailureKind patientKind : {FailureKind::None, FailureKind::Hang}) {
    const bool slow = patientKind == FailureKind::None;
    SuiteOptions options;
    size_t asked = 0;
    options.runWithLongerTimeout = [&](const Sequence &, const RunFlags &) {
      ++asked;
      Outcome patient;
      patient.failure.kind = patientKind;
      return patient;
    };
    SuiteStats stats;
    Suite suite = buildSuite(corpus, *exploration_, *replay_, options, stats);
    EXPECT_EQ(asked, 1u);
    EXPECT_EQ(suite.failures.size(), slow ? 0u : 1u) << "slow: " << slow;
    EXPECT_EQ(stats.slowCalls, slow ? 1u : 0u);
  }
}

} // namespace
} // namespace unitgen
