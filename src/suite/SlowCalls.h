// SlowCalls: telling a call that is slow because of what it was asked from one that is stuck.
#pragma once

#include "model/Outcome.h"
#include "model/Sequence.h"

#include <functional>

namespace unitgen {

/// Whether the hang of call `statement` in `sequence` is work that grows with one of its integer
/// arguments, or one of an earlier call's (`StartBlock(2^60)` generating one filter per 2 KiB of
/// offset; `XMLPrinter printer(nullptr, false, 2147483646)` indenting that deep in a later
/// `OpenElement`): the same calls with
/// that argument scaled down return, taking clearly longer as it grows, and the time the largest
/// one that returned took, scaled linearly up to the argument given, is beyond `waitedSeconds`
/// (what the hang was already given). A loop that never ends for a scaled-down argument too, or
/// that should have ended within the wait by that measure (`i <= INT_MAX`), is still a hang.
/// `run` runs a sequence with the usual call time-out, `callTimeoutSeconds`.
bool hangGrowsWithArgument(const Sequence &sequence, int statement, double waitedSeconds,
                           double callTimeoutSeconds,
                           const std::function<Outcome(const Sequence &)> &run);

} // namespace unitgen
