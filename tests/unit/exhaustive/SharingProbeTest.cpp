// SharingProbe: which classes a set of heaps references an object of twice — through objects
// the receiver reaches only.
#include "exhaustive/SharingProbe.h"

#include "ListFinitization.h"

#include <gtest/gtest.h>

namespace unitgen::testing {
namespace {

// Candidate order: head_, size_, node0.value, node0.next, node1.value, node1.next; pointers are
// 0 (null) or 1 + the pool index.
TEST(SharingProbeTest, AChainSharesNothingACycleOrASelfLoopShares) {
  Finitization f = listFinitization();
  EXPECT_TRUE(sharedClasses(f, {{1, 2, 0, 2, 0, 0}}).empty());         // head -> node0 -> node1
  EXPECT_TRUE(sharedClasses(f, {{0, 0, 0, 0, 0, 0}}).empty());         // empty
  EXPECT_EQ(sharedClasses(f, {{1, 2, 0, 2, 0, 1}}), std::set<int>{1}); // node1 -> node0: cycle
  EXPECT_EQ(sharedClasses(f, {{1, 1, 0, 1, 0, 0}}), std::set<int>{1}); // node0 -> itself
  // One shared heap among tree-shaped ones is enough.
  EXPECT_EQ(sharedClasses(f, {{1, 2, 0, 2, 0, 0}, {1, 1, 0, 1, 0, 0}}), std::set<int>{1});
}

TEST(SharingProbeTest, AnUnreachableObjectsReferencesDoNotCount) {
  Finitization f = listFinitization();
  // head -> node0; node1 is garbage that points at node0.
  EXPECT_TRUE(sharedClasses(f, {{1, 1, 0, 0, 0, 1}}).empty());
}

} // namespace
} // namespace unitgen::testing
