// CounterexampleCacheSolver: each way of answering from earlier results, with the answers
// checked for correctness and the calls that still reach Z3 counted by a recording decorator.
#include "SolverTestUtil.h"
#include "solver/SolverStats.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

using test::Exprs;
using test::RecordingSolver;

class CounterexampleCacheTest : public ::testing::Test {
protected:
  explicit CounterexampleCacheTest(unsigned timeoutMs = 10000) {
    auto recording =
        std::make_unique<RecordingSolver>(createZ3Solver(pool, stats, timeoutMs, false));
    received = recording->received;
    solver = createCounterexampleCacheSolver(std::move(recording), pool, stats);
  }
  /// Solves through the cache and checks a Sat model against the query.
  SolverResult solve(std::vector<ExprId> constraints, ExprId goal) {
    Query query{std::move(constraints), goal};
    SolverResult result = solver->solve(query);
    if (result.validity == Validity::Sat) {
      Evaluator evaluator(pool, result.model);
      EXPECT_TRUE(evaluator.isTrue(goal) && evaluator.allTrue(query.constraints));
      EXPECT_EQ(result.model.size(), queryBytes(pool, query).size())
          << "a model assigns exactly the bytes its query reads";
    }
    return result;
  }
  ExprId cmp(ExprKind kind, uint32_t byte, uint64_t bound) {
    return e.cmp(kind, e.byte(byte), e.c(bound, 8));
  }

  ExprPool pool;
  Exprs e{pool};
  SolverStats stats;
  std::shared_ptr<std::vector<Query>> received;
  std::unique_ptr<Solver> solver;
};

TEST_F(CounterexampleCacheTest, RepeatedQueryIsAnsweredFromTheCache) {
  const ExprId a = cmp(ExprKind::Ugt, 0, 10), b = cmp(ExprKind::Ult, 1, 20);
  SolverResult first = solve({a}, b);
  ASSERT_EQ(first.validity, Validity::Sat);
  SolverResult again = solve({a}, b);
  SolverResult swapped = solve({b, b}, a); // same set: goal and constraints are all conjuncts
  EXPECT_EQ(received->size(), 1u);
  EXPECT_EQ(stats.cacheExactHits, 2u);
  EXPECT_EQ(again.model, first.model);
  EXPECT_EQ(swapped.model, first.model);

  const ExprId never = cmp(ExprKind::Ult, 0, 5);
  EXPECT_EQ(solve({a}, never).validity, Validity::Unsat);
  EXPECT_EQ(solve({a}, never).validity, Validity::Unsat);
  EXPECT_EQ(received->size(), 2u);
  EXPECT_EQ(stats.cacheExactHits, 3u);
}

TEST_F(CounterexampleCacheTest, ModelOfASupersetAnswersASubset) {
  const ExprId a = cmp(ExprKind::Ugt, 0, 10), b = cmp(ExprKind::Ult, 1, 20),
               c = cmp(ExprKind::Ugt, 2, 200);
  ASSERT_EQ(solve({a, b}, c).validity, Validity::Sat);
  SolverResult subset = solve({a}, c);
  ASSERT_EQ(subset.validity, Validity::Sat);
  EXPECT_EQ(received->size(), 1u);
  EXPECT_EQ(stats.cacheSupersetHits, 1u);
  EXPECT_EQ(subset.model.count(1), 0u) << "restricted to the bytes of the subset";
}

TEST_F(CounterexampleCacheTest, UnsatSubsetAnswersASuperset) {
  const ExprId a = cmp(ExprKind::Ugt, 0, 10), impossible = cmp(ExprKind::Ult, 0, 5),
               other = cmp(ExprKind::Ult, 1, 20);
  ASSERT_EQ(solve({a}, impossible).validity, Validity::Unsat);
  EXPECT_EQ(solve({a, other}, impossible).validity, Validity::Unsat);
  EXPECT_EQ(solve({other, impossible, cmp(ExprKind::Ugt, 3, 3)}, a).validity, Validity::Unsat);
  EXPECT_EQ(received->size(), 1u);
  EXPECT_EQ(stats.cacheSubsetUnsatHits, 2u);
}

