// Goals from outcomes: edge hit-count levels, busy levels and boundaries.
#include "suite/Goals.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace unitgen {
namespace {

ClassModel oneMethodModel() {
  ClassModel model;
  Callable make;
  make.id = 0;
  make.kind = CallableKind::Constructor;
  make.owner = "C";
  Callable poke;
  poke.id = 1;
  poke.kind = CallableKind::Method;
  poke.owner = "C";
  poke.isConst = true;
  model.callables = {make, poke};
  return model;
}

Sequence twoStatements() {
  Sequence sequence;
  Statement make;
  make.callable = 0;
  Statement poke;
  poke.callable = 1;
  poke.receiver = 0;
  sequence.statements = {make, poke};
  return sequence;
}

std::vector<Goal> ofKind(const std::vector<Goal> &goals, GoalKind kind) {
  std::vector<Goal> out;
  std::copy_if(goals.begin(), goals.end(), std::back_inserter(out),
               [&](Goal g) { return goalKind(g) == kind; });
  return out;
}

Outcome withHits(std::vector<uint32_t> edges, std::vector<uint8_t> hits) {
  Outcome outcome;
  outcome.calls.resize(2);
  outcome.calls[0].status = outcome.calls[1].status = CallStatus::Returned;
  outcome.edges = std::move(edges);
  outcome.edgeHits = std::move(hits);
  return outcome;
}

TEST(GoalsTest, HitCountLevelsAreCumulativePowersOfTwo) {
  ClassModel model = oneMethodModel();
  std::vector<Goal> goals = goalsOf(model, twoStatements(), withHits({7, 9}, {1, 5}));
  EXPECT_EQ(ofKind(goals, GoalKind::Edge).size(), 2u);
  std::vector<Goal> repeated = ofKind(goals, GoalKind::EdgeRepeated);
  ASSERT_EQ(repeated.size(), 2u); // edge 9 ran 5 times: levels 2+ and 4+
  EXPECT_EQ(describeGoal(model, twoStatements(), Outcome{}, repeated[0]), "edge 9 run 2+ times");
  EXPECT_EQ(describeGoal(model, twoStatements(), Outcome{}, repeated[1]), "edge 9 run 4+ times");
  EXPECT_TRUE(ofKind(goals, GoalKind::Busy).empty()); // nothing ran 8 times
}

TEST(GoalsTest, LevelsStopAtTheHighestGoal) {
  ClassModel model = oneMethodModel();
  std::vector<Goal> goals = goalsOf(model, twoStatements(), withHits({3}, {255}));
  EXPECT_EQ(ofKind(goals, GoalKind::EdgeRepeated).size(), static_cast<size_t>(kMaxRepeatLevel));
  // The busiest edge ran 255 times: 8+, 16+, 32+, 64+ and 128+.
  std::vector<Goal> busy = ofKind(goals, GoalKind::Busy);
  ASSERT_EQ(busy.size(), static_cast<size_t>(8 - kMinBusyLevel));
  EXPECT_EQ(describeGoal(model, twoStatements(), Outcome{}, busy.back()),
            "some edge run 128+ times");
}

TEST(GoalsTest, OutcomesWithoutHitCountsHaveOnlyEdges) {
  ClassModel model = oneMethodModel();
  Outcome outcome = withHits({1, 2}, {});
  std::vector<Goal> goals = goalsOf(model, twoStatements(), outcome);
  EXPECT_EQ(ofKind(goals, GoalKind::Edge).size(), 2u);
  EXPECT_TRUE(ofKind(goals, GoalKind::EdgeRepeated).empty());
}

TEST(GoalsTest, EachBoundaryIsAGoalNamingItsLine) {
  ClassModel model = oneMethodModel();
  Outcome outcome = withHits({1}, {1});
  outcome.boundaries = {uint64_t{16} << 32 | 0xdeadbeef, uint64_t{40} << 32 | 7};
  std::vector<Goal> boundaries =
      ofKind(goalsOf(model, twoStatements(), outcome), GoalKind::Boundary);
  ASSERT_EQ(boundaries.size(), 2u);
  EXPECT_EQ(describeGoal(model, twoStatements(), outcome, boundaries[0]),
            "equal operands at the comparison on line 16");
  EXPECT_EQ(describeGoal(model, twoStatements(), outcome, boundaries[1]),
            "equal operands at the comparison on line 40");
  // Another site on the same line is another goal.
  Outcome other = withHits({1}, {1});
  other.boundaries = {uint64_t{16} << 32 | 0xdeadbeee};
  EXPECT_NE(ofKind(goalsOf(model, twoStatements(), other), GoalKind::Boundary)[0], boundaries[0]);
}

} // namespace
} // namespace unitgen
