// Evaluator and concrete semantics: wrap-around, SMT-LIB division and shifts, signedness,
// bit slicing, partial models with defaults, IEEE floats.
#include "SolverTestUtil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace unitgen {
namespace {

using test::Exprs;

class EvaluatorTest : public ::testing::Test {
protected:
  /// Value of `kind` applied to two constants of `width`, through pool folding and, separately,
  /// through the evaluator with the operands as input bytes — both paths must agree.
  uint64_t apply(ExprKind kind, uint64_t a, uint64_t b, uint16_t width = 8) {
    const ExprId folded = pool.make(kind, width, {e.c(a, width), e.c(b, width)});
    EXPECT_TRUE(pool.isConstant(folded));
    uint64_t viaEvaluator = 0;
    if (width == 8) {
      Model model{{0, static_cast<uint8_t>(a)}, {1, static_cast<uint8_t>(b)}};
      viaEvaluator = Evaluator(pool, model).value(pool.make(kind, 8, {e.byte(0), e.byte(1)}));
      EXPECT_EQ(viaEvaluator, pool.node(folded).value) << toString(kind);
    }
    return pool.node(folded).value;
  }
  uint64_t compare(ExprKind kind, uint64_t a, uint64_t b) {
    return pool.node(e.cmp(kind, e.c(a, 8), e.c(b, 8))).value;
  }

