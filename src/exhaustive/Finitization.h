// Finitization: the finite domains a bounded-exhaustive search draws a class's heaps from —
// how many objects of each node type, and the values of each field (Korat's finitization).
#pragma once

#include "model/BoundedHeaps.h"
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
