// Sequence editing: removal with its dependents, and splitting into parts that share no object.
#include "model/Sequence.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

Statement make() { return {0, -1, {}}; }
Statement call(int receiver, std::vector<Argument> args = {}) {
  return {1, receiver, std::move(args)};
}

TEST(SequenceTest, ListsCompareElementByElement) {
  const Value ab = Value::list({Value::string("a"), Value::string("b")});
  const Value a = Value::list({Value::string("a")});
  EXPECT_EQ(ab, Value::list({Value::string("a"), Value::string("b")}));
  EXPECT_NE(ab, a);
  EXPECT_LT(a, ab); // a prefix first
  EXPECT_FALSE(ab < a);
  EXPECT_NE(Value::list({}), Value::null());
  EXPECT_EQ(Value::list({a, Value::list({})}).debugString(), "{{\"a\"}, {}}");
  // Sequences that differ only in a list's elements hash apart.
  Sequence one{{{0, -1, {Argument::of(ab)}}}}, other{{{0, -1, {Argument::of(a)}}}};
  EXPECT_NE(one.hash(), other.hash());
}

TEST(SequenceTest, WithoutDropsTheStatementsThatUseTheRemovedObject) {
  // a; b; a.f(); b.f(a); a.f()  — removing a leaves b and b's own calls.
  Sequence sequence{{make(), make(), call(0), call(1, {Argument::var(0)}), call(1)}};
  Sequence shorter = sequence.without(0);
  EXPECT_EQ(shorter, (Sequence{{make(), call(0)}}));
}

TEST(SequenceTest, IndependentPartsJoinReceiversAndArguments) {
  // a; b; c; a.f(); c.f(b); b.f(5): {a, a.f()} and {b, c, c.f(b), b.f(5)}.
  Sequence sequence{{make(), make(), make(), call(0), call(2, {Argument::var(1)}),
                     call(1, {Argument::of(Value::integer(5))})}};
  EXPECT_EQ(sequence.independentParts(), (std::vector<std::vector<int>>{{0, 3}, {1, 2, 4, 5}}));
}

TEST(SequenceTest, AnObjectMadeFromAnotherIsInItsPart) {
  // a; b = a.make(); b.f(): one part, even though b's calls never name a.
  Sequence sequence{{make(), call(0), call(1)}};
  EXPECT_EQ(sequence.independentParts(), (std::vector<std::vector<int>>{{0, 1, 2}}));
}

TEST(SequenceTest, OnlyRenumbersTheKeptStatements) {
  Sequence sequence{{make(), make(), make(), call(0), call(2, {Argument::var(1)})}};
  EXPECT_EQ(sequence.only({1, 2, 4}), (Sequence{{make(), make(), call(1, {Argument::var(0)})}}));
  EXPECT_EQ(sequence.only({0, 3}), (Sequence{{make(), call(0)}}));
}

} // namespace
} // namespace unitgen