TEST_F(CounterexampleCacheTest, UnsatSupersetSaysNothingAboutASubset) {
  const ExprId a = cmp(ExprKind::Ugt, 0, 10), impossible = cmp(ExprKind::Ult, 0, 5);
  ASSERT_EQ(solve({a}, impossible).validity, Validity::Unsat);
  EXPECT_EQ(solve({}, impossible).validity, Validity::Sat);
  EXPECT_EQ(received->size(), 2u);
}

TEST_F(CounterexampleCacheTest, EarlierModelThatSatisfiesANewQueryIsReused) {
  ASSERT_EQ(solve({}, cmp(ExprKind::Ugt, 0, 100)).validity, Validity::Sat);
  // Neither subset nor superset, but every model of x > 100 also has x > 50.
  SolverResult reused = solve({}, cmp(ExprKind::Ugt, 0, 50));
  ASSERT_EQ(reused.validity, Validity::Sat);
  EXPECT_EQ(received->size(), 1u);
  EXPECT_EQ(stats.cacheModelHits, 1u);
  // ... and is then an exact hit.
  solve({}, cmp(ExprKind::Ugt, 0, 50));
  EXPECT_EQ(stats.cacheExactHits, 1u);
}

TEST_F(CounterexampleCacheTest, SubsetModelIsExtendedWithZeroBytes) {
  const ExprId sevenAtByte0 = e.eq(e.byte(0), e.c(7, 8));
  ASSERT_EQ(solve({}, sevenAtByte0).validity, Validity::Sat);
  SolverResult extended = solve({sevenAtByte0}, e.eq(e.byte(1), e.c(0, 8)));
  ASSERT_EQ(extended.validity, Validity::Sat);
  EXPECT_EQ(extended.model, (Model{{0, 7}, {1, 0}}));
  EXPECT_EQ(received->size(), 1u);
  EXPECT_EQ(stats.cacheModelHits, 1u);
}

TEST_F(CounterexampleCacheTest, NoFittingModelAsksTheInnerSolver) {
  ASSERT_EQ(solve({}, cmp(ExprKind::Ugt, 0, 100)).validity, Validity::Sat);
  SolverResult fresh = solve({}, cmp(ExprKind::Ult, 0, 50));
  ASSERT_EQ(fresh.validity, Validity::Sat);
  EXPECT_LT(fresh.model.at(0), 50);
  EXPECT_EQ(received->size(), 2u);
  EXPECT_EQ(stats.cacheHits(), 0u);
}

class CounterexampleCacheTimeoutTest : public CounterexampleCacheTest {
protected:
  CounterexampleCacheTimeoutTest() : CounterexampleCacheTest(50) {}
};

TEST_F(CounterexampleCacheTimeoutTest, TimeoutIsReusedOnlyForTheSameQuery) {
  const ExprId p = e.zext(e.word(0, 4), 64), q = e.zext(e.word(4, 4), 64);
  const std::vector<ExprId> nonTrivial = {e.cmp(ExprKind::Ugt, p, e.c(1, 64)),
                                          e.cmp(ExprKind::Ugt, q, e.c(1, 64))};
  const ExprId product = e.eq(e.bin(ExprKind::Mul, p, q), e.c(18446743979220271189ull, 64));
  ASSERT_EQ(solve(nonTrivial, product).validity, Validity::Timeout);
  EXPECT_EQ(solve(nonTrivial, product).validity, Validity::Timeout);
  EXPECT_EQ(received->size(), 1u);
  EXPECT_EQ(stats.cacheExactHits, 1u);
  // A subset is not known to be hard, and a timeout proves nothing about it.
  EXPECT_EQ(solve({}, nonTrivial[0]).validity, Validity::Sat);
  EXPECT_EQ(received->size(), 2u);
}

} // namespace
} // namespace unitgen
