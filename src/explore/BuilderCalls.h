// BuilderCalls: the methods under test called on each heap of a suite, in the exhaustive
// driver (src/runtime/exhaustive/KoratSearch.h, replay), with what each call returned or how it failed.
#pragma once

#include "explore/Finitization.h"
#include "model/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// A method (its index in harness/ExhaustiveDriverGenerator.h's replayableMethods) and, per
/// parameter, the arguments it takes (`low..high`); every combination is called.
struct CallPlan {
  int method = 0;
  std::vector<std::pair<long long, long long>> ranges;
};

struct HeapCallOutcome {
  enum class Kind { Returned, Void, Threw, Crashed, Hung };
  size_t heap = 0, plan = 0;
  std::vector<long long> arguments;
  Kind kind = Kind::Void;
  long long value = 0;         ///< Returned: the result
  bool invariantHolds = false; ///< after the call (Returned, Void, Threw)
  int signal = 0;              ///< Crashed
  /// When the invariant held: per observer (callOnHeaps' `observers`, in order), what it
  /// returned after the call; nullopt where it threw; none from one that crashed or hung on.
  std::vector<std::optional<long long>> observed;
  bool failed() const { return kind == Kind::Crashed || kind == Kind::Hung || !invariantHolds; }
};

/// The driver's `call` lines for `plans` (src/runtime/exhaustive/KoratSearch.h).
std::string callLines(const std::vector<CallPlan> &plans);

/// Every plan's calls on every heap, each on a fresh copy of the heap in a child process, then,
/// in the same child when the invariant held, the observers.
Expected<std::vector<HeapCallOutcome>>
callOnHeaps(const std::string &driverPath, const Finitization &finitization,
            const std::vector<std::vector<uint32_t>> &heaps, const std::vector<CallPlan> &plans,
            const std::vector<int> &observers, double callTimeoutSeconds);

} // namespace unitgen
