// ConcreteStateStrategy: Rostra's breadth-first state exploration over canonical heap states.
#include "explore/ConcreteStateStrategy.h"

#include "exec/Executor.h"

#include <unordered_set>

namespace unitgen {
namespace {

/// A kept state: the call that reached it from its parent state (a tree of shortest paths).
struct StateNode {
  int parent = -1; ///< -1: made by a constructor
  Statement call;  ///< its receiver is variable 0 (the constructor's object)
};

class ConcreteState final : public ConcreteStateStrategy, private StateSpaceExploration {
public:
  ConcreteState(const ClassModel &model, Executor &executor, StateMethods methods,
                StateSpaceOptions options)
      : StateSpaceExploration(model, executor, std::move(methods), std::move(options)) {}

  const ConcreteStateStats &stats() const override {
    stats_.rows = log_.rows();
    stats_.stopReason = log_.stopReason();
    return stats_;
  }

  void run(const Budget &budget, Corpus &corpus) override {
    BudgetClock clock(budget);
    std::vector<int> frontier;
    for (int constructor : methods_.constructors)
      for (const std::vector<Argument> &args : argumentTuples(model_.callables[constructor], pool_))
        if (!visit(-1, Statement{constructor, -1, args}, corpus, frontier))
          return;
    finishIteration(0, clock, nodes_.size());
    if (log_.overMemory())
      return;
    for (int n = 1; n <= space_.maxIterations; ++n) {
      std::vector<int> next;
      for (int state : frontier)
        for (int method : methods_.methods)
          for (const std::vector<Argument> &args :
               argumentTuples(model_.callables[method], pool_)) {
            if (clock.exhausted(stats_.executions))
              return stop("the time budget ended during iteration " + std::to_string(n));
            if (!visit(state, Statement{method, 0, args}, corpus, next))
              return;
          }
      frontier = std::move(next);
      finishIteration(n, clock, nodes_.size());
      if (log_.overMemory())
        return;
      if (frontier.empty())
        return stop("no new state after iteration " + std::to_string(n));
    }
  }

private:
  Sequence pathTo(int state, const Statement &last) const {
    std::vector<const Statement *> calls{&last};
    for (int node = state; node >= 0; node = nodes_[node].parent)
      calls.push_back(&nodes_[node].call);
    Sequence sequence;
    for (auto it = calls.rbegin(); it != calls.rend(); ++it)
      sequence.statements.push_back(**it);
    return sequence;
  }

  /// Runs the path to `state` plus `call`; keeps the state it reaches if it is new. False once
  /// a bound ended the exploration.
  bool visit(int state, Statement call, Corpus &corpus, std::vector<int> &kept) {
    Sequence sequence = pathTo(state, call);
    RunFlags flags{true};
    flags.arrayContents = true;
    Outcome outcome = executor_.run(sequence, flags);
    ++stats_.executions;
    corpus.add(sequence, outcome);
    for (uint32_t edge : outcome.edges)
      edges_.insert(edge);
    bool reached = outcome.failure.kind == FailureKind::None && !outcome.calls.empty() &&
                   outcome.calls.back().status != CallStatus::NotRun;
    uint64_t hash = 0;
    for (const ObjectState &object : outcome.finalStates)
      if (object.variable == 0)
        hash = object.hash;
    if (!reached || hash == 0 || !seen_.insert(hash).second) {
      ++pruned_;
      return true;
    }
    nodes_.push_back({state, std::move(call)});
    kept.push_back(static_cast<int>(nodes_.size()) - 1);
    if (nodes_.size() >= space_.maxStates) {
      stop("--max-states " + std::to_string(space_.maxStates) + " reached");
      return false;
    }
    // Reading /proc on every run would cost more than the run: every 256 states.
    if (nodes_.size() % 256 == 0 && log_.overMemory())
      return false;
    return true;
  }

  std::vector<StateNode> nodes_;
  std::unordered_set<uint64_t> seen_;
  mutable ConcreteStateStats stats_;
};

} // namespace

std::unique_ptr<ConcreteStateStrategy> makeConcreteStateStrategy(const ClassModel &model,
                                                                 Executor &executor,
                                                                 StateMethods methods,
                                                                 const StateSpaceOptions &options) {
  return std::make_unique<ConcreteState>(model, executor, std::move(methods), options);
}

} // namespace unitgen
