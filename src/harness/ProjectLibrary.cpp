// ProjectLibrary: the project's other TUs compiled with their own flags, main-less, archived.
#include "harness/ProjectLibrary.h"

#include "harness/DriverBuilder.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

std::string llvmTool(const std::string &name) {
  std::string found = findProgram({std::string(UNITGEN_LLVM_BIN) + "/" + name, name + "-14", name});
  return found.empty() ? name : found;
}

/// clang for C sources, the C++ compiler for everything else.
std::string compilerFor(const std::string &path, const std::string &cxx) {
  if (fs::path(path).extension() != ".c")
    return cxx;
  std::string c = cxx;
  if (size_t at = c.rfind("clang++"); at != std::string::npos)
    c.replace(at, 7, "clang");
  return c;
}

/// Whether the object defines an external `main`.
bool definesMain(const std::string &object) {
  ProcessResult listed = runProcess(
      {llvmTool("llvm-nm"), "--defined-only", "--extern-only", "--just-symbol-name", object});
  std::istringstream names(listed.output);
  for (std::string name; std::getline(names, name);)
    if (name == "main")
      return true;
  return false;
}

std::string firstLine(const std::string &text) { return text.substr(0, text.find('\n')); }

} // namespace

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
  std::vector<std::string> members;
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
    if (definesMain(objects[i])) {
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
  std::vector<std::string> archive{llvmTool("llvm-ar"), "rcs", library.archive};
  archive.insert(archive.end(), members.begin(), members.end());
  ProcessResult archived = runProcess(archive);
  if (!archived.ok())
    return buildError("cannot archive the project's other objects: " + firstLine(archived.output));
  return library;
}

} // namespace unitgen
