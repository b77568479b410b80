// LegalSequences: public call sequences that reach the heaps of a bounded-exhaustive suite —
// a search in the exhaustive driver over a constructor call and the method calls after it, guided
// by the distance between canonical states, matched to the heaps by their (object, field, value)
// pairs.
#pragma once

#include "model/BoundedHeaps.h"
#include "exhaustive/FieldSemantics.h"
#include "exhaustive/Finitization.h"
#include "model/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// Per heap, a sequence of `plans`' calls (at most `maxLength`) after the constructor
/// (harness/ExhaustiveDriverGenerator.h's legalConstructor, with every combination of
/// `constructorRanges`, one per parameter) whose end state has the heap's pairs — the driver
/// extends first the state whose distance to the nearest heap not reached yet (the pairs apart)
/// plus its length is least, and stops once all are reached; nullopt for a heap none reaches (or
/// none reached when the search stopped after `budgetSeconds`, 0: no limit).
struct LegalSequences {
  std::vector<std::optional<LegalSequence>> perHeap;
  size_t sequencesRun = 0; ///< by the driver, each in a child process
};

Expected<LegalSequences>
findLegalSequences(const std::string &driverPath, const Finitization &finitization,
                   const std::vector<std::vector<uint32_t>> &heaps,
                   const std::vector<CallPlan> &plans,
                   const std::vector<std::pair<long long, long long>> &constructorRanges,
                   int maxLength, double callTimeoutSeconds, double budgetSeconds);

} // namespace unitgen
