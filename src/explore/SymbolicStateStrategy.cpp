// SymbolicStateStrategy: Symstra's breadth-first exploration of symbolic states, with every path
// of each extending call found by generational search and states pruned by subsumption.
#include "explore/SymbolicStateStrategy.h"

#include "exec/Executor.h"
#include "exec/SymbolicInputs.h"
#include "solver/SolverChain.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace unitgen {
namespace {

constexpr unsigned kQuantifiedTimeoutMs = 250;
/// Witnesses are tests: the solver is asked first for arguments within ±kReadable.
constexpr int64_t kReadable = 100;

/// A kept state and a witness: the shortest sequence found to it, with concrete arguments that
/// follow its path.
struct KeptState {
  Sequence sequence;
  SymbolicState symbolic;
};

class SymbolicStateImpl final : public SymbolicStateStrategy, private StateSpaceExploration {
public:
  SymbolicStateImpl(const ClassModel &model, Executor &executor, StateMethods methods,
                    SymbolicStateOptions options)
      : StateSpaceExploration(model, executor, std::move(methods), options.space),
        options_(std::move(options)) {
    SolverOptions solverOptions;
    solverOptions.timeoutMs = options_.solverTimeoutMs;
    solver_ = createSolverChain(solverOptions, exprs_, stats_.solver);
    // Quantified checks can take Z3 long (model-based instantiation); one that times out only
    // keeps a state that might have been pruned.
    quantified_ = createZ3Solver(exprs_, quantifiedStats_,
                                 std::min(options_.solverTimeoutMs, kQuantifiedTimeoutMs), false);
    checker_ = std::make_unique<SubsumptionChecker>(exprs_, *solver_, *quantified_);
    flags_.observers = true;
    flags_.symbolic = true;
    flags_.symbolicState = true;
    flags_.arrayContents = true;
  }

  const SymbolicStateStats &stats() const override {
    stats_.subsumption = checker_->stats();
    stats_.rows = log_.rows();
    stats_.stopReason = log_.stopReason();
    return stats_;
  }

  void run(const Budget &budget, Corpus &corpus) override {
    BudgetClock clock(budget);
    std::vector<int> frontier;
    for (int constructor : methods_.constructors)
      if (!extend(-1, constructor, clock, corpus, frontier))
        return;
    finishIteration(0, clock, kept_.size());
    if (log_.overMemory())
      return;
    for (int n = 1; n <= space_.maxIterations; ++n) {
      std::vector<int> next;
      for (int state : frontier)
        for (int method : methods_.methods)
          if (!extend(state, method, clock, corpus, next))
            return;
      frontier = std::move(next);
      finishIteration(n, clock, kept_.size());
      if (log_.overMemory())
        return;
      if (frontier.empty())
        return stop("no new state after iteration " + std::to_string(n));
    }
  }

private:
  /// Explores every path of `callable` (on the object of `state`, or as the constructor when
  /// `state` is -1) and keeps the states they reach that nothing kept subsumes. False once the
  /// budget or a bound ended the exploration.
  bool extend(int state, int callable, const BudgetClock &clock, Corpus &corpus,
              std::vector<int> &kept) {
    Sequence first = state >= 0 ? kept_[state].sequence : Sequence{};
    first.statements.push_back(Statement{callable, state >= 0 ? 0 : -1,
                                         argumentTuples(model_.callables[callable], pool_)[0]});
    const int32_t last = static_cast<int32_t>(first.size()) - 1;
    std::deque<std::pair<Sequence, size_t>> work{{first, 0}};
    std::set<std::vector<uint64_t>> paths, callPaths;
    // Decision prefixes ending in a negated decision that were asked for already: another
    // path sharing that prefix would ask the same (a constraint tree's explored branches).
    std::set<std::vector<uint64_t>> attempted;
    size_t explored = 0;
    while (!work.empty()) {
      if (explored >= options_.maxPathsPerCall) {
        stats_.unexplored += work.size();
        break;
      }
      if (clock.exhausted(stats_.executions)) {
        stop("the time budget ended");
        return false;
      }
      auto [sequence, bound] = std::move(work.front());
      work.pop_front();
      Outcome outcome = executor_.run(sequence, flags_);
      ++stats_.executions;
      corpus.add(sequence, outcome);
      edges_.insert(outcome.edges.begin(), outcome.edges.end());
      Expected<std::vector<ExprId>> ids = exprs_.import(outcome.symbolic);
      if (!ids) {
        ++stats_.importErrors;
        continue;
      }
      // The path condition of the whole execution; the decisions of the extending call and of
      // the observers after it (statement last + 1) in it. The state's path condition is the
      // statements' part: which path an observer took does not change the state.
      std::vector<ExprId> condition;
      std::vector<size_t> decisions;
      std::vector<uint64_t> signature;
      size_t statementsEnd = 0, callDecisions = 0;
      for (const BranchRecord &branch : outcome.symbolic.branches) {
        ExprId id = (*ids)[branch.condition];
        ExprId held = branch.taken ? id : exprs_.negate(id);
        if (exprs_.isConstant(held))
          continue;
        if (!branch.concretization && (branch.statement == last || branch.statement == last + 1)) {
          decisions.push_back(condition.size());
          signature.push_back(uint64_t{branch.site} << 1 | branch.taken);
        }
        condition.push_back(held);
        if (branch.statement <= last) {
          statementsEnd = condition.size();
          callDecisions = decisions.size();
        }
      }
      if (!paths.insert(signature).second)
        continue; // a model that took a known path (the solver's choice of free bytes)
      ++explored;
      ++stats_.paths;
      const SymbolicTrace &trace = outcome.symbolic;
      std::vector<uint64_t> callSignature(signature.begin(), signature.begin() + callDecisions);
      // Another path of the observers only: its state is one already reached by this call.
      bool newState = callPaths.insert(std::move(callSignature)).second;
      if (newState && outcome.failure.kind == FailureKind::None && trace.hasState) {
        SymbolicState reached;
        reached.shape = trace.stateShape;
        for (uint32_t slot : trace.stateSlots)
          reached.slots.push_back((*ids)[slot]);
        reached.pathCondition.assign(condition.begin(), condition.begin() + statementsEnd);
        std::sort(reached.pathCondition.begin(), reached.pathCondition.end());
        reached.pathCondition.erase(
            std::unique(reached.pathCondition.begin(), reached.pathCondition.end()),
            reached.pathCondition.end());
        if (subsumed(reached)) {
          ++pruned_;
        } else {
          byShape_[reached.shape].push_back(static_cast<int>(kept_.size()));
          kept_.push_back({sequence, std::move(reached)});
          kept.push_back(static_cast<int>(kept_.size()) - 1);
          if (kept_.size() >= space_.maxStates) {
            stop("--max-states " + std::to_string(space_.maxStates) + " reached");
            return false;
          }
        }
      }
      // Generational search: each later decision of the call negated, once per path.
      const ExprId readable = readableArguments(sequence, trace, *ids);
      for (size_t k = bound; k < decisions.size(); ++k) {
        std::vector<uint64_t> prefix(signature.begin(), signature.begin() + k + 1);
        prefix.back() ^= 1;
        if (!attempted.insert(std::move(prefix)).second)
          continue;
        Query query;
        query.constraints.assign(condition.begin(), condition.begin() + decisions[k]);
        query.goal = exprs_.negate(condition[decisions[k]]);
        SolverResult result;
        if (readable != exprs_.boolean(true)) {
          Query small = query;
          small.goal = exprs_.make(ExprKind::BoolAnd, 1, {query.goal, readable});
          result = solver_->solve(small);
        }
        if (result.validity != Validity::Sat)
          result = solver_->solve(query);
        if (result.validity == Validity::Sat)
          work.emplace_back(substituteInputs(sequence, trace, result.model), k + 1);
      }
    }
    return true;
  }

