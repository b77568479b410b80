// Goals: what a test can cover (edge, repeated edge, boundary, operand order, exception kind at a
// call, output and input class, state change, retrieved value, failure), as keys.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

enum class GoalKind : uint8_t {
  Edge = 1,
  Throws = 2,
  Returns = 3,
  Failure = 4,
  Changes = 5,
  EdgeRepeated = 6, ///< an edge ran at least 2^k times in one test (k = 1..kMaxRepeatLevel)
  /// some edge ran at least 2^k times in one test (k = kMinBusyLevel..7): a stress test
  Busy = 7,
  /// a relational comparison of the code under test saw equal operands (`x < 10` at x == 10):
  /// boundary value analysis, the tests that tell `<` from `<=`
  Boundary = 8,
  /// a call returned a value that an earlier call stored (passed as an argument), after 2^k - 1
  /// or more state changes in between, from the same or another object: the tests whose
  /// assertions check what copying, growing and rebalancing did to the stored values
  Retrieves = 9,
  /// a call ran with an argument of a class (negative/zero/positive, empty/non-empty, false/true,
  /// absent): input coverage
  Input = 10,
  /// a comparison of numbers saw its left operand smaller, or larger, than its right (`i == n`
  /// at i > n): weak mutation of the operator, the tests that tell `==` from `>=` and `<` from
  /// `!=`; or, of integers, one below or one above it (`x <= 0` at x == 1: boundary value
  /// analysis's off-points, which tell `x <= 0` from `x <= 1`). A payload as Boundary's
  /// (runtime/driver/BoundaryOrder.h)
  Order = 11,
  /// a call ran with an object argument whose observers read a class (`a = b` with b.isFull()
  /// true): input coverage of object arguments by their abstract state, known from the
  /// observers at the end when nothing changed the argument after the call
  ArgumentState = 12,
  /// a call called a function the test passed (a deleter, a visitor): per call and callback
  /// parameter
  CallsBack = 13,
};

/// Highest level of a Retrieves goal: a value read back after 8 or more state changes.
constexpr int kMaxRetrieveLevel = 4;

/// Highest hit-count level that is a goal: an edge run 32 times in one test. Loops over
/// containers this size reach growth, rebalancing and copying paths that short tests skip.
constexpr int kMaxRepeatLevel = 5;
/// Exploration chases every edge's levels to reach deep states; a suite keeping one test per
/// edge and level would be long to read, so the suite keeps Busy goals instead: a few tests
/// that drive the class hardest (largest contents, longest loops) and check what they built.
constexpr int kMinBusyLevel = 3;

/// A goal key: the kind in the top byte, a kind-specific payload below.
using Goal = uint64_t;

inline GoalKind goalKind(Goal goal) { return static_cast<GoalKind>(goal >> 56); }
/// The hit-count level of an EdgeRepeated goal.
inline int repeatLevel(Goal goal) { return static_cast<int>(goal & 0xff); }

/// An Input or ArgumentState goal's callable, parameter (its index) and class: of an Input goal
/// the argument's (0 false, 1 true, 2 negative, 3 zero, 4 positive, 5 empty string, 6 non-empty
/// string, 7 NaN, 8 absent; for an object beside a receiver: 9 made before the receiver, 10 made
/// after it, 11 the receiver itself, 12 and 13 as 9 and 10 for an object that calls changed
/// after it was made), of an ArgumentState goal its observer's reading (0–8 as above, or
/// kThrewClass).
inline size_t inputCallable(Goal goal) {
  return (goalKind(goal) == GoalKind::ArgumentState ? goal >> 32 : goal >> 16) & 0xfffff;
}
inline size_t inputParameter(Goal goal) {
  return (goalKind(goal) == GoalKind::ArgumentState ? goal >> 24 : goal >> 8) & 0xff;
}
inline int inputClass(Goal goal) { return static_cast<int>(goal & 0xff); }
/// The class of an ArgumentState goal whose observer threw.
constexpr int kThrewClass = 0xff;
/// An ArgumentState goal's observer (a callable).
inline size_t argumentObserver(Goal goal) { return (goal >> 8) & 0xffff; }
/// The name of an Input or ArgumentState goal's parameter as declared; empty when the
/// declaration has none.
std::string inputParameterName(const ClassModel &model, Goal goal);

/// Every goal the outcome of `sequence` covers. Failure goals appear only for failing outcomes.
std::vector<Goal> goalsOf(const ClassModel &model, const Sequence &sequence,
                          const Outcome &outcome);

/// Human-readable description for reports: `edge 17`, `put(int, int) throws std::out_of_range`.
std::string describeGoal(const ClassModel &model, const Sequence &sequence, const Outcome &outcome,
                         Goal goal);

} // namespace unitgen
