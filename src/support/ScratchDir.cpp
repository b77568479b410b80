// ScratchDir: unique by process and a counter, so concurrent searches never share files.
#include "support/ScratchDir.h"

#include <atomic>
#include <unistd.h>

namespace unitgen {

ScratchDir::ScratchDir(const std::string &prefix) {
  static std::atomic<int> made{0};
  dir_ = std::filesystem::temp_directory_path() /
         (prefix + "-" + std::to_string(getpid()) + "-" + std::to_string(made.fetch_add(1)));
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  std::filesystem::create_directories(dir_, ec);
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

} // namespace unitgen
