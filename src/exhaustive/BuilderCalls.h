// BuilderCalls: the methods under test called on each heap of a suite, in the exhaustive
// driver (src/runtime/exhaustive/KoratSearch.h, replay), with what each call returned or how it
// failed.
#pragma once

#include "model/BoundedHeaps.h"
#include "model/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// Every plan's calls on every heap, each on a fresh copy of the heap in a child process, then,
/// in the same child when the invariant held, the receiver's theories (when the driver has
/// --theories) and the observers. With theories, each heap as built is checked first; the calls
/// on a heap that broke one already report none (the heap's failure says it). A theory that
/// crashes or hangs is the theory's defect: an error, never a failure of the code.
Expected<HeapCalls> callOnHeaps(const std::string &driverPath, const Finitization &finitization,
                                const std::vector<std::vector<uint32_t>> &heaps,
                                const std::vector<CallPlan> &plans,
                                const std::vector<int> &observers, double callTimeoutSeconds);

} // namespace unitgen
