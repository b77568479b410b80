// StateSpace: what the state-space strategies (concrete-state, symbolic-state) share — their
// options, the methods they extend states with, the argument pool, and one row per iteration.
#pragma once

#include "explore/Strategy.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

namespace unitgen {

/// One iteration of a breadth-first state-space exploration: the states reached by `n` calls
/// after the constructor.
struct IterationRow {
  int n = 0;
  double seconds = 0;      ///< since the exploration started
  size_t states = 0;       ///< states kept so far (constructors' included)
  size_t pruned = 0;       ///< runs whose state was already kept (or subsumed), so far
  double edgeCoverage = 0; ///< share of the code under test's coverage edges covered so far
};

struct StateSpaceOptions {
  int maxIterations = 8;            ///< N: calls after the constructor (--max-length)
  std::vector<std::string> methods; ///< --methods: names to call; empty: every mutator
  std::vector<int64_t> args;        ///< --args; empty: 1..maxIterations
  size_t maxStates = 1000000;       ///< --max-states: stop once this many are kept
  size_t maxMemoryMb = 4096;        ///< --max-memory: stop once the engine uses more
  std::function<void(const IterationRow &)> onIteration;
  /// Why the exploration ended before maxIterations (a bound, the budget); empty otherwise.
  std::function<void(const std::string &)> onStop;
};

/// The callables a state-space exploration runs: constructors of the target class that make
/// the initial states, and methods that extend states.
struct StateMethods {
  std::vector<int> constructors;
  std::vector<int> methods;
};

/// By default every supported public method of the target class except observers and the
/// invariant (the test asserts those at the end); `names` restricts methods and constructors
/// (a constructor is named by its class's unqualified name). Each parameter must take values
/// from the pool (integers, bools, enums, floats). Errors name what cannot be used and why.
Expected<StateMethods> selectStateMethods(const ClassModel &model,
                                          const std::vector<std::string> &names);

/// Every argument list for `callable` from the pool (the cartesian product over parameters):
/// integers and floats take the pool's values, bools false and true, enums their enumerators.
std::vector<std::vector<Argument>> argumentTuples(const Callable &callable,
                                                  const std::vector<int64_t> &pool);

/// The pool: `options.args`, or 1..N as in the Rostra and Symstra experiments.
std::vector<int64_t> argumentPool(const StateSpaceOptions &options);

/// Resident memory of this process in MB (0 when it cannot be read).
size_t residentMemoryMb();

/// What a state-space strategy reports as it goes: a row per finished iteration and why it
/// stopped early, to its stats and to the options' callbacks.
class IterationLog {
public:
  explicit IterationLog(const StateSpaceOptions &options) : options_(options) {}
  /// Records iteration `n`: `edges` covered of `totalEdges`.
  void finish(int n, double seconds, size_t states, size_t pruned, size_t edges,
              uint32_t totalEdges);
  void stop(const std::string &reason);
  /// True, and stopped with the reason, once resident memory exceeds --max-memory.
  bool overMemory();
  const std::vector<IterationRow> &rows() const { return rows_; }
  const std::string &stopReason() const { return stopReason_; }

private:
  const StateSpaceOptions &options_;
  std::vector<IterationRow> rows_;
  std::string stopReason_;
};

/// What both state-space strategies share besides their states: the model, the driver, the
/// methods, the settings, the argument pool, the edges seen, the runs pruned and the iteration
/// log.
class StateSpaceExploration {
protected:
  StateSpaceExploration(const ClassModel &model, Executor &executor, StateMethods methods,
                        StateSpaceOptions space)
      : model_(model), executor_(executor), methods_(std::move(methods)), space_(std::move(space)),
        pool_(argumentPool(space_)), log_(space_) {}

  /// Records iteration `n`, with `states` kept so far.
  void finishIteration(int n, const BudgetClock &clock, size_t states);
  void stop(const std::string &reason) { log_.stop(reason); }

  const ClassModel &model_;
  Executor &executor_;
  StateMethods methods_;
  StateSpaceOptions space_;
  std::vector<int64_t> pool_;
  std::unordered_set<uint32_t> edges_;
  size_t pruned_ = 0;
  IterationLog log_; ///< reads space_
};

} // namespace unitgen
