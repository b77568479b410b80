// ArgumentRepair: a regression test whose sanitized replay fails in a call that only sets it up
// (`NewBloomFilterPolicy(-2)`, a float conversion out of range, before the calls that cover what
// the test is for), made with a plain argument instead, so that the goals it covers stay in the
// suite while the failure goes to the failures file.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"
#include "suite/Goals.h"

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

namespace unitgen {

class Executor;

/// `sequence` with one literal argument of its statement `statement` replaced by a plain value
/// of its kind (1, 10, 0, 2, 100; 1.0, 0.5, 10.0; "a", "abc", ""; the other bool), the first
/// that keeps every goal of `owned` on `exploration` without a failure and replays cleanly on
/// `replay` (the sanitizer build); with that replay's outcome. None after `maxRuns` runs.
std::optional<std::pair<Sequence, Outcome>>
repairArguments(const ClassModel &model, const Sequence &sequence, const std::vector<Goal> &owned,
                int statement, Executor &exploration, Executor &replay, size_t maxRuns = 24);

} // namespace unitgen
