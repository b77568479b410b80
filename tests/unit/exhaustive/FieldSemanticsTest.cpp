// FieldSemantics: pairs per object numbered breadth-first per class, invariant under which pool
// object plays which node; arrays below their count.
#include "exhaustive/FieldSemantics.h"

#include "ListFinitization.h"

#include <gtest/gtest.h>

namespace unitgen::testing {
namespace {

// Candidate order: head_, size_, node0.value, node0.next, node1.value, node1.next; pointers are
// 0 (null) or 1 + the pool index.
TEST(FieldSemanticsTest, PairsNumberObjectsBreadthFirstWhicheverPoolObjectIsUsed) {
  Finitization f = listFinitization();
  std::vector<uint32_t> firstThenSecond{1, 2, 1, 2, 0, 0}; // head -> node0 (1) -> node1 (0)
  std::vector<uint32_t> secondThenFirst{2, 2, 0, 0, 1, 1}; // head -> node1 (1) -> node0 (0)
  std::set<FieldPair> pairs = fieldPairs(f, firstThenSecond);
  EXPECT_EQ(pairs, fieldPairs(f, secondThenFirst));
  EXPECT_EQ(pairs.size(), 6u);
  EXPECT_TRUE(pairs.count({{0, 0, "List::head_"}, 1}));
  EXPECT_TRUE(pairs.count({{1, 0, "List::Node::value"}, 1}));
  EXPECT_TRUE(pairs.count({{1, 0, "List::Node::next"}, 2}));
  EXPECT_TRUE(pairs.count({{1, 1, "List::Node::next"}, 0}));
  // An unreachable node adds nothing.
  EXPECT_EQ(fieldPairs(f, {1, 1, 1, 0, 1, 1}).size(), 4u);
}

TEST(FieldSemanticsTest, ArrayElementsCountOnlyBelowTheCountField) {
  Finitization f = bagFinitization();
  // items_ -> the array, size_ 1, elements {1, 1}: only items_[0] is part of the heap.
  std::set<FieldPair> pairs = fieldPairs(f, {1, 1, 1, 1});
  EXPECT_TRUE(pairs.count({{0, 0, "Bag::items_[0]"}, 1}));
  EXPECT_FALSE(pairs.count({{0, 0, "Bag::items_[1]"}, 1}));
  EXPECT_EQ(pairs.size(), 3u);
}

} // namespace
} // namespace unitgen::testing
