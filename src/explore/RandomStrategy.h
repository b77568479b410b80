// RandomStrategy: feedback-directed random generation (Randoop) over the model's callables.
#pragma once

#include "explore/Strategy.h"
#include "explore/ValuePool.h"
#include "model/ClassModel.h"

#include <memory>

namespace unitgen {

struct RandomOptions {
  uint64_t seed = 1;
  size_t maxLength = 16;  ///< statements per sequence, constructor calls included
  size_t maxPool = 50000; ///< sequences kept for extension
  ProgressFn progress;    ///< called about ten times a second
  /// Stop before the budget ends once this many executions in a row found no new goal (0:
  /// never); counted, so runs with an execution budget stay repeatable. `--strategy auto` then
  /// hands the rest of the budget to the concolic strategy.
  uint64_t stallExecutions = 0;
  /// The same in seconds without a new goal (0: never), for runs with a time budget.
  double stallSeconds = 0;
  /// Arguments the project's own tests passed (--learn-from): values to draw from, strings
  /// also as their parameter's to grow.
  std::vector<std::pair<ParameterSlot, Value>> observedArguments;
};

std::unique_ptr<Strategy> makeRandomStrategy(const ClassModel &model, Executor &executor,
                                             const RandomOptions &options);

} // namespace unitgen
