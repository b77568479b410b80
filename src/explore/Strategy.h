// Strategy: the interface every exploration strategy implements, and the budget it runs under.
#pragma once

#include "suite/Corpus.h"

#include <chrono>
#include <cstdint>
#include <functional>

namespace unitgen {

class Executor;

/// A wall-clock budget, an execution budget, or both (whichever ends first). With only an
/// execution budget a run is repeatable: the same seed gives the same sequences.
struct Budget {
  double seconds = 0;         ///< 0: no time limit
  uint64_t maxExecutions = 0; ///< 0: no execution limit
};

/// Live statistics for the progress line.
struct Progress {
  const char *phase = "random"; ///< the strategy reporting
  double elapsed = 0;
  uint64_t executions = 0;
  size_t goals = 0;
  size_t edges = 0;
  size_t failures = 0;
  size_t poolSize = 0;  ///< random: sequences kept for extension; concolic: shapes explored
  uint64_t queries = 0; ///< concolic: solver queries
};
using ProgressFn = std::function<void(const Progress &)>;

class Strategy {
public:
  virtual ~Strategy() = default;
  /// Explores until the budget ends, adding what it finds to `corpus`.
  virtual void run(const Budget &budget, Corpus &corpus) = 0;
};

/// Tracks a Budget against the clock and an execution count.
class BudgetClock {
public:
  explicit BudgetClock(const Budget &budget)
      : budget_(budget), start_(std::chrono::steady_clock::now()) {}
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool exhausted(uint64_t executions) const {
    if (budget_.maxExecutions && executions >= budget_.maxExecutions)
      return true;
    return budget_.seconds > 0 && elapsed() >= budget_.seconds;
  }

private:
  Budget budget_;
  std::chrono::steady_clock::time_point start_;
};

} // namespace unitgen
