// ProjectLibrary: the project's other TUs compiled with their own flags, main-less, archived.
#include "harness/ProjectLibrary.h"

#include "harness/DriverBuilder.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// clang for C sources, the C++ compiler for everything else.
std::string compilerFor(const std::string &path, const std::string &cxx) {
  if (fs::path(path).extension() != ".c")
    return cxx;
  std::string c = cxx;
  if (size_t at = c.rfind("clang++"); at != std::string::npos)
    c.replace(at, 7, "clang");
  return c;
}

std::string firstLine(const std::string &text) { return text.substr(0, text.find('\n')); }

} // namespace

std::set<std::string> objectsDefiningMain(const std::vector<std::string> &objects) {
  std::set<std::string> found;
  if (objects.empty())
    return found;
  std::vector<std::string> command{findLlvmTool("llvm-nm"), "--defined-only", "--extern-only",
                                   "--just-symbol-name"};
  command.insert(command.end(), objects.begin(), objects.end());
  std::istringstream lines(runProcess(command).output);
  std::string current = objects.size() == 1 ? objects.front() : "";
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty() && line.back() == ':' &&
        std::find(objects.begin(), objects.end(), line.substr(0, line.size() - 1)) != objects.end())
      current = line.substr(0, line.size() - 1);
    else if (line == "main")
      found.insert(current);
  }
  return found;
}

Expected<ProjectLibrary> buildProjectLibrary(const ClassModel &model, const std::string &compiler,
                                             const std::string &scratch,
                                             const RuntimeObjectCache &cache, int jobs) {
  ProjectLibrary library;
  std::vector<std::string> objects, depFiles, sources, keys;
  std::vector<std::vector<std::string>> commands;
  std::vector<bool> compiled;
  for (const SourceFile &source : model.librarySources) {
    std::vector<std::string> command{compilerFor(source.path, compiler)};
    for (const std::string &flag : cleanCompileFlags(source))
      command.push_back(flag);
    command.push_back("-w");
    std::string key = cache.keyOf(command, source.path);
    sources.push_back(source.path);
    keys.push_back(key);
    if (std::optional<CachedObject> cached = cache.find(key)) {
      objects.push_back(cached->object);
      depFiles.push_back(cached->depFile);
      compiled.push_back(false);
      ++library.objectsReused;
      continue;
    }
    std::string object = fmt::format("{}/lib{}.o", scratch, objects.size());
    command.insert(command.end(), {"-MD", "-MF", object + ".d", "-c", source.path, "-o", object});
    commands.push_back(command);
    objects.push_back(object);
    depFiles.push_back(object + ".d");
    compiled.push_back(true);
  }
  std::vector<ProcessResult> results = runProcesses(commands, jobs);
  std::vector<size_t> usable; // indices of the objects that exist
  std::vector<std::string> usableObjects;
  for (size_t i = 0, run = 0; i < objects.size(); ++i) {
    if (compiled[i]) {
      const ProcessResult &result = results[run++];
      if (!result.ok()) {
        library.leftOut.push_back(
            fmt::format("{} (does not compile: {})", sources[i], firstLine(result.output)));
        continue;
      }
      cache.store(keys[i], objects[i], depFiles[i]);
    }
    usable.push_back(i);
    usableObjects.push_back(objects[i]);
  }
  const std::set<std::string> withMain = objectsDefiningMain(usableObjects);
  std::vector<std::string> members;
  for (size_t i : usable) {
    if (withMain.count(objects[i])) {
      library.leftOut.push_back(sources[i] + " (defines main)");
      continue;
    }
    // A member's name in the archive is its file's: cached objects are all `object.o`, so each
    // gets its own name here (a hard link, the cache being on the same file system).
    std::string member = fmt::format("{}/lib{}.o", scratch, i);
    if (member != objects[i]) {
      std::error_code ec;
      fs::remove(member, ec);
      fs::create_hard_link(objects[i], member, ec);
      if (ec && !fs::copy_file(objects[i], member, ec))
        return buildError("cannot stage " + objects[i] + " for the archive: " + ec.message());
    }
    members.push_back(member);
    library.members.emplace_back(member, sources[i]);
    library.depFiles.push_back(depFiles[i]);
  }
  if (members.empty())
    return library;
  library.archive = scratch + "/libproject.a";
  std::vector<std::string> archive{findLlvmTool("llvm-ar"), "rcs", library.archive};
  archive.insert(archive.end(), members.begin(), members.end());
  ProcessResult archived = runProcess(archive);
  if (!archived.ok())
    return buildError("cannot archive the project's other objects: " + firstLine(archived.output));
  return library;
}

} // namespace unitgen
