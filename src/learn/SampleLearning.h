// SampleLearning: `--learn-from` end to end — the recording build of the project's tests, their
// sandboxed run and the call-sequence model inferred from it, kept in the cache directory while
// the tests, the code under test and unitgen are unchanged.
#pragma once

#include "harness/DriverBuilder.h"
#include "model/CallSequenceModel.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

namespace unitgen {

struct LearnedSample {
  CallSequenceModel model;
  bool fromCache = false;
  double seconds = 0;    ///< building and running the tests (0 from the cache)
  int testsExitCode = 0; ///< the recording build's exit status (failing tests still teach)
  bool testsTimedOut = false;
  int testsSignal = 0;       ///< the signal that ended them, 0: they exited
  std::string testsOutput;   ///< the end of what they printed (empty from the cache)
  std::vector<int> withoutHooks; ///< callables recorded without their arguments
};

struct LearnOptions {
  std::vector<std::string> testSources;
  double timeoutSeconds = 300; ///< for the run of the tests
  BuildOptions build;          ///< cacheDir empty: nothing kept
};

/// The sample's part of a report: the model's statistics (modelStatistics), whether it came
/// from the cache, how the tests ended, and, unless `repeatable`, the seconds it took.
nlohmann::json sampleReport(const LearnedSample &sample, bool repeatable);

/// Learns the call-sequence model of `model`'s classes from the tests in options.testSources.
/// An error when they do not build, or run without one recorded call (nothing to learn).
Expected<LearnedSample> learnFromTests(const ClassModel &model, const LearnOptions &options);

} // namespace unitgen
