// AutoStrategy: random generation first, then concolic execution on what random left uncovered,
// in alternating phases that add to one corpus (`--strategy auto`, the default).
#pragma once

#include "explore/ConcolicStrategy.h"
#include "explore/RandomStrategy.h"

#include <functional>
#include <optional>

namespace unitgen {

struct AutoOptions {
  RandomOptions random;
  ConcolicOptions concolic;
  /// Random and concolic phases alternate this many times, random first. Each phase gets an
  /// equal share of what is left (time or executions); a random phase ends earlier when it
  /// stalls (RandomOptions::stallExecutions, stallSeconds), leaving more to the next ones.
  /// Both strategies keep their state between phases and take up what the other added to the
  /// corpus: random extends the sequences concolic solved, concolic flips the branches of
  /// those random found.
  int rounds = 2;
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
