// SolverChain: builds the decorator chain from SolverOptions, outermost layer last.
#include "solver/SolverChain.h"

namespace unitgen {

std::unique_ptr<Solver> createSolverChain(const SolverOptions &options, const ExprPool &pool,
                                          SolverStats &stats) {
  std::unique_ptr<Solver> solver =
      createZ3Solver(pool, stats, options.timeoutMs, options.floatingPoint);
  if (options.orders)
    solver = createOrderSolver(std::move(solver), pool, stats);
  // The cache sits below slicing: sliced queries are smaller and repeat more often.
  if (options.caching)
    solver = createCounterexampleCacheSolver(std::move(solver), pool, stats);
  if (options.independence)
    solver = createIndependenceSolver(std::move(solver), pool, stats);
  return createStatsSolver(std::move(solver), stats);
}

} // namespace unitgen
