// FieldSemantics: the (object, field, value) pairs of a heap found by bounded-exhaustive search,
// and the field-exhaustive selection (FET) over them (the field-coverage paper's criteria).
#pragma once

#include "explore/Finitization.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace unitgen {

/// A field of an object as a test sees it: the object's class, its number among the objects of
/// that class in breadth-first order from the receiver (0 for the receiver), the field's name
/// (`Node::left`, `HeapArray::array_[2]`).
using FieldOfObject = std::tuple<int, int, std::string>;
/// A value: a number, or for a pointer 0 (null) or 1 + the breadth-first number of its target.
using FieldPair = std::pair<FieldOfObject, long long>;

/// The pairs of the heap `values` (value indices in the order of finitization.fields, as
/// ExhaustiveResult::structures holds them): the fields of every object the receiver reaches,
/// and the elements of its arrays below their count. Isomorphic heaps have the same pairs.
std::set<FieldPair> fieldPairs(const Finitization &finitization,
                               const std::vector<uint32_t> &values);
/// The same with the finitization's objects laid out once, for many heaps.
std::set<FieldPair> fieldPairs(const Finitization &finitization, const HeapObjects &objects,
                               const std::vector<uint32_t> &values);

/// Field-exhaustive selection: in order, the heaps that add a pair no earlier heap had, and how
/// many pairs all the heaps have.
struct FieldExhaustiveSelection {
  std::vector<size_t> kept;
  size_t pairs = 0;
};
FieldExhaustiveSelection selectFieldExhaustive(const Finitization &finitization,
                                               const std::vector<std::vector<uint32_t>> &heaps);

/// Per field of an object, how many distinct values the heaps gave it (its field semantics).
std::map<FieldOfObject, size_t> semanticsSizes(const Finitization &finitization,
                                               const std::vector<std::vector<uint32_t>> &heaps);

} // namespace unitgen
