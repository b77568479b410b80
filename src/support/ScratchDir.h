// ScratchDir: a fresh folder under the system's temporary directory, removed with its files
// when the object goes away (the exhaustive driver's input and output files).
#pragma once

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

private:
  std::filesystem::path dir_;
};

} // namespace unitgen
