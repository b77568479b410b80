// SuiteVerification: the emitted tests are compiled and run before they are written. A test that
// does not compile with the project's flags, or that fails in a fresh process (ASLR, another
// MALLOC_PERTURB_), is dropped and counted, so that every file unitgen writes builds and passes.
#pragma once

#include "emit/Emitter.h"
#include "harness/DriverBuilder.h"
#include "model/ClassModel.h"
#include "model/Error.h"
#include "suite/TestCase.h"

#include <nlohmann/json.hpp>

#include <string>

namespace unitgen {

struct VerificationOptions {
  EmitOptions emit;    ///< what the files are rendered with (the exact text is checked)
  BuildOptions build;  ///< compiler, cache and jobs
  std::string workDir; ///< scratch: sources, objects, the binary and the runs' folder
  double callTimeoutSeconds = 1;
  /// Fresh runs of the regression binary, each with another MALLOC_PERTURB_ byte.
  int freshRuns = 3;
};

struct VerificationStats {
  size_t droppedNotCompiling = 0;
  size_t droppedFailingFreshRuns = 0;
  /// Regression tests cut before a call that threw: without exceptions (`-fno-exceptions`) a
  /// test cannot expect one, and in the project's build it ends the program.
  size_t cutAtException = 0;
  /// One `{"file", "test", "reason"}` per dropped test.
  nlohmann::json dropped = nlohmann::json::array();
  double seconds = 0;
};

/// Checks `suite` as `emitSuite` would write it and removes what does not compile or pass.
/// An error: the files cannot compile whatever is dropped (their includes, a flag), or the
/// tests cannot be linked.
Expected<bool> verifySuite(const ClassModel &model, Suite &suite,
                           const VerificationOptions &options, VerificationStats &stats);

} // namespace unitgen
