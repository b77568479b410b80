// The exhaustive driver's replay on a hand-probed binary search tree: each call's outcome, the
// theories' verdicts and what the observers read after it in the same child, up to one that
// crashes.
#include "TreeFixture.h"
#include "exhaustive/KoratSearch.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace unitgen_rt::korat {
namespace {

using namespace tree;

Tree *asTree(void *self) { return static_cast<Tree *>(self); }

int callSize(void *self, const long long *, long long *result) {
  *result = asTree(self)->size;
  return 1;
}
/// Empties the tree the right way: the invariant holds after it.
int callDropRoot(void *self, const long long *, long long *) {
  asTree(self)->root = nullptr;
  asTree(self)->size = 0;
  return 0;
}
/// Reads the root's key: crashes on the empty tree.
int callRootValue(void *self, const long long *, long long *result) {
  *result = asTree(self)->root->value;
  return 1;
}
/// Forgets the nodes but not the size: the invariant breaks.
int callLoseRoot(void *self, const long long *, long long *) {
  asTree(self)->root = nullptr;
  return 0;
}
int callThrow(void *, const long long *, long long *) { return 2; }

const CallInfo kCalls[] = {{"size", 0, &callSize},
                           {"dropRoot", 0, &callDropRoot},
                           {"rootValue", 0, &callRootValue},
                           {"loseRoot", 0, &callLoseRoot},
                           {"throws", 0, &callThrow}};

/// The driver's replay lines for the empty tree and a one-node tree with key 1 (scope 2), every
/// call once, with `observe` (none when empty).
std::vector<std::string> replay(const std::string &observe, const ClassInfo *classes = kClasses) {
  std::string input = scratchFile("heap-replay-test.txt");
  std::string heaps = scratchFile("heap-replay-test.bin");
  std::string output = scratchFile("heap-replay-test.out");
  {
    // Per heap: root, size, then value, left, right of nodes 1 and 2 (value indices).
    std::ofstream(heaps, std::ios::binary)
        << std::string("\0\0\0\0\0\0\0\0", 8) << std::string("\1\1\1\0\0\0\0\0", 8);
    std::ofstream out(input);
    out << "objects 0 1\nobjects 1 2\nfield 0 0 objects 1\nfield 0 1 numbers 0 2\n";
    for (int node = 1; node <= 2; ++node)
      out << "field " << node << " 0 numbers 0 1\nfield " << node << " 1 objects 1\nfield " << node
          << " 2 objects 1\n";
    out << "replay " << heaps << "\ncall-timeout 2\n";
    for (int call = 0; call < 5; ++call)
      out << "call " << call << "\n";
    if (!observe.empty())
      out << "observe " << observe << "\n";
  }
  std::string program = "driver";
  char *argv[] = {program.data(), input.data(), output.data()};
  EXPECT_EQ(main(classes, 2, kCalls, 5, 3, argv), 0);
  std::ifstream in(output);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

TEST(HeapReplayTest, EachCallsOutcomeOnAFreshCopy) {
  std::vector<std::string> lines = replay("");
  std::vector<std::string> expected = {
      "0 0 0 returned 0 1", "0 1 0 void 1", "0 2 0 crashed 11",   "0 3 0 void 1", "0 4 0 threw 1",
      "1 0 0 returned 1 1", "1 1 0 void 1", "1 2 0 returned 1 1", "1 3 0 void 0", "1 4 0 threw 1"};
  EXPECT_EQ(lines, expected);
}

TEST(HeapReplayTest, ObserversReadAfterEachCallWhoseInvariantHeld) {
  std::vector<std::string> lines = replay("0 2");
  std::vector<std::string> expected = {
      // The empty tree: rootValue() crashes as an observer too; what size() read before stays.
      "0 0 0 returned 0 1 observed 0", "0 1 0 void 1 observed 0", "0 2 0 crashed 11",
      "0 3 0 void 1 observed 0", "0 4 0 threw 1 observed 0",
      // The one-node tree: after loseRoot() the invariant fails, so nothing is read.
      "1 0 0 returned 1 1 observed 1 1", "1 1 0 void 1 observed 0",
      "1 2 0 returned 1 1 observed 1 1", "1 3 0 void 0", "1 4 0 threw 1 observed 1 1"};
  EXPECT_EQ(lines, expected);
}

/// A theory of trees: they are empty.
bool emptyTheory(const void *self, std::string &theory, std::string &violation) {
  if (!static_cast<const Tree *>(self)->root)
    return true;
  theory = "Empty";
  violation = "Empty: not so";
  return false;
}
/// A theory that reads the root's key: it crashes on the empty tree.
bool crashingTheory(const void *self, std::string &, std::string &) {
  return static_cast<const Tree *>(self)->root->value >= 0;
}

std::vector<std::string> replayWithTheories(TheoryFn theories) {
  const ClassInfo classes[] = {{"Tree", sizeof(Tree), alignof(Tree), kTreeFields, 2, &treeInvariant,
                                &allocateTree, nullptr, 0, theories},
                               kClasses[1]};
  return replay("", classes);
}

TEST(HeapReplayTest, TheoriesOnEachHeapAsBuiltAndAfterEachCallWhoseInvariantHeld) {
  const std::string violated = " theories violated 456d707479 456d7074793a206e6f7420736f";
  std::vector<std::string> expected = {
      "heap 0 theories held", "0 0 0 returned 0 1 theories held", "0 1 0 void 1 theories held",
      "0 2 0 crashed 11", "0 3 0 void 1 theories held", "0 4 0 threw 1 theories held",
      // The one-node tree breaks it as built, and after every call but dropRoot(); after
      // loseRoot() the invariant broke, so no theory is checked.
      "heap 1" + violated, "1 0 0 returned 1 1" + violated, "1 1 0 void 1 theories held",
      "1 2 0 returned 1 1" + violated, "1 3 0 void 0", "1 4 0 threw 1" + violated};
  EXPECT_EQ(replayWithTheories(&emptyTheory), expected);
}

TEST(HeapReplayTest, ATheoryThatCrashesEndsItsLine) {
  std::vector<std::string> lines = replayWithTheories(&crashingTheory);
  ASSERT_EQ(lines.size(), 12u);
  EXPECT_EQ(lines[0], "heap 0 theories crashed 11");
  EXPECT_EQ(lines[1], "0 0 0 returned 0 1 theories crashed 11");
  EXPECT_EQ(lines[6], "heap 1 theories held");
}

TEST(HeapReplayTest, AnObserverMustTakeNoArguments) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  std::string input = scratchFile("heap-replay-bad.txt");
  std::string output = scratchFile("heap-replay-bad.out");
  std::ofstream(input) << "objects 0 1\nfield 0 1 numbers 0 2\nreplay " << input
                       << "\ncall 0\nobserve 5\n";
  const CallInfo withArgument[] = {{"size", 0, &callSize}, {"find", 1, &callSize}};
  std::string program = "driver";
  char *argv[] = {program.data(), input.data(), output.data()};
  EXPECT_NE(main(kClasses, 2, withArgument, 2, 3, argv), 0);
  std::ofstream(input) << "objects 0 1\nfield 0 1 numbers 0 2\nreplay " << input
                       << "\ncall 0\nobserve 1\n";
  EXPECT_NE(main(kClasses, 2, withArgument, 2, 3, argv), 0);
  std::string said =
      testing::internal::GetCapturedStdout() + testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("observe: no call 1 without arguments"), std::string::npos) << said;
  EXPECT_NE(said.find("observe: no call 5 without arguments"), std::string::npos) << said;
}

} // namespace
} // namespace unitgen_rt::korat
