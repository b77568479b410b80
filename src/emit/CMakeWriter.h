// CMakeWriter: the CMakeLists.txt that builds and registers the generated tests.
#pragma once

#include "emit/TestWriter.h"
#include "model/ClassModel.h"

#include <string>
#include <vector>

namespace unitgen {

/// How the tests reach the code under test.
struct CMakeOptions {
  /// The project's library target to link (`--link-target`); empty: the user names it with
  /// UNITGEN_TARGET_LIBRARY, or the tests compile `sources` themselves.
  std::string linkTarget;
  /// Absolute paths of the translation units that define the code under test, compiled into
  /// the tests when no library is linked (a standalone build of the output folder).
  std::vector<std::string> sources;
  std::vector<std::string> includeDirs; ///< absolute
  std::vector<std::string> definitions; ///< `NAME` or `NAME=VALUE`
  /// The code under test's language flags (ClassModel::languageFlags): `-fno-exceptions`, ...
  std::vector<std::string> compileOptions;
  /// `builder`: the files are `<Subject>_builder_test.cpp` and `..._builder_failures_test.cpp`
  /// (emit/BuilderTestWriter.h); empty: the regression and failure files of a generated suite.
  std::string testKind;
  /// More test sources of the regression executable (`<Subject>_legal_test.cpp`).
  std::vector<std::string> extraTestFiles;
  /// Every test runs through `unitgen_sandbox/TestSandbox.cpp` (copied beside the tests): in
  /// a fresh temporary working directory, with writes elsewhere denied.
  bool testSandbox = false;
  /// `--theories` sources (absolute), compiled into the failure tests, which call them, and
  /// the folder holding the `unitgen/theory.h` they include. Empty: none.
  std::vector<std::string> theories;
  std::string theoryIncludeDir;
};

/// The options a model implies: its sources and `librarySources` (the project's other TUs the
/// driver's link needed), the include directories and definitions of their compile commands,
/// plus the directories the model's include spellings are relative to.
CMakeOptions cmakeOptionsFor(const ClassModel &model, const std::string &linkTarget,
                             const std::vector<SourceFile> &librarySources = {});

/// The CMakeLists.txt for the output folder `outDir`. Paths inside `outDir`'s project are written
/// relative to the folder (`${CMAKE_CURRENT_SOURCE_DIR}/../src/a.cpp`) so it can move with it.
std::string writeCMakeLists(const ClassModel &model, const CMakeOptions &options,
                            const std::string &outDir, const Provenance &provenance);

} // namespace unitgen