  ExprPool pool;
  Exprs e{pool};
};

TEST_F(EvaluatorTest, ArithmeticWrapsAtTheWidth) {
  EXPECT_EQ(apply(ExprKind::Add, 200, 100), 44u);
  EXPECT_EQ(apply(ExprKind::Sub, 1, 2), 0xffu);
  EXPECT_EQ(apply(ExprKind::Mul, 16, 17), 16u);
  EXPECT_EQ(apply(ExprKind::Mul, 0xffffffff, 2, 32), 0xfffffffeu);
  EXPECT_EQ(apply(ExprKind::Add, ~uint64_t(0), 1, 64), 0u);
  EXPECT_EQ(pool.node(pool.make(ExprKind::Neg, 8, {e.c(1, 8)})).value, 0xffu);
  EXPECT_EQ(pool.node(pool.make(ExprKind::Not, 16, {e.c(0x00ff, 16)})).value, 0xff00u);
}

TEST_F(EvaluatorTest, DivisionByZeroFollowsSmtLib) {
  EXPECT_EQ(apply(ExprKind::UDiv, 7, 0), 0xffu);
  EXPECT_EQ(apply(ExprKind::URem, 7, 0), 7u);
  EXPECT_EQ(apply(ExprKind::SDiv, 7, 0), 0xffu) << "non-negative / 0 = -1";
  EXPECT_EQ(apply(ExprKind::SDiv, 0xf9, 0), 1u) << "negative / 0 = 1";
  EXPECT_EQ(apply(ExprKind::SRem, 0xf9, 0), 0xf9u);
}

TEST_F(EvaluatorTest, SignedDivisionTruncatesAndWraps) {
  EXPECT_EQ(apply(ExprKind::SDiv, 0xf9, 2), 0xfdu) << "-7 / 2 = -3";
  EXPECT_EQ(apply(ExprKind::SRem, 0xf9, 2), 0xffu) << "-7 % 2 = -1";
  EXPECT_EQ(apply(ExprKind::SDiv, 0x80, 0xff), 0x80u) << "-128 / -1 wraps";
  EXPECT_EQ(apply(ExprKind::SRem, 0x80, 0xff), 0u);
  const uint64_t min64 = uint64_t(1) << 63;
  EXPECT_EQ(apply(ExprKind::SDiv, min64, ~uint64_t(0), 64), min64);
}

TEST_F(EvaluatorTest, ShiftsByTheWidthOrMore) {
  EXPECT_EQ(apply(ExprKind::Shl, 0x81, 1), 0x02u);
  EXPECT_EQ(apply(ExprKind::Shl, 1, 8), 0u);
  EXPECT_EQ(apply(ExprKind::LShr, 0x80, 200), 0u);
  EXPECT_EQ(apply(ExprKind::AShr, 0x80, 3), 0xf0u);
  EXPECT_EQ(apply(ExprKind::AShr, 0x80, 9), 0xffu);
  EXPECT_EQ(apply(ExprKind::AShr, 0x40, 9), 0u);
}

TEST_F(EvaluatorTest, SignedAndUnsignedComparisonsDiffer) {
  EXPECT_EQ(compare(ExprKind::Ult, 0x80, 0x7f), 0u);
  EXPECT_EQ(compare(ExprKind::Slt, 0x80, 0x7f), 1u);
  EXPECT_EQ(compare(ExprKind::Sge, 0xff, 0), 0u);
  EXPECT_EQ(compare(ExprKind::Uge, 0xff, 0), 1u);
  EXPECT_EQ(compare(ExprKind::Sle, 5, 5), 1u);
  EXPECT_EQ(compare(ExprKind::Ugt, 5, 5), 0u);
}

TEST_F(EvaluatorTest, ExtractConcatAndExtensions) {
  const ExprId word = e.word(0, 4); // little-endian int from bytes 0..3
  Model model{{0, 0x78}, {1, 0x56}, {2, 0x34}, {3, 0x92}};
  Evaluator evaluator(pool, model);
  EXPECT_EQ(evaluator.value(word), 0x92345678u);
  EXPECT_EQ(evaluator.value(pool.make(ExprKind::Extract, 12, {word}, 4)), 0x567u);
  EXPECT_EQ(evaluator.value(e.sext(word, 64)), 0xffffffff92345678u);
  EXPECT_EQ(evaluator.value(e.zext(word, 64)), 0x92345678u);
  EXPECT_EQ(evaluator.value(pool.make(ExprKind::Extract, 1, {word}, 31)), 1u) << "sign bit";
}

TEST_F(EvaluatorTest, BooleansAndBits) {
  const ExprId small = e.cmp(ExprKind::Ult, e.byte(0), e.c(10, 8));
  const ExprId asBits = pool.make(ExprKind::BoolToBits, 32, {small});
  Model model{{0, 3}};
  Evaluator evaluator(pool, model);
  EXPECT_EQ(evaluator.value(asBits), 1u);
  EXPECT_TRUE(evaluator.isTrue(pool.make(ExprKind::BitsToBool, 1, {e.byte(0)})));
  EXPECT_FALSE(evaluator.isTrue(pool.negate(small)));
  EXPECT_EQ(evaluator.value(pool.make(ExprKind::Ite, 8, {small, e.c(1, 8), e.c(2, 8)})), 1u);
  EXPECT_TRUE(evaluator.isTrue(pool.make(ExprKind::BoolXor, 1, {small, pool.negate(small)})));
}

TEST_F(EvaluatorTest, UnassignedBytesTakeDefaultsThenZero) {
  const ExprId sum = e.bin(ExprKind::Add, e.byte(0), e.bin(ExprKind::Add, e.byte(1), e.byte(5)));
  Model model{{1, 10}};
  std::vector<uint8_t> defaults = {1, 2, 3};
  EXPECT_EQ(Evaluator(pool, model, defaults).value(sum), 11u) << "1 (default) + 10 (model) + 0";
  EXPECT_EQ(Evaluator(pool, model).value(sum), 10u);
}

TEST_F(EvaluatorTest, FloatsFollowIeeeSingleAndDouble) {
  auto bitsOf = [](float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return uint64_t(bits);
  };
  const ExprId sum = pool.make(ExprKind::FloatAdd, 32, {e.f32c(0.1f), e.f32c(0.2f)});
  EXPECT_EQ(pool.node(sum).value, bitsOf(0.1f + 0.2f)) << "rounded once, in single precision";
  const ExprId nan = e.f32c(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(pool.make(ExprKind::FloatOrderedEqual, 1, {nan, nan}), pool.boolean(false));
  EXPECT_EQ(pool.make(ExprKind::FloatIsNaN, 1, {nan}), pool.boolean(true));
  EXPECT_EQ(pool.make(ExprKind::FloatOrderedLess, 1, {e.f32c(-0.0f), e.f32c(0.0f)}),
            pool.boolean(false));
  EXPECT_EQ(pool.node(pool.make(ExprKind::FloatToSigned, 32, {e.f32c(-7.9f)})).value,
            uint64_t(uint32_t(-7)))
      << "toward zero";
  EXPECT_EQ(pool.node(pool.make(ExprKind::FloatToSigned, 32, {e.f32c(3e9f)})).value, 0x80000000u)
      << "out of range: the x86 result";
  EXPECT_EQ(pool.node(pool.make(ExprKind::SignedToFloat, 32, {e.c(0xfffffffd, 32)})).value,
            bitsOf(-3.0f));
}

} // namespace
} // namespace unitgen
