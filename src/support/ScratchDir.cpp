// ScratchDir: unique by process and a counter, so concurrent searches never share files.
#include "support/ScratchDir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>

namespace unitgen {

ScratchDir::ScratchDir(const std::string &prefix) {
  static std::atomic<int> made{0};
  dir_ = std::filesystem::temp_directory_path() /
         (prefix + "-" + std::to_string(getpid()) + "-" + std::to_string(made.fetch_add(1)));
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  std::filesystem::create_directories(dir_, ec);
}

namespace {

/// Longer than any kernel's coarse timestamp tick (1 to 10 ms).
constexpr long kTimestampTickNs = 50'000'000;

long long nanoseconds(const struct timespec &time) {
  return static_cast<long long>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

} // namespace

void ScratchDir::clear() {
  struct stat info {};
  if (stat(dir_.c_str(), &info) != 0) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    clearedTimeTells_ = false;
    return;
  }
  if (clearedTimeTells_ && info.st_mtim.tv_sec == clearedAt_.tv_sec &&
      info.st_mtim.tv_nsec == clearedAt_.tv_nsec)
    return; // nothing made or removed in it since the last clear
  std::error_code ec;
  for (const auto &entry : std::filesystem::directory_iterator(dir_, ec))
    std::filesystem::remove_all(entry.path(), ec);
  struct timespec now {};
  if (stat(dir_.c_str(), &info) != 0 || clock_gettime(CLOCK_REALTIME, &now) != 0) {
    clearedTimeTells_ = false;
    return;
  }
  clearedAt_ = info.st_mtim;
  clearedTimeTells_ = nanoseconds(now) - nanoseconds(info.st_mtim) > kTimestampTickNs;
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

} // namespace unitgen
