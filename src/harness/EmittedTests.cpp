// Emitted tests built with the project's flags and linked with its code, then run sandboxed.
#include "harness/EmittedTests.h"

#include "harness/ProjectLibrary.h"
#include "harness/RuntimeObjectCache.h"
#include "support/Sandbox.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;

namespace unitgen {

TestCompileResult compileTestSource(const ClassModel &model, const std::string &path,
                                    const std::string &object, const std::string &compiler) {
  std::vector<std::string> command{compiler};
  for (const std::string &flag : testCompileFlags(model))
    command.push_back(flag);
  // Every error at once (clang stops at 20 otherwise), plainly, one per line.
  command.insert(command.end(), {"-ferror-limit=0", "-fno-color-diagnostics",
                                 "-fno-caret-diagnostics", "-Wno-unused-command-line-argument"});
  if (object.empty())
    command.insert(command.end(), {"-fsyntax-only", path});
  else
    command.insert(command.end(), {"-O0", "-c", path, "-o", object});
  ProcessResult compiled = runProcess(command);
  TestCompileResult result;
  result.ok = compiled.ok();
  result.output = compiled.output;
  for (const auto &[line, message] : compileErrorsIn(compiled.output, path))
    result.errors.push_back({line, message});
  if (!result.ok && result.errors.empty())
    result.errors.push_back({0, indentedFirstLines(compiled.output, 3)});
  return result;
}

Expected<bool> linkTestBinary(const ClassModel &model, const std::vector<std::string> &testObjects,
                              const std::string &binary, const std::string &scratch,
                              const BuildOptions &options) {
  const std::string compiler = options.compiler.empty() ? findCompiler() : options.compiler;
  // The code under test joins the rest of the project in one archive: every TU compiled as the
  // project compiles it (objects shared with the drivers' cache), the link taking what it needs.
  ClassModel project = model;
  project.librarySources = model.sources;
  project.librarySources.insert(project.librarySources.end(), model.librarySources.begin(),
                                model.librarySources.end());
  std::error_code ec;
  fs::create_directories(scratch, ec);
  if (ec)
    return Error{ExitCode::Internal, "cannot create " + scratch + ": " + ec.message()};
  RuntimeObjectCache cache(options.cacheDir);
  Expected<ProjectLibrary> library =
      buildProjectLibrary(project, compiler, scratch, cache, options.jobs);
  if (!library)
    return library.error();
  // Each test in a folder of its own, as in the emitted CMake build (FolderPerTest.cpp),
  // compiled once per compiler like the runtime's other objects.
  const std::string runtimeDir = options.runtimeDir.empty() ? findRuntimeDir() : options.runtimeDir;
  const std::string listenerSource = runtimeDir + "/sandbox/FolderPerTest.cpp";
  const std::vector<std::string> listenerCommand{compiler, "-std=c++17", "-O0"};
  const std::string listenerKey = cache.keyOf(listenerCommand, listenerSource);
  std::string folderPerTest = scratch + "/FolderPerTest.o";
  if (std::optional<CachedObject> cached = cache.find(listenerKey)) {
    folderPerTest = cached->object;
  } else {
    std::vector<std::string> compile = listenerCommand;
    compile.insert(compile.end(),
                   {"-MD", "-MF", folderPerTest + ".d", "-c", listenerSource, "-o", folderPerTest});
    ProcessResult listener = runProcess(compile);
    if (!listener.ok())
      return buildError("cannot compile FolderPerTest.cpp:" +
                        indentedFirstLines(listener.output, 15));
    cache.store(listenerKey, folderPerTest, folderPerTest + ".d");
  }
  std::vector<std::string> link{compiler, folderPerTest};
  link.insert(link.end(), testObjects.begin(), testObjects.end());
  if (!library->archive.empty())
    link.push_back(library->archive);
  link.insert(link.end(), {"-lgtest_main", "-lgmock", "-lgtest", "-pthread", "-o", binary});
  ProcessResult linked = runProcess(link);
  if (!linked.ok())
    return buildError(fmt::format("cannot link the emitted tests:{}\n  command: {}",
                                  indentedFirstLines(linked.output, 15), joinCommand(link)));
  return true;
}

TestBinaryRun runTestBinary(const std::string &binary, const std::string &workDir,
                            const std::vector<std::string> &environment,
                            const TestSelection &selection, double timeoutSeconds) {
  std::vector<std::string> command{binary, "--gtest_color=no"};
  if (!selection.only.empty() || !selection.skip.empty()) {
    std::string filter = "--gtest_filter=";
    for (size_t i = 0; i < selection.only.size(); ++i)
      filter += (i ? ":" : "") + selection.only[i];
    if (!selection.skip.empty())
      filter += "-";
    for (size_t i = 0; i < selection.skip.size(); ++i)
      filter += (i ? ":" : "") + selection.skip[i];
    command.push_back(filter);
  }
  if (selection.shuffleSeed > 0)
    command.insert(command.end(), {"--gtest_shuffle",
                                   "--gtest_random_seed=" + std::to_string(selection.shuffleSeed)});
  SandboxPolicy sandbox;
  sandbox.workDir = workDir;
  // The tests' own folders (FolderPerTest.cpp) go inside the one the sandbox lets them write.
  std::vector<std::string> withFolder = environment;
  withFolder.push_back("UNITGEN_SANDBOX_FOLDER=" + fs::absolute(workDir).string());
  ProcessResult ran = runSandboxed(command, sandbox, timeoutSeconds, withFolder);
  TestBinaryRun run;
  run.output = ran.output;
  // `[ RUN      ] Suite.Name`, then `[       OK ] Suite.Name (0 ms)` or `[  FAILED  ] ...`.
  std::istringstream lines(ran.output);
  std::string running;
  auto nameAfter = [](const std::string &line) {
    std::string name = line.substr(13);
    return name.substr(0, name.find(' '));
  };
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("[ RUN      ] ", 0) == 0) {
      running = nameAfter(line);
    } else if (!running.empty() && line.rfind("[       OK ] ", 0) == 0) {
      run.passed.push_back(running);
      running.clear();
    } else if (!running.empty() && line.rfind("[  FAILED  ] ", 0) == 0) {
      run.failed.push_back(running);
      running.clear();
    }
  }
  run.died = running;
  if (run.died.empty() && !ran.ok() && run.failed.empty())
    run.died = "*"; // it ended before or after every test: the binary itself is broken
  return run;
}

} // namespace unitgen
