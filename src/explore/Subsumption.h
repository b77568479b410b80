// Subsumption: Symstra's check that an explored symbolic state covers a new one — the same heap
// shape, and the new path condition implies the explored one under the correspondence of their
// symbolic field values.
#pragma once

#include "solver/Solver.h"

#include <cstdint>
#include <map>
#include <vector>

namespace unitgen {

/// A symbolic receiver state: its canonical shape (concrete fields by value, symbolic ones as
/// placeholders), the expressions of the symbolic fields in walk order, and the path condition
/// of the execution that reached it — all over that execution's input bytes.
struct SymbolicState {
  uint64_t shape = 0;
  std::vector<ExprId> slots;
  std::vector<ExprId> pathCondition;
};

struct SubsumptionStats {
  uint64_t checks = 0;       ///< pairs with the same shape compared
  uint64_t syntactic = 0;    ///< subsumed because every mapped clause is one of the new state's
  uint64_t bySolver = 0;     ///< subsumed because the solver found the negation unsatisfiable
  uint64_t byOrders = 0;     ///< subsumed by order constraints, the other inputs eliminated
  uint64_t notVariables = 0; ///< not decided: a field of the explored state is no plain input
  uint64_t refuted = 0;      ///< not subsumed: the solver found a counterexample
  uint64_t undecided = 0;    ///< not subsumed: the solver answered unknown or timed out
};

class SubsumptionChecker {
public:
  /// `solver` answers the quantifier-free checks (a chain); `quantified` (Z3 itself) those
  /// whose explored condition reads inputs no field maps.
  SubsumptionChecker(ExprPool &pool, Solver &solver, Solver &quantified)
      : pool_(pool), solver_(solver), quantified_(quantified) {}

  /// True when every concrete state `fresh` stands for is one `explored` stands for: same
  /// shape, each symbolic field of `explored` a plain input variable (an argument's bytes), and
  /// PC(fresh) ∧ ¬∃z. PC(explored)[σ] unsatisfiable, σ mapping those variables to `fresh`'s
  /// field values and z the other inputs of `explored` (a value it compared and dropped, as an
  /// extracted minimum): Symstra's projection of the path condition onto the fields. Anything
  /// the check cannot decide counts as not subsumed.
  bool subsumes(const SymbolicState &explored, const SymbolicState &fresh);

  const SubsumptionStats &stats() const { return stats_; }

private:
  /// The input bytes `value` is exactly (least significant first), or empty when it is not a
  /// plain variable: an argument's bytes concatenated in order. Cached.
  const std::vector<uint32_t> &variableBytes(ExprId value);
  ExprId substitute(ExprId id, const std::map<uint32_t, ExprId> &bytes,
                    std::map<ExprId, ExprId> &memo);

  ExprPool &pool_;
  Solver &solver_;
  Solver &quantified_;
  std::map<ExprId, std::vector<uint32_t>> variables_;
  SubsumptionStats stats_;
};

} // namespace unitgen
