// StateWalker on hand-made heaps: arrays behind `T*` fields read through the heap-block table,
// bounded by the class's count; isomorphic heaps hash alike.
#include "driver/StateWalker.h"
#include "driver/HeapBlocks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

namespace unitgen_rt {
namespace {

/// A stack as the subjects keep one: an array, the elements in use, the capacity.
struct Stack {
  int *store = nullptr;
  int size = 0;
  int capacity = 0;
};

void walkCounted(StateWalker &w, const void *p) {
  const auto &s = *static_cast<const Stack *>(p);
  w.heapArray(s.store, static_cast<long long>(s.size));
  w.value(s.size);
}

void walkWhole(StateWalker &w, const void *p) { w.heapArray(static_cast<const Stack *>(p)->store); }

/// A block the table knows, as the exploration driver's operator new records it.
class Block {
public:
  explicit Block(std::vector<int> values) : p_(static_cast<int *>(std::malloc(bytes(values)))) {
    for (size_t i = 0; i < values.size(); ++i)
      p_[i] = values[i];
    recordHeapBlock(p_, bytes(values));
  }
  ~Block() {
    forgetHeapBlock(p_);
    std::free(p_);
  }
  int *get() const { return p_; }

private:
  static size_t bytes(const std::vector<int> &values) { return values.size() * sizeof(int); }
  int *p_;
};

uint64_t hashOf(Stack stack, WalkFn fn = &walkCounted) {
  StateWalker walker;
  return walker.walk(&stack, fn);
}

TEST(StateWalkerTest, ReadsTheElementsInUseOfAHeapArray) {
  Block a({1, 2, 99, 0}), b({1, 2, -5, 7}), c({1, 3, 99, 0});
  // Same values in use, different slack behind them: one state.
  EXPECT_EQ(hashOf({a.get(), 2, 4}), hashOf({b.get(), 2, 4}));
  // A different value in use: another state.
  EXPECT_NE(hashOf({a.get(), 2, 4}), hashOf({c.get(), 2, 4}));
  // Without a count the whole block counts.
  EXPECT_NE(hashOf({a.get(), 2, 4}, &walkWhole), hashOf({b.get(), 2, 4}, &walkWhole));
  // A count beyond the block reads the block only; a negative one reads nothing.
  EXPECT_NE(hashOf({a.get(), 100, 4}), hashOf({b.get(), 100, 4}));
  EXPECT_EQ(hashOf({a.get(), -1, 4}), hashOf({c.get(), -1, 4}));
}

TEST(StateWalkerTest, ArrayContentsCanBeLeftOut) {
  // Random generation asks for the coarser states: values in the array do not count then.
  Block a({1, 2, 99, 0}), c({1, 3, 99, 0});
  StateWalker walker;
  walker.setArrayContents(false);
  Stack first{a.get(), 2, 4}, second{c.get(), 2, 4};
  EXPECT_EQ(walker.walk(&first, &walkCounted), walker.walk(&second, &walkCounted));
  walker.setArrayContents(true);
  EXPECT_NE(walker.walk(&first, &walkCounted), walker.walk(&second, &walkCounted));
}

TEST(StateWalkerTest, PointersOutsideHeapBlocksCountOnlyAsSet) {
  int local[2] = {1, 2}, other[2] = {3, 4};
  EXPECT_EQ(heapBlockBytes(local), 0u);
  EXPECT_EQ(hashOf({local, 2, 2}), hashOf({other, 2, 2}));
  EXPECT_NE(hashOf({local, 0, 2}), hashOf({nullptr, 0, 2}));
}

TEST(StateWalkerTest, TheBlockTableForgetsFreedBlocksAndGrows) {
  std::vector<Block *> blocks;
  for (int i = 0; i < 5000; ++i)
    blocks.push_back(new Block({i, i}));
  for (size_t i = 0; i < blocks.size(); i += 2) {
    int *p = blocks[i]->get();
    delete blocks[i];
    EXPECT_EQ(heapBlockBytes(p), 0u);
    blocks[i] = nullptr;
  }
  for (Block *block : blocks)
    if (block) {
      EXPECT_EQ(heapBlockBytes(block->get()), 2 * sizeof(int));
      EXPECT_EQ(heapBlockBytes(block->get() + 1), 0u) << "inside a block is not its start";
      delete block;
    }
}

} // namespace
} // namespace unitgen_rt
