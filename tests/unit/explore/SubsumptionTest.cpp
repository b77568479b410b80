// Subsumption on hand-built symbolic states, with the real solver chain: it must hold where the
// new path condition implies the explored one under the field correspondence, and must not
// where shapes differ, the implication fails, or a field is no plain input variable.
#include "explore/Subsumption.h"

#include "solver/SolverChain.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

class SubsumptionTest : public ::testing::Test {
protected:
  SubsumptionTest()
      : solver_(createSolverChain(SolverOptions{}, pool_, stats_)),
        z3_(createZ3Solver(pool_, z3Stats_, 10000, false)) {}

  /// A 32-bit int argument made of input bytes first..first+3, least significant first.
  ExprId variable(uint32_t first) {
    ExprId value = pool_.inputByte(first + 3);
    for (uint32_t k = 3; k-- > 0;)
      value = pool_.make(ExprKind::Concat, static_cast<uint16_t>(8 * (4 - k)),
                         {value, pool_.inputByte(first + k)});
    return value;
  }
  ExprId constant(int32_t value) { return pool_.constant(static_cast<uint32_t>(value), 32); }
  ExprId less(ExprId a, ExprId b) { return pool_.make(ExprKind::Slt, 1, {a, b}); }
  ExprId greater(ExprId a, ExprId b) { return pool_.make(ExprKind::Sgt, 1, {a, b}); }

  ExprPool pool_;
  SolverStats stats_;
  std::unique_ptr<Solver> solver_;
  SolverStats z3Stats_;
  std::unique_ptr<Solver> z3_;
};

TEST_F(SubsumptionTest, HoldsWhenTheNewConditionImpliesTheExploredOne) {
  SubsumptionChecker checker(pool_, *solver_, *z3_);
  ExprId x = variable(0), y = variable(10);
  SymbolicState wide{7, {x}, {less(x, constant(10))}};
  SymbolicState narrow{7, {y}, {less(y, constant(5))}};
  EXPECT_TRUE(checker.subsumes(wide, narrow)) << "y < 5 implies y < 10";
  EXPECT_FALSE(checker.subsumes(narrow, wide)) << "x < 10 does not imply x < 5";
  EXPECT_EQ(checker.stats().byOrders, 1u) << "orders of words: no solver needed";
  EXPECT_EQ(checker.stats().refuted, 1u);
}

TEST_F(SubsumptionTest, TheSameClausesUnderTheCorrespondenceNeedNoSolver) {
  SubsumptionChecker checker(pool_, *solver_, *z3_);
  ExprId x = variable(0), y = variable(4), a = variable(20), b = variable(24);
  // Two keys in order: the explored state's x < y is the new state's a < b once x ↦ a, y ↦ b.
  SymbolicState explored{3, {x, y}, {less(x, y)}};
  SymbolicState fresh{3, {a, b}, {less(a, b)}};
  EXPECT_TRUE(checker.subsumes(explored, fresh));
  EXPECT_EQ(checker.stats().syntactic, 1u);
  EXPECT_EQ(stats_.queries, 0u);
  // The fields in the other order: b < a does not imply a < b.
  SymbolicState swapped{3, {a, b}, {less(b, a)}};
  EXPECT_FALSE(checker.subsumes(explored, swapped));
}

TEST_F(SubsumptionTest, DoesNotHoldForOtherShapesOrNonImplyingConditions) {
  SubsumptionChecker checker(pool_, *solver_, *z3_);
  ExprId x = variable(0), y = variable(10);
  SymbolicState explored{1, {x}, {less(x, constant(10))}};
  EXPECT_FALSE(checker.subsumes(explored, SymbolicState{2, {y}, {less(y, constant(5))}}))
      << "another shape";
  EXPECT_FALSE(checker.subsumes(explored, SymbolicState{1, {y}, {greater(y, constant(3))}}))
      << "same shape, y > 3 does not imply y < 10";
  EXPECT_FALSE(checker.subsumes(explored, SymbolicState{1, {y, x}, {}})) << "more fields";
}

TEST_F(SubsumptionTest, AFieldThatIsNoPlainVariableIsNotDecided) {
  SubsumptionChecker checker(pool_, *solver_, *z3_);
  ExprId x = variable(0), y = variable(10);
  ExprId incremented = pool_.make(ExprKind::Add, 32, {x, constant(1)});
  EXPECT_FALSE(checker.subsumes(SymbolicState{1, {incremented}, {}}, SymbolicState{1, {y}, {}}));
  EXPECT_EQ(checker.stats().notVariables, 1u);
}

TEST_F(SubsumptionTest, OneVariableInTwoFieldsAsksForEqualFields) {
  SubsumptionChecker checker(pool_, *solver_, *z3_);
  ExprId x = variable(0), y = variable(10), z = variable(20);
  SymbolicState twice{5, {x, x}, {}};
  EXPECT_FALSE(checker.subsumes(twice, SymbolicState{5, {y, z}, {}}))
      << "two independent fields are not always equal";
  EXPECT_TRUE(checker.subsumes(twice, SymbolicState{5, {y, y}, {}}));
  EXPECT_TRUE(
      checker.subsumes(twice, SymbolicState{5, {y, z}, {pool_.make(ExprKind::Equal, 1, {y, z})}}));
}

TEST_F(SubsumptionTest, InputsOutsideTheFieldsAreProjectedOut) {
  SubsumptionChecker checker(pool_, *solver_, *z3_);
  ExprId x = variable(0), w = variable(4), y = variable(10);
  // The explored state compared x with a value w it did not keep (an extracted minimum):
  // ∃w. w < x holds for every x but the smallest int, so it covers only those.
  SymbolicState dropped{1, {x}, {less(w, x)}};
  EXPECT_FALSE(checker.subsumes(dropped, SymbolicState{1, {y}, {}}))
      << "y = INT_MIN has no w below it";
  EXPECT_TRUE(checker.subsumes(dropped, SymbolicState{1, {y}, {greater(y, constant(0))}}));
  EXPECT_EQ(checker.stats().byOrders, 1u) << "w eliminated from the orders";
  EXPECT_EQ(z3Stats_.z3Calls, 0u);
  // Arithmetic on the dropped input is the quantified query's: ∃w. w + 1 < x for x > 0.
  ExprId plusOne = pool_.make(ExprKind::Add, 32, {w, constant(1)});
  EXPECT_TRUE(checker.subsumes(SymbolicState{1, {x}, {less(plusOne, x)}},
                               SymbolicState{1, {y}, {greater(y, constant(0))}}));
  EXPECT_GT(z3Stats_.z3Unsat, 0u) << "decided by the quantified query";
  // A condition on a dropped input alone is satisfiable by some w: it restricts nothing.
  EXPECT_TRUE(
      checker.subsumes(SymbolicState{1, {x}, {less(w, constant(0))}}, SymbolicState{1, {y}, {}}));
}

} // namespace
} // namespace unitgen
