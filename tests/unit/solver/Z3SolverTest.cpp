// Z3Solver: real bit-vector, boolean and floating-point problems, models checked by evaluation,
// time-outs and the floating-point flag.
#include "SolverTestUtil.h"
#include "solver/SolverStats.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

namespace unitgen {
namespace {

using test::Exprs;

class Z3SolverTest : public ::testing::Test {
protected:
  SolverResult solve(std::vector<ExprId> constraints, ExprId goal, unsigned timeoutMs = 10000,
                     bool floatingPoint = false) {
    auto solver = createZ3Solver(pool, stats, timeoutMs, floatingPoint);
    Query query{std::move(constraints), goal};
    SolverResult result = solver->solve(query);
    if (result.validity == Validity::Sat) {
      Evaluator evaluator(pool, result.model);
      EXPECT_TRUE(evaluator.isTrue(goal) && evaluator.allTrue(query.constraints))
          << "the model does not satisfy the query";
    }
    return result;
  }
  float floatOf(const Model &model, uint32_t first) {
    uint32_t bits = 0;
    for (uint32_t i = 0; i < 4; ++i)
      bits |= uint32_t(model.at(first + i)) << (8 * i);
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }

  ExprPool pool;
  Exprs e{pool};
  SolverStats stats;
};

TEST_F(Z3SolverTest, SolvesALinearEquationOverAByte) {
  // x * 3 + 1 == 100 over 32 bits: x = 33 is the only byte that works.
  const ExprId x = e.zext(e.byte(0), 32);
  const ExprId lhs = e.bin(ExprKind::Add, e.bin(ExprKind::Mul, x, e.c(3, 32)), e.c(1, 32));
  SolverResult result = solve({}, e.eq(lhs, e.c(100, 32)));
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model, (Model{{0, 33}}));
  EXPECT_EQ(solve({}, e.eq(lhs, e.c(101, 32))).validity, Validity::Unsat) << "3x = 100 has no byte";
  EXPECT_EQ(stats.z3Calls, 2u);
  EXPECT_EQ(stats.z3Sat, 1u);
  EXPECT_EQ(stats.z3Unsat, 1u);
  EXPECT_EQ(stats.z3ModelMismatches, 0u);
}

TEST_F(Z3SolverTest, ContradictoryConstraintsAreUnsat) {
  const ExprId x = e.byte(0);
  EXPECT_EQ(
      solve({e.cmp(ExprKind::Ult, x, e.c(10, 8))}, e.cmp(ExprKind::Ugt, x, e.c(20, 8))).validity,
      Validity::Unsat);
}

TEST_F(Z3SolverTest, SignedAndUnsignedComparisons) {
  const ExprId x = e.byte(0);
  SolverResult negativeAndLarge =
      solve({e.cmp(ExprKind::Slt, x, e.c(0, 8))}, e.cmp(ExprKind::Ugt, x, e.c(200, 8)));
  ASSERT_EQ(negativeAndLarge.validity, Validity::Sat);
  EXPECT_GT(negativeAndLarge.model.at(0), 200);
  EXPECT_EQ(
      solve({e.cmp(ExprKind::Slt, x, e.c(0, 8))}, e.cmp(ExprKind::Ult, x, e.c(128, 8))).validity,
      Validity::Unsat);
  // Sign extension keeps a negative byte negative in 32 bits; zero extension does not.
  EXPECT_EQ(solve({e.cmp(ExprKind::Slt, e.sext(x, 32), e.c(0, 32))},
                  e.cmp(ExprKind::Slt, e.zext(x, 32), e.c(0, 32)))
                .validity,
            Validity::Unsat);
}

TEST_F(Z3SolverTest, MultiByteIntegersConcatAndExtract) {
  const ExprId word = e.word(0, 4);
  SolverResult result = solve({}, e.eq(word, e.c(0x12345678, 32)));
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model, (Model{{0, 0x78}, {1, 0x56}, {2, 0x34}, {3, 0x12}}));

  const ExprId middle = pool.make(ExprKind::Extract, 16, {word}, 8);
  result = solve({e.eq(middle, e.c(0xbeef, 16))}, e.eq(e.byte(0), e.c(1, 8)));
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model.at(0), 1);
  EXPECT_EQ(result.model.at(1), 0xef);
  EXPECT_EQ(result.model.at(2), 0xbe);
}

