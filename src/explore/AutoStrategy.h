// AutoStrategy: random generation first, then concolic execution on what random left uncovered,
// both adding to one corpus (`--strategy auto`, the default).
#pragma once

#include "explore/ConcolicStrategy.h"
#include "explore/RandomStrategy.h"

#include <functional>
#include <optional>

namespace unitgen {

struct AutoOptions {
  RandomOptions random;
  ConcolicOptions concolic;
  /// Random's share of the budget at most (time or executions); it stops earlier when it
  /// stalls (RandomOptions::stallExecutions, stallRatio).
  double randomShare = 0.5;
};

/// Executions and, if the concolic phase ran, its statistics.
struct AutoStats {
  uint64_t randomExecutions = 0;
  uint64_t concolicExecutions = 0;
  double randomSeconds = 0;
  double concolicSeconds = 0;
  std::optional<ConcolicStats> concolic;
};

class AutoStrategy : public Strategy {
public:
  virtual AutoStats stats() const = 0;
};

/// Returns the concolic driver's executor when the random phase ends, or null when there is
/// none (its build failed): random then keeps the whole budget. Waiting for it (the driver may
/// still be building) is not charged to the budget, as builds are not.
using ConcolicExecutorFn = std::function<Executor *()>;

std::unique_ptr<AutoStrategy> makeAutoStrategy(const ClassModel &model, Executor &exploration,
                                               ConcolicExecutorFn concolic,
                                               const AutoOptions &options);

} // namespace unitgen
