// SequenceStrategies: generate's exploration stage for the strategies that explore call
// sequences into the shared corpus — random, concolic, auto, palus and the two state-space ones.
#include "exec/Executor.h"
#include "explore/PalusStrategy.h"
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

nlohmann::json autoReport(const AutoStats &stats, bool repeatable) {
  nlohmann::json report;
  report["random"] = {{"executions", stats.randomExecutions}};
  if (!repeatable)
    report["random"]["seconds"] = stats.randomSeconds;
  if (stats.concolic)
    report["concolic"] = stats.concolic->toJson(!repeatable);
  return report;
}

/// Auto's settings for the stage: random stops early once a tenth of the budget went by without
/// a new goal.
AutoOptions autoOptionsOf(const ExplorationStage &stage) {
  AutoOptions options = stage.autoOptions;
  if (stage.repeatable)
    options.random.stallExecutions = std::max<uint64_t>(2000, stage.options.maxExecutions / 10);
  else
    options.random.stallSeconds = std::max(2.0, stage.budgetSeconds / 10);
  return options;
}

} // namespace

PalusOptions palusOptionsOf(const Options &flags, const RandomOptions &random) {
  PalusOptions options;
  options.seed = random.seed;
  options.maxLength = random.maxLength;
  options.progress = random.progress;
  options.argumentConstraints = flags.guidance != "model";
  options.dependence = flags.guidance == "full";
  return options;
}

Expected<nlohmann::json> explorePalus(ExplorationStage &stage) {
  if (!stage.sample)
    return Error{ExitCode::Usage, "--strategy palus follows the project's tests: name them with "
                                  "--learn-from"};
  auto palus = makePalusStrategy(
      stage.model, *stage.sample, stage.exploration,
      palusOptionsOf(stage.options, stage.autoOptions.random),
      makeRandomStrategy(stage.model, stage.exploration, stage.autoOptions.random));
  palus->run(stage.budget, stage.corpus);
  return nlohmann::json{{"palus", palus->stats().toJson(!stage.repeatable)}};
}

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
  auto automatic =
      makeAutoStrategy(stage.model, stage.exploration, stage.startConcolic, autoOptionsOf(stage));
  AutoStrategy *phases = automatic.get();
  if (!stage.sample) {
    automatic->run(stage.budget, stage.corpus);
    return autoReport(phases->stats(), stage.repeatable);
  }
  // The project's tests were recorded: their model guides the first part of the budget.
  auto palus = makePalusStrategy(stage.model, *stage.sample, stage.exploration,
                                 palusOptionsOf(stage.options, stage.autoOptions.random),
                                 std::move(automatic));
  palus->run(stage.budget, stage.corpus);
  nlohmann::json report = autoReport(phases->stats(), stage.repeatable);
  report["palus"] = palus->stats().toJson(!stage.repeatable);
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
