// BuilderCalls: the methods under test called on each heap of a suite, in the exhaustive
// driver (src/runtime/KoratSearch.h, replay), with what each call returned or how it failed.
#pragma once

#include "explore/Finitization.h"
#include "model/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

/// A method (its index in harness/ExhaustiveDriverGenerator.h's replayableMethods) and the
/// arguments it is called with (`low..high`; 0..0 without a parameter).
struct CallPlan {
  int method = 0;
  long long low = 0, high = 0;
};

struct HeapCallOutcome {
  enum class Kind { Returned, Void, Threw, Crashed, Hung };
  size_t heap = 0, plan = 0;
  long long argument = 0;
  Kind kind = Kind::Void;
  long long value = 0;         ///< Returned: the result
  bool invariantHolds = false; ///< after the call (Returned, Void, Threw)
  int signal = 0;              ///< Crashed
  bool failed() const { return kind == Kind::Crashed || kind == Kind::Hung || !invariantHolds; }
};

/// Every plan's calls on every heap, each on a fresh copy of the heap in a child process.
Expected<std::vector<HeapCallOutcome>> callOnHeaps(const std::string &driverPath,
                                                   const Finitization &finitization,
                                                   const std::vector<std::vector<uint32_t>> &heaps,
                                                   const std::vector<CallPlan> &plans,
                                                   double callTimeoutSeconds);

} // namespace unitgen
