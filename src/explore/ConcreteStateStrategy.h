// ConcreteStateStrategy: breadth-first exploration of concrete receiver states (Rostra,
// Symstra's baseline): iteration N extends every state N-1 calls reached with every method and
// argument tuple from the pool, and keeps a state only if its canonical linearization is new.
#pragma once

#include "explore/StateSpace.h"

#include <memory>

namespace unitgen {

class Executor;

struct ConcreteStateStats {
  std::vector<IterationRow> rows;
  std::string stopReason; ///< empty when all iterations ran
  uint64_t executions = 0;
};

class ConcreteStateStrategy : public Strategy {
public:
  virtual const ConcreteStateStats &stats() const = 0;
};

/// `methods` from selectStateMethods. The executor must be an exploration (coverage) driver.
std::unique_ptr<ConcreteStateStrategy> makeConcreteStateStrategy(const ClassModel &model,
                                                                 Executor &executor,
                                                                 StateMethods methods,
                                                                 const StateSpaceOptions &options);

} // namespace unitgen
