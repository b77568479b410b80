// AutoStrategy: splits the budget between the random and the concolic strategy; when the
// concolic strategy runs out of candidates early, random gets the rest back.
#include "explore/AutoStrategy.h"

#include "exec/Executor.h"

#include <algorithm>
#include <chrono>

namespace unitgen {
namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class Auto : public AutoStrategy {
public:
  Auto(const ClassModel &model, Executor &exploration, ConcolicExecutorFn concolic,
       const AutoOptions &options)
      : model_(model), exploration_(exploration), concolicExecutor_(std::move(concolic)),
        options_(options), random_(makeRandomStrategy(model, exploration, options.random)) {}

  void run(const Budget &budget, Corpus &corpus) override {
    // 1. Random, for its share or until it stalls. Executions are counted by the executor, so
    //    an execution budget splits exactly (repeatable runs).
    Budget randomBudget;
    randomBudget.seconds = budget.seconds * options_.randomShare;
    if (budget.maxExecutions)
      randomBudget.maxExecutions =
          std::max<uint64_t>(1, static_cast<uint64_t>(static_cast<double>(budget.maxExecutions) *
                                                      options_.randomShare));
    runRandom(randomBudget, corpus);

    // 2. Concolic on what is left.
    Executor *concolic = concolicExecutor_ ? concolicExecutor_() : nullptr;
    Budget rest = remaining(budget);
    if (concolic && !spent(budget)) {
      ConcolicStrategyPtr strategy = makeConcolicStrategy(model_, *concolic, options_.concolic);
      auto start = std::chrono::steady_clock::now();
      uint64_t before = concolic->stats().executions;
      strategy->run(rest, corpus);
      stats_.concolicExecutions += concolic->stats().executions - before;
      stats_.concolicSeconds += secondsSince(start);
      stats_.concolic = strategy->stats();
    }

    // 3. Random again if the concolic phase ended early (no candidates left) or never ran. Its
    //    stall rule restarts with every run, so it runs until the budget is spent or a run makes
    //    no execution at all (its space is exhausted).
    while (!spent(budget) && runRandom(remaining(budget), corpus) > 0) {
    }
  }

  AutoStats stats() const override { return stats_; }

private:
  using ConcolicStrategyPtr = std::unique_ptr<ConcolicStrategy>;

  /// Runs the random strategy (its pool lives on between phases); returns its executions.
  uint64_t runRandom(const Budget &budget, Corpus &corpus) {
    auto start = std::chrono::steady_clock::now();
    uint64_t before = exploration_.stats().executions;
    random_->run(budget, corpus);
    uint64_t ran = exploration_.stats().executions - before;
    stats_.randomExecutions += ran;
    stats_.randomSeconds += secondsSince(start);
    return ran;
  }

  bool spent(const Budget &budget) const {
    uint64_t executions = stats_.randomExecutions + stats_.concolicExecutions;
    if (budget.maxExecutions && executions >= budget.maxExecutions)
      return true;
    return budget.seconds > 0 && stats_.randomSeconds + stats_.concolicSeconds >= budget.seconds;
  }

  Budget remaining(const Budget &budget) const {
    Budget rest;
    if (budget.maxExecutions)
      rest.maxExecutions =
          budget.maxExecutions -
          std::min(budget.maxExecutions, stats_.randomExecutions + stats_.concolicExecutions);
    if (budget.seconds > 0)
      rest.seconds = std::max(0.0, budget.seconds - stats_.randomSeconds - stats_.concolicSeconds);
    return rest;
  }

  const ClassModel &model_;
  Executor &exploration_;
  ConcolicExecutorFn concolicExecutor_;
  AutoOptions options_;
  std::unique_ptr<Strategy> random_;
  AutoStats stats_;
};

} // namespace

std::unique_ptr<AutoStrategy> makeAutoStrategy(const ClassModel &model, Executor &exploration,
                                               ConcolicExecutorFn concolic,
                                               const AutoOptions &options) {
  return std::make_unique<Auto>(model, exploration, std::move(concolic), options);
}

} // namespace unitgen
