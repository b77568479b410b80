// The random strategy on a real driver of data/tally: stress candidates fill one object past
// what sequences of --max-length calls reach (the 40th add() of a Tally).
#include "explore/RandomStrategy.h"

#include "../exec/TestDrivers.h"
#include "HandModels.h"
#include "exec/Executor.h"
#include "suite/Corpus.h"
#include "suite/Goals.h"

#include <gtest/gtest.h>

#include <algorithm>

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

} // namespace
} // namespace unitgen
