// SanitizerWatch on real drivers of tests/unit/exec/data/counter: a run the exploration build
// passes and the sanitizer build fails becomes one finding per defect; a repeatable watch runs
// every kept run and every eighth other one; a sanitizer build that cannot start is reported,
// never waited for; the suite turns a finding into a failure test.
#include "suite/SanitizerWatch.h"

#include "../exec/TestDrivers.h"
#include "../exec/TestModels.h"

#include "suite/SuiteBuilder.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using namespace testing;

class SanitizerWatchTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    model_ =
        new ClassModel(counterModel(std::string(UNITGEN_SOURCE_DIR) + "/tests/unit/exec/data"));
    exploration_ = startTestDriver(*model_, BuildKind::Exploration).release();
  }
  static void TearDownTestSuite() {
    delete exploration_;
    delete model_;
  }
  static SanitizerWatch::StartExecutor replayBuild() {
    return []() -> Expected<std::unique_ptr<Executor>> {
      return startTestDriver(*model_, BuildKind::Replay);
    };
  }
  /// Records `sequence` as the search would: run on the exploration build.
  static void record(SanitizerWatch &watch, const Sequence &sequence, bool kept) {
    watch.recorded(sequence, exploration_->run(sequence, RunFlags{true}), kept);
  }
  static ClassModel *model_;
  static Executor *exploration_;
};
ClassModel *SanitizerWatchTest::model_ = nullptr;
Executor *SanitizerWatchTest::exploration_ = nullptr;

SanitizerWatchOptions repeatable() {
  SanitizerWatchOptions options;
  options.repeatable = true;
  return options;
}

TEST_F(SanitizerWatchTest, FindsWhatOnlyTheSanitizersSeeOncePerDefect) {
  ASSERT_TRUE(exploration_);
  const Sequence overflow = counterWith({{kAdd, 1}, {kPoke, 10}});
  ASSERT_EQ(exploration_->run(overflow, RunFlags{true}).failure.kind, FailureKind::None)
      << "the exploration build must not notice the read past the array";
  SanitizerWatchOptions options = repeatable();
  RejectedCalls rejected;
  options.rejectedCalls = &rejected;
  SanitizerWatch watch(replayBuild(), options);
  record(watch, counterWith({{kAdd, 2}}), true);
  record(watch, overflow, true);
  record(watch, counterWith({{kPoke, 10}, {kAdd, 5}}), true); // the same defect again
  std::vector<std::pair<Sequence, Outcome>> findings = watch.finish();
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].first.hash(), overflow.hash());
  EXPECT_EQ(findings[0].second.failure.kind, FailureKind::Sanitizer);
  EXPECT_NE(findings[0].second.failure.detail.find("heap-buffer-overflow"), std::string::npos)
      << findings[0].second.failure.detail;
  // The defect is known by the line of the read (exec/SanitizerReport.h), not by the method.
  EXPECT_EQ(findings[0].second.failure.location.rfind("counter.cpp:", 0), 0u)
      << findings[0].second.failure.location;
  nlohmann::json report = watch.report();
  EXPECT_EQ(report["keptRuns"], 3);
  EXPECT_EQ(report["defects"], 1);
  EXPECT_EQ(report["dropped"], 0);
  EXPECT_EQ(rejected.size(), 0u) << "poke(10) failed on a counter: a call on an object";
}

TEST_F(SanitizerWatchTest, LeavesFailuresTheExplorationBuildSawToTheCorpus) {
  ASSERT_TRUE(exploration_);
  SanitizerWatch watch(replayBuild(), repeatable());
  record(watch, counterWith({{kPoke, 3}}), true); // a segfault in both builds
  EXPECT_TRUE(watch.finish().empty());
  EXPECT_EQ(watch.report()["keptRuns"], 0);
}

TEST_F(SanitizerWatchTest, RepeatableWatchSamplesEveryEighthRunAndDropsNone) {
  ASSERT_TRUE(exploration_);
  SanitizerWatch watch(replayBuild(), repeatable());
  for (int i = 0; i < 24; ++i) // amounts past 13, which breaks the invariant
    record(watch, counterWith({{kAdd, 20 + i}}), i == 5);
  EXPECT_TRUE(watch.finish().empty());
  nlohmann::json report = watch.report();
  EXPECT_EQ(report["keptRuns"], 1);
  EXPECT_EQ(report["sampledRuns"], 3); // runs 8, 16, 24 of 24 recorded
  EXPECT_EQ(report["dropped"], 0);
}

TEST_F(SanitizerWatchTest, ASanitizerBuildThatCannotStartIsReportedNotWaitedFor) {
  ASSERT_TRUE(exploration_);
  SanitizerWatch watch(
      []() -> Expected<std::unique_ptr<Executor>> {
        return Error{ExitCode::Input, "cannot compile the replay driver"};
      },
      repeatable());
  for (int i = 0; i < 4; ++i)
    record(watch, counterWith({{kPoke, 10}}), true);
  EXPECT_TRUE(watch.finish().empty());
  EXPECT_EQ(watch.report()["unavailable"], "cannot compile the replay driver");
}

TEST_F(SanitizerWatchTest, AFindingBecomesAMinimizedFailureTest) {
  ASSERT_TRUE(exploration_);
  std::unique_ptr<Executor> replay = startTestDriver(*model_, BuildKind::Replay);
  ASSERT_TRUE(replay);
  SanitizerWatch watch(replayBuild(), repeatable());
  record(watch, counterWith({{kAdd, 1}, {kAdd, 2}, {kPoke, 10}, {kAdd, 3}}), true);
  SuiteOptions options;
  options.sanitizerFindings = watch.finish();
  ASSERT_EQ(options.sanitizerFindings.size(), 1u);
  Corpus corpus(*model_);
  SuiteStats stats;
  Suite suite = buildSuite(corpus, *exploration_, *replay, options, stats);
  ASSERT_EQ(suite.failures.size(), 1u);
  EXPECT_EQ(stats.fromSanitizerWatch, 1u);
  EXPECT_EQ(suite.failures[0].failure.kind, FailureKind::Sanitizer);
  // Counter c; c.poke(10);
  EXPECT_EQ(suite.failures[0].sequence.size(), 2u);
}

} // namespace
} // namespace unitgen
