// Finitization: the finite domains a bounded-exhaustive search draws a class's heaps from —
// how many objects of each node type, and the values of each field (Korat's finitization).
#pragma once

#include "model/ClassModel.h"
#include "model/Error.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

struct FinitizationOptions {
  int scope = 3; ///< objects per node type; default ranges below follow from it
  /// Size fields of the class under test (an integer named like size, count or length):
  /// default 0..scope.
  std::optional<std::pair<long long, long long>> sizes;
  /// Other integer fields and the elements of arrays behind pointers: default 0..scope-1. An
  /// array has as many elements as the largest size.
  std::optional<std::pair<long long, long long>> values;
  /// JSON overrides: {"objects": {"Node": 4}, "fields": {"BinarySearchTree::size_": [0, 4],
  /// "HeapArray::array_[]": [0, 9]}, "sharing": {"BinarySearchTree::Node": false}} (`[]`: the
  /// elements of an array; `sharing`: whether a valid heap may reference an object of that
  /// class twice — false searches tree-shaped heaps only, true searches all)
  std::string file;
  /// Korat over the reference fields only, the numbers symbolic (their values solved from the
  /// invariant's comparisons); false enumerates the numbers too, as Korat does.
  bool symbolicNumbers = true;
};

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

/// The order the exhaustive driver gives the heaps in; a search stopped early keeps what came
/// first.
enum class HeapOrder {
  Korat,        ///< a pointer null, then an object in use, then a new one; last field read first
  SmallerFirst, ///< one pass per number of objects (0, 1, 2, ...), Korat's order within each
  /// The same passes taking turns, an equal share of the work each: every size early.
  Interleaved,
};

/// `korat`, `smaller-first`, `interleaved`; `auto` is `stopsEarly ? interleaved : korat`: a
/// search that visits every heap does so in the fewest runs in Korat's order, and one that may
/// stop early keeps what came first, which taking turns makes heaps of every size
/// (bench/RESULTS.md, "The five subjects again").
std::optional<HeapOrder> parseHeapOrder(const std::string &name, bool stopsEarly = false);

struct Finitization {
  std::vector<std::pair<int, int>> objects; ///< (class, count): the receiver's class first, 1
  std::vector<int> arrays;                  ///< the length of each array behind a pointer
  /// The candidate vector's order: the objects' fields, object by object, then the elements.
  std::vector<CandidateField> fields;
  /// Per node class, what the file's `sharing` declares (absent: undeclared).
  std::map<int, bool> declaredSharing;
  /// Node classes the search gives one reference per object at most (tree-shaped heaps):
  /// declared so, or found so by src/explore/SharingProbe.h.
  std::vector<int> unshared;
  bool symbolicNumbers = true; ///< FinitizationOptions::symbolicNumbers
  /// Heaps of fewer objects first: the driver searches once per limit on the objects a pointer
  /// may take, at the cost of searching the smaller heaps again (src/runtime/exhaustive/CandidateHeap.h,
  /// CandidateHeap::enterNextPass); empty: one search in Korat's order. See orderHeaps.
  std::vector<int> objectLimits;
  bool interleavePasses = false; ///< the passes take turns (HeapOrder::Interleaved)
  /// The receiver's fields (by name) that count its objects, found so by
  /// src/explore/CountFields.h: the search by number of objects holds each at that number.
  std::vector<std::string> countFields;
  /// The search stops after this many units of the driver's work (ExhaustiveResult::work);
  /// 0: no limit.
  unsigned long long workLimit = 0;
  /// The file the exhaustive driver reads (src/runtime/exhaustive/KoratSearch.h).
  std::string driverInput(double deadlineSeconds, bool countOnly) const;
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

/// Sets `finitization.objectLimits` for `order` (limits below its largest object count).
void orderHeaps(Finitization &finitization, HeapOrder order);

/// The finitization of the model's target class: one receiver, `scope` objects of each record
/// reachable through its reference fields, and a domain for every field of theirs. An error
/// names the field that cannot be finitized (a container, a string, an embedded record...) or
/// a missing invariant.
Expected<Finitization> finitize(const ClassModel &model, const FinitizationOptions &options);

/// Parses `a..b` (also a single number) for --sizes and --values.
Expected<std::pair<long long, long long>> parseRange(const std::string &flag,
                                                     const std::string &text);

} // namespace unitgen
