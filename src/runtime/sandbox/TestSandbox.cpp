// unitgen_test_sandbox: runs one generated test in a fresh temporary working directory, removed
// afterwards, with writes anywhere else and TCP denied where the kernel offers Landlock: a test
// neither litters the build tree, nor sees another test's files, nor touches the user's.
// unitgen writes this file beside the tests it generates; their CMakeLists.txt runs every test
// (and GoogleTest's test discovery) through it. usage: unitgen_test_sandbox PROGRAM [ARGS...]
#include "LandlockRules.h"

#include <ftw.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

int removeEntry(const char *path, const struct stat *, int, struct FTW *) {
  return std::remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s PROGRAM [ARGS...]\n", argv[0]);
    return 2;
  }
  const char *tmp = std::getenv("TMPDIR");
  std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/unitgen-test-XXXXXX";
  if (!mkdtemp(folder.data())) {
    std::fprintf(stderr, "unitgen_test_sandbox: cannot create %s: %s\n", folder.c_str(),
                 std::strerror(errno));
    return 2;
  }
  const pid_t child = fork();
  if (child == 0) {
    const char *writable[] = {folder.c_str()};
    if (chdir(folder.c_str()) != 0 || !unitgen_landlock::restrictWrites(writable, 1)) {
      std::fprintf(stderr, "unitgen_test_sandbox: cannot confine the test to %s\n", folder.c_str());
      _exit(126);
    }
    // Where the tests' own folders go (unitgen_sandbox/FolderPerTest.cpp): inside this one.
    setenv("UNITGEN_SANDBOX_FOLDER", folder.c_str(), 1);
    execv(argv[1], argv + 1);
    std::fprintf(stderr, "unitgen_test_sandbox: cannot run %s: %s\n", argv[1],
                 std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (child > 0 && waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  nftw(folder.c_str(), removeEntry, 16, FTW_DEPTH | FTW_PHYS);
  if (child < 0)
    return 2;
  if (WIFSIGNALED(status)) { // end the same way, so ctest reports the crash as it was
    std::signal(WTERMSIG(status), SIG_DFL);
    std::raise(WTERMSIG(status));
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
