// The exhaustive driver's Korat search on a hand-probed binary search tree: the valid heaps, and
// the orders passes over object limits (object-limits), one after another or taking turns
// (interleave-passes), give them in.
#include "exhaustive/KoratSearch.h"
#include "exhaustive/CandidateHeap.h"
#include "TreeFixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

namespace unitgen_rt::korat {
namespace {

using namespace tree;

/// The valid heaps of trees of up to `scope` nodes with keys 0..scope-1 and sizes
/// smallestSize..scope, in the driver's order: per heap, its value indices (root, size, then
/// value, left, right per node). `moreLines` go to the driver's input, and what it printed to
/// `report`.
/// The driver's input for those trees: its path.
std::string writeTrees(int scope, const std::string &limits, bool interleave,
                       unsigned long long workLimit, const std::string &moreLines,
                       int smallestSize) {
  std::string input = scratchFile("korat-search-test.txt");
  {
    std::ofstream out(input);
    out << "objects 0 1\nobjects 1 " << scope << "\n";
    out << "field 0 0 objects 1\nfield 0 1 numbers " << smallestSize << " " << scope << "\n";
    for (int node = 1; node <= scope; ++node)
      out << "field " << node << " 0 numbers 0 " << scope - 1 << "\nfield " << node
          << " 1 objects 1\nfield " << node << " 2 objects 1\n";
    if (!limits.empty())
      out << "object-limits " << limits << "\n";
    if (interleave)
      out << "interleave-passes\n";
    if (workLimit > 0)
      out << "work-limit " << workLimit << "\n";
    out << moreLines;
  }
  return input;
}

std::vector<std::vector<uint8_t>> searchTrees(int scope, const std::string &limits = "",
                                              bool interleave = false,
                                              unsigned long long workLimit = 0,
                                              const std::string &moreLines = "",
                                              std::string *report = nullptr, int smallestSize = 0) {
  std::string input = writeTrees(scope, limits, interleave, workLimit, moreLines, smallestSize);
  std::string output = scratchFile("korat-search-test.bin");
  std::string program = "driver";
  char *argv[] = {program.data(), input.data(), output.data()};
  testing::internal::CaptureStdout();
  EXPECT_EQ(main(kClasses, 2, nullptr, 0, 3, argv), 0);
  std::fflush(stdout);
  std::string printed = testing::internal::GetCapturedStdout();
  if (report)
    *report = printed;
  std::ifstream in(output, std::ios::binary);
  std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
  size_t width = 2 + 3 * static_cast<size_t>(scope);
  std::vector<std::vector<uint8_t>> heaps;
  for (size_t at = 0; at + width <= bytes.size(); at += width)
    heaps.emplace_back(bytes.begin() + at, bytes.begin() + at + width);
  return heaps;
}

/// The nodes of a valid tree: its size field.
int nodes(const std::vector<uint8_t> &heap) { return heap[1]; }

TEST(KoratSearchTest, SmallerHeapsFirstGivesTheSameHeapsInAscendingSize) {
  std::vector<std::vector<uint8_t>> korat = searchTrees(4);
  std::vector<std::vector<uint8_t>> ascending = searchTrees(4, "0 1 2 3");
  ASSERT_EQ(korat.size(), 51u); // the BST count at sizes 0..4
  EXPECT_EQ(std::set<std::vector<uint8_t>>(korat.begin(), korat.end()),
            std::set<std::vector<uint8_t>>(ascending.begin(), ascending.end()));
  EXPECT_EQ(ascending.size(), korat.size()); // each heap once
  for (size_t i = 1; i < ascending.size(); ++i)
    EXPECT_LE(nodes(ascending[i - 1]), nodes(ascending[i])) << "heap " << i;
  // Korat's own order visits every tree whose root has no left child first.
  bool descends = false;
  for (size_t i = 1; i < korat.size(); ++i)
    descends |= nodes(korat[i - 1]) > nodes(korat[i]);
  EXPECT_TRUE(descends);
}

TEST(KoratSearchTest, DoublingLimitsGiveBandsOfSizesEachInKoratsOrder) {
  std::vector<std::vector<uint8_t>> korat = searchTrees(5);
  std::vector<std::vector<uint8_t>> bands = searchTrees(5, "0 1 2 4");
  ASSERT_EQ(korat.size(), 188u);
  EXPECT_EQ(std::set<std::vector<uint8_t>>(korat.begin(), korat.end()),
            std::set<std::vector<uint8_t>>(bands.begin(), bands.end()));
  ASSERT_EQ(bands.size(), korat.size());
  // Bands 0, 1, 2, 3..4, 5: each after the ones below it, in Korat's order within.
  auto band = [](const std::vector<uint8_t> &heap) {
    int n = nodes(heap);
    return n <= 2 ? n : n <= 4 ? 3 : 4;
  };
  bool mixedWithin = false;
  for (size_t i = 1; i < bands.size(); ++i) {
    EXPECT_LE(band(bands[i - 1]), band(bands[i])) << "heap " << i;
    mixedWithin |= nodes(bands[i - 1]) > nodes(bands[i]);
  }
  EXPECT_TRUE(mixedWithin);
  // A limit at or past the pool is the last pass: "0 1 2 4 5 9" gives the same heaps.
  EXPECT_EQ(searchTrees(5, "0 1 2 4 5 9"), bands);
}

TEST(KoratSearchTest, SmallerHeapsFirstReachesARootWithALeftChildEarly) {
  // Index 2 is the root node's value, 3 its left pointer (0: null).
  auto firstWithLeftChild = [](const std::vector<std::vector<uint8_t>> &heaps) {
    for (size_t i = 0; i < heaps.size(); ++i)
      if (heaps[i][1] > 0 && heaps[i][3] != 0)
        return i;
    return heaps.size();
  };
  std::vector<std::vector<uint8_t>> korat = searchTrees(5);
  std::vector<std::vector<uint8_t>> ascending = searchTrees(5, "0 1 2 3 4");
  ASSERT_EQ(korat.size(), 188u);
  size_t upToTwoNodes = 0;
  for (const std::vector<uint8_t> &heap : korat)
    upToTwoNodes += nodes(heap) <= 2;
  EXPECT_LT(firstWithLeftChild(ascending), upToTwoNodes);
  // Korat's order fills the root's right subtree first: trees of 5 nodes come before it.
  size_t first = firstWithLeftChild(korat);
  ASSERT_LT(first, korat.size());
  int largest = 0;
  for (size_t i = 0; i < first; ++i)
    largest = std::max(largest, nodes(korat[i]));
  EXPECT_EQ(largest, 5);
}

TEST(KoratSearchTest, InterleavedPassesGiveEverySizeEarly) {
  std::vector<std::vector<uint8_t>> ascending = searchTrees(6, "0 1 2 3 4 5");
  std::vector<std::vector<uint8_t>> interleaved = searchTrees(6, "0 1 2 3 4 5", true);
  ASSERT_EQ(ascending.size(), 731u);
  EXPECT_EQ(std::set<std::vector<uint8_t>>(ascending.begin(), ascending.end()),
            std::set<std::vector<uint8_t>>(interleaved.begin(), interleaved.end()));
  ASSERT_EQ(interleaved.size(), ascending.size()); // each heap once
  auto first = [](const std::vector<std::vector<uint8_t>> &heaps, int size) {
    for (size_t i = 0; i < heaps.size(); ++i)
      if (nodes(heaps[i]) == size)
        return i;
    return heaps.size();
  };
  auto last = [](const std::vector<std::vector<uint8_t>> &heaps, int size) {
    size_t at = 0;
    for (size_t i = 0; i < heaps.size(); ++i)
      if (nodes(heaps[i]) == size)
        at = i;
    return at;
  };
  // One after another, six-node trees wait for every five-node tree; taking turns, they come
  // while five-node trees are still to come, and the small sizes stay in front.
  EXPECT_GT(first(ascending, 6), last(ascending, 5));
  EXPECT_LT(first(interleaved, 6), last(interleaved, 5));
  EXPECT_LT(last(interleaved, 2), first(interleaved, 6));
  // Each pass keeps Korat's order: the trees of one size come in the order that pass gives.
  for (int size = 0; size <= 6; ++size) {
    std::vector<std::vector<uint8_t>> inAscending, inInterleaved;
    for (const std::vector<uint8_t> &heap : ascending)
      if (nodes(heap) == size)
        inAscending.push_back(heap);
    for (const std::vector<uint8_t> &heap : interleaved)
      if (nodes(heap) == size)
        inInterleaved.push_back(heap);
    EXPECT_EQ(inInterleaved, inAscending) << "size " << size;
  }
}

/// A count the driver printed (`explored`, `valid`).
unsigned long long printedCount(const std::string &report, const std::string &name) {
  size_t at = report.find(name + " ");
  return at == std::string::npos ? 0 : std::stoull(report.substr(at + name.size() + 1));
}

TEST(KoratSearchTest, ACountFieldTakesOnlyItsPasssNumberOfObjects) {
  // The tree's size (field 1) counts its nodes. Each pass searches the heaps of up to N nodes;
  // with the size held at N, a tree whose keys hold tries no other size. (This invariant reads
  // the size last, so few runs are saved; one that reads it first, as AVLTree's does, has
  // every smaller tree searched again for each size below N without it.)
  std::string plain, counted, korat;
  std::vector<std::vector<uint8_t>> all = searchTrees(5, "", false, 0, "", &korat);
  std::vector<std::vector<uint8_t>> passes = searchTrees(5, "0 1 2 3 4", false, 0, "", &plain);
  std::vector<std::vector<uint8_t>> held =
      searchTrees(5, "0 1 2 3 4", false, 0, "count-field 1\n", &counted);
  ASSERT_EQ(all.size(), 188u);
  EXPECT_EQ(passes, held) << "the same heaps in the same order";
  EXPECT_LT(printedCount(counted, "explored"), printedCount(plain, "explored")) << plain << counted;
  std::string interleavedCounted;
  std::vector<std::vector<uint8_t>> turns =
      searchTrees(5, "0 1 2 3 4", true, 0, "count-field 1\n", &interleavedCounted);
  EXPECT_EQ(std::set<std::vector<uint8_t>>(all.begin(), all.end()),
            std::set<std::vector<uint8_t>>(turns.begin(), turns.end()));
  EXPECT_EQ(turns.size(), all.size()); // each heap once
  EXPECT_EQ(printedCount(interleavedCounted, "explored"), printedCount(counted, "explored"));
  // Korat's single pass has no number of objects to hold it at.
  std::string koratCounted;
  searchTrees(5, "", false, 0, "count-field 1\n", &koratCounted);
  EXPECT_EQ(printedCount(koratCounted, "explored"), printedCount(korat, "explored"));
  // Sizes 3..5 only: the passes of 0, 1 and 2 nodes have no heap and are not searched.
  std::string narrow, narrowCounted;
  std::vector<std::vector<uint8_t>> bigger = searchTrees(5, "0 1 2 3 4", false, 0, "", &narrow, 3);
  std::vector<std::vector<uint8_t>> biggerHeld =
      searchTrees(5, "0 1 2 3 4", false, 0, "count-field 1\n", &narrowCounted, 3);
  ASSERT_EQ(bigger.size(), 188u - 1 - 5 - 20); // without the trees of 0, 1 and 2 nodes
  EXPECT_EQ(bigger, biggerHeld);
  EXPECT_LT(printedCount(narrowCounted, "explored"), printedCount(narrow, "explored"));
}

TEST(KoratSearchTest, APassHoldingACountFieldTakesTheFreeObjectFirstWhenNumbersAreSolved) {
  // Trees of exactly 3 nodes: the pass of 3 objects holds the size (field 1) at 3, so every
  // valid tree reaches every node. Fields: root 0, size 1, then value, left, right per node.
  enum { kRoot = 0, kLeft1 = 3, kRight1 = 4, kValue3 = 8 };
  for (const std::string &sharing : {std::string(), std::string("unshared 1\n")}) {
    Problem problem;
    std::string input = writeTrees(3, "2", false, 0, sharing + "count-field 1\n", 3);
    ASSERT_TRUE(readProblem(input.c_str(), kClasses, 2, problem));
    CandidateHeap stepped(kClasses, problem, false), solved(kClasses, problem, true);
    ASSERT_TRUE(stepped.enterNextPass());
    ASSERT_TRUE(solved.enterNextPass());
    EXPECT_FALSE(stepped.takesFreshFirst()) << "numbers stepped from their lowest keep Korat's";
    ASSERT_TRUE(solved.takesFreshFirst());
    // Each pointer takes the free node as the invariant first reads it: the root node 1, its
    // children nodes 2 and 3; node 3's key 0 is not above node 1's, and the run ends there.
    EXPECT_FALSE(solved.runInvariant());
    std::vector<uint32_t> read = gLog.order;
    EXPECT_EQ(read, (std::vector<uint32_t>{kRoot, 2, kLeft1, kRight1, kValue3})) << sharing;
    EXPECT_EQ(solved.values()[kRoot], 1u);
    EXPECT_EQ(solved.values()[kLeft1], 2u);
    EXPECT_EQ(solved.values()[kRight1], 3u);
    // The right pointer then takes null, then the nodes in use (none of an unshared class).
    size_t at = 3;
    ASSERT_EQ(solved.nextValue(kRight1, read, at), 0u);
    solved.write(kRight1, 0);
    std::vector<uint32_t> after;
    for (uint32_t next = solved.nextValue(kRight1, read, at); next < 4;
         next = solved.nextValue(kRight1, read, at)) {
      after.push_back(next);
      solved.write(kRight1, next);
    }
    EXPECT_EQ(after, sharing.empty() ? (std::vector<uint32_t>{1, 2}) : std::vector<uint32_t>{})
        << sharing;
    // Korat's order: null first, so the same run reads the root only, and it is null.
    EXPECT_FALSE(stepped.runInvariant());
    EXPECT_EQ(stepped.values()[kRoot], 0u);
    EXPECT_EQ(stepped.nextValue(kRoot, gLog.order, 0), 1u);
  }
  // Without a count field, or in Korat's single pass, the order stays Korat's.
  for (const auto &[limits, lines] : {std::pair<std::string, std::string>{"2", ""},
                                      std::pair<std::string, std::string>{"", "count-field 1\n"}}) {
    Problem problem;
    ASSERT_TRUE(
        readProblem(writeTrees(3, limits, false, 0, lines, 3).c_str(), kClasses, 2, problem));
    CandidateHeap solved(kClasses, problem, true);
    ASSERT_TRUE(solved.enterNextPass());
    EXPECT_FALSE(solved.takesFreshFirst()) << limits << " " << lines;
  }
}

TEST(KoratSearchTest, AWorkLimitStopsAtTheSameHeapEveryRun) {
  // 188 trees at sizes 0..5 take 233,396 runs of the invariant plus the heaps written.
  std::vector<std::vector<uint8_t>> all = searchTrees(5);
  ASSERT_EQ(all.size(), 188u);
  size_t previous = 0;
  for (unsigned long long limit : {1000ull, 20000ull, 100000ull, 200000ull}) {
    std::vector<std::vector<uint8_t>> first = searchTrees(5, "", false, limit);
    EXPECT_EQ(searchTrees(5, "", false, limit), first) << limit;
    // The heaps up to where the work ran out, in the search's order: a prefix of all of them.
    ASSERT_LT(first.size(), all.size()) << limit;
    EXPECT_TRUE(std::equal(first.begin(), first.end(), all.begin())) << limit;
    EXPECT_GT(first.size(), previous) << limit;
    previous = first.size();
  }
  // Passes taking turns hand out their shares by the same units: the same heaps again.
  std::vector<std::vector<uint8_t>> interleaved = searchTrees(5, "0 1 2 3 4", true, 50000);
  EXPECT_EQ(searchTrees(5, "0 1 2 3 4", true, 50000), interleaved);
  EXPECT_FALSE(interleaved.empty());
  EXPECT_EQ(searchTrees(5, "", false, 10000000), all); // a limit past the search changes nothing
}

} // namespace
} // namespace unitgen_rt::korat
