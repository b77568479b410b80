// SolverChain: the solver options and the one function that stacks the layers into a chain.
#pragma once

#include "solver/Solver.h"
#include "solver/SolverStats.h"

#include <memory>

namespace unitgen {

/// Plain options, copied from the command line by the caller (the solver never reads flags).
struct SolverOptions {
  /// Per-query Z3 time limit; a query that reaches it is answered Timeout. 0 = no limit.
  unsigned timeoutMs = 1000;
  /// Constraint independence slicing.
  bool independence = true;
  /// The counterexample cache.
  bool caching = true;
  /// Order comparisons of input words decided without Z3 (createOrderSolver).
  bool orders = true;
  /// Floats as IEEE floating point in Z3. Off: the runtime concretizes floats, and a query that
  /// still holds a Float* kind is answered Unknown (counted as `unsupported`).
  bool floatingPoint = false;
};

/// stats ← independence → counterexample cache → orders → Z3, each layer optional but the first and
/// last. `pool` and `stats` must outlive the chain. Not thread-safe: one chain per thread.
std::unique_ptr<Solver> createSolverChain(const SolverOptions &options, const ExprPool &pool,
                                          SolverStats &stats);

} // namespace unitgen
