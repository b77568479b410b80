// ConstraintTree: alternatives only for the tree's own statement, no direction handed out twice,
// infeasible and timed-out directions never retried, generational and novelty order, witnesses,
// a loop's branch backing off past its first passes.
#include "explore/ConstraintTree.h"

#include <gtest/gtest.h>

#include <set>

namespace unitgen {
namespace {

Decision d(uint32_t site, bool taken, int32_t statement = 0) { return {site, statement, taken}; }

/// Drains every alternative, as (site of the flipped decision's origin index, direction).
std::vector<Alternative> drain(ConstraintTree &tree, const NoveltyFn &novel = nullptr) {
  std::vector<Alternative> all;
  while (std::optional<Alternative> next = tree.next(novel))
    all.push_back(*next);
  return all;
}

TEST(ConstraintTreeTest, APathOpensTheOtherDirectionOfEachOfItsBranches) {
  ConstraintTree tree;
  auto added = tree.addPath({d(1, true), d(2, false), d(3, true)}, 7, 0);
  EXPECT_TRUE(added.newPath);
  EXPECT_EQ(added.newAlternatives, 3u);
  std::vector<Alternative> alternatives = drain(tree);
  ASSERT_EQ(alternatives.size(), 3u);
  for (uint32_t i = 0; i < 3; ++i) {
    EXPECT_EQ(alternatives[i].origin, 7u);
    EXPECT_EQ(alternatives[i].index, i); // earlier branches first
    EXPECT_EQ(alternatives[i].generation, 1u);
  }
  EXPECT_FALSE(alternatives[0].direction);
  EXPECT_TRUE(alternatives[1].direction);
  EXPECT_FALSE(tree.hasAlternative());
}

TEST(ConstraintTreeTest, OnlyTheTreesOwnStatementOpensAlternatives) {
  ConstraintTree tree(2); // the tree of statement 2: statements 0 and 1 are its prefix
  auto added = tree.addPath({d(1, true, 0), d(2, false, 1), d(3, true, 2), d(4, true, 2)}, 1, 0);
  EXPECT_EQ(added.newAlternatives, 2u);
  std::vector<Alternative> alternatives = drain(tree);
  ASSERT_EQ(alternatives.size(), 2u);
  EXPECT_EQ(alternatives[0].index, 2u);
  EXPECT_EQ(alternatives[1].index, 3u);
  TreeCounts counts = tree.counts();
  EXPECT_EQ(counts.explored, 2u); // only statement 2's directions are this tree's
  EXPECT_EQ(counts.pending, 2u);
}

TEST(ConstraintTreeTest, ALoopsBranchOpensItsFirstPassesThenThePowersOfTwo) {
  // A loop of 100 iterations over a symbolic bound: its condition (site 1) and a branch in its
  // body (site 2) alternate, and site 3 follows once, after the loop.
  std::vector<Decision> path;
  for (int i = 0; i < 100; ++i) {
    path.push_back(d(1, true));
    path.push_back(d(2, i % 2 == 0));
  }
  path.push_back(d(3, true));
  ConstraintTree tree;
  auto added = tree.addPath(path, 1, 0);
  // Passes 1..16, 32 and 64 of each loop site, and the one pass of site 3.
  EXPECT_EQ(added.newAlternatives, 2 * (ConstraintTree::kEveryPassUpTo + 2) + 1);
  std::vector<uint32_t> loopPasses;
  for (const Alternative &alternative : drain(tree))
    if (path[alternative.index].site == 1)
      loopPasses.push_back(alternative.index / 2 + 1);
  std::vector<uint32_t> expected;
  for (uint32_t pass = 1; pass <= ConstraintTree::kEveryPassUpTo; ++pass)
    expected.push_back(pass);
  expected.insert(expected.end(), {32, 64});
  EXPECT_EQ(loopPasses, expected);
  // Passes are counted per statement: the loop run again by the next statement starts over.
  ConstraintTree whole;
  std::vector<Decision> twice;
  for (int32_t statement = 0; statement < 2; ++statement)
    for (int i = 0; i < 20; ++i)
      twice.push_back(d(1, true, statement));
  EXPECT_EQ(whole.addPath(twice, 1, 0).newAlternatives, 2 * (ConstraintTree::kEveryPassUpTo));
}

TEST(ConstraintTreeTest, NoDirectionIsHandedOutTwice) {
  ConstraintTree tree;
  tree.addPath({d(1, true), d(2, true)}, 1, 0);
  std::optional<Alternative> first = tree.next();
  ASSERT_TRUE(first);
  EXPECT_EQ(tree.stateOf(*first), EdgeState::Pending);
  // More executions along the same path, and one that diverges after branch 1: nothing they
  // pass by is offered again.
  tree.addPath({d(1, true), d(2, true)}, 2, 0);
  tree.addPath({d(1, true), d(2, true)}, 3, 1);
  std::set<std::pair<uint32_t, uint32_t>> offered{{first->node, first->branch}};
  while (std::optional<Alternative> next = tree.next())
    EXPECT_TRUE(offered.insert({next->node, next->branch}).second);
  EXPECT_EQ(offered.size(), 2u);
}

TEST(ConstraintTreeTest, InfeasibleAndTimedOutDirectionsAreNeverRetried) {
  ConstraintTree tree;
  tree.addPath({d(1, true), d(2, true), d(3, true)}, 1, 0);
  std::optional<Alternative> a = tree.next();
  std::optional<Alternative> b = tree.next();
  std::optional<Alternative> c = tree.next();
  ASSERT_TRUE(a && b && c);
  tree.resolve(*a, EdgeState::Infeasible);
  tree.resolve(*b, EdgeState::Timeout);
  tree.resolve(*c, EdgeState::Diverged);
  // New executions through the same nodes from other origins do not reopen them.
  for (uint64_t origin = 2; origin < 10; ++origin)
    tree.addPath({d(1, true), d(2, true), d(3, true)}, origin, 0);
  EXPECT_FALSE(tree.hasAlternative());
  TreeCounts counts = tree.counts();
  EXPECT_EQ(counts.infeasible, 1u);
  EXPECT_EQ(counts.timeout, 1u);
  EXPECT_EQ(counts.diverged, 1u);
  EXPECT_EQ(counts.paths, 1u);
}

TEST(ConstraintTreeTest, ADirectionReachedMeanwhileIsNotSolvedAnymore) {
  ConstraintTree tree;
  tree.addPath({d(1, true), d(2, true)}, 1, 0);
  // Another seed happens to take branch 1's other direction before its alternative comes up.
  auto added = tree.addPath({d(1, false), d(5, true)}, 2, 0);
  EXPECT_TRUE(added.newPath);
  std::vector<Alternative> alternatives = drain(tree);
  ASSERT_EQ(alternatives.size(), 2u); // branch 2's and branch 5's; branch 1 is explored
  for (const Alternative &alternative : alternatives)
    EXPECT_NE(alternative.index, 0u);
}

TEST(ConstraintTreeTest, ExpansionIsGenerational) {
  ConstraintTree tree;
  tree.addPath({d(1, true), d(2, true)}, 1, 0); // seed: opens generation-1 alternatives
  std::optional<Alternative> flip = tree.next();
  ASSERT_TRUE(flip && flip->generation == 1);
  // The child of that flip (generation 1) opens generation-2 alternatives below it...
  tree.addPath({d(1, false), d(3, true), d(4, true)}, 2, 1);
  // ...and a later seed (which also reaches branch 2's other direction) opens a generation-1
  // one: it comes first.
  tree.addPath({d(1, true), d(2, false), d(6, true)}, 3, 0);
  std::vector<uint32_t> generations;
  std::vector<uint64_t> origins;
  for (const Alternative &alternative : drain(tree)) {
    generations.push_back(alternative.generation);
    origins.push_back(alternative.origin);
  }
  EXPECT_EQ(generations, (std::vector<uint32_t>{1, 2, 2}));
  EXPECT_EQ(origins, (std::vector<uint64_t>{3, 2, 2}));
}

TEST(ConstraintTreeTest, NovelDirectionsAndPromisingParentsGoFirst) {
  ConstraintTree tree;
  std::set<std::pair<uint32_t, bool>> covered;
  NoveltyFn novel = [&](uint32_t site, bool taken) { return !covered.count({site, taken}); };
  covered.insert({1, false}); // some other tree's execution went there already
  covered.insert({1, true});
  covered.insert({8, false});
  tree.addPath({d(1, true), d(2, true)}, 1, 0, false, novel);
  tree.addPath({d(1, true), d(2, true), d(8, true)}, 2, 0, true, novel); // found new goals
  covered.insert({2, true});
  covered.insert({8, true});
  std::optional<Alternative> first = tree.next(novel);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->index, 1u); // branch 2's false direction: no execution took it
  EXPECT_EQ(first->origin, 1u);
  covered.insert({2, false});
  // Not novel any more (just taken elsewhere): branch 8's from the promising execution next.
  std::optional<Alternative> second = tree.next(novel);
  ASSERT_TRUE(second);
  EXPECT_EQ(second->origin, 2u);
}

TEST(ConstraintTreeTest, WitnessesAreTheFirstExecutionOfEachPath) {
  ConstraintTree tree;
  tree.addPath({d(1, true)}, 10, 0);
  tree.addPath({d(1, true)}, 11, 0);
  tree.addPath({d(1, false)}, 12, 1);
  tree.addPath({}, 13, 0); // no symbolic branch at all: its own (empty) path
  EXPECT_EQ(tree.witnesses(), (std::vector<uint64_t>{10, 12, 13}));
  EXPECT_EQ(tree.counts().paths, 3u);
}

TEST(ConstraintTreeTest, ExecutionsThatDisagreeOnTheNextSiteBranchApart) {
  ConstraintTree tree;
  tree.addPath({d(1, true), d(2, true)}, 1, 0);
  auto added = tree.addPath({d(1, true), d(9, true)}, 2, 0); // same prefix, another next site
  EXPECT_TRUE(added.newPath);
  EXPECT_EQ(added.newAlternatives, 1u);
  EXPECT_EQ(drain(tree).size(), 3u);
}

} // namespace
} // namespace unitgen
