// ExplorationStage: what generate's exploration stage hands a strategy — the model, the
// drivers, the budget and the corpus it fills — and the strategies that explore through it.
#pragma once

#include "cli/Options.h"
#include "explore/AutoStrategy.h"
#include "explore/Strategy.h"
#include "model/CallSequenceModel.h"
#include "model/Error.h"
#include "suite/Corpus.h"

#include <nlohmann/json.hpp>

#include <string>

namespace unitgen {

class Executor;

struct ExplorationStage {
  const Options &options;
  const ClassModel &model;
  Executor &exploration; ///< the exploration driver, started
  /// Starts the concolic driver (waiting for its build); null when it is not available, with
  /// the reason in `concolicProblem`.
  ConcolicExecutorFn startConcolic;
  std::string &concolicProblem;
  Budget budget;
  double budgetSeconds = 0; ///< --budget, also with --max-executions
  /// --max-executions: the same seed must give the same output, so no timings and long solver
  /// time-outs.
  bool repeatable = false;
  /// The random and concolic settings of the command line (seed, lengths, progress).
  AutoOptions autoOptions;
  Corpus &corpus;
  /// What the project's tests do (--learn-from); null: no sample execution.
  const CallSequenceModel *sample = nullptr;
};

/// The sequence strategies' exploration stages (SequenceStrategies.cpp), each returning its
/// part of the report.
Expected<nlohmann::json> exploreRandom(ExplorationStage &stage);
Expected<nlohmann::json> exploreConcolic(ExplorationStage &stage);
Expected<nlohmann::json> exploreAuto(ExplorationStage &stage);
/// palus: the model the project's tests taught, then random generation; auto runs it first
/// when the stage has a sample.
Expected<nlohmann::json> explorePalus(ExplorationStage &stage);
struct PalusOptions;
struct RandomOptions;
/// Palus's settings from the command line (--guidance) and random's (seed, length, progress).
PalusOptions palusOptionsOf(const Options &flags, const RandomOptions &random);
/// concrete-state on the exploration driver, symbolic-state on the concolic one.
Expected<nlohmann::json> exploreStateSpace(ExplorationStage &stage);

} // namespace unitgen
