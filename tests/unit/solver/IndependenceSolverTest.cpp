// IndependenceSolver: what reaches the next layer (seen through a recording decorator over Z3)
// and that sliced answers hold for the whole query.
#include "SolverTestUtil.h"
#include "solver/SolverStats.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using test::Exprs;
using test::RecordingSolver;

class IndependenceSolverTest : public ::testing::Test {
protected:
  IndependenceSolverTest() {
    auto recording = std::make_unique<RecordingSolver>(createZ3Solver(pool, stats, 10000, false));
    received = recording->received;
    solver = createIndependenceSolver(std::move(recording), pool, stats);
  }
  ExprId less(ExprId a, uint64_t bound) {
    return e.cmp(ExprKind::Ult, a, e.c(bound, pool.node(a).width));
  }

  ExprPool pool;
  Exprs e{pool};
  SolverStats stats;
  std::shared_ptr<std::vector<Query>> received;
  std::unique_ptr<Solver> solver;
};

TEST_F(IndependenceSolverTest, KeepsOnlyConstraintsLinkedToTheGoal) {
  const ExprId onByte0 = less(e.byte(0), 50);
  const ExprId onByte1 = less(e.byte(1), 50);
  const ExprId links1And2 = e.cmp(ExprKind::Ult, e.byte(1), e.byte(2));
  const ExprId onByte3 = less(e.byte(3), 9);
  const ExprId goal = e.eq(e.byte(2), e.c(40, 8));
  SolverResult result = solver->solve({{onByte0, onByte1, links1And2, onByte3}, goal});

  ASSERT_EQ(received->size(), 1u);
  EXPECT_EQ(received->at(0).constraints, (std::vector<ExprId>{onByte1, links1And2}))
      << "byte 1 reaches the goal through the constraint on bytes 1 and 2";
  EXPECT_EQ(received->at(0).goal, goal);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model.size(), 2u) << "bytes 1 and 2 only";
  EXPECT_EQ(result.model.at(2), 40);
  EXPECT_LT(result.model.at(1), 40);
  EXPECT_EQ(stats.constraintsBeforeSlicing, 4u);
  EXPECT_EQ(stats.constraintsAfterSlicing, 2u);
}

TEST_F(IndependenceSolverTest, SlicedModelOverlaidOnTheExecutionSatisfiesEverything) {
  // The execution had bytes {5, 60, 7}; its path: b0 < 10, b1 > 50, b1 + b2 < 100.
  const std::vector<uint8_t> input = {5, 60, 7};
  const ExprId b1PlusB2 = e.bin(ExprKind::Add, e.zext(e.byte(1), 16), e.zext(e.byte(2), 16));
  const std::vector<ExprId> path = {
      less(e.byte(0), 10), e.cmp(ExprKind::Ugt, e.byte(1), e.c(50, 8)), less(b1PlusB2, 100)};
  const ExprId goal = e.cmp(ExprKind::Ugt, e.byte(2), e.c(30, 8)); // flip a later branch
  SolverResult result = solver->solve({path, goal});
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(received->at(0).constraints.size(), 2u);
  EXPECT_EQ(result.model.count(0), 0u) << "byte 0 keeps its value";
  std::vector<uint8_t> next = input;
  for (auto [byte, value] : result.model)
    next[byte] = value;
  const Model none;
  Evaluator evaluator(pool, none, next);
  EXPECT_TRUE(evaluator.allTrue(path));
  EXPECT_TRUE(evaluator.isTrue(goal));
}

TEST_F(IndependenceSolverTest, RemovesDuplicatesAndTheGoalFromConstraints) {
  const ExprId a = less(e.byte(0), 50), b = less(e.byte(0), 60);
  solver->solve({{a, b, a, b, a}, a});
  ASSERT_EQ(received->size(), 1u);
  EXPECT_EQ(received->at(0).constraints, std::vector<ExprId>{b});
}

TEST_F(IndependenceSolverTest, ConstantGoalsAndConstraintsAreDecidedHere) {
  const ExprId onByte0 = less(e.byte(0), 50);
  SolverResult result = solver->solve({{onByte0}, pool.boolean(true)});
  EXPECT_EQ(result.validity, Validity::Sat);
  EXPECT_TRUE(result.model.empty());
  EXPECT_EQ(solver->solve({{onByte0}, pool.boolean(false)}).validity, Validity::Unsat);
  EXPECT_EQ(solver->solve({{pool.boolean(false)}, onByte0}).validity, Validity::Unsat);
  EXPECT_TRUE(received->empty());
  EXPECT_EQ(stats.independenceAnswers, 3u);
  // A true constant constraint is just dropped.
  EXPECT_EQ(solver->solve({{pool.boolean(true), onByte0}, less(e.byte(0), 3)}).validity,
            Validity::Sat);
  ASSERT_EQ(received->size(), 1u);
  EXPECT_EQ(received->at(0).constraints, std::vector<ExprId>{onByte0});
}

TEST_F(IndependenceSolverTest, UnsatisfiableSliceIsUnsatForTheWholeQuery) {
  const ExprId goal = e.cmp(ExprKind::Ugt, e.byte(4), e.c(100, 8));
  SolverResult result =
      solver->solve({{less(e.byte(9), 3), less(e.byte(4), 100), less(e.byte(5), 3)}, goal});
  EXPECT_EQ(result.validity, Validity::Unsat);
  ASSERT_EQ(received->size(), 1u);
  EXPECT_EQ(received->at(0).constraints.size(), 1u);
}

} // namespace
} // namespace unitgen
