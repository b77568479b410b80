// TempProject: a throwaway C++ project with a compile_commands.json, written for one test.
#pragma once

#include "frontend/Frontend.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace unitgen::test {

class TempProject {
public:
  TempProject() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "unitgen-frontend-XXXXXX").string();
    dir_ = mkdtemp(pattern.data());
  }
  ~TempProject() { std::filesystem::remove_all(dir_); }
  TempProject(const TempProject &) = delete;
  TempProject &operator=(const TempProject &) = delete;

  std::string dir() const { return dir_.string(); }
  std::string path(const std::string &relative) const { return (dir_ / relative).string(); }

  void write(const std::string &relative, const std::string &text) const {
    std::filesystem::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative) << text;
  }

  /// A TU built like CMake builds it: `clang++-14 -std=c++17 FLAGS -o X.o -c FILE`;
  /// `file` is relative to the project or absolute (a file of tests/bad, say).
  void addSource(const std::string &file, const std::string &flags) {
    sources_.push_back({file, flags});
  }
  /// The same with the project folder as the include directory.
  void addSource(const std::string &file) { addSource(file, "-I" + dir_.string()); }

  /// Writes compile_commands.json with the sources added so far; returns the build directory.
  std::string writeDatabase() const {
    std::string json = "[\n";
    for (size_t i = 0; i < sources_.size(); ++i) {
      const auto &[file, flags] = sources_[i];
      std::string absolute = path(file);
      std::string object = "tu" + std::to_string(i) + ".o";
      json += "{\"directory\": \"" + dir_.string() + "\", \"command\": \"clang++-14 -std=c++17 " +
              flags + " -o " + object + " -c " + absolute + "\", \"file\": \"" + absolute + "\"}";
      json += i + 1 < sources_.size() ? ",\n" : "\n";
    }
    write("compile_commands.json", json + "]\n");
    return dir_.string();
  }

  FrontendOptions options() const { return {dir_.string(), "", "", ""}; }

private:
  std::filesystem::path dir_;
  std::vector<std::pair<std::string, std::string>> sources_;
};

} // namespace unitgen::test
