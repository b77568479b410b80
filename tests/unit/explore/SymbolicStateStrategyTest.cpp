// The symbolic-state strategy on a real concolic driver of data/bag: one symbolic state per
// bag size (the pushed values are symbolic, and a bag of the same size subsumes it), exact rows,
// and subsumption saving states without losing coverage.
#include "explore/SymbolicStateStrategy.h"

#include "../exec/TestDrivers.h"
#include "HandModels.h"
#include "exec/Executor.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

class SymbolicStateStrategyTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    model_ = new ClassModel(testing::bagModel());
    executor_ = testing::startTestDriver(*model_, BuildKind::Concolic).release();
  }
  static void TearDownTestSuite() {
    delete executor_;
    delete model_;
  }

  SymbolicStateStats explore(SymbolicStateOptions options) {
    Expected<StateMethods> methods = selectStateMethods(*model_, {});
    EXPECT_TRUE(methods) << (methods ? "" : methods.error().message);
    auto strategy = makeSymbolicStateStrategy(*model_, *executor_, *methods, options);
    Corpus corpus(*model_);
    strategy->run(Budget{}, corpus);
    return strategy->stats();
  }

  static ClassModel *model_;
  static Executor *executor_;
};
ClassModel *SymbolicStateStrategyTest::model_ = nullptr;
Executor *SymbolicStateStrategyTest::executor_ = nullptr;

TEST_F(SymbolicStateStrategyTest, OneStatePerSizeWhateverTheValues) {
  ASSERT_TRUE(executor_);
  SymbolicStateOptions options;
  options.space.maxIterations = 6;
  SymbolicStateStats stats = explore(options);
  ASSERT_EQ(stats.rows.size(), 5u) << "iteration 4 finds nothing new";
  // Empty, then one more value per push up to three; pop on the empty bag, pops back and the
  // push on the full bag reach states a kept one subsumes.
  const size_t states[] = {1, 2, 3, 4, 4};
  const size_t pruned[] = {0, 1, 2, 3, 5};
  for (size_t n = 0; n < stats.rows.size(); ++n) {
    EXPECT_EQ(stats.rows[n].states, states[n]) << "iteration " << n;
    EXPECT_EQ(stats.rows[n].pruned, pruned[n]) << "iteration " << n;
  }
  EXPECT_EQ(stats.stopReason, "no new state after iteration 4");
  EXPECT_EQ(stats.importErrors, 0u);
  EXPECT_GT(stats.subsumption.checks, 0u);
}

TEST_F(SymbolicStateStrategyTest, SubsumptionSavesStatesNotCoverage) {
  ASSERT_TRUE(executor_);
  SymbolicStateOptions with, without;
  with.space.maxIterations = without.space.maxIterations = 4;
  without.subsumption = false;
  SymbolicStateStats on = explore(with), off = explore(without);
  ASSERT_EQ(off.rows.size(), 5u);
  ASSERT_EQ(on.rows.size(), 5u);
  EXPECT_GT(off.rows.back().states, on.rows.back().states);
  for (size_t n = 0; n < on.rows.size(); ++n)
    EXPECT_EQ(on.rows[n].edgeCoverage, off.rows[n].edgeCoverage) << "iteration " << n;
}

} // namespace
} // namespace unitgen
