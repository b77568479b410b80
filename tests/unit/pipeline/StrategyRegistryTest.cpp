// StrategyRegistryTest: one row per strategy, and what each verb and stage reads from it.
#include "pipeline/StrategyRegistry.h"

#include <gtest/gtest.h>

#include <set>

namespace unitgen {
namespace {

TEST(StrategyRegistryTest, GenerateOffersEveryStrategyInHelpOrder) {
  EXPECT_EQ(strategyNames(false),
            (std::vector<std::string>{"random", "concolic", "auto", "palus", "concrete-state",
                                      "symbolic-state", "exhaustive"}));
}

TEST(StrategyRegistryTest, ExploreOffersPalusTheStateSpaceAndExhaustiveStrategies) {
  EXPECT_EQ(strategyNames(true),
            (std::vector<std::string>{"palus", "concrete-state", "symbolic-state", "exhaustive"}));
}

TEST(StrategyRegistryTest, OnlyPalusNeedsTheProjectsTests) {
  for (const StrategyEntry &entry : strategies())
    EXPECT_EQ(entry.needsSample, entry.name == "palus") << entry.name;
}

TEST(StrategyRegistryTest, EachStrategyRunsUnderGenerateOneWay) {
  for (const StrategyEntry &entry : strategies()) {
    EXPECT_FALSE(entry.summary.empty()) << entry.name;
    // Either it explores into the shared pipeline's corpus or it has its own pipeline.
    EXPECT_NE(static_cast<bool>(entry.explore), static_cast<bool>(entry.generate)) << entry.name;
  }
}

TEST(StrategyRegistryTest, TheConcolicDriverIsBuiltForTheStrategiesThatRunOnIt) {
  std::set<std::string> needing;
  for (const StrategyEntry &entry : strategies())
    if (entry.needsConcolicDriver)
      needing.insert(entry.name);
  EXPECT_EQ(needing, (std::set<std::string>{"concolic", "auto", "symbolic-state"}));
}

TEST(StrategyRegistryTest, AFlagBelongsToOneStrategyAtMost) {
  std::set<std::string> seen;
  for (const StrategyEntry &entry : strategies())
    for (const std::string &flag : entry.ownFlags)
      EXPECT_TRUE(seen.insert(flag).second) << flag << " is owned twice";
  EXPECT_TRUE(seen.count("--scope"));
  EXPECT_TRUE(seen.count("--legal-budget"));
}

TEST(StrategyRegistryTest, UnknownNamesAreNotFound) {
  EXPECT_EQ(findStrategy("genetic"), nullptr);
  ASSERT_NE(findStrategy("exhaustive"), nullptr);
  EXPECT_EQ(findStrategy("exhaustive")->name, "exhaustive");
}

} // namespace
} // namespace unitgen
