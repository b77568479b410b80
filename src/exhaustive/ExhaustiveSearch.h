// ExhaustiveSearch: runs the exhaustive driver on a finitization and reads back the valid heaps.
#pragma once

#include "exhaustive/Finitization.h"
#include "model/Error.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace unitgen {

struct ExhaustiveResult {
  unsigned long long valid = 0;
  unsigned long long explored = 0; ///< candidates the invariant ran on
  /// The driver's units of work (invariant runs and heaps written): a clock that reads the
  /// same on every run of the same search (Finitization::workLimit).
  unsigned long long work = 0;
  double seconds = 0;  ///< the search alone, as the driver measured it
  std::string stopped; ///< why it ended early; empty when it finished
  /// Each valid heap as the index of every field's value in its domain, in the order of
  /// Finitization::fields (empty with countOnly, and with a sink, which saw them instead).
  std::vector<std::vector<uint32_t>> structures;
  unsigned long long streamed = 0; ///< with a sink: the heaps it saw
};

/// Sees each valid heap as the driver finds it; false when it has seen enough: the search stops,
/// and the heaps it found after this one are not kept.
using HeapSink = std::function<bool(const std::vector<uint32_t> &)>;

/// Runs `driverPath` (BuildKind::Exhaustive) on `finitization`. The search stops itself after
/// `budgetSeconds` (0: no limit) with the counts so far. A driver that crashes or exits with
/// an error (an invariant that dereferences a field it did not check) is an error that says so.
/// With `sink`, the heaps are read while the driver runs and each goes to the sink in order.
Expected<ExhaustiveResult> runExhaustiveSearch(const std::string &driverPath,
                                               const Finitization &finitization,
                                               double budgetSeconds, bool countOnly,
                                               const HeapSink &sink = nullptr);

} // namespace unitgen
