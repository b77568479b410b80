// Verbs: list, generate and coverage, each wiring the modules together for one command.
#pragma once

#include "cli/Options.h"
#include "explore/Finitization.h"
#include "explore/StateSpace.h"
#include "frontend/Frontend.h"
#include "model/Error.h"

#include <nlohmann/json.hpp>

namespace unitgen {
class Executor;
}

namespace unitgen {

bool runList(const Options &options, Error &error);
bool runGenerate(const Options &options, Error &error);
bool runCoverage(const Options &options, Error &error);
bool runExplore(const Options &options, Error &error);
/// `explore --strategy exhaustive`: one row, the valid heaps, the candidates explored, seconds.
bool runExploreExhaustive(const Options &options, Error &error);

/// `generate --strategy exhaustive`: builder tests from the heaps of a field-coverage suite.
bool runGenerateExhaustive(const Options &options, Error &error);

/// `30s`, `2m`, `500ms`, `1h`, or plain seconds; false on anything else.
bool parseDuration(const std::string &text, double &seconds);

/// The cache of drivers and models: $XDG_CACHE_HOME/unitgen, ~/.cache/unitgen or
/// /tmp/unitgen-cache.
std::string defaultCacheDir();
/// The frontend's options of a run: the build folder, --invariant, --source, and the cache
/// folder (--cache-dir, else defaultCacheDir()) where the model is kept for the next run.
FrontendOptions frontendOptionsOf(const Options &options);

/// The state-space settings of the command line (--max-length, --methods, --args, bounds).
Expected<StateSpaceOptions> stateSpaceOptions(const Options &options);

/// Runs `options.strategy` (concrete-state on an exploration driver, symbolic-state on a
/// concolic one) into `corpus`; its rows and counters for unitgen-report.json (timings only
/// when the run is not `repeatable`).
Expected<nlohmann::json> runStateSpaceStrategy(const Options &options, const ClassModel &model,
                                               Executor &executor, const Budget &budget,
                                               Corpus &corpus, bool repeatable);

} // namespace unitgen
