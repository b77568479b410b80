// The expression arena's local simplification: a counter stepped by constants stays one node
// over its input, with the value the steps give, at any width.
#include "symbolic/SymExprArena.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace unitgen_rt::sym {
namespace {

TEST(SymExprArenaTest, ConstantStepsOfACounterFoldIntoOne) {
  ExprArena arena;
  arena.reset(1 << 16);
  Handle byte = arena.inputByte(0, 200);
  Handle n = arena.zeroExtend(byte, 32);
  Handle counter = n;
  // A loop's `remaining = remaining - 1`, a thousand times; then `+ 3` and `- 1` once.
  for (int step = 0; step < 1000; ++step)
    counter = arena.binary(Kind::Sub, 32, counter, arena.constant(1, 32));
  ASSERT_TRUE(arena.valid(counter));
  EXPECT_EQ(arena.node(counter).kind, Kind::Sub);
  EXPECT_EQ(arena.node(counter).ops[0], n);
  EXPECT_EQ(arena.node(arena.node(counter).ops[1]).value, 1000u);
  EXPECT_EQ(signedValue(arena.node(counter).concrete, 32), 200 - 1000);
  Handle mixed = arena.binary(Kind::Add, 32, counter, arena.constant(3, 32));
  EXPECT_EQ(arena.node(mixed).kind, Kind::Add);
  EXPECT_EQ(arena.node(mixed).ops[0], n);
  EXPECT_EQ(signedValue(arena.node(arena.node(mixed).ops[1]).value, 32), -997);
  EXPECT_EQ(signedValue(arena.node(mixed).concrete, 32), 200 - 997);
  // Steps that cancel give the input back.
  Handle back = arena.binary(Kind::Sub, 32, arena.binary(Kind::Add, 32, n, arena.constant(5, 32)),
                             arena.constant(5, 32));
  EXPECT_EQ(back, n);
  // Wrapping at a narrow width: (x + 250) + 10 on 8 bits is x + 4.
  Handle wrapped =
      arena.binary(Kind::Add, 8, arena.binary(Kind::Add, 8, byte, arena.constant(250, 8)),
                   arena.constant(10, 8));
  EXPECT_EQ(arena.node(wrapped).ops[0], byte);
  EXPECT_EQ(arena.node(arena.node(wrapped).ops[1]).value, 4u);
  EXPECT_EQ(arena.node(wrapped).concrete, (200u + 4u) & 0xff);
  // A step by a value that is not constant stays a node of its own.
  Handle other = arena.zeroExtend(arena.inputByte(1, 7), 32);
  Handle stepped =
      arena.binary(Kind::Sub, 32, arena.binary(Kind::Sub, 32, n, other), arena.constant(1, 32));
  EXPECT_EQ(arena.node(arena.node(stepped).ops[0]).kind, Kind::Sub);
}

} // namespace
} // namespace unitgen_rt::sym
