// RunSettings: the values every stage reads off Options the same way — durations, the cache
// folder, the frontend's and the driver builder's options.
#pragma once

#include "cli/Options.h"
#include "exec/Executor.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"
#include "learn/SampleLearning.h"
#include "model/Error.h"

#include <string>

namespace unitgen {

/// `30s`, `2m`, `500ms`, `1h`, or plain seconds, up to 10^6 s (277 h); false on anything else
/// (negative, `inf`, `nan`, longer).
bool parseDuration(const std::string &text, double &seconds);

/// --budget in seconds: a duration above zero (zero would mean no limit, a run that never
/// ends); with --max-executions, which bounds the run instead, any duration. A usage error
/// otherwise.
Expected<double> budgetSecondsOf(const Options &options);

/// The cache of drivers and models: $XDG_CACHE_HOME/unitgen, ~/.cache/unitgen or
/// /tmp/unitgen-cache.
std::string defaultCacheDir();

/// --cache-dir, else defaultCacheDir().
std::string cacheDirOf(const Options &options);

/// The frontend's options of a run: the build folder, --invariant, --source, and the cache
/// folder where the model is kept for the next run.
FrontendOptions frontendOptionsOf(const Options &options);

/// The driver builder's options of a run: the cache folder and --jobs.
BuildOptions buildOptionsOf(const Options &options);

/// The project's tests --learn-from names (files as given, targets through the build folder's
/// compile database: frontend/TestTargets.h) recorded, their call-sequence model learned
/// (learn/SampleLearning.h), the recording build's objects in --cache-dir.
Expected<LearnedSample> learnFromOptions(const Options &options, const ClassModel &model);

/// How an exploration runs the driver at `driverPath`: in a scratch working directory, with
/// the call time-out, --memory-limit and --exec-mode, and the precondition rules and probes of
/// `model` (exec/Preconditions.h), which must outlive the executor.
ExecOptions explorationExecOptions(const Options &options, const ClassModel &model,
                                   const std::string &driverPath, double callTimeoutSeconds);

} // namespace unitgen
