// The order layer: comparisons of input words decided as difference constraints (unsat on a
// cycle, small models, disequalities by case splits), everything else passed on, and a
// differential test against exhaustive search on random conjunctions of comparisons.
#include "SolverTestUtil.h"
#include "solver/OrderConstraints.h"
#include "solver/SolverStats.h"

#include <gtest/gtest.h>

#include <random>

namespace unitgen {
namespace {

using test::ExhaustiveSolver;
using test::Exprs;
using test::RecordingSolver;

class OrderSolverTest : public ::testing::Test {
protected:
  /// The order layer over Z3, recording what reached Z3.
  std::unique_ptr<Solver> orderOverZ3() {
    auto recording = std::make_unique<RecordingSolver>(createZ3Solver(pool, stats, 1000, false));
    reachedZ3 = recording->received;
    return createOrderSolver(std::move(recording), pool, stats);
  }
  int32_t signedWord(const Model &model, uint32_t first) {
    uint32_t bits = 0;
    for (uint32_t k = 0; k < 4; ++k)
      bits |= uint32_t{model.at(first + k)} << (8 * k);
    return static_cast<int32_t>(bits);
  }

  ExprPool pool;
  Exprs e{pool};
  SolverStats stats;
  std::shared_ptr<std::vector<Query>> reachedZ3;
};

TEST_F(OrderSolverTest, ACycleOfOrdersIsUnsatWithoutZ3) {
  auto solver = orderOverZ3();
  ExprId x = e.word(0, 4), y = e.word(4, 4), z = e.word(8, 4);
  // x < y, !(z <= y) i.e. y < z, goal z < x: a cycle.
  Query query{{e.cmp(ExprKind::Slt, x, y), pool.negate(e.cmp(ExprKind::Sle, z, y))},
              e.cmp(ExprKind::Slt, z, x),
              {}};
  EXPECT_EQ(solver->solve(query).validity, Validity::Unsat);
  EXPECT_TRUE(reachedZ3->empty());
  EXPECT_EQ(stats.orderAnswers, 1u);
}

TEST_F(OrderSolverTest, ModelsAreSmallAndKeepDisequalities) {
  auto solver = orderOverZ3();
  ExprId x = e.word(0, 4), y = e.word(4, 4);
  // x < y, y != 0, x != -1, x >= -100: the first solution (-1, 0) breaks both disequalities.
  Query query{{e.cmp(ExprKind::Slt, x, y), e.cmp(ExprKind::Distinct, y, e.c(0, 32)),
               e.cmp(ExprKind::Distinct, x, e.c(0xffffffff, 32))},
              e.cmp(ExprKind::Sge, x, e.c(static_cast<uint32_t>(-100), 32)),
              {}};
  SolverResult result = solver->solve(query);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_TRUE(reachedZ3->empty());
  int32_t xv = signedWord(result.model, 0), yv = signedWord(result.model, 4);
  EXPECT_LT(xv, yv);
  EXPECT_NE(yv, 0);
  EXPECT_NE(xv, -1);
  EXPECT_GE(xv, -100);
  EXPECT_LE(std::abs(xv) + std::abs(yv), 10) << "a readable model: " << xv << ", " << yv;
}

TEST_F(OrderSolverTest, ExtendedWordsAndRangesOfTheirReading) {
  auto solver = orderOverZ3();
  // zext(byte0) >s 300 at 32 bits: an unsigned byte never is.
  EXPECT_EQ(
      solver->solve({{}, e.cmp(ExprKind::Sgt, e.zext(e.byte(0), 32), e.c(300, 32)), {}}).validity,
      Validity::Unsat);
  // sext(byte1) <s -100: a signed byte can be.
  SolverResult negative = solver->solve(
      {{}, e.cmp(ExprKind::Slt, e.sext(e.byte(1), 32), e.c(static_cast<uint32_t>(-100), 32)), {}});
  ASSERT_EQ(negative.validity, Validity::Sat);
  EXPECT_LT(static_cast<int8_t>(negative.model.at(1)), -100);
  EXPECT_TRUE(reachedZ3->empty());
}

TEST_F(OrderSolverTest, AnythingElseGoesToTheInnerSolver) {
  auto solver = orderOverZ3();
  ExprId x = e.word(0, 4);
  // Arithmetic; a word read signed and unsigned; a byte inside two words; a disjunction.
  std::vector<Query> others = {
      {{}, e.cmp(ExprKind::Slt, e.bin(ExprKind::Add, x, e.c(1, 32)), e.c(5, 32)), {}},
      {{e.cmp(ExprKind::Slt, x, e.c(5, 32))}, e.cmp(ExprKind::Ugt, x, e.c(3, 32)), {}},
      {{e.cmp(ExprKind::Slt, x, e.c(5, 32))}, e.cmp(ExprKind::Ult, e.word(2, 2), e.c(3, 16)), {}},
      {{},
       pool.make(ExprKind::BoolOr, 1,
                 {e.cmp(ExprKind::Slt, x, e.c(5, 32)), e.cmp(ExprKind::Sgt, x, e.c(9, 32))}),
       {}}};
  for (const Query &query : others)
    EXPECT_EQ(solver->solve(query).validity, Validity::Sat);
  EXPECT_EQ(reachedZ3->size(), others.size());
  EXPECT_EQ(stats.orderAnswers, 0u);
}

TEST_F(OrderSolverTest, AgreesWithExhaustiveSearchOnRandomComparisons) {
  // Conjunctions of comparisons over byte 0, byte 1 and constants, at widths 8 and 16 through
  // extensions, negated at random: the order layer over the exhaustive oracle must answer as
  // the oracle alone, with models that satisfy the query.
  std::mt19937 rng(7);
  auto pick = [&](uint32_t n) { return std::uniform_int_distribution<uint32_t>(0, n - 1)(rng); };
  static const ExprKind compares[] = {
      ExprKind::Equal, ExprKind::Distinct, ExprKind::Ult, ExprKind::Ule, ExprKind::Ugt,
      ExprKind::Uge,   ExprKind::Slt,      ExprKind::Sle, ExprKind::Sgt, ExprKind::Sge};
  static const uint64_t edges[] = {0, 1, 2, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x100, 0x7fff, 0xffff};
  auto operand = [&](uint16_t width) -> ExprId {
    switch (pick(3)) {
    case 0:
      return e.c(edges[pick(11)] & ((1u << width) - 1), width);
    case 1:
      return width == 8 ? e.byte(pick(2)) : e.zext(e.byte(pick(2)), width);
    default:
      return width == 8 ? e.byte(pick(2)) : e.sext(e.byte(pick(2)), width);
    }
  };
  auto condition = [&]() {
    uint16_t width = pick(2) ? 8 : 16;
    ExprId a = operand(width), b = operand(width);
    ExprId c = e.cmp(compares[pick(10)], a, b);
    return pick(3) == 0 ? pool.negate(c) : c;
  };
  size_t decided = 0;
  for (int round = 0; round < 1500; ++round) {
    Query query;
    for (uint32_t n = pick(4); n-- > 0;)
      query.constraints.push_back(condition());
    query.goal = condition();
    ExhaustiveSolver oracle(pool);
    SolverResult expected = oracle.solve(query);
    SolverStats before = stats;
    auto layered = createOrderSolver(std::make_unique<ExhaustiveSolver>(pool), pool, stats);
    SolverResult got = layered->solve(query);
    std::string text = printExpr(pool, query.goal);
    for (ExprId c : query.constraints)
      text += " ; " + printExpr(pool, c);
    ASSERT_EQ(got.validity, expected.validity) << "round " << round << ": " << text;
    if (got.validity == Validity::Sat) {
      Evaluator evaluator(pool, got.model);
      EXPECT_TRUE(evaluator.isTrue(query.goal) && evaluator.allTrue(query.constraints));
    }
    decided += stats.orderAnswers - before.orderAnswers;
  }
  EXPECT_GT(decided, 500u) << "most of these are the order layer's to decide";
  EXPECT_EQ(stats.orderModelMismatches, 0u);
}

} // namespace
} // namespace unitgen

