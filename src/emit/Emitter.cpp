// Emitting a suite: naming its tests once, rendering the four files, formatting and writing them.
#include "emit/Emitter.h"

#include "emit/CMakeWriter.h"
#include "emit/ClangFormat.h"
#include "emit/ReportWriter.h"
#include "emit/TestNamer.h"
#include "emit/TestWriter.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>

namespace unitgen {
namespace {

namespace fs = std::filesystem;

/// Writes through a temporary file and a rename, so a reader never sees half a file.
std::optional<std::string> writeFile(const fs::path &path, const std::string &text) {
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
    stream << text;
    stream.flush();
    if (!stream)
      return "cannot write " + temporary.string() + ": " + std::strerror(errno);
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error)
    return "cannot write " + path.string() + ": " + error.message();
  return std::nullopt;
}

/// Passes the test sources among `files` through clang-format when options.clangFormat asks
/// for it and one is installed.
void formatSources(std::vector<EmittedFile> &files, const EmitOptions &options) {
  const std::string formatter = options.clangFormat ? findClangFormat() : "";
  if (formatter.empty())
    return;
  for (EmittedFile &file : files) {
    const bool isSource =
        file.name.size() > 4 && file.name.compare(file.name.size() - 4, 4, ".cpp") == 0;
    if (isSource)
      if (std::optional<std::string> formatted = clangFormat(formatter, file.text, file.name))
        file.text = std::move(*formatted);
  }
}

} // namespace

std::vector<EmittedFile> renderTestSources(const ClassModel &model, const Suite &suite,
                                           const EmitOptions &options) {
  std::vector<EmittedFile> files = renderSuite(model, suite, options, nlohmann::json::object());
  files.resize(2); // the regression and failure sources come first
  formatSources(files, options);
  return files;
}

std::vector<EmittedFile> renderSuite(const ClassModel &model, const Suite &suite,
                                     const EmitOptions &options, const nlohmann::json &report) {
  // A misbehaving driver says nothing about the code under test: no test reproduces it.
  Suite emitted;
  emitted.regression = suite.regression;
  std::copy_if(suite.failures.begin(), suite.failures.end(), std::back_inserter(emitted.failures),
               [](const TestCase &test) { return test.failure.kind != FailureKind::DriverError; });

  // Names are given once, here, so the sources and the report agree on them.
  const std::vector<std::string> regressionNames = nameTests(model, emitted.regression, false);
  const std::vector<std::string> failureNames = nameTests(model, emitted.failures, true);
  const Provenance provenance{options.seed, options.commandLine};
  CMakeOptions cmake = cmakeOptionsFor(model, options.linkTarget, options.librarySources);
  cmake.testSandbox = !options.testSandboxDir.empty();
  cmake.theoryIncludeDir = options.theoryIncludeDir;
  return {
      {regressionFileName(model),
       writeRegressionFile(model, emitted.regression, regressionNames, provenance)},
      {failureFileName(model), writeFailureFile(model, emitted.failures, failureNames, provenance)},
      {"CMakeLists.txt", writeCMakeLists(model, cmake, options.outDir, provenance)},
      {"unitgen-report.json",
       writeReport(report, suiteSummary(model, emitted, regressionNames, failureNames))},
  };
}

Expected<std::vector<std::string>> emitSuite(const ClassModel &model, const Suite &suite,
                                             const EmitOptions &options,
                                             const nlohmann::json &report) {
  std::error_code error;
  const fs::path outDir = fs::absolute(options.outDir, error).lexically_normal();
  if (error || options.outDir.empty())
    return inputError("invalid output directory '" + options.outDir + "'");
  fs::create_directories(outDir, error);
  if (error)
    return inputError("cannot create output directory " + outDir.string() + ": " + error.message());

  EmitOptions absolute = options;
  absolute.outDir = outDir.string();
  std::vector<EmittedFile> files = renderSuite(model, suite, absolute, report);
  formatSources(files, options);
  if (!options.testSandboxDir.empty()) { // the sandbox the CMakeLists.txt runs tests through
    fs::create_directories(outDir / "unitgen_sandbox", error);
    for (const char *name : {"TestSandbox.cpp", "LandlockRules.h", "FolderPerTest.cpp"}) {
      std::ifstream in(fs::path(options.testSandboxDir) / name, std::ios::binary);
      std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (!in || text.empty())
        return inputError("cannot read " + (fs::path(options.testSandboxDir) / name).string());
      files.push_back({std::string("unitgen_sandbox/") + name, text});
    }
  }
  std::vector<std::string> paths;
  for (EmittedFile &file : files) {
    const fs::path path = outDir / file.name;
    if (std::optional<std::string> failure = writeFile(path, file.text))
      return inputError(*failure);
    paths.push_back(path.string());
  }
  return paths;
}

} // namespace unitgen
