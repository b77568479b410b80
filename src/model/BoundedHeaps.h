// BoundedHeaps: the value types of bounded-exhaustive generation that the search, the driver
// input and the emitter share — a finitization's domains and candidate fields, a heap's
// objects, the calls planned on heaps with their outcomes, and the legal sequences.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

struct FieldDomain {
  bool objects = false; ///< null and the objects of `targetClass`; else the numbers low..high
  long long low = 0, high = 0;
  int targetClass = -1;
  /// A pointer to numbers: null or array `block` (its `high < low`: no numbers). An array's
  /// element: the numbers low..high, and `block` is its array.
  int block = -1;
  size_t size(const std::vector<std::pair<int, int>> &objectCounts) const;
};

/// One field of one object of the candidate heap.
struct CandidateField {
  int object = 0;           ///< index among all objects (the receiver is 0); -1: an element
  int classIndex = 0;       ///< in ClassModel::classes
  int finitizableIndex = 0; ///< among the class's finitizable fields (the driver's numbering)
  std::string name;         ///< `BinarySearchTree::Node::value`, `HeapArray::array_[3]`
  FieldDomain domain;
  int index = 0;       ///< an element: its index in the array
  int countField = -1; ///< an element: the candidate field counting the elements in use
};

struct Finitization {
  std::vector<std::pair<int, int>> objects; ///< (class, count): the receiver's class first, 1
  std::vector<int> arrays;                  ///< the length of each array behind a pointer
  /// The candidate vector's order: the objects' fields, object by object, then the elements.
  std::vector<CandidateField> fields;
  /// Per node class, what the file's `sharing` declares (absent: undeclared).
  std::map<int, bool> declaredSharing;
  /// Node classes the search gives one reference per object at most (tree-shaped heaps):
  /// declared so, or found so by src/exhaustive/SharingProbe.h.
  std::vector<int> unshared;
  bool symbolicNumbers = true; ///< FinitizationOptions::symbolicNumbers
  /// Heaps of fewer objects first: the driver searches once per limit on the objects a pointer
  /// may take, at the cost of searching the smaller heaps again
  /// (src/runtime/exhaustive/CandidateHeap.h, CandidateHeap::enterNextPass); empty: one search in
  /// Korat's order. See orderHeaps.
  std::vector<int> objectLimits;
  bool interleavePasses = false; ///< the passes take turns (HeapOrder::Interleaved)
  /// The receiver's fields (by name) that count its objects, found so by
  /// src/exhaustive/CountFields.h: the search by number of objects holds each at that number.
  std::vector<std::string> countFields;
  /// The search stops after this many units of the driver's work (ExhaustiveResult::work);
  /// 0: no limit.
  unsigned long long workLimit = 0;
};

/// The objects of a finitization and where their fields sit in a candidate vector.
struct HeapObjects {
  explicit HeapObjects(const Finitization &finitization);
  std::vector<int> objectClass;                ///< per object
  std::vector<std::vector<int>> pools;         ///< per class: its objects, in order
  std::vector<std::vector<size_t>> fieldsOf;   ///< per object: its candidate fields
  std::vector<std::vector<size_t>> elementsOf; ///< per array: its elements' candidate fields
  /// The object a reference field's value index names (-1: null).
  int target(const FieldDomain &domain, uint32_t value) const {
    return value == 0 ? -1 : pools[domain.targetClass][value - 1];
  }
};

/// A method (its index in harness/ExhaustiveDriverGenerator.h's replayableMethods) and, per
/// parameter, the arguments it takes (`low..high`); every combination is called.
struct CallPlan {
  int method = 0;
  std::vector<std::pair<long long, long long>> ranges;
};

/// A theory of the user's (--theories) an object broke: its name and what it said; no name
/// when every theory held or none was checked.
struct TheoryViolation {
  std::string theory;
  std::string violation;
  bool broken() const { return !theory.empty(); }
};

struct HeapCallOutcome {
  enum class Kind { Returned, Void, Threw, Crashed, Hung };
  size_t heap = 0, plan = 0;
  std::vector<long long> arguments;
  Kind kind = Kind::Void;
  long long value = 0;         ///< Returned: the result
  bool invariantHolds = false; ///< after the call (Returned, Void, Threw)
  int signal = 0;              ///< Crashed
  /// When the invariant held: per observer (callOnHeaps' `observers`, in order), what it
  /// returned after the call; nullopt where it threw; none from one that crashed or hung on.
  std::vector<std::optional<long long>> observed;
  /// When the invariant held: a theory the call left broken on a heap where all held before.
  TheoryViolation theory;
  bool failed() const {
    return kind == Kind::Crashed || kind == Kind::Hung || !invariantHolds || theory.broken();
  }
};

/// Every call on every heap (callOnHeaps), and per heap the theory it broke as built, before
/// any call (none without --theories).
struct HeapCalls {
  std::vector<HeapCallOutcome> outcomes;
  std::vector<TheoryViolation> heapTheories;
};

/// A call of a sequence: the plan (CallPlan index) and its arguments.
using LegalStep = std::pair<int, std::vector<long long>>;

/// The constructor's arguments (none for one called without), then the calls.
struct LegalSequence {
  std::vector<long long> constructorArguments;
  std::vector<LegalStep> calls;
};

} // namespace unitgen
