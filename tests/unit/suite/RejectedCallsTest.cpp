// RejectedCalls: a call with only literal inputs is rejected with exactly its arguments; a call
// on an object or given one is never (what it does depends on what came before).
#include "suite/RejectedCalls.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

constexpr int kFactory = 0, kMethod = 1;

Statement factory(int64_t scale) {
  return Statement{kFactory, -1, {Argument::of(Value::integer(scale))}};
}

Sequence madeWith(int64_t scale) {
  Sequence sequence;
  sequence.statements.push_back(factory(scale));
  sequence.statements.push_back(Statement{kMethod, 0, {Argument::of(Value::integer(1))}});
  return sequence;
}

TEST(RejectedCallsTest, ASelfContainedCallIsRejectedWithItsArgumentsOnly) {
  RejectedCalls rejected;
  EXPECT_FALSE(rejected.rejects(madeWith(-2)));
  EXPECT_TRUE(rejected.add(factory(-2)));
  EXPECT_TRUE(rejected.add(factory(-2))); // again: still one
  EXPECT_EQ(rejected.size(), 1u);
  EXPECT_TRUE(rejected.rejects(madeWith(-2)));
  EXPECT_FALSE(rejected.rejects(madeWith(2)));
  // The same literal as an unsigned is another argument.
  Sequence asUnsigned = madeWith(0);
  asUnsigned.statements[0].args[0] =
      Argument::of(Value::unsignedInteger(static_cast<uint64_t>(-2)));
  EXPECT_FALSE(rejected.rejects(asUnsigned));
}

TEST(RejectedCallsTest, ACallOnAnObjectOrGivenOneIsNeverRejected) {
  RejectedCalls rejected;
  EXPECT_FALSE(rejected.add(Statement{kMethod, 0, {Argument::of(Value::integer(1))}}));
  EXPECT_FALSE(rejected.add(Statement{kFactory, -1, {Argument::var(0)}}));
  EXPECT_EQ(rejected.size(), 0u);
  EXPECT_FALSE(rejected.rejects(madeWith(-2)));
}

TEST(RejectedCallsTest, TheLiteralSignatureSpellsValuesAndObjects) {
  Statement statement{kFactory, -1, {Argument::of(Value::integer(-2)), Argument::var(0)}};
  EXPECT_EQ(literalSignature(statement), "," + std::to_string(static_cast<int>(Value::Kind::Int)) +
                                             ":" + Value::integer(-2).debugString() + ",v");
}

} // namespace
} // namespace unitgen
