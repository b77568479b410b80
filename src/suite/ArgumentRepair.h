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
#include <vector>

namespace unitgen {

class Executor;

struct RepairedTest {
  Sequence sequence;
  Outcome replayed;        ///< its clean replay on the sanitizer build
  std::vector<Goal> owned; ///< the goals of `owned` it keeps, sorted
};

/// `sequence` with one literal argument replaced by a plain value of its kind (1, 10, 0, 2, 100;
/// 1.0, 0.5, 10.0; "a", "abc", ""; the other bool), in the failing statement `statement` or,
/// after it, in an earlier one, the nearest first (and wherever the same callable is given the
/// same value there): the first that keeps every goal of `owned` on `exploration` without a
/// failure and replays cleanly on `replay` (the sanitizer build),
/// else the one of those that keeps most of them (a goal only the failing value reaches, the
/// clamp of a negative size, is lost with it). None when none keeps any, within `maxRuns` runs.
std::optional<RepairedTest> repairArguments(const ClassModel &model, const Sequence &sequence,
                                            const std::vector<Goal> &owned, int statement,
                                            Executor &exploration, Executor &replay,
                                            size_t maxRuns = 24);

} // namespace unitgen
