// PairCoverage: the field-exhaustive selection over a stream of heaps, and agreement with the
// pair sets of fieldPairs on every candidate heap of two finitizations, in a shuffled order.
#include "exhaustive/PairCoverage.h"

#include "ListFinitization.h"
#include "exhaustive/FieldSemantics.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace unitgen::testing {
namespace {

// Candidate order: head_, size_, node0.value, node0.next, node1.value, node1.next; pointers are
// 0 (null) or 1 + the pool index.
TEST(PairCoverageTest, KeepsTheHeapsThatAddAPair) {
  Finitization f = listFinitization();
  PairCoverage coverage(f);
  EXPECT_TRUE(coverage.add({0, 0, 0, 0, 0, 0}));  // empty
  EXPECT_TRUE(coverage.add({1, 1, 0, 0, 0, 0}));  // [0]
  EXPECT_TRUE(coverage.add({1, 1, 1, 0, 0, 0}));  // [1]: value 1 is new
  EXPECT_FALSE(coverage.add({1, 1, 0, 0, 0, 0})); // [0] again: nothing new
  EXPECT_FALSE(coverage.add({2, 1, 0, 0, 1, 0})); // [1] in the other pool node: the same pairs
  EXPECT_TRUE(coverage.add({1, 2, 1, 2, 1, 0}));  // [1, 1]: the second node is new
  EXPECT_EQ(coverage.pairs(), 11u); // head_ 2, size_ 3, first node 2 + 2, second node 1 + 1
  std::map<std::string, size_t> sizes = coverage.sizesByName();
  EXPECT_EQ(sizes.at("List::size_"), 3u);       // 0, 1, 2
  EXPECT_EQ(sizes.at("List::Node::value"), 3u); // first node 0 and 1, second node 1
  EXPECT_EQ(sizes.at("List::Node::next"), 3u);  // first node null and node 2, second null
  EXPECT_EQ(coverage.size(coverage.nameId("List::head_")), 2u);
  EXPECT_EQ(coverage.nameId("List::tail_"), -1);
}

/// Every value vector of the finitization's domains, shuffled.
std::vector<std::vector<uint32_t>> everyCandidate(const Finitization &f, unsigned seed) {
  std::vector<std::vector<uint32_t>> all{{}};
  for (const CandidateField &field : f.fields) {
    std::vector<std::vector<uint32_t>> longer;
    for (const std::vector<uint32_t> &prefix : all)
      for (uint32_t v = 0; v < field.domain.size(f.objects); ++v) {
        longer.push_back(prefix);
        longer.back().push_back(v);
      }
    all = std::move(longer);
  }
  std::shuffle(all.begin(), all.end(), std::mt19937(seed));
  return all;
}

/// Adds every candidate to a PairCoverage and to a set of fieldPairs; they must agree on each.
void expectAgreesWithFieldPairs(const Finitization &f) {
  std::vector<std::vector<uint32_t>> heaps = everyCandidate(f, 7);
  ASSERT_GT(heaps.size(), 16u);
  PairCoverage coverage(f);
  std::set<FieldPair> seen;
  std::map<std::string, size_t> sizes;
  size_t added = 0;
  for (const std::vector<uint32_t> &heap : heaps) {
    bool adds = false;
    for (const FieldPair &pair : fieldPairs(f, heap))
      if (seen.insert(pair).second) {
        ++sizes[std::get<2>(pair.first)];
        adds = true;
      }
    ASSERT_EQ(coverage.add(heap), adds);
    ASSERT_EQ(coverage.pairs(), seen.size());
    added += adds;
  }
  EXPECT_GT(added, 3u);
  EXPECT_EQ(coverage.sizesByName(), sizes);
}

TEST(PairCoverageTest, AgreesWithFieldPairsOnALinkedList) {
  expectAgreesWithFieldPairs(listFinitization());
}

TEST(PairCoverageTest, AgreesWithFieldPairsOnACountedArray) {
  expectAgreesWithFieldPairs(bagFinitization());
}

} // namespace
} // namespace unitgen::testing
