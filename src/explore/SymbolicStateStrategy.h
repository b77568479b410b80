// SymbolicStateStrategy: Symstra — breadth-first over symbolic receiver states. Each method runs
// with symbolic arguments from every kept state; all feasible paths of that call are explored
// (concolic reruns of prefix + call); each path is a new symbolic state, kept unless an explored
// state subsumes it.
#pragma once

#include "explore/StateSpace.h"
#include "explore/Subsumption.h"
#include "solver/SolverStats.h"

#include <memory>

namespace unitgen {

class Executor;

struct SymbolicStateStats {
  std::vector<IterationRow> rows;
  std::string stopReason; ///< empty when all iterations ran
  uint64_t executions = 0;
  uint64_t paths = 0;        ///< distinct paths of the extending calls
  uint64_t unexplored = 0;   ///< alternatives left when a call had more than the cap
  uint64_t importErrors = 0; ///< traces the engine could not read (runtime bugs)
  SubsumptionStats subsumption;
  SolverStats solver;
};

struct SymbolicStateOptions {
  StateSpaceOptions space;
  /// Paths explored per (state, method): a loop over the state's contents has one per length.
  size_t maxPathsPerCall = 64;
  unsigned solverTimeoutMs = 1000;
  bool subsumption = true; ///< off: every new path's state is kept (the ablation of the tests)
};

class SymbolicStateStrategy : public Strategy {
public:
  virtual const SymbolicStateStats &stats() const = 0;
};

/// `methods` from selectStateMethods. The executor must be a concolic driver.
std::unique_ptr<SymbolicStateStrategy>
makeSymbolicStateStrategy(const ClassModel &model, Executor &executor, StateMethods methods,
                          const SymbolicStateOptions &options);

} // namespace unitgen
