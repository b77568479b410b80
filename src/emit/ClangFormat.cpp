// Running clang-format on emitted text through temporary files, without a shell.
#include "emit/ClangFormat.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace unitgen {
namespace {

/// A temporary file that is removed when it goes out of scope.
class TempFile {
public:
  TempFile() {
    const char *dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/unitgen-format-XXXXXX";
    fd_ = mkstemp(path_.data());
  }
  ~TempFile() {
    if (fd_ >= 0) {
      close(fd_);
      unlink(path_.c_str());
    }
  }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;

  bool ok() const { return fd_ >= 0; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  int fd_ = -1;
};

} // namespace

std::string findClangFormat() {
  const char *path = std::getenv("PATH");
  if (!path)
    return "";
  for (const char *name : {"clang-format-14", "clang-format"}) {
    std::string dirs = path;
    size_t start = 0;
    while (start <= dirs.size()) {
      size_t end = dirs.find(':', start);
      if (end == std::string::npos)
        end = dirs.size();
      std::string dir = dirs.substr(start, end - start);
      std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
      if (access(candidate.c_str(), X_OK) == 0)
        return candidate;
      start = end + 1;
    }
  }
  return "";
}

std::optional<std::string> clangFormat(const std::string &program, const std::string &source,
                                       const std::string &fileName) {
  TempFile input, output;
  if (!input.ok() || !output.ok())
    return std::nullopt;
  {
    std::ofstream stream(input.path(), std::ios::binary);
    stream << source;
    if (!stream)
      return std::nullopt;
  }
  // The text goes in on stdin so that --assume-filename picks the language and the style.
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, input.path().c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, output.path().c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> args = {program, std::string("--style=") + kClangFormatStyle,
                                   "--assume-filename=" + fileName};
  std::vector<char *> argv;
  for (std::string &arg : args)
    argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  int spawned = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0)
    return std::nullopt;
  int status = 0;
  pid_t waited;
  while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  if (waited != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return std::nullopt;
  std::ifstream stream(output.path(), std::ios::binary);
  std::string formatted((std::istreambuf_iterator<char>(stream)), std::istreambuf_iterator<char>());
  if (formatted.empty() && !source.empty())
    return std::nullopt;
  return formatted;
}

} // namespace unitgen
