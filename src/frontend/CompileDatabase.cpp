// Reading compile_commands.json, locating clang's resource directory, flags and include spellings.
#include "frontend/CompileDatabase.h"

#include <clang/Basic/Version.h>
#include <clang/Driver/Driver.h>
#include <clang/Tooling/JSONCompilationDatabase.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

#include <fmt/format.h>

#include <set>

namespace unitgen {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// Absolute, with `.` and `..` removed, so paths from the database and from clang compare equal.
static std::string normalizedPath(llvm::StringRef file, llvm::StringRef base) {
  llvm::SmallString<256> result(file);
  if (!path::is_absolute(result)) {
    result = base;
    path::append(result, file);
  }
  path::remove_dots(result, /*remove_dot_dot=*/true);
  return std::string(result);
}

Expected<std::vector<TuFacts>> loadCompileCommands(const std::string &buildDir,
                                                   std::string &databasePath) {
  if (!fs::exists(buildDir))
    return inputError(fmt::format("build directory '{}' does not exist", buildDir));
  if (!fs::is_directory(buildDir))
    return inputError(fmt::format("'{}' is not a directory; -p takes the build directory that "
                                  "holds compile_commands.json",
                                  buildDir));
  llvm::SmallString<256> file(buildDir);
  path::append(file, "compile_commands.json");
  databasePath = std::string(file);
  if (!fs::exists(file))
    return inputError(fmt::format(
        "no compile_commands.json in '{}'; configure the project with "
        "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON (cmake -S . -B {} -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)",
        buildDir, buildDir));

  std::string message;
  auto database = clang::tooling::JSONCompilationDatabase::loadFromFile(
      file, message, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!database)
    return inputError(fmt::format("cannot read '{}': {}", databasePath, message));

  std::vector<TuFacts> tus;
  std::set<std::string> seen;
  for (clang::tooling::CompileCommand &command : database->getAllCompileCommands()) {
    TuFacts tu;
    tu.directory = normalizedPath(command.Directory, "/");
    tu.file = normalizedPath(command.Filename, tu.directory);
    // A file built twice (say, for two targets) is parsed once, with its first command.
    if (!seen.insert(tu.file).second)
      continue;
    if (!fs::is_directory(tu.directory))
      return inputError(fmt::format("'{}' lists '{}' with working directory '{}', which does not "
                                    "exist; re-run cmake to refresh the database",
                                    databasePath, tu.file, tu.directory));
    tu.commandLine = std::move(command.CommandLine);
    tus.push_back(std::move(tu));
  }
  if (tus.empty())
    return inputError(fmt::format("'{}' lists no translation units; build the project's targets "
                                  "with cmake first",
                                  databasePath));
  return tus;
}

/// True when `dir` holds clang's builtin headers.
static bool isResourceDir(const std::string &dir) {
  llvm::SmallString<256> probe(dir);
  path::append(probe, "include", "stddef.h");
  return !dir.empty() && fs::exists(probe);
}

static std::string findResourceDir() {
  // The driver derives the resource directory from the clang binary's location; ask it for the
  // clang that matches the libraries we link, then fall back to the packaged layout.
  const std::string major = std::to_string(CLANG_VERSION_MAJOR);
  for (const std::string &name :
       {"clang++-" + major, "clang-" + major, std::string("clang++"), std::string("clang")}) {
    llvm::ErrorOr<std::string> program = llvm::sys::findProgramByName(name);
    if (!program)
      continue;
    llvm::SmallString<256> real;
    if (fs::real_path(*program, real))
      continue;
    std::string dir = clang::driver::Driver::GetResourcesPath(real);
    if (isResourceDir(dir))
      return dir;
  }
  std::error_code error;
  std::string base = "/usr/lib/llvm-" + major + "/lib/clang";
  for (fs::directory_iterator it(base, error), end; it != end && !error; it.increment(error))
    if (isResourceDir(it->path()))
      return it->path();
  return "";
}

const std::string &clangResourceDir() {
  static const std::string dir = findResourceDir();
  return dir;
}

/// Flags whose value is the next argument and that name an include directory.
static bool isIncludeDirFlag(llvm::StringRef flag) {
  return flag == "-I" || flag == "-iquote" || flag == "-isystem" || flag == "-idirafter";
}

SourceFile toSourceFile(const TuFacts &tu) {
  SourceFile source;
  source.path = tu.file;
  source.directory = tu.directory;
  const std::vector<std::string> &args = tu.commandLine;
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "-c" || arg == "-MD" || arg == "-MMD" || arg == "-MP" || arg == "--")
      continue;
    if (arg == "-o" || arg == "-MF" || arg == "-MT" || arg == "-MQ") {
      ++i; // drop the value too
      continue;
    }
    if (arg.startswith("-o") || arg.startswith("-MF") || arg.startswith("-MT") ||
        arg.startswith("-MQ"))
      continue;
    if (!arg.startswith("-") && normalizedPath(arg, tu.directory) == tu.file)
      continue;
    if (isIncludeDirFlag(arg) && i + 1 < args.size()) {
      source.arguments.push_back(std::string(arg));
      source.arguments.push_back(normalizedPath(args[++i], tu.directory));
      continue;
    }
    if (arg.startswith("-I") && arg.size() > 2) {
      source.arguments.push_back("-I" + normalizedPath(arg.drop_front(2), tu.directory));
      continue;
    }
    source.arguments.push_back(std::string(arg));
  }
  return source;
}

