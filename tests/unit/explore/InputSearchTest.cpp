// InputSearch on hand-built queries: float equalities found exactly by bisection (with round
// companions first), other conditions kept, and no model when none exists.
#include "explore/InputSearch.h"

#include "solver/Evaluator.h"

#include <gtest/gtest.h>

#include <cstring>

namespace unitgen {
namespace {

/// The double whose 8 input bytes start at `first` (little-endian, as the runtime records).
ExprId doubleInput(ExprPool &pool, uint32_t first) {
  ExprId bits = pool.inputByte(first + 7);
  for (int k = 6; k >= 0; --k)
    bits = pool.make(ExprKind::Concat, static_cast<uint16_t>(64 - 8 * k),
                     {bits, pool.inputByte(first + k)});
  return pool.make(ExprKind::FloatFromBits, 64, {bits});
}

ExprId doubleConstant(ExprPool &pool, double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return pool.make(ExprKind::FloatConstant, 64, {}, bits);
}

double decode(const Model &model, uint32_t first) {
  uint64_t bits = 0;
  for (uint32_t k = 0; k < 8; ++k)
    bits |= uint64_t{model.at(first + k)} << (8 * k);
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

std::vector<uint8_t> bytesOf(double a, double b) {
  std::vector<uint8_t> bytes(16);
  std::memcpy(bytes.data(), &a, 8);
  std::memcpy(bytes.data() + 8, &b, 8);
  return bytes;
}

struct Bmi {
  ExprPool pool;
  ExprId mass, length, index;
  std::vector<SearchArgument> arguments;
  Bmi(double massValue, double lengthValue) {
    mass = doubleInput(pool, 0);
    length = doubleInput(pool, 8);
    index = pool.make(ExprKind::FloatDiv, 64,
                      {mass, pool.make(ExprKind::FloatMul, 64, {length, length})});
    TypeDesc type;
    type.kind = TypeKind::Floating;
    type.spelling = type.valueSpelling = "double";
    arguments = {{{0, 1, 2, 3, 4, 5, 6, 7}, type, Value::floating(massValue)},
                 {{8, 9, 10, 11, 12, 13, 14, 15}, type, Value::floating(lengthValue)}};
  }
  /// 0 < mass, 0 < length: the conditions before the comparison.
  std::vector<ExprId> positive() {
    ExprId zero = doubleConstant(pool, 0.0);
    return {pool.make(ExprKind::FloatOrderedLess, 1, {zero, mass}),
            pool.make(ExprKind::FloatOrderedLess, 1, {zero, length})};
  }
};

ValueSourceFn noFreshValues() {
  return [](const TypeDesc &) { return Value::null(); };
}

TEST(InputSearchTest, BisectionFindsAnExactFloatBoundaryWithRoundCompanions) {
  // The boundary of `mass / length^2 < 18.5` from an execution at (95.9, 2.3).
  Bmi bmi(95.9, 2.3);
  Query query;
  query.constraints = bmi.positive();
  query.goal =
      bmi.pool.make(ExprKind::FloatOrderedEqual, 1, {bmi.index, doubleConstant(bmi.pool, 18.5)});
  std::mt19937_64 rng(1);
  SearchOptions options;
  options.attempts = 0; // bisection alone
  std::optional<Model> model = searchInputs(bmi.pool, query, bytesOf(95.9, 2.3), bmi.arguments,
                                            noFreshValues(), rng, options);
  ASSERT_TRUE(model);
  double mass = decode(*model, 0), length = decode(*model, 8);
  EXPECT_EQ(mass / (length * length), 18.5);
  EXPECT_EQ(length, 2.0); // 2.3 made round, then the mass solved for: 74.0
  EXPECT_EQ(mass, 74.0);
  Evaluator evaluator(bmi.pool, *model);
  EXPECT_TRUE(evaluator.allTrue(query.constraints));
}

TEST(InputSearchTest, BisectionKeepsTheOtherConditions) {
  // mass / length^2 == 2 from (1.0, 3.0): the root that also keeps mass > 0 and length > 0
  // is (18.0, 3.0).
  Bmi bmi(1.0, 3.0);
  Query query;
  query.constraints = bmi.positive();
  query.goal =
      bmi.pool.make(ExprKind::FloatOrderedEqual, 1, {bmi.index, doubleConstant(bmi.pool, 2.0)});
  std::mt19937_64 rng(1);
  SearchOptions options;
  options.attempts = 0;
  std::optional<Model> model = searchInputs(bmi.pool, query, bytesOf(1.0, 3.0), bmi.arguments,
                                            noFreshValues(), rng, options);
  ASSERT_TRUE(model);
  EXPECT_EQ(decode(*model, 0), 18.0);
  EXPECT_EQ(decode(*model, 8), 3.0);
}

TEST(InputSearchTest, NoModelWhenTheEqualityHasNoRoot) {
  // mass / length^2 == -1 with both positive: no input; bisection finds no sign change and
  // the search below finds nothing either.
  Bmi bmi(10.0, 1.0);
  Query query;
  query.constraints = bmi.positive();
  query.goal =
      bmi.pool.make(ExprKind::FloatOrderedEqual, 1, {bmi.index, doubleConstant(bmi.pool, -1.0)});
  std::mt19937_64 rng(1);
  SearchOptions options;
  options.attempts = 500;
  EXPECT_FALSE(searchInputs(bmi.pool, query, bytesOf(10.0, 1.0), bmi.arguments, noFreshValues(),
                            rng, options));
}

} // namespace
} // namespace unitgen