TEST_F(Z3SolverTest, DivisionByZeroAgreesWithTheEvaluator) {
  const ExprId x = e.byte(0), y = e.byte(1);
  const ExprId yIsZero = e.eq(y, e.c(0, 8));
  EXPECT_EQ(solve({yIsZero}, e.cmp(ExprKind::Distinct, e.bin(ExprKind::UDiv, x, y), e.c(0xff, 8)))
                .validity,
            Validity::Unsat);
  EXPECT_EQ(solve({yIsZero}, e.cmp(ExprKind::Distinct, e.bin(ExprKind::URem, x, y), x)).validity,
            Validity::Unsat);
  const ExprId quotient = e.bin(ExprKind::SDiv, x, y);
  EXPECT_EQ(solve({yIsZero, e.cmp(ExprKind::Sge, x, e.c(0, 8))},
                  e.cmp(ExprKind::Distinct, quotient, e.c(0xff, 8)))
                .validity,
            Validity::Unsat);
  SolverResult negative = solve({yIsZero}, e.eq(quotient, e.c(1, 8)));
  ASSERT_EQ(negative.validity, Validity::Sat);
  EXPECT_GE(negative.model.at(0), 0x80) << "only a negative x gives x sdiv 0 == 1";
}

TEST_F(Z3SolverTest, SixtyFourBitSignedDivisionOverflowWraps) {
  // (in0 << 56) sdiv -1 == itself and != 0 only for the minimum value, in0 = 0x80.
  const ExprId high = e.bin(ExprKind::Shl, e.zext(e.byte(0), 64), e.c(56, 64));
  const ExprId quotient = e.bin(ExprKind::SDiv, high, e.c(~uint64_t(0), 64));
  SolverResult result = solve({e.cmp(ExprKind::Distinct, high, e.c(0, 64))}, e.eq(quotient, high));
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model.at(0), 0x80);
  const ExprId remainder = e.bin(ExprKind::SRem, e.sext(e.byte(1), 64), e.c(~uint64_t(0), 64));
  EXPECT_EQ(solve({}, e.cmp(ExprKind::Distinct, remainder, e.c(0, 64))).validity, Validity::Unsat);
}

TEST_F(Z3SolverTest, ShiftsByTheWidthGiveZero) {
  const ExprId x = e.byte(0), y = e.byte(1);
  EXPECT_EQ(solve({e.cmp(ExprKind::Uge, y, e.c(8, 8))},
                  e.cmp(ExprKind::Distinct, e.bin(ExprKind::Shl, x, y), e.c(0, 8)))
                .validity,
            Validity::Unsat);
}

TEST_F(Z3SolverTest, OneBitValuesAreBooleans) {
  const ExprId x = e.byte(0);
  const ExprId signBit = pool.make(ExprKind::Extract, 1, {x}, 7);
  SolverResult result = solve({e.cmp(ExprKind::Ult, x, e.c(0x90, 8))}, signBit);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_GE(result.model.at(0), 0x80);
  EXPECT_LT(result.model.at(0), 0x90);
  // Bits and booleans mixed: (x < 5) + (x > 2) as 8-bit numbers equals 2 only for 3 and 4.
  const ExprId sum =
      e.bin(ExprKind::Add, pool.make(ExprKind::BoolToBits, 8, {e.cmp(ExprKind::Ult, x, e.c(5, 8))}),
            pool.make(ExprKind::BoolToBits, 8, {e.cmp(ExprKind::Ugt, x, e.c(2, 8))}));
  result = solve({e.cmp(ExprKind::Distinct, x, e.c(3, 8))}, e.eq(sum, e.c(2, 8)));
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model.at(0), 4);
  // Bitwise operations on booleans: And of two 1-bit values.
  const ExprId both = pool.make(ExprKind::And, 1, {signBit, e.cmp(ExprKind::Ult, x, e.c(0x81, 8))});
  result = solve({}, both);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model.at(0), 0x80);
}

TEST_F(Z3SolverTest, ModelAssignsExactlyTheBytesTheQueryReads) {
  SolverResult result = solve({e.cmp(ExprKind::Ult, e.byte(2), e.c(5, 8))},
                              e.cmp(ExprKind::Ugt, e.byte(0), e.byte(2)));
  ASSERT_EQ(result.validity, Validity::Sat);
  ASSERT_EQ(result.model.size(), 2u);
  EXPECT_EQ(result.model.count(0), 1u);
  EXPECT_EQ(result.model.count(2), 1u);
}

TEST_F(Z3SolverTest, DeepExpressionsTranslate) {
  ExprId value = e.zext(e.byte(0), 32);
  for (int i = 0; i < 3000; ++i)
    value = e.bin(ExprKind::Add, value, e.c(1, 32));
  SolverResult result = solve({}, e.eq(value, e.c(3007, 32)));
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model.at(0), 7);
}

