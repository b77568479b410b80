// FieldSemantics: pairs per object numbered breadth-first per class, invariant under which pool
// object plays which node; arrays below their count; field-exhaustive selection and sizes.
#include "explore/FieldSemantics.h"

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

TEST(FieldSemanticsTest, FieldExhaustiveSelectionKeepsHeapsThatAddAPair) {
  Finitization f = listFinitization();
  std::vector<std::vector<uint32_t>> heaps{
      {0, 0, 0, 0, 0, 0}, // empty
      {1, 1, 0, 0, 0, 0}, // [0]
      {1, 1, 1, 0, 0, 0}, // [1]: value 1 is new
      {1, 1, 0, 0, 0, 0}, // [0] again: nothing new
      {1, 2, 1, 2, 1, 0}, // [1, 1]: the second node is new
  };
  FieldExhaustiveSelection fet = selectFieldExhaustive(f, heaps);
  EXPECT_EQ(fet.kept, (std::vector<size_t>{0, 1, 2, 4}));
  EXPECT_EQ(fet.pairs, 11u); // head_ 2, size_ 3, first node 2 + 2, second node 1 + 1
  std::map<FieldOfObject, size_t> sizes = semanticsSizes(f, heaps);
  EXPECT_EQ(sizes.at({0, 0, "List::size_"}), 3u);       // 0, 1, 2
  EXPECT_EQ(sizes.at({1, 0, "List::Node::value"}), 2u); // 0, 1
  EXPECT_EQ(sizes.at({1, 0, "List::Node::next"}), 2u);  // null, the second node
  EXPECT_EQ(sizes.at({1, 1, "List::Node::value"}), 1u);
}

TEST(FieldSemanticsTest, ArrayElementsCountOnlyBelowTheCountField) {
  ClassModel model;
  model.target = "Bag";
  ClassInfo bag;
  bag.qualifiedName = "Bag";
  bag.invariant = "repOK";
  Field items;
  items.name = "items_";
  items.shape = FieldShape::HeapArray;
  items.isPointer = true;
  items.countField = "size_";
  Field size;
  size.name = "size_";
  size.shape = FieldShape::Value;
  size.type.kind = TypeKind::Integer;
  bag.fields = {items, size};
  model.classes = {bag};
  FinitizationOptions options;
  options.scope = 2;
  Finitization f = *finitize(model, options);
  // items_ -> the array, size_ 1, elements {1, 1}: only items_[0] is part of the heap.
  std::set<FieldPair> pairs = fieldPairs(f, {1, 1, 1, 1});
  EXPECT_TRUE(pairs.count({{0, 0, "Bag::items_[0]"}, 1}));
  EXPECT_FALSE(pairs.count({{0, 0, "Bag::items_[1]"}, 1}));
  EXPECT_EQ(pairs.size(), 3u);
}

} // namespace
} // namespace unitgen::testing
