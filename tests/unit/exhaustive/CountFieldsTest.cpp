// CountFields: the receiver's number fields that equal the objects it reaches in every heap.
#include "exhaustive/CountFields.h"

#include "ListFinitization.h"

#include <gtest/gtest.h>

namespace unitgen::testing {
namespace {

// Candidate order: head_, size_, node0.value, node0.next, node1.value, node1.next; pointers are
// 0 (null) or 1 + the pool index.
const std::vector<uint32_t> kEmpty{0, 0, 0, 0, 0, 0}, kOneNode{1, 1, 1, 0, 0, 0},
    kTwoNodes{1, 2, 0, 2, 1, 0};

TEST(CountFieldsTest, ASizeThatCountsTheNodesInEveryHeapIsOne) {
  Finitization f = listFinitization();
  EXPECT_EQ(countFieldsOf(f, {kEmpty, kOneNode, kTwoNodes}),
            std::vector<std::string>{"List::size_"});
  // node1 is garbage that points at node0: one node reached.
  EXPECT_EQ(countFieldsOf(f, {kEmpty, {1, 1, 0, 0, 0, 1}}),
            std::vector<std::string>{"List::size_"});
}

TEST(CountFieldsTest, OneHeapWhereItDiffersOrASingleValueIsNone) {
  Finitization f = listFinitization();
  // A one-node list whose size says 2.
  EXPECT_TRUE(countFieldsOf(f, {kEmpty, kOneNode, kTwoNodes, {1, 2, 0, 0, 0, 0}}).empty());
  // Always 1: nothing says it counts rather than being constant.
  EXPECT_TRUE(countFieldsOf(f, {kOneNode, {1, 1, 0, 0, 0, 0}}).empty());
  EXPECT_TRUE(countFieldsOf(f, {}).empty());
}

TEST(CountFieldsTest, NoneWithAnArray) {
  // Bag's size_ counts the elements of an array, which a search by objects does not count.
  Expected<Finitization> f = finitize(bagModel(), FinitizationOptions{});
  ASSERT_TRUE(f);
  std::vector<uint32_t> heap(f->fields.size(), 0);
  EXPECT_TRUE(countFieldsOf(*f, {heap, heap}).empty());
}

} // namespace
} // namespace unitgen::testing
