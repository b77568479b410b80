// EmittedTests: builds emitted GoogleTest sources as the user's project would — the exact text,
// the code under test's flags, its own sources and the rest of the project linked in — and runs
// them sandboxed, so that what unitgen writes is known to compile and pass before it is written.
#pragma once

#include "harness/DriverBuilder.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

/// A compile error the compiler placed in the test source: its line and its message.
struct TestCompileError {
  int line = 0;
  std::string message;
};

struct TestCompileResult {
  bool ok = false;
  /// Errors inside the test source, in the compiler's order (every one: no error limit).
  std::vector<TestCompileError> errors;
  std::string output; ///< the compiler's whole output
};

/// Compiles the test source `path` with testCompileFlags(model): to `object`, or, when `object`
/// is empty, only checks it (-fsyntax-only).
TestCompileResult compileTestSource(const ClassModel &model, const std::string &path,
                                    const std::string &object, const std::string &compiler);

/// Links `testObjects` with the code under test (model.sources compiled with their own flags,
/// objects cached in options.cacheDir), the project's other TUs (harness/ProjectLibrary.h) and
/// gtest_main into `binary`. `scratch` holds the build's temporary files.
Expected<bool> linkTestBinary(const ClassModel &model, const std::vector<std::string> &testObjects,
                              const std::string &binary, const std::string &scratch,
                              const BuildOptions &options);

/// What one run of a GoogleTest binary did, test by test (names are `Suite.Name`).
struct TestBinaryRun {
  std::vector<std::string> passed;
  std::vector<std::string> failed;
  /// The test that was running when the binary died or ran out of time; empty: none did.
  std::string died;
  std::string output; ///< stdout and stderr
};

/// Which tests a run takes, and in what order.
struct TestSelection {
  std::vector<std::string> only; ///< just these (empty: all)
  std::vector<std::string> skip; ///< all but these
  int shuffleSeed = 0;           ///< > 0: in an order shuffled with this seed
};

/// Runs `binary` once, sandboxed in the scratch folder `workDir` (support/Sandbox.h), with
/// `environment` (`NAME=value`), on the `selection` of its tests.
TestBinaryRun runTestBinary(const std::string &binary, const std::string &workDir,
                            const std::vector<std::string> &environment,
                            const TestSelection &selection, double timeoutSeconds);

} // namespace unitgen
