// DriverGenerator: the driver translation unit for a ClassModel — one action per callable, heap
// walkers, invariant, observer and contract hooks — compiled against the runtime in src/runtime.
#pragma once

#include "model/ClassModel.h"

#include <string>

namespace unitgen {

/// C++ source of the driver for `model`. Deterministic: the same model gives the same text.
std::string generateDriverSource(const ClassModel &model);

/// A concolic driver in two translation units: `actions` (one function per callable, compiled
/// with the unitgen pass so that the calls they make hand symbolic arguments to the code under
/// test) and `main` (walkers, hooks, tables, main(); uninstrumented). Deterministic too.
struct ConcolicDriverSources {
  std::string main;
  std::string actions;
};
ConcolicDriverSources generateConcolicDriverSources(const ClassModel &model);

/// Index of `className` in model.classes (the type id the driver uses), or -1.
int typeIdOf(const ClassModel &model, const std::string &className);

} // namespace unitgen
