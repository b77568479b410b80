// NumberConstraints: the numbers of a candidate heap as variables over small ranges, and a
// backtracking search for the values that satisfy the branch conditions an execution recorded.
#pragma once

#include "symbolic/SymExprArena.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace unitgen_rt {
namespace korat {

class NumberConstraints {
public:
  /// Forgets the variables and conditions; the conditions to come are nodes of `arena`.
  void reset(const sym::ExprArena &arena);
  /// A variable of `bytes` little-endian bytes holding `low + index`, index 0..size-1, whose
  /// bytes are the symbolic inputs firstInput.. (or none, firstInput < 0). Variables are
  /// assigned in the order they are added.
  void addVariable(long long low, uint32_t size, unsigned bytes, long long firstInput);
  /// `condition` must evaluate to `holds`; conditions are numbered 0, 1, ... as they come.
  /// False when it cannot be evaluated here: a floating-point node, or an input byte of no
  /// variable.
  bool require(sym::Handle condition, bool holds);
  /// Calls `visit` with each assignment (an index per variable, in order) that satisfies the
  /// first `active` conditions — the last of them negated with `negateLast` — until it returns
  /// false; the number of calls. Each variable tries its smallest index first, or with
  /// `preferred` (an index per variable) that one, then those above it.
  uint64_t search(const std::function<bool(const std::vector<uint32_t> &)> &visit,
                  const std::vector<uint32_t> *preferred = nullptr, uint32_t active = ~0u,
                  bool negateLast = false);

private:
  struct Variable {
    long long low;
    uint32_t size;
    unsigned bytes;
    long long firstInput;
  };
  struct Condition {
    sym::Handle node;
    bool holds;
    uint32_t ordinal;
  };
  /// A condition `variable OP other`, `other` over earlier variables only: it narrows the
  /// variable's range before any value is tried.
  struct Bound {
    sym::Kind op;          ///< Equal, Distinct, Slt, Sle, Sgt or Sge, the variable on the left
    sym::Handle other;     ///< the side without the variable
    uint16_t width;        ///< of the comparison
    bool signedCompare;    ///< the other side read as a signed number
    int32_t otherVariable; ///< the other side is this variable's number (-1: evaluate it)
    uint32_t ordinal;
  };
  uint64_t evaluate(sym::Handle h);
  int32_t lastVariableOf(sym::Handle h);
  int32_t linkRoot(int32_t variable);
  /// Sets the variable at `position` (every later one will be set again before it is read).
  void assign(size_t position, uint32_t index);
  void grow();
  /// With a negated condition and a preferred assignment, frees the variables it is linked to.
  void chooseFreeVariables();
  bool holdAt(size_t variable);
  /// The bound `condition == holds` puts on `variable`, when it has that form.
  bool asBound(sym::Handle condition, bool holds, int32_t variable, Bound &bound) const;
  /// Whether a comparison (unsigned or not) of the variable's bits, extended so, compares the
  /// numbers its range holds: the range fits its bytes the way the comparison reads them.
  bool readsAsNumber(int32_t variable, sym::Kind extension, bool isUnsigned) const;
  /// Whether `h` is exactly variable `variable`'s bytes (possibly extended); how it extends.
  bool isVariable(sym::Handle h, int32_t variable, sym::Kind &extension) const;
  /// Narrows the range of the variable at `position` by its bounds; false when it is empty.
  bool enter(size_t position);
  /// Moves the variable at `position` to its first value from the current one that is in its
  /// range and meets its other conditions; false when there is none.
  bool settle(size_t position);

  const sym::ExprArena *arena_ = nullptr;
  std::vector<Variable> variables_;
  std::vector<int32_t> inputVariable_;            ///< per input byte: its variable, -1 for none
  std::vector<uint8_t> inputByte_;                ///< per input byte: which byte of it
  std::vector<Condition> constant_;               ///< conditions over no variable
  std::vector<std::vector<Condition>> checkedAt_; ///< per variable: conditions it completes
  std::vector<std::vector<Bound>> bounds_;        ///< per variable: the bounds it completes
  std::vector<uint32_t> index_;                   ///< the assignment being built
  /// Per variable: the indices its bounds allow (first .. first + span - 1), tried from
  /// `start` on, wrapping around; `step` counts those tried.
  struct Range {
    uint32_t first = 0, span = 0, start = 0, step = 0;
  };
  std::vector<Range> ranges_;
  const std::vector<uint32_t> *preferred_ = nullptr;
  /// Per condition c: the variables it reads are conditionVariables_[variablesFrom_[c] ..
  /// variablesFrom_[c + 1]) (flat, so a run's conditions cost no allocation each).
  std::vector<int32_t> conditionVariables_;
  std::vector<uint32_t> variablesFrom_;
  std::vector<int32_t> linkedTo_; ///< per variable: union-find parent, for chooseFreeVariables
  std::vector<uint8_t> free_;     ///< per variable: the search moves it (else it keeps preferred)
  uint32_t conditions_ = 0;       ///< required so far
  uint32_t active_ = 0;           ///< the search: conditions below this ordinal count
  uint32_t negated_ = ~0u;        ///< the search: this one's negation counts instead
  std::vector<std::vector<uint32_t>> excluded_; ///< per variable: indices a Distinct rules out
  std::vector<uint64_t> stamp_;      ///< per node: the last walk of `require` that visited it
  std::vector<sym::Handle> pending_; ///< the walk of `require`, kept to reuse its storage
  uint64_t epoch_ = 0;
  // Evaluation: a node's value is kept with the tick it was computed at; it is valid while no
  // variable at or before the last one it depends on changed since.
  std::vector<uint64_t> cache_, computedAt_;
  std::vector<int32_t> dependsOn_;     ///< per node: its last variable (-1: none)
  std::vector<uint64_t> dependsKnown_; ///< per node: the reset dependsOn_ was computed after
  std::vector<uint64_t> changedUpTo_;  ///< per variable: the last change of it or one before
  uint64_t tick_ = 0, baseline_ = 0, structure_ = 0;
};

} // namespace korat
} // namespace unitgen_rt
