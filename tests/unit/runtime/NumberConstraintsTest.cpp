// NumberConstraintsTest: the solver of the symbolic-number search against brute force over
// small ranges, with conditions as the symbolic runtime builds them from 4-byte loads.
#include "exhaustive/NumberConstraints.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace unitgen_rt {
namespace korat {
namespace {

using sym::Handle;
using sym::Kind;

/// A 4-byte little-endian number whose bytes are inputs first..first+3, as a load builds it.
Handle number(sym::ExprArena &arena, uint32_t first, int32_t value) {
  Handle result = 0;
  for (int b = 3; b >= 0; --b) {
    Handle byte =
        arena.inputByte(first + b, static_cast<uint8_t>(static_cast<uint32_t>(value) >> (8 * b)));
    result = result ? arena.concat(result, byte) : byte;
  }
  return result;
}

using Predicate = std::function<bool(long long, long long)>;

/// Every (x, y) over the ranges for which `holds`, as the solver must list them.
std::vector<std::vector<uint32_t>> bruteForce(long long xLow, uint32_t xSize, long long yLow,
                                              uint32_t ySize, const Predicate &holds) {
  std::vector<std::vector<uint32_t>> result;
  for (uint32_t i = 0; i < xSize; ++i)
    for (uint32_t j = 0; j < ySize; ++j)
      if (holds(xLow + i, yLow + j))
        result.push_back({i, j});
  return result;
}

std::vector<std::vector<uint32_t>> solveAll(NumberConstraints &solver) {
  std::vector<std::vector<uint32_t>> result;
  solver.search([&](const std::vector<uint32_t> &indices) {
    result.push_back(indices);
    return true;
  });
  return result;
}

struct Fixture {
  sym::ExprArena arena;
  NumberConstraints solver;
  Handle x = 0, y = 0;
  /// x over xLow.. (inputs 0..3), y over yLow.. (inputs 4..7), both 4 bytes.
  Fixture(long long xLow, uint32_t xSize, long long yLow, uint32_t ySize) {
    arena.reset(10000);
    x = number(arena, 0, 0);
    y = number(arena, 4, 0);
    solver.reset(arena);
    solver.addVariable(xLow, xSize, 4, 0);
    solver.addVariable(yLow, ySize, 4, 4);
  }
};

TEST(NumberConstraintsTest, OrderBoundsListExactlyTheOrderedPairs) {
  // y > x narrows y's range; x != 2 excludes one value.
  Fixture f(0, 5, 0, 5);
  ASSERT_TRUE(f.solver.require(f.arena.predicate(Kind::Slt, f.x, f.y), true));
  ASSERT_TRUE(
      f.solver.require(f.arena.predicate(Kind::Equal, f.x, f.arena.constant(2, 32)), false));
  EXPECT_EQ(solveAll(f.solver),
            bruteForce(0, 5, 0, 5, [](long long x, long long y) { return x < y && x != 2; }));
}

TEST(NumberConstraintsTest, NegatedAndMirroredComparisonsOverNegativeNumbers) {
  // !(y <= x - ...): conditions on the right side and under BoolNot, values -3..2.
  Fixture f(-3, 6, -3, 6);
  Handle le = f.arena.predicate(Kind::Sle, f.y, f.x);
  ASSERT_TRUE(f.solver.require(f.arena.boolNot(le), true)); // y > x
  ASSERT_TRUE(
      f.solver.require(f.arena.predicate(Kind::Sge, f.arena.constant(1, 32), f.y), true)); // y <= 1
  EXPECT_EQ(solveAll(f.solver),
            bruteForce(-3, 6, -3, 6, [](long long x, long long y) { return y > x && y <= 1; }));
}

TEST(NumberConstraintsTest, ExtendedAndUnsignedComparisonsAndArithmetic) {
  // A size compared as size_t with a concrete count; a sum no bound can express.
  Fixture f(0, 6, 0, 6);
  Handle wide = f.arena.signExtend(f.x, 64);
  ASSERT_TRUE(f.solver.require(f.arena.predicate(Kind::Ult, wide, f.arena.constant(4, 64)), true));
  Handle sum = f.arena.binary(Kind::Add, 32, f.x, f.y);
  ASSERT_TRUE(f.solver.require(f.arena.predicate(Kind::Equal, sum, f.arena.constant(5, 32)), true));
  EXPECT_EQ(solveAll(f.solver),
            bruteForce(0, 6, 0, 6, [](long long x, long long y) { return x < 4 && x + y == 5; }));
}

TEST(NumberConstraintsTest, UnsatisfiableConditionsHaveNoSolution) {
  Fixture f(0, 4, 0, 4);
  ASSERT_TRUE(f.solver.require(f.arena.predicate(Kind::Slt, f.x, f.y), true));
  ASSERT_TRUE(f.solver.require(f.arena.predicate(Kind::Slt, f.y, f.x), true));
  EXPECT_TRUE(solveAll(f.solver).empty());
}

TEST(NumberConstraintsTest, APreferredAssignmentIsTriedFirst) {
  Fixture f(0, 5, 0, 5);
  ASSERT_TRUE(f.solver.require(f.arena.predicate(Kind::Slt, f.x, f.y), true));
  std::vector<uint32_t> preferred{3, 1}, first;
  f.solver.search(
      [&](const std::vector<uint32_t> &indices) {
        first = indices;
        return false;
      },
      &preferred);
  EXPECT_EQ(first, (std::vector<uint32_t>{3, 4})); // x keeps 3; y from 1 up, wrapping: 4
}

TEST(NumberConstraintsTest, ANegatedConditionMovesOnlyTheVariablesLinkedToIt) {
  // x == z - 1 links x to z; y > 0 is unrelated. Negating z == 2 from (1, 1, 2) must move x
  // with z and keep y; unsatisfiable negations are found the same way.
  sym::ExprArena arena;
  arena.reset(10000);
  Handle x = number(arena, 0, 0), y = number(arena, 4, 0), z = number(arena, 8, 0);
  NumberConstraints solver;
  solver.reset(arena);
  for (uint32_t first : {0u, 4u, 8u})
    solver.addVariable(0, 5, 4, first);
  Handle zMinusOne = arena.binary(Kind::Sub, 32, z, arena.constant(1, 32));
  ASSERT_TRUE(solver.require(arena.predicate(Kind::Equal, x, zMinusOne), true));
  ASSERT_TRUE(solver.require(arena.predicate(Kind::Sgt, y, arena.constant(0, 32)), true));
  ASSERT_TRUE(solver.require(arena.predicate(Kind::Equal, z, arena.constant(2, 32)), true));
  ASSERT_TRUE(solver.require(arena.predicate(Kind::Slt, x, arena.constant(9, 32)), true));
  std::vector<uint32_t> preferred{1, 1, 2}, first;
  auto firstOnly = [&](const std::vector<uint32_t> &indices) {
    first = indices;
    return false;
  };
  EXPECT_EQ(solver.search(firstOnly, &preferred, 3, true), 1u);
  EXPECT_EQ(first, (std::vector<uint32_t>{2, 1, 3}));
  // Negating y > 0 (y = 0) leaves x and z alone; negating x < 9 has no solution in 0..4.
  EXPECT_EQ(solver.search(firstOnly, &preferred, 2, true), 1u);
  EXPECT_EQ(first, (std::vector<uint32_t>{1, 0, 2}));
  EXPECT_EQ(solver.search(firstOnly, &preferred, 4, true), 0u);
}

TEST(NumberConstraintsTest, FloatingPointAndUnknownInputsAreRefused) {
  Fixture f(0, 4, 0, 4);
  Handle stray = f.arena.inputByte(20, 0); // no variable's byte
  EXPECT_FALSE(
      f.solver.require(f.arena.predicate(Kind::Equal, stray, f.arena.constant(0, 8)), true));
  Handle real = f.arena.unary(Kind::FloatFromBits, 32, f.x);
  EXPECT_FALSE(f.solver.require(f.arena.unary(Kind::FloatIsNaN, 1, real), true));
}

} // namespace
} // namespace korat
} // namespace unitgen_rt