  /// Every integer argument the trace made symbolic within ±kReadable (unsigned: up to it):
  /// what a person would pick, asked for before any model will do.
  ExprId readableArguments(const Sequence &sequence, const SymbolicTrace &trace,
                           const std::vector<ExprId> &) {
    std::map<std::pair<int32_t, int32_t>, std::vector<uint32_t>> arguments;
    for (uint32_t i = 0; i < trace.inputs.size(); ++i)
      arguments[{trace.inputs[i].statement, trace.inputs[i].argument}].push_back(i);
    ExprId all = exprs_.boolean(true);
    for (const auto &[where, bytes] : arguments) {
      auto [statement, argument] = where;
      if (statement < 0 || static_cast<size_t>(statement) >= sequence.size() || argument < 0 ||
          static_cast<size_t>(argument) >= sequence.statements[statement].args.size())
        continue;
      const Argument &arg = sequence.statements[statement].args[argument];
      const bool isSigned = arg.literal.kind == Value::Kind::Int;
      if (arg.kind != Argument::Kind::Literal ||
          (!isSigned && arg.literal.kind != Value::Kind::UInt) ||
          (bytes.size() != 2 && bytes.size() != 4 && bytes.size() != 8))
        continue;
      ExprId value = exprs_.inputByte(bytes.back());
      for (size_t k = bytes.size() - 1; k-- > 0;)
        value = exprs_.make(ExprKind::Concat, static_cast<uint16_t>(8 * (bytes.size() - k)),
                            {value, exprs_.inputByte(bytes[k])});
      const uint16_t width = static_cast<uint16_t>(8 * bytes.size());
      ExprId high = exprs_.constant(kReadable, width);
      all = exprs_.make(
          ExprKind::BoolAnd, 1,
          {all, exprs_.make(isSigned ? ExprKind::Sle : ExprKind::Ule, 1, {value, high})});
      if (isSigned)
        all = exprs_.make(
            ExprKind::BoolAnd, 1,
            {all,
             exprs_.make(ExprKind::Sge, 1,
                         {value, exprs_.constant(static_cast<uint64_t>(-kReadable) &
                                                     (width == 64 ? ~0ull : (1ull << width) - 1),
                                                 width)})});
    }
    return all;
  }

  bool subsumed(const SymbolicState &state) {
    if (!options_.subsumption)
      return false;
    auto found = byShape_.find(state.shape);
    if (found == byShape_.end())
      return false;
    for (int index : found->second)
      if (checker_->subsumes(kept_[index].symbolic, state))
        return true;
    return false;
  }

  SymbolicStateOptions options_; ///< its `space` is StateSpaceExploration::space_
  ExprPool exprs_;
  mutable SymbolicStateStats stats_;
  std::unique_ptr<Solver> solver_;
  SolverStats quantifiedStats_;
  std::unique_ptr<Solver> quantified_;
  std::unique_ptr<SubsumptionChecker> checker_;
  RunFlags flags_;
  std::vector<KeptState> kept_;
  std::unordered_map<uint64_t, std::vector<int>> byShape_;
};

} // namespace

std::unique_ptr<SymbolicStateStrategy>
makeSymbolicStateStrategy(const ClassModel &model, Executor &executor, StateMethods methods,
                          const SymbolicStateOptions &options) {
  return std::make_unique<SymbolicStateImpl>(model, executor, std::move(methods), options);
}

} // namespace unitgen
