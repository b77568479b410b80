// LegalSequences: public call sequences that reach the heaps of a bounded-exhaustive suite —
// a breadth-first search over calls from the constructor in the exhaustive driver, matched to
// the heaps by their (object, field, value) pairs.
#pragma once

#include "explore/BuilderCalls.h"
#include "explore/FieldSemantics.h"
#include "explore/Finitization.h"
#include "model/Error.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// A call of a sequence: the plan (CallPlan index) and its arguments.
using LegalStep = std::pair<int, std::vector<long long>>;

/// Per heap, the shortest sequence of `plans`' calls (at most `maxLength`) from the constructor
/// without arguments whose end state has the heap's pairs; nullopt for a heap none reaches (or
/// none reached when the search stopped after `budgetSeconds`, 0: no limit).
Expected<std::vector<std::optional<std::vector<LegalStep>>>>
findLegalSequences(const std::string &driverPath, const Finitization &finitization,
                   const std::vector<std::vector<uint32_t>> &heaps,
                   const std::vector<CallPlan> &plans, int maxLength, double callTimeoutSeconds,
                   double budgetSeconds);

} // namespace unitgen
