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
  /// `sequence` with a word of `vocabulary` appended to a string argument of its last
  /// statement, for each word and argument, each resulting text once. Once the input ends no
  /// comparison touches it (a parser checks a concrete end-of-input token), so nothing can
  /// ask for a clause that could follow; a run that reached something new grows this way.
  std::vector<Sequence> newAppends(const Sequence &sequence,
                                   const std::vector<std::string> &vocabulary);
  /// Splices left out because their result had been produced before.
  uint64_t repeats() const { return repeats_; }

private:
  /// Whether `text` as argument `argument` of statement `statement` is new (and now produced).
  bool fresh(const Sequence &sequence, size_t statement, size_t argument, const std::string &text);

  std::unordered_set<uint64_t> produced_;
  uint64_t repeats_ = 0;
};

} // namespace unitgen
