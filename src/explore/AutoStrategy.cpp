// AutoStrategy: alternating random and concolic phases over one corpus, each an equal share of
// what is left of the budget; when the concolic strategy runs out of work, random gets the rest.
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
    // Executions are counted by the executors, so an execution budget splits exactly
    // (repeatable runs).
    int phases = 2 * std::max(1, options_.rounds);
    for (int phase = 0; phase < phases && !spent(budget); ++phase) {
      Budget share = shareOf(budget, phases - phase);
      if (phase % 2 == 1 && concolicStrategy())
        runConcolic(share, corpus);
      else
        runRandom(share, corpus);
    }
    // If the concolic phases ended early (no candidate left) or never ran, random gets the rest.
    // Its stall rule restarts with every run, so it runs until the budget is spent or a run
    // makes no execution at all (its space is exhausted).
    while (!spent(budget) && runRandom(remaining(budget), corpus) > 0) {
    }
  }

  AutoStats stats() const override { return stats_; }

private:
  /// The concolic strategy, created on first use: the concolic driver may still be building,
  /// and waiting for it is not charged to the budget. Null when there is no driver.
  ConcolicStrategy *concolicStrategy() {
    if (!concolicAsked_) {
      concolicAsked_ = true;
      concolic_ = concolicExecutor_ ? concolicExecutor_() : nullptr;
      if (concolic_)
        concolicStrategy_ = makeConcolicStrategy(model_, *concolic_, options_.concolic);
    }
    return concolicStrategy_.get();
  }

  void runConcolic(const Budget &budget, Corpus &corpus) {
    auto start = std::chrono::steady_clock::now();
    uint64_t before = concolic_->stats().executions;
    concolicStrategy_->run(budget, corpus);
    stats_.concolicExecutions += concolic_->stats().executions - before;
    stats_.concolicSeconds += secondsSince(start);
    stats_.concolic = concolicStrategy_->stats();
  }

  /// An equal share of what is left for each of the `phasesLeft` phases.
  Budget shareOf(const Budget &budget, int phasesLeft) const {
    Budget share = remaining(budget);
    share.seconds /= phasesLeft;
    if (share.maxExecutions)
      share.maxExecutions = std::max<uint64_t>(1, share.maxExecutions / phasesLeft);
    return share;
  }

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
  bool concolicAsked_ = false;
  Executor *concolic_ = nullptr;
  std::unique_ptr<ConcolicStrategy> concolicStrategy_;
  AutoStats stats_;
};

} // namespace

std::unique_ptr<AutoStrategy> makeAutoStrategy(const ClassModel &model, Executor &exploration,
                                               ConcolicExecutorFn concolic,
                                               const AutoOptions &options) {
  return std::make_unique<Auto>(model, exploration, std::move(concolic), options);
}

} // namespace unitgen
