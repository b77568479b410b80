// unitgen_folder_per_test: runs every test of a generated test binary in a fresh, empty working
// folder of its own, removed after it, however the binary is run (through ctest one test at a
// time, or whole): a file one test writes (a document saved under a name) is never what a later
// one reads. unitgen writes this file beside the tests it generates and links it into them; it
// registers itself with GoogleTest before main runs.
#include <gtest/gtest.h>

#include <ftw.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

int removeEntry(const char *path, const struct stat *, int, struct FTW *) {
  return std::remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

class FolderPerTest : public testing::EmptyTestEventListener {
public:
  void OnTestStart(const testing::TestInfo &) override {
    char here[4096];
    if (!getcwd(here, sizeof here))
      return;
    home_ = here;
    // Inside the sandbox's folder, where it lets a test write (unitgen_sandbox/TestSandbox.cpp
    // names it); elsewhere in the temporary directory, never in the folder a person ran it from.
    const char *sandbox = std::getenv("UNITGEN_SANDBOX_FOLDER");
    const char *tmp = std::getenv("TMPDIR");
    folder_ = std::string(sandbox && *sandbox ? sandbox
                          : tmp && *tmp       ? tmp
                                              : "/tmp") +
              "/unitgen-test-XXXXXX";
    if (!mkdtemp(folder_.data()) || chdir(folder_.c_str()) != 0) {
      ADD_FAILURE() << "cannot make a working folder for the test in " << folder_;
      folder_.clear();
    }
  }
  void OnTestEnd(const testing::TestInfo &) override {
    if (folder_.empty())
      return;
    if (chdir(home_.c_str()) != 0)
      std::perror("unitgen_folder_per_test: chdir");
    nftw(folder_.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS);
    folder_.clear();
  }

private:
  std::string home_, folder_;
};

[[maybe_unused]] const bool kRegistered = [] {
  testing::UnitTest::GetInstance()->listeners().Append(new FolderPerTest);
  return true;
}();

} // namespace