namespace unitgen {
namespace {

class ProjectionTest : public ::testing::Test {
protected:
  orders::Implication implies(const std::vector<ExprId> &premises,
                              const std::vector<ExprId> &conclusions) {
    // Bytes 100 and up are the existential ones.
    return orders::impliesProjection(pool, premises, conclusions,
                                     [](uint32_t byte) { return byte >= 100; });
  }
  ExprId slt(ExprId a, ExprId b) { return e.cmp(ExprKind::Slt, a, b); }
  ExprId sle(ExprId a, ExprId b) { return e.cmp(ExprKind::Sle, a, b); }

  ExprPool pool;
  Exprs e{pool};
  ExprId x = e.word(0, 4), y = e.word(4, 4), u = e.word(100, 4), v = e.word(104, 4);
};

TEST_F(ProjectionTest, AnExistentialBetweenTwoWordsNeedsRoomForIt) {
  // x < y ⇒ ∃u. x <= u < y (u = x), but not ∃u. x < u < y (x = 0, y = 1).
  EXPECT_EQ(implies({slt(x, y)}, {sle(x, u), slt(u, y)}), orders::Implication::Holds);
  EXPECT_EQ(implies({slt(x, y)}, {slt(x, u), slt(u, y)}), orders::Implication::Fails);
  // x < y - 1 as x < v < y for some v: then ∃u. x < u < y holds.
  EXPECT_EQ(implies({slt(x, y), e.cmp(ExprKind::Distinct, x, e.c(5, 32)),
                     e.cmp(ExprKind::Sge, y, e.c(7, 32)), e.cmp(ExprKind::Sle, x, e.c(5, 32))},
                    {slt(x, u), slt(u, y)}),
            orders::Implication::Holds)
      << "x <= 4 and y >= 7 leave room";
  // Two existentials chained, and one bounded by its word's range: ∃u. u < INT_MIN fails.
  EXPECT_EQ(implies({slt(x, y)}, {sle(x, u), sle(u, v), sle(v, y)}), orders::Implication::Holds);
  EXPECT_EQ(implies({}, {slt(u, e.c(0x80000000u, 32))}), orders::Implication::Unknown)
      << "conclusions nothing satisfies are left to the solver";
}

TEST_F(ProjectionTest, ADisequalityOnAnExistentialWordIsTwoCases) {
  ExprId distinct = e.cmp(ExprKind::Distinct, u, x);
  EXPECT_EQ(implies({slt(x, y)}, {distinct}), orders::Implication::Holds) << "u = x - 1 or x + 1";
  // x <= u <= y, u != x: only when y > x.
  EXPECT_EQ(implies({sle(x, y)}, {sle(x, u), sle(u, y), distinct}), orders::Implication::Fails);
  EXPECT_EQ(implies({slt(x, y)}, {sle(x, u), sle(u, y), distinct}), orders::Implication::Holds);
  // Two disjuncts each implied on part of the premises only: x < 0 or x > 0 covers x != 0.
  EXPECT_EQ(implies({e.cmp(ExprKind::Distinct, x, e.c(0, 32))},
                    {sle(u, e.c(0, 32)), sle(e.c(0, 32), u), e.cmp(ExprKind::Distinct, u, x),
                     e.cmp(ExprKind::Equal, u, e.c(0, 32))}),
            orders::Implication::Holds);
}

TEST_F(ProjectionTest, WhatEliminationCannotDecideIsUnknown) {
  // Many disequalities on an existential word; a word mixing existential and other bytes;
  // arithmetic.
  ExprId z = e.word(8, 4), w = e.word(12, 4);
  EXPECT_EQ(
      implies({slt(x, y)}, {e.cmp(ExprKind::Distinct, u, x), e.cmp(ExprKind::Distinct, u, y),
                            e.cmp(ExprKind::Distinct, u, z), e.cmp(ExprKind::Distinct, u, w)}),
      orders::Implication::Unknown);
  EXPECT_EQ(implies({slt(x, y)}, {slt(x, e.concat(e.byte(100), e.word(8, 3)))}),
            orders::Implication::Unknown);
  EXPECT_EQ(implies({slt(x, y)}, {slt(e.bin(ExprKind::Add, x, e.c(1, 32)), y)}),
            orders::Implication::Unknown);
  // Disequalities among the premises' own words are checked as equalities.
  EXPECT_EQ(implies({slt(x, y)}, {e.cmp(ExprKind::Distinct, x, y)}), orders::Implication::Holds);
  EXPECT_EQ(implies({sle(x, y)}, {e.cmp(ExprKind::Distinct, x, y)}), orders::Implication::Fails);
}

} // namespace
} // namespace unitgen
