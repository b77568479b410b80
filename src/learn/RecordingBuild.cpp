// RecordingBuild: compiles and links the recording test program.
#include "learn/RecordingBuild.h"

#include "harness/ProjectLibrary.h"
#include "harness/RuntimeObjectCache.h"
#include "learn/RecordingHooks.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

bool writeText(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

const char *const kQuiet[] = {"-w", "-O0", "-Wno-unknown-warning-option",
                              "-Wno-unused-command-line-argument"};

/// Compiles hooks.cpp; hooks the compiler rejects are left out and it compiles again, so one
/// parameter type the recorder cannot read costs that callable's arguments, not the recording.
/// Profile functions it rejects (a field of a type incomplete in the headers the hooks include)
/// cost the arguments' profiles.
Expected<std::vector<int>> compileHooks(const ClassModel &model, const std::string &compiler,
                                        const std::string &runtimeDir, const fs::path &scratch) {
  std::vector<int> withoutHooks;
  bool profiles = true;
  for (int attempt = 0; attempt < 4; ++attempt) {
    RecordingHooks hooks = recordingHooks(model, withoutHooks, profiles);
    const std::string source = (scratch / "hooks.cpp").string();
    if (!writeText(source, hooks.source) ||
        !writeText((scratch / "recording-table.txt").string(), hooks.table))
      return Error{ExitCode::Internal, "cannot write the recording hooks in " + scratch.string()};
    std::vector<std::string> command{compiler};
    for (const std::string &flag : testCompileFlags(model))
      command.push_back(flag);
    command.insert(command.end(), std::begin(kQuiet), std::end(kQuiet));
    command.insert(command.end(),
                   {"-I" + runtimeDir, "-fno-access-control", "-ferror-limit=0",
                    "-fno-color-diagnostics", "-c", source, "-o", (scratch / "hooks.o").string()});
    ProcessResult compiled = runProcess(command);
    if (compiled.ok())
      return withoutHooks;
    const size_t before = withoutHooks.size();
    for (const auto &[line, message] : compileErrorsIn(compiled.output, source)) {
      const int callable = hookAt(hooks, line);
      if (callable >= 0 &&
          std::find(withoutHooks.begin(), withoutHooks.end(), callable) == withoutHooks.end())
        withoutHooks.push_back(callable);
    }
    if (withoutHooks.size() == before && profiles) {
      profiles = false;
      continue;
    }
    if (withoutHooks.size() == before)
      return buildError("the recording hooks do not compile:" +
                        indentedFirstLines(compiled.output, 10));
  }
  return buildError("the recording hooks do not compile after leaving out those that failed");
}

const SourceFile *inCompileDatabase(const ClassModel &model, const std::string &path) {
  std::error_code ec;
  for (const SourceFile &source : model.librarySources)
    if (fs::equivalent(source.path, path, ec))
      return &source;
  return nullptr;
}

} // namespace

Expected<RecordingBinary> buildRecordingBinary(const ClassModel &model,
                                               const std::vector<std::string> &testSources,
                                               const std::string &scratchDir,
                                               const BuildOptions &options) {
  const std::string compiler = options.compiler.empty() ? findCompiler() : options.compiler;
  const std::string runtimeDir = options.runtimeDir.empty() ? findRuntimeDir() : options.runtimeDir;
  const std::string plugin = options.passPlugin.empty() ? findPassPlugin() : options.passPlugin;
  const fs::path scratch = fs::absolute(scratchDir);
  std::error_code ec;
  fs::create_directories(scratch, ec);
  if (ec)
    return Error{ExitCode::Internal, "cannot create " + scratch.string() + ": " + ec.message()};
  for (const std::string &test : testSources)
    if (!fs::is_regular_file(test))
      return Error{ExitCode::Input, "--learn-from: no such test source: " + test};

  RecordingBinary binary;
  Expected<std::vector<int>> withoutHooks = compileHooks(model, compiler, runtimeDir, scratch);
  if (!withoutHooks)
    return withoutHooks.error();
  binary.withoutHooks = *withoutHooks;
  const std::string table = (scratch / "recording-table.txt").string();
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> objects, what;
  const std::vector<std::string> recording{"env", "UNITGEN_PASS_MODE=record",
                                           "UNITGEN_RECORD_TABLE=" + table, compiler,
                                           "-fpass-plugin=" + plugin};
  auto compile = [&](std::vector<std::string> command, const std::vector<std::string> &flags,
                     const std::string &source, const std::string &label) {
    command.insert(command.end(), flags.begin(), flags.end());
    command.insert(command.end(), std::begin(kQuiet), std::end(kQuiet));
    const std::string object = (scratch / fmt::format("rec{}.o", objects.size())).string();
    command.insert(command.end(), {"-c", fs::absolute(source).string(), "-o", object});
    commands.push_back(std::move(command));
    objects.push_back(object);
    what.push_back(label);
  };
  std::vector<std::string> testObjects;
  for (const std::string &test : testSources) {
    const SourceFile *own = inCompileDatabase(model, test);
    compile(recording, own ? cleanCompileFlags(*own) : testCompileFlags(model), test, test);
    testObjects.push_back(objects.back());
  }
  for (const SourceFile &source : model.sources)
    compile(recording, cleanCompileFlags(source), source.path, source.path);
  compile({compiler, "-std=c++17", "-I" + runtimeDir}, {},
          (fs::path(runtimeDir) / "recorder" / "Recorder.cpp").string(), "the recorder");
  std::vector<ProcessResult> results = runProcesses(commands, options.jobs);
  for (size_t i = 0; i < results.size(); ++i)
    if (!results[i].ok())
      return buildError(fmt::format("cannot compile {} for the recording build:{}", what[i],
                                    indentedFirstLines(results[i].output, 10)));

  // The rest of the project, but the test sources themselves, which came in above.
  ClassModel rest = model;
  rest.librarySources.erase(std::remove_if(rest.librarySources.begin(), rest.librarySources.end(),
                                           [&](const SourceFile &source) {
                                             return std::any_of(
                                                 testSources.begin(), testSources.end(),
                                                 [&](const std::string &test) {
                                                   return fs::equivalent(test, source.path, ec);
                                                 });
                                           }),
                            rest.librarySources.end());
  RuntimeObjectCache cache(options.cacheDir);
  Expected<ProjectLibrary> library =
      buildProjectLibrary(rest, compiler, scratch.string(), cache, options.jobs);
  if (!library)
    return library.error();

  binary.path = (scratch / "recording-tests").string();
  std::vector<std::string> link{compiler};
  link.insert(link.end(), objects.begin(), objects.end());
  link.push_back((scratch / "hooks.o").string());
  if (!library->archive.empty())
    link.push_back(library->archive);
  if (objectsDefiningMain(testObjects).empty())
    link.push_back("-lgtest_main");
  link.insert(link.end(), {"-lgmock", "-lgtest", "-pthread", "-o", binary.path});
  ProcessResult linked = runProcess(link);
  if (!linked.ok())
    return buildError(fmt::format("cannot link the recording build of the tests:{}\n  command: {}",
                                  indentedFirstLines(linked.output, 15), joinCommand(link)));
  return binary;
}

} // namespace unitgen
