// Emitter: the emit module's entry: a Suite becomes test sources, a CMakeLists.txt and a report.
#pragma once

#include "model/ClassModel.h"
#include "model/Error.h"
#include "suite/TestCase.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

struct EmitOptions {
  std::string outDir;      ///< created if missing; existing files of the same names are replaced
  uint64_t seed = 0;       ///< printed in every header comment
  std::string commandLine; ///< the `unitgen generate ...` that regenerates the output
  /// Pass the test sources through clang-format-14 / clang-format when one is on PATH. The
  /// emitter's own layout is already LLVM style; this only settles what it approximates.
  bool clangFormat = true;
  /// The project's library target the tests link (`--link-target`); empty: see CMakeWriter.h.
  std::string linkTarget;
  /// Without a link target, the project's other TUs the tests compile besides the model's
  /// sources: those the driver's link needed (BuiltDriver::linkedLibrarySources).
  std::vector<SourceFile> librarySources;
  /// The folder holding TestSandbox.cpp and LandlockRules.h (src/runtime/sandbox): copied into
  /// `unitgen_sandbox/` of the output, and every test runs through it. Empty: no sandbox.
  std::string testSandboxDir;
  /// The folder holding unitgen/theory.h, which the model's theories include (ClassModel::
  /// theories); the failure tests' CMake target gets it.
  std::string theoryIncludeDir;
};

/// One output file: its name inside outDir and its contents.
struct EmittedFile {
  std::string name;
  std::string text;
};

/// The four output files, in this order: `<Subject>_test.cpp`, `<Subject>_failures_test.cpp`,
/// `CMakeLists.txt`, `unitgen-report.json` (Subject: the unqualified class or function name).
/// Pure: nothing is written and clang-format is not run, so golden tests can compare the texts.
/// `report` is what the caller measured; the suite summary is added under `"suite"`.
std::vector<EmittedFile> renderSuite(const ClassModel &model, const Suite &suite,
                                     const EmitOptions &options, const nlohmann::json &report);

/// The regression and failure sources (the first two of renderSuite) exactly as emitSuite
/// writes them: formatted when options.clangFormat asks for it.
std::vector<EmittedFile> renderTestSources(const ClassModel &model, const Suite &suite,
                                           const EmitOptions &options);

/// Renders the suite, formats the test sources (options.clangFormat), and writes the files
/// into options.outDir. Returns their paths, or an Input error when the folder or a file cannot
/// be written.
Expected<std::vector<std::string>> emitSuite(const ClassModel &model, const Suite &suite,
                                             const EmitOptions &options,
                                             const nlohmann::json &report);

} // namespace unitgen
