// TestTargets: finding a build target's sources through the object files the compile database
// names.
#include "frontend/TestTargets.h"

#include <clang/Tooling/JSONCompilationDatabase.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// The executable the linker wrote: ELF's magic number. Any other file is a source to compile.
bool isExecutable(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  return in.read(magic, sizeof magic) && std::equal(magic, magic + 4,
                                                    "\x7f"
                                                    "ELF");
}

/// `out/CMakeFiles/leveldb_tests.dir/util/arena_test.cc.o` -> `leveldb_tests`; empty for an
/// object file outside a target's folder.
std::string targetOfObject(const std::string &object) {
  static const std::string marker = "CMakeFiles/";
  for (size_t at = object.find(marker); at != std::string::npos; at = object.find(marker, at + 1)) {
    if (at > 0 && object[at - 1] != '/')
      continue; // `MyCMakeFiles/`
    const size_t name = at + marker.size();
    const size_t dir = object.find(".dir/", name);
    if (dir != std::string::npos && object.find('/', name) == dir + 4)
      return object.substr(name, dir - name);
  }
  return "";
}

/// The object file a command writes: the database's `output`, else its `-o` argument.
std::string objectOf(const clang::tooling::CompileCommand &command) {
  if (!command.Output.empty())
    return command.Output;
  const std::vector<std::string> &args = command.CommandLine;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "-o" && i + 1 < args.size())
      return args[i + 1];
    if (args[i].size() > 2 && args[i].compare(0, 2, "-o") == 0)
      return args[i].substr(2);
  }
  return "";
}

/// Each target of the database with the sources compiled into it, in the database's order.
Expected<std::map<std::string, std::vector<std::string>>>
targetSources(const std::string &buildDir) {
  const std::string file = (fs::path(buildDir) / "compile_commands.json").string();
  std::string message;
  auto database = clang::tooling::JSONCompilationDatabase::loadFromFile(
      file, message, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!database)
    return Error{ExitCode::Input, fmt::format("cannot read '{}': {}", file, message)};
  std::map<std::string, std::vector<std::string>> targets;
  for (const clang::tooling::CompileCommand &command : database->getAllCompileCommands()) {
    const std::string target = targetOfObject(objectOf(command));
    if (target.empty())
      continue;
    const std::string source =
        (fs::path(command.Directory) / command.Filename).lexically_normal().string();
    std::vector<std::string> &sources = targets[target];
    if (std::find(sources.begin(), sources.end(), source) == sources.end())
      sources.push_back(source);
  }
  return targets;
}

bool isCodeUnderTest(const ClassModel &model, const std::string &source) {
  std::error_code ec;
  return std::any_of(model.sources.begin(), model.sources.end(),
                     [&](const SourceFile &own) { return fs::equivalent(own.path, source, ec); });
}

std::string targetList(const std::map<std::string, std::vector<std::string>> &targets) {
  if (targets.empty())
    return "it names no target's object files (CMake's Makefile and Ninja generators put them in "
           "CMakeFiles/<target>.dir/)";
  std::string list;
  for (const auto &[name, sources] : targets)
    list += (list.empty() ? "" : ", ") + name;
  return "its targets: " + list;
}

} // namespace

Expected<std::vector<std::string>> resolveTestSources(const std::vector<std::string> &arguments,
                                                      const std::string &buildDir,
                                                      const ClassModel &model) {
  std::vector<std::string> resolved;
  auto add = [&](const std::string &source) {
    std::error_code ec;
    for (const std::string &earlier : resolved)
      if (earlier == source || fs::equivalent(earlier, source, ec))
        return;
    resolved.push_back(source);
  };
  std::optional<std::map<std::string, std::vector<std::string>>> targets;
  for (const std::string &argument : arguments) {
    const bool file = fs::is_regular_file(argument);
    if (file && !isExecutable(argument)) {
      add(argument);
      continue;
    }
    if (!targets) {
      Expected<std::map<std::string, std::vector<std::string>>> read = targetSources(buildDir);
      if (!read)
        return read.error();
      targets = std::move(*read);
    }
    const std::string name = file ? fs::path(argument).filename().string() : argument;
    auto found = targets->find(name);
    if (found == targets->end())
      return Error{ExitCode::Usage,
                   fmt::format("--learn-from: '{}' is {}, and the compile database of '{}' "
                               "compiles no sources into a target of that name; {}",
                               argument, file ? "an executable" : "no file", buildDir,
                               targetList(*targets))};
    size_t added = 0;
    for (const std::string &source : found->second)
      if (!isCodeUnderTest(model, source)) {
        add(source);
        ++added;
      }
    if (added == 0)
      return Error{ExitCode::Usage,
                   fmt::format("--learn-from: target '{}' compiles only the code under test, "
                               "no tests of it",
                               name)};
  }
  return resolved;
}

} // namespace unitgen
