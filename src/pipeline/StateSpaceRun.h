// StateSpaceRun: the state-space strategies (concrete-state, symbolic-state) run from the
// command line — as generate's exploration stage, and as `unitgen explore`'s rows.
#pragma once

#include "cli/Options.h"
#include "explore/StateSpace.h"
#include "model/Error.h"
#include "suite/Corpus.h"

#include <nlohmann/json.hpp>

namespace unitgen {

class Executor;

/// The state-space settings of the command line (--max-length, --methods, --args, bounds).
Expected<StateSpaceOptions> stateSpaceOptions(const Options &options);

/// Runs `options.strategy` (concrete-state on an exploration driver, symbolic-state on a
/// concolic one) into `corpus`; its rows and counters for unitgen-report.json (timings only
/// when the run is not `repeatable`).
Expected<nlohmann::json> runStateSpaceStrategy(const Options &options, const ClassModel &model,
                                               Executor &executor, const Budget &budget,
                                               Corpus &corpus, bool repeatable);

/// `unitgen explore --strategy concrete-state|symbolic-state`: one row per iteration (the
/// Symstra table's N, time, states, pruned states and coverage), without writing a suite.
bool runExploreStateSpace(const Options &options, Error &error);

} // namespace unitgen
