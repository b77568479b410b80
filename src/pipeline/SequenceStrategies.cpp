// SequenceStrategies: generate's exploration stage for the strategies that explore call
// sequences into the shared corpus — random, concolic, auto and the two state-space ones.
#include "exec/Executor.h"
#include "pipeline/ExplorationStage.h"
#include "pipeline/StateSpaceRun.h"

namespace unitgen {
namespace {

/// The concolic driver's executor, or the error that says why there is none.
Expected<Executor *> concolicExecutor(ExplorationStage &stage) {
  if (Executor *executor = stage.startConcolic())
    return executor;
  return buildError("the concolic driver is not available: " + stage.concolicProblem);
}

} // namespace

Expected<nlohmann::json> exploreRandom(ExplorationStage &stage) {
  makeRandomStrategy(stage.model, stage.exploration, stage.autoOptions.random)
      ->run(stage.budget, stage.corpus);
  return nlohmann::json::object();
}

Expected<nlohmann::json> exploreConcolic(ExplorationStage &stage) {
  Expected<Executor *> executor = concolicExecutor(stage);
  if (!executor)
    return executor.error();
  auto concolic = makeConcolicStrategy(stage.model, **executor, stage.autoOptions.concolic);
  concolic->run(stage.budget, stage.corpus);
  return nlohmann::json{{"concolic", concolic->stats().toJson(!stage.repeatable)}};
}

Expected<nlohmann::json> exploreAuto(ExplorationStage &stage) {
  AutoOptions options = stage.autoOptions;
  // Random stops early once a tenth of the budget went by without a new goal.
  if (stage.repeatable)
    options.random.stallExecutions = std::max<uint64_t>(2000, stage.options.maxExecutions / 10);
  else
    options.random.stallSeconds = std::max(2.0, stage.budgetSeconds / 10);
  auto automatic = makeAutoStrategy(stage.model, stage.exploration, stage.startConcolic, options);
  automatic->run(stage.budget, stage.corpus);
  AutoStats stats = automatic->stats();
  nlohmann::json report;
  report["random"] = {{"executions", stats.randomExecutions}};
  if (!stage.repeatable)
    report["random"]["seconds"] = stats.randomSeconds;
  if (stats.concolic)
    report["concolic"] = stats.concolic->toJson(!stage.repeatable);
  return report;
}

Expected<nlohmann::json> exploreStateSpace(ExplorationStage &stage) {
  const bool symbolic = stage.options.strategy == "symbolic-state";
  Executor *executor = &stage.exploration;
  if (symbolic) {
    Expected<Executor *> concolic = concolicExecutor(stage);
    if (!concolic)
      return concolic.error();
    executor = *concolic;
  }
  Expected<nlohmann::json> rows = runStateSpaceStrategy(
      stage.options, stage.model, *executor, stage.budget, stage.corpus, stage.repeatable);
  if (!rows)
    return rows.error();
  return nlohmann::json{{symbolic ? "symbolicState" : "concreteState", *rows}};
}

} // namespace unitgen
