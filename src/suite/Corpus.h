// Corpus: one best sequence per goal (one that passed before one that failed, then the
// shortest), plus the canonical states seen so far.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "suite/Goals.h"
#include "suite/RejectedCalls.h"

#include <map>
#include <unordered_set>
#include <vector>

namespace unitgen {

struct CorpusEntry {
  Sequence sequence;
  Outcome outcome;
  std::vector<Goal> goals;
  uint64_t order = 0; ///< when it was found, for deterministic tie-breaking
};

/// Sees every run the strategies record, kept or not (suite/SanitizerWatch.h re-runs some).
class CorpusObserver {
public:
  virtual ~CorpusObserver() = default;
  /// `kept`: the corpus holds the run now, for a goal it covers first or with fewer statements.
  virtual void recorded(const Sequence &sequence, const Outcome &outcome, bool kept) = 0;
};

class Corpus {
public:
  explicit Corpus(const ClassModel &model) : model_(model) {}

  struct AddResult {
    size_t newGoals = 0;      ///< goals nobody covered before (argument classes not counted)
    size_t newEdges = 0;      ///< ... of them, edges of the code under test
    size_t improvedGoals = 0; ///< goals now covered by a shorter sequence, or by one that passed
    size_t newStates = 0;     ///< canonical object states not seen before
  };
  /// Records `sequence` for every goal it covers first or with fewer statements, and, when it
  /// passed, for every goal (but a failure's) that only failing runs covered so far: the
  /// suite's regression tests are chosen from the runs that passed.
  AddResult add(const Sequence &sequence, const Outcome &outcome);
  /// Tells `observer` of every run add() is given from now on (null: nobody).
  void observe(CorpusObserver *observer) { observer_ = observer; }
  /// Set-up calls the sanitizer watch saw fail, which the strategies no longer make.
  RejectedCalls &rejectedCalls() { return rejectedCalls_; }
  const RejectedCalls &rejectedCalls() const { return rejectedCalls_; }

  const std::vector<CorpusEntry> &entries() const { return entries_; }
  /// goal → index into entries() of its best sequence
  const std::map<Goal, size_t> &best() const { return best_; }
  size_t goalCount() const { return best_.size(); }
  size_t failureCount() const;
  size_t edgeCount() const;
  const ClassModel &model() const { return model_; }

private:
  const ClassModel &model_;
  std::vector<CorpusEntry> entries_;
  std::map<Goal, size_t> best_;
  std::unordered_set<uint64_t> states_;
  uint64_t order_ = 0;
  CorpusObserver *observer_ = nullptr;
  RejectedCalls rejectedCalls_;
};

} // namespace unitgen
