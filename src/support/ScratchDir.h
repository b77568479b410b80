// ScratchDir: a fresh folder under the system's temporary directory, removed with its files
// when the object goes away (the exhaustive driver's input and output files, a driver's
// sandboxed working directory).
#pragma once

#include <ctime>
#include <filesystem>
#include <string>

namespace unitgen {

class ScratchDir {
public:
  /// `<tmp>/<prefix>-<pid>-<n>`, n counting the folders this process made.
  explicit ScratchDir(const std::string &prefix);
  ~ScratchDir();
  ScratchDir(const ScratchDir &) = delete;
  ScratchDir &operator=(const ScratchDir &) = delete;
  std::string path() const { return dir_.string(); }
  /// The path of `name` inside the folder.
  std::string file(const std::string &name) const { return (dir_ / name).string(); }
  /// Removes everything in the folder. When the folder has not changed since the last clear()
  /// (its modification time, which every entry made or removed in it sets), a stat is all it
  /// costs: a driver empties its working directory before every sequence.
  void clear();

private:
  std::filesystem::path dir_;
  /// The folder's modification time after the last clear(), and whether it is safe to trust:
  /// timestamps come from a coarse clock, so an entry made within the same tick as the clear
  /// leaves the time as it was. Only a time a tick older than the moment it was read tells.
  struct timespec clearedAt_ {};
  bool clearedTimeTells_ = false;
};

} // namespace unitgen