/// The include directories of `tu`, absolute, in command-line order.
static std::vector<std::string> includeDirs(const TuFacts &tu) {
  std::vector<std::string> dirs;
  const std::vector<std::string> &args = tu.commandLine;
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (isIncludeDirFlag(arg) && i + 1 < args.size())
      dirs.push_back(normalizedPath(args[++i], tu.directory));
    else if (arg.startswith("-I") && arg.size() > 2)
      dirs.push_back(normalizedPath(arg.drop_front(2), tu.directory));
    else if (arg.startswith("-isystem") && arg.size() > 8)
      dirs.push_back(normalizedPath(arg.drop_front(8), tu.directory));
  }
  return dirs;
}

/// `file` relative to `dir`, with `..` steps when it is not below it.
static std::string relativePath(llvm::StringRef file, llvm::StringRef dir) {
  llvm::SmallVector<llvm::StringRef, 16> fileParts, dirParts;
  llvm::StringRef(file).split(fileParts, '/', -1, false);
  llvm::StringRef(dir).split(dirParts, '/', -1, false);
  size_t common = 0;
  while (common < fileParts.size() && common < dirParts.size() &&
         fileParts[common] == dirParts[common])
    ++common;
  std::string result;
  for (size_t i = common; i < dirParts.size(); ++i)
    result += "../";
  for (size_t i = common; i < fileParts.size(); ++i) {
    result += fileParts[i].str();
    if (i + 1 < fileParts.size())
      result += "/";
  }
  return result;
}

std::string includeSpelling(const std::string &header, const TuFacts &tu) {
  std::string best;
  for (const std::string &dir : includeDirs(tu)) {
    llvm::StringRef rest(header);
    if (!rest.consume_front(dir) || !rest.consume_front("/"))
      continue;
    if (best.empty() || rest.size() < best.size())
      best = std::string(rest);
  }
  if (!best.empty())
    return best;
  return relativePath(header, path::parent_path(tu.file));
}

bool pathMatches(const std::string &file, const std::string &filter) {
  if (filter.empty())
    return true;
  llvm::SmallString<256> current;
  if (!fs::current_path(current) && normalizedPath(filter, current) == file)
    return true;
  if (path::is_absolute(filter))
    return false;
  llvm::StringRef rest(file);
  return rest.consume_back(filter) && (rest.empty() || rest.endswith("/"));
}

} // namespace unitgen
