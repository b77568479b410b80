// PalusRun: the explore verb of the palus strategy.
#include "pipeline/PalusRun.h"

#include "exec/Executor.h"
#include "explore/PalusStrategy.h"
#include "learn/ModelInference.h"
#include "learn/SampleLearning.h"
#include "pipeline/ExplorationStage.h"
#include "pipeline/RunSettings.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace unitgen {

bool runExplorePalus(const Options &options, Error &error) {
  Expected<double> budgetSeconds = budgetSecondsOf(options);
  double callTimeout = 0;
  if (!budgetSeconds) {
    error = budgetSeconds.error();
    return false;
  }
  if (!parseDuration(options.callTimeout, callTimeout) || callTimeout <= 0) {
    error = {ExitCode::Usage, "--call-timeout '" + options.callTimeout +
                                  "' is not a duration above 0 like 500ms or 2s"};
    return false;
  }
  Expected<ClassModel> model = buildModel(frontendOptionsOf(options), options.className, false);
  if (!model) {
    error = model.error();
    return false;
  }
  Expected<LearnedSample> sample = learnFromOptions(options, *model);
  if (!sample) {
    error = sample.error();
    return false;
  }
  const int upcasts = addObservedUpcasts(*model, sample->model);
  Expected<BuiltDriver> driver =
      buildDriver(*model, BuildKind::Exploration, buildOptionsOf(options));
  if (!driver) {
    error = driver.error();
    return false;
  }
  auto executor =
      Executor::start(explorationExecOptions(options, *model, driver->path, callTimeout));
  if (!executor) {
    error = executor.error();
    return false;
  }

  RandomOptions randomOptions;
  randomOptions.seed = options.seed;
  for (const auto &[callable, index, value] : sample->model.observedArguments())
    randomOptions.observedArguments.push_back({{callable, index}, value});
  Corpus corpus(*model);
  Budget budget;
  budget.seconds = *budgetSeconds;
  auto palus =
      makePalusStrategy(*model, sample->model, **executor, palusOptionsOf(options, randomOptions),
                        makeRandomStrategy(*model, **executor, randomOptions));
  palus->run(budget, corpus);
  const PalusStats stats = palus->stats();
  nlohmann::json report = stats.toJson(true);
  report.update({{"model", sampleReport(*sample, false)},
                 {"upcastsAdded", upcasts},
                 {"executions", (*executor)->stats().executions},
                 {"goals", corpus.goalCount()},
                 {"edges", corpus.edgeCount()},
                 {"failures", corpus.failureCount()}});
  if (options.json) {
    std::printf("%s\n",
                report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
    return true;
  }
  const nlohmann::json &m = report["model"];
  std::printf("model: %d classes, %d nodes, %d edges, %d calls recorded (%d objects)%s\n",
              m["classes"].get<int>(), m["nodes"].get<int>(), m["edges"].get<int>(),
              m["callsRecorded"].get<int>(), m["objects"].get<int>(),
              sample->fromCache ? ", from the cache" : "");
  std::printf("guided: %llu executions, %llu from roots, %llu extended, %llu dependent calls, "
              "%llu legal\n",
              static_cast<unsigned long long>(stats.guidedExecutions),
              static_cast<unsigned long long>(stats.fromRoots),
              static_cast<unsigned long long>(stats.extended),
              static_cast<unsigned long long>(stats.dependentCalls),
              static_cast<unsigned long long>(stats.legal));
  std::printf("all: %llu executions, %zu goals, %zu edges, %zu failures\n",
              static_cast<unsigned long long>((*executor)->stats().executions), corpus.goalCount(),
              corpus.edgeCount(), corpus.failureCount());
  return true;
}

} // namespace unitgen