TEST_F(Z3SolverTest, HardQueryTimesOut) {
  // Factor a 64-bit semiprime (4294967291 * 4294967279) into two 32-bit input words.
  const ExprId p = e.zext(e.word(0, 4), 64), q = e.zext(e.word(4, 4), 64);
  const std::vector<ExprId> nonTrivial = {e.cmp(ExprKind::Ugt, p, e.c(1, 64)),
                                          e.cmp(ExprKind::Ugt, q, e.c(1, 64))};
  const ExprId product = e.eq(e.bin(ExprKind::Mul, p, q), e.c(18446743979220271189ull, 64));
  const auto start = std::chrono::steady_clock::now();
  SolverResult result = solve(nonTrivial, product, /*timeoutMs=*/100);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(result.validity, Validity::Timeout);
  EXPECT_TRUE(result.model.empty());
  EXPECT_LT(seconds, 5.0);
  EXPECT_EQ(stats.z3Timeout, 1u);
  EXPECT_EQ(stats.z3Calls, 1u);
}

class Z3FloatTest : public Z3SolverTest {
protected:
  ExprId f() { return e.f32(e.word(0, 4)); }
};

TEST_F(Z3FloatTest, FloatingPointOffAnswersUnknownWithoutZ3) {
  const ExprId goal = pool.make(ExprKind::FloatOrderedLess, 1, {f(), e.f32c(1.0f)});
  EXPECT_EQ(solve({}, goal, 10000, /*floatingPoint=*/false).validity, Validity::Unknown);
  EXPECT_EQ(stats.unsupported, 1u);
  EXPECT_EQ(stats.z3Calls, 0u);
}

TEST_F(Z3FloatTest, SolvesFloatArithmetic) {
  const ExprId sum = pool.make(ExprKind::FloatAdd, 32, {f(), e.f32c(1.5f)});
  SolverResult result =
      solve({}, pool.make(ExprKind::FloatOrderedEqual, 1, {sum, e.f32c(4.0f)}), 10000, true);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_NEAR(floatOf(result.model, 0), 2.5f, 1e-5f);
  EXPECT_EQ(stats.z3ModelMismatches, 0u);
}

TEST_F(Z3FloatTest, NaNIsUnequalToItself) {
  const ExprId x = f();
  EXPECT_EQ(solve({pool.make(ExprKind::FloatIsNaN, 1, {x})},
                  pool.make(ExprKind::FloatOrderedEqual, 1, {x, x}), 10000, true)
                .validity,
            Validity::Unsat);
  SolverResult result =
      solve({}, pool.negate(pool.make(ExprKind::FloatOrderedEqual, 1, {x, x})), 10000, true);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_TRUE(std::isnan(floatOf(result.model, 0)));
}

TEST_F(Z3FloatTest, ConversionsRoundTowardZeroAndFromIntegers) {
  const ExprId x = f();
  const ExprId truncated = pool.make(ExprKind::FloatToSigned, 32, {x});
  SolverResult result = solve({pool.make(ExprKind::FloatOrderedLess, 1, {e.f32c(7.5f), x})},
                              e.eq(truncated, e.c(7, 32)), 10000, true);
  ASSERT_EQ(result.validity, Validity::Sat) << "7.5 < x < 8 truncates to 7";
  EXPECT_GT(floatOf(result.model, 0), 7.5f);
  EXPECT_LT(floatOf(result.model, 0), 8.0f);
  // An integer byte converted to float equals 200.0 only for 200.
  const ExprId fromByte = pool.make(ExprKind::SignedToFloat, 32, {e.zext(e.byte(9), 16)});
  result =
      solve({}, pool.make(ExprKind::FloatOrderedEqual, 1, {fromByte, e.f32c(200.0f)}), 10000, true);
  ASSERT_EQ(result.validity, Validity::Sat);
  EXPECT_EQ(result.model, (Model{{9, 200}}));
  EXPECT_EQ(stats.z3ModelMismatches, 0u);
}

TEST_F(Z3FloatTest, OutOfRangeConversionsGiveTheMinimumLikeTheEvaluator) {
  // SMT-LIB leaves these unspecified; unpinned, Z3 answers Sat with x = inf or NaN.
  const ExprId x = f();
  const ExprId converted = pool.make(ExprKind::FloatToSigned, 32, {x});
  const ExprId notMinimum = e.cmp(ExprKind::Distinct, converted, e.c(0x80000000, 32));
  const ExprId huge = pool.make(ExprKind::FloatOrderedLessEqual, 1, {e.f32c(2147483648.0f), x});
  EXPECT_EQ(solve({huge}, notMinimum, 10000, true).validity, Validity::Unsat);
  EXPECT_EQ(solve({pool.make(ExprKind::FloatIsNaN, 1, {x})}, notMinimum, 10000, true).validity,
            Validity::Unsat);
  // Just inside the range: -2147483648.0f converts exactly.
  const ExprId exact = pool.make(ExprKind::FloatOrderedEqual, 1, {x, e.f32c(-2147483648.0f)});
  EXPECT_EQ(solve({exact}, e.eq(converted, e.c(0x80000000, 32)), 10000, true).validity,
            Validity::Sat);
  EXPECT_EQ(stats.z3ModelMismatches, 0u);
}

} // namespace
} // namespace unitgen
