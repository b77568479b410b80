// FieldSemantics: the (object, field, value) pairs of a heap found by bounded-exhaustive search,
// as a set a test can read (PairCoverage counts them over a stream of heaps).
#pragma once

#include "explore/Finitization.h"

#include <cstdint>
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

} // namespace unitgen
