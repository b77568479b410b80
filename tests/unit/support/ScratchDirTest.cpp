// ScratchDir::clear: everything made in the folder goes, also right after a clear (within the
// same tick of the file system's clock) and after a clear that trusted the folder's time.
#include "support/ScratchDir.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <thread>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

bool isEmpty(const ScratchDir &dir) { return fs::is_empty(dir.path()); }

TEST(ScratchDirTest, ClearRemovesFilesAndFolders) {
  ScratchDir dir("unitgen-scratch-test");
  std::ofstream(dir.file("a.txt")) << "a";
  fs::create_directories(dir.file("sub/deeper"));
  std::ofstream(dir.file("sub/deeper/b.txt")) << "b";
  dir.clear();
  EXPECT_TRUE(isEmpty(dir));
  EXPECT_TRUE(fs::is_directory(dir.path()));
}

TEST(ScratchDirTest, AFileMadeRightAfterAClearGoesWithTheNext) {
  ScratchDir dir("unitgen-scratch-test");
  for (int round = 0; round < 50; ++round) { // within one tick of the folder's clock
    dir.clear();
    std::ofstream(dir.file("left.txt")) << round;
    dir.clear();
    ASSERT_TRUE(isEmpty(dir)) << "round " << round;
  }
}

TEST(ScratchDirTest, AFileMadeAfterATrustedClearGoesToo) {
  ScratchDir dir("unitgen-scratch-test");
  std::this_thread::sleep_for(std::chrono::milliseconds(80)); // the folder's time is old now
  dir.clear();
  dir.clear(); // nothing changed: only a stat
  std::ofstream(dir.file("late.txt")) << "x";
  dir.clear();
  EXPECT_TRUE(isEmpty(dir));
  std::this_thread::sleep_for(std::chrono::milliseconds(80));
  dir.clear();
  fs::create_directories(dir.file("folder"));
  dir.clear();
  EXPECT_TRUE(isEmpty(dir));
}

TEST(ScratchDirTest, ClearMakesTheFolderAgainWhenItWasRemoved) {
  ScratchDir dir("unitgen-scratch-test");
  fs::remove_all(dir.path());
  dir.clear();
  EXPECT_TRUE(fs::is_directory(dir.path()));
}

} // namespace
} // namespace unitgen
