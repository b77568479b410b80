// Goals: what a test can cover (edge, exception kind at a call, bool result, failure), as keys.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

enum class GoalKind : uint8_t { Edge = 1, Throws = 2, Returns = 3, Failure = 4, Changes = 5 };

/// A goal key: the kind in the top byte, a kind-specific payload below.
using Goal = uint64_t;

inline GoalKind goalKind(Goal goal) { return static_cast<GoalKind>(goal >> 56); }

/// Every goal the outcome of `sequence` covers. Failure goals appear only for failing outcomes.
std::vector<Goal> goalsOf(const ClassModel &model, const Sequence &sequence,
                          const Outcome &outcome);

/// Human-readable description for reports: `edge 17`, `put(int, int) throws std::out_of_range`.
std::string describeGoal(const ClassModel &model, const Sequence &sequence, const Outcome &outcome,
                         Goal goal);

} // namespace unitgen
