// SharingProbe: decides which node classes the bounded-exhaustive search may treat as
// tree-shaped (no object referenced twice), from a full search at a small scope.
#pragma once

#include "explore/Finitization.h"
#include "model/Error.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace unitgen {

/// The classes some heap of `heaps` references an object of twice: by two reference fields of
/// objects the receiver reaches, or (the receiver's class) by any such field at all.
std::set<int> sharedClasses(const Finitization &finitization,
                            const std::vector<std::vector<uint32_t>> &heaps);

/// The scope the probe searches at; a search at this scope or below is not worth probing.
constexpr int kSharingProbeScope = 4;

/// Sets `finitization.unshared` for the node classes the file did not declare: when `scope`
/// exceeds kSharingProbeScope, searches every heap at that scope (`probeOptions` are the
/// search's, the scope lowered) and treats as tree-shaped the classes no valid heap shares.
/// Why it matters: an invariant that finds sharing only after walking the rest of the heap makes
/// Korat enumerate that rest for every shared reference. Returns the note to print (empty when
/// nothing was decided).
Expected<std::string> decideSharing(const std::string &driverPath, const ClassModel &model,
                                    FinitizationOptions probeOptions, double budgetSeconds,
                                    Finitization &finitization);

} // namespace unitgen
