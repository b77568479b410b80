// The concrete-state strategy on a real driver of data/bag: breadth-first over canonical states
// (the values in the bag's heap array count, not only its size), exact state and pruning
// counts per iteration, and its bounds ending the exploration with a reason.
#include "explore/ConcreteStateStrategy.h"

#include "../exec/TestDrivers.h"
#include "HandModels.h"
#include "exec/Executor.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using testing::bagModel;
using testing::type;

class ConcreteStateStrategyTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    model_ = new ClassModel(bagModel());
    executor_ = testing::startTestDriver(*model_, BuildKind::Exploration).release();
  }
  static void TearDownTestSuite() {
    delete executor_;
    delete model_;
  }

  ConcreteStateStats explore(StateSpaceOptions options, Corpus &corpus) {
    Expected<StateMethods> methods = selectStateMethods(*model_, options.methods);
    EXPECT_TRUE(methods) << (methods ? "" : methods.error().message);
    auto strategy = makeConcreteStateStrategy(*model_, *executor_, *methods, options);
    strategy->run(Budget{}, corpus);
    return strategy->stats();
  }

  static ClassModel *model_;
  static Executor *executor_;
};
ClassModel *ConcreteStateStrategyTest::model_ = nullptr;
Executor *ConcreteStateStrategyTest::executor_ = nullptr;

TEST_F(ConcreteStateStrategyTest, KeepsEachNewStateOnceIterationByIteration) {
  ASSERT_TRUE(executor_);
  // Values 1 and 2 in a bag of three: 1 + 2 + 4 + 8 states (bags of 0..3 values in order).
  StateSpaceOptions options;
  options.maxIterations = 6;
  options.args = {1, 2};
  std::vector<IterationRow> rows;
  options.onIteration = [&](const IterationRow &row) { rows.push_back(row); };
  Corpus corpus(*model_);
  ConcreteStateStats stats = explore(options, corpus);
  ASSERT_EQ(rows.size(), 5u) << "iteration 4 finds nothing new and ends the exploration";
  const size_t states[] = {1, 3, 7, 15, 15};
  // Each iteration runs push(1), push(2) and pop() from every state the one before kept; pop
  // on the empty bag, pops back to known states and pushes on a full bag change nothing new.
  const size_t pruned[] = {0, 1, 3, 7, 31};
  for (size_t n = 0; n < rows.size(); ++n) {
    EXPECT_EQ(rows[n].n, static_cast<int>(n));
    EXPECT_EQ(rows[n].states, states[n]) << "iteration " << n;
    EXPECT_EQ(rows[n].pruned, pruned[n]) << "iteration " << n;
  }
  EXPECT_EQ(stats.stopReason, "no new state after iteration 4");
  EXPECT_EQ(stats.executions, 1u + 3 + 6 + 12 + 24);
  EXPECT_GT(rows.back().edgeCoverage, rows.front().edgeCoverage);
  EXPECT_LE(rows.back().edgeCoverage, 1.0);
}

TEST_F(ConcreteStateStrategyTest, BoundsEndTheExplorationWithAReason) {
  ASSERT_TRUE(executor_);
  StateSpaceOptions options;
  options.maxIterations = 6;
  options.args = {1, 2};
  options.maxStates = 5;
  std::string reason;
  options.onStop = [&](const std::string &why) { reason = why; };
  Corpus corpus(*model_);
  ConcreteStateStats stats = explore(options, corpus);
  EXPECT_EQ(reason, "--max-states 5 reached");
  EXPECT_EQ(stats.stopReason, reason);
  ASSERT_EQ(stats.rows.size(), 2u) << "iterations 0 and 1 completed";

  options.maxStates = 1000;
  options.maxMemoryMb = 1; // any process uses more
  Corpus again(*model_);
  stats = explore(options, again);
  EXPECT_EQ(stats.stopReason, "--max-memory 1 MB reached");
}

TEST_F(ConcreteStateStrategyTest, MethodsAreRestrictedByNameAndUnknownNamesAreErrors) {
  Expected<StateMethods> onlyPush = selectStateMethods(*model_, {"push"});
  ASSERT_TRUE(onlyPush);
  EXPECT_EQ(onlyPush->methods, std::vector<int>{1});
  EXPECT_EQ(onlyPush->constructors, std::vector<int>{0});
  Expected<StateMethods> unknown = selectStateMethods(*model_, {"push", "shake"});
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("'shake' is not a method of Bag"), std::string::npos)
      << unknown.error().message;
  // By default the observer size() is not a method to extend states with.
  Expected<StateMethods> all = selectStateMethods(*model_, {});
  ASSERT_TRUE(all);
  EXPECT_EQ(all->methods, (std::vector<int>{1, 2}));
}

TEST_F(ConcreteStateStrategyTest, ArgumentTuplesAreTheProductOfThePool) {
  Callable put;
  put.params = {{"key", type(TypeKind::Integer, "int")}, {"on", type(TypeKind::Bool, "bool")}};
  std::vector<std::vector<Argument>> tuples = argumentTuples(put, {1, 2, 3});
  ASSERT_EQ(tuples.size(), 6u);
  for (const std::vector<Argument> &tuple : tuples)
    ASSERT_EQ(tuple.size(), 2u);
  StateSpaceOptions defaults;
  defaults.maxIterations = 4;
  EXPECT_EQ(argumentPool(defaults), (std::vector<int64_t>{1, 2, 3, 4}));
}

} // namespace
} // namespace unitgen
