// The random strategy on real drivers: stress candidates fill one object past what sequences of
// --max-length calls reach (the 40th add() of data/tally), a call known to run out of memory
// (data/hoard's keep(1)) is seldom made again, and a set-up the sanitizer watch saw fail
// (data/gauge's `Gauge(0)`) is never made again.
#include "explore/RandomStrategy.h"

#include "../exec/TestDrivers.h"
#include "HandModels.h"
#include "exec/Executor.h"
#include "suite/Corpus.h"
#include "suite/Goals.h"
#include "suite/SanitizerWatch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

namespace unitgen {
namespace {

using testing::tallyModel;

/// `Tally tally;` and `adds` calls of add().
Sequence adds(int count) {
  Sequence sequence;
  sequence.statements.push_back(Statement{0, -1, {}});
  for (int i = 0; i < count; ++i)
    sequence.statements.push_back(Statement{1, 0, {Argument::of(Value::integer(i))}});
  return sequence;
}

TEST(RandomStrategyTest, StressCandidatesReachWhatMaxLengthCallsCannot) {
  ClassModel model = tallyModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  // The edges only the 40th add() runs.
  auto goalsAfter = [&](int count) {
    Sequence sequence = adds(count);
    return goalsOf(model, sequence, executor->run(sequence, RunFlags{true}));
  };
  std::vector<Goal> before = goalsAfter(39), after = goalsAfter(40), milestone;
  std::set_difference(after.begin(), after.end(), before.begin(), before.end(),
                      std::back_inserter(milestone));
  milestone.erase(std::remove_if(milestone.begin(), milestone.end(),
                                 [](Goal g) { return goalKind(g) != GoalKind::Edge; }),
                  milestone.end());
  ASSERT_FALSE(milestone.empty()) << "the milestone branch is an edge of its own";

  RandomOptions options;
  options.seed = 1;
  options.maxLength = 16;
  Corpus corpus(model);
  makeRandomStrategy(model, *executor, options)->run(Budget{0, 4000}, corpus);
  for (Goal goal : milestone) {
    auto best = corpus.best().find(goal);
    ASSERT_NE(best, corpus.best().end()) << describeGoal(model, adds(40), {}, goal);
    const Sequence &reached = corpus.entries()[best->second].sequence;
    EXPECT_GE(reached.size(), 41u);
    EXPECT_LE(reached.size(), 16u + 128u) << "a stress run is 32, 64 or 128 calls";
  }
}

TEST(RandomStrategyTest, ACallThatRanOutOfMemoryIsSeldomMadeAgain) {
  ClassModel model = testing::hoardModel();
  std::unique_ptr<Executor> executor =
      testing::startTestDriver(model, BuildKind::Exploration, false, 64);
  ASSERT_TRUE(executor);
  RandomOptions options;
  options.seed = 1;
  options.maxLength = 6;
  Corpus corpus(model);
  const uint64_t kExecutions = 400;
  makeRandomStrategy(model, *executor, options)->run(Budget{0, kExecutions}, corpus);
  const ExecStats &stats = executor->stats();
  ASSERT_EQ(stats.executions, kExecutions);
  ASSERT_GE(corpus.failureCount(), 1u) << "keep(1) was found to run out of memory";
  // Every candidate that made keep(1) again ran out of memory again; after k such runs a
  // candidate making it runs with probability 2^-k, so the runs grow with the logarithm of
  // the candidates that make it (7 runs here). Before, keep() was given up
  // altogether after 8 such runs, and the strategy ran out of candidates after 95 executions.
  EXPECT_LE(stats.failures, 20u);
  // keep() with its other arguments was not given up: it fills objects in the corpus.
  size_t keepCalls = 0;
  for (const CorpusEntry &entry : corpus.entries())
    for (size_t i = 0; i < entry.outcome.calls.size(); ++i)
      keepCalls += entry.sequence.statements[i].callable == 1 &&
                   entry.outcome.calls[i].status == CallStatus::Returned;
  EXPECT_GE(keepCalls, 10u);
}

/// Every run the corpus is given.
struct Recorder : CorpusObserver {
  void recorded(const Sequence &sequence, const Outcome &, bool) override {
    runs.push_back(sequence);
  }
  std::vector<Sequence> runs;
};

TEST(RandomStrategyTest, ASetUpTheSanitizerWatchSawFailIsNoLongerMade) {
  const ClassModel model = testing::gaugeModel();
  std::unique_ptr<Executor> executor = testing::startTestDriver(model, BuildKind::Exploration);
  ASSERT_TRUE(executor);
  Corpus corpus(model);
  SanitizerWatchOptions watchOptions;
  watchOptions.rejectedCalls = &corpus.rejectedCalls();
  SanitizerWatch watch(
      [&]() -> Expected<std::unique_ptr<Executor>> {
        return testing::startTestDriver(model, BuildKind::Replay);
      },
      watchOptions);
  corpus.observe(&watch);
  RandomOptions options;
  options.seed = 1;
  options.maxLength = 4;
  auto strategy = makeRandomStrategy(model, *executor, options);
  // The watch runs beside the search (its build first): the search goes on until it hears.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (corpus.rejectedCalls().size() == 0 && std::chrono::steady_clock::now() < deadline) {
    strategy->run(Budget{0, 50}, corpus);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  watch.finish();
  ASSERT_GT(corpus.rejectedCalls().size(), 0u) << "a gauge of a scale below 2 was sanitized";
  Recorder recorder;
  corpus.observe(&recorder);
  strategy->run(Budget{0, 300}, corpus);
  corpus.observe(nullptr);
  EXPECT_EQ(recorder.runs.size(), 300u) << "gauges of other scales are still made";
  size_t rejected = 0;
  for (const Sequence &run : recorder.runs)
    rejected += corpus.rejectedCalls().rejects(run);
  EXPECT_EQ(rejected, 0u);
}

} // namespace
} // namespace unitgen
