// Corpus bookkeeping: best sequence per goal (one that passed, then shortest, then earliest)
// and seen states.
#include "suite/Corpus.h"

namespace unitgen {

Corpus::AddResult Corpus::add(const Sequence &sequence, const Outcome &outcome) {
  AddResult result;
  if (outcome.illegalCall >= 0)
    return result; // a call outside its precondition: no behaviour to keep
  ++order_;
  for (const ObjectState &state : outcome.finalStates) {
    // The producing callable distinguishes types whose states could hash alike.
    uint64_t key =
        state.hash * 31 + static_cast<uint64_t>(sequence.statements[state.variable].callable);
    result.newStates += states_.insert(key).second;
  }
  std::vector<Goal> goals = goalsOf(model_, sequence, outcome);
  std::vector<Goal> won;
  const bool passed = outcome.failure.kind == FailureKind::None;
  for (Goal goal : goals) {
    auto it = best_.find(goal);
    const bool heldByARunThatPassed =
        it != best_.end() && entries_[it->second].outcome.failure.kind == FailureKind::None;
    if (it != best_.end() && goalKind(goal) != GoalKind::Failure &&
        passed != heldByARunThatPassed) {
      // A goal a failing run holds is in no regression test: a run that passed takes it,
      // however long, and a failing run never takes one from a run that passed.
      if (passed) {
        ++result.improvedGoals;
        won.push_back(goal);
      }
    } else if (it == best_.end()) {
      // An argument class is what the run was given, not what it reached: it selects tests
      // but is no feedback (strategies would grow strings from every first empty one).
      result.newGoals +=
          goalKind(goal) != GoalKind::Input && goalKind(goal) != GoalKind::ArgumentState;
      result.newEdges += goalKind(goal) == GoalKind::Edge;
      won.push_back(goal);
    } else if (entries_[it->second].sequence.size() > sequence.size()) {
      ++result.improvedGoals;
      won.push_back(goal);
    }
  }
  if (observer_)
    observer_->recorded(sequence, outcome, !won.empty());
  if (won.empty())
    return result;
  size_t index = entries_.size();
  entries_.push_back({sequence, outcome, goals, order_});
  for (Goal goal : won)
    best_[goal] = index;
  return result;
}

size_t Corpus::failureCount() const {
  size_t count = 0;
  for (const auto &[goal, index] : best_)
    count += goalKind(goal) == GoalKind::Failure;
  return count;
}

size_t Corpus::edgeCount() const {
  size_t count = 0;
  for (const auto &[goal, index] : best_)
    count += goalKind(goal) == GoalKind::Edge;
  return count;
}

} // namespace unitgen
