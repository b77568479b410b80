// Splices: new instances of a sequence with a text its string argument was compared with in
// place of the bytes compared (input-to-state), for comparisons of another length.
#pragma once

#include "model/Sequence.h"
#include "model/SymbolicTrace.h"

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace unitgen {

/// Turns a trace's splices into sequences to run, each resulting argument at most once.
///
/// Keyed by the spliced argument's new text (with its statement and argument), not by the
/// (old text, new text) pair: a parser needs the same substitution again in every context it
/// reaches — `u` → `users` in `select id from u` and later in `select id from u where age = 0`.
class SpliceFinder {
public:
  /// The trace's splices that give a string argument of `sequence` a text not produced before.
  std::vector<Sequence> newSplices(const Sequence &sequence, const SymbolicTrace &trace);
  /// Splices left out because their result had been produced before.
  uint64_t repeats() const { return repeats_; }

private:
  std::unordered_set<uint64_t> produced_;
  uint64_t repeats_ = 0;
};

} // namespace unitgen
