// SharingProbe: decides which node classes the bounded-exhaustive search may treat as
// tree-shaped (no object referenced twice), and which of the receiver's fields count its
// objects, from a full search at a small scope.
#pragma once

#include "exhaustive/Finitization.h"
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

/// When `scope` exceeds kSharingProbeScope, searches every heap at that scope (`probeOptions`
/// are the search's, the scope lowered), then:
/// - sets `finitization.unshared` for the node classes the file did not declare and no valid
///   heap shares. Why: an invariant that finds sharing only after walking the rest of the heap
///   makes Korat enumerate that rest for every shared reference.
/// - sets `finitization.countFields` (CountFields.h). Why: a search by number of objects
///   (smaller-first, interleaved) searches the smaller heaps again in each pass, and an
///   invariant that reads the size first, then walks, would search them once per size.
/// Returns the notes to print; the count fields' only with `byObjects` (the search goes by
/// number of objects: they do nothing in Korat's order).
Expected<std::vector<std::string>> probeSmallScope(const std::string &driverPath,
                                                   const ClassModel &model,
                                                   FinitizationOptions probeOptions,
                                                   double budgetSeconds, bool byObjects,
                                                   Finitization &finitization);

} // namespace unitgen
