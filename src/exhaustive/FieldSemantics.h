// FieldSemantics: the (object, field, value) pairs of a heap found by bounded-exhaustive search,
// as a set a test can read (PairCoverage counts them over a stream of heaps).
#pragma once

#include "exhaustive/Finitization.h"

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

/// The storage of walkPairs, kept between heaps.
struct PairWalk {
  std::vector<int> localId, nextId, queue;
};

/// Calls `visit(cls, number, k, value)` for each pair of the heap `values`: the object of class
/// `cls` numbered `number` breadth-first within its class from the receiver, its candidate
/// field `k` (an array element's own), and the value (pointers as 0 or 1 + the target's number,
/// an array pointer as 0 or 1). Elements past their count are not part of the heap.
template <typename Visit>
void walkPairs(const Finitization &finitization, const HeapObjects &heap,
               const std::vector<uint32_t> &values, PairWalk &walk, Visit &&visit) {
  const std::vector<CandidateField> &fields = finitization.fields;
  const std::vector<int> &objectClass = heap.objectClass;
  if (objectClass.empty())
    return;
  auto number = [&](size_t k) { return fields[k].domain.low + values[k]; };
  walk.localId.assign(objectClass.size(), -1);
  walk.nextId.assign(heap.pools.size(), 0);
  walk.queue.assign(1, 0);
  walk.localId[0] = walk.nextId[objectClass[0]]++;
  for (size_t i = 0; i < walk.queue.size(); ++i)
    for (size_t k : heap.fieldsOf[walk.queue[i]]) {
      const FieldDomain &domain = fields[k].domain;
      if (!domain.objects || values[k] == 0)
        continue;
      int target = heap.pools[domain.targetClass][values[k] - 1];
      if (walk.localId[target] < 0) {
        walk.localId[target] = walk.nextId[objectClass[target]]++;
        walk.queue.push_back(target);
      }
    }
  for (int object : walk.queue) {
    int cls = objectClass[object], id = walk.localId[object];
    for (size_t k : heap.fieldsOf[object]) {
      const FieldDomain &domain = fields[k].domain;
      long long value = number(k);
      if (domain.objects)
        value =
            values[k] == 0 ? 0 : 1 + walk.localId[heap.pools[domain.targetClass][values[k] - 1]];
      else if (domain.block >= 0)
        value = values[k];
      visit(cls, id, k, value);
      if (domain.block < 0 || values[k] == 0)
        continue;
      for (size_t e : heap.elementsOf[domain.block]) {
        const CandidateField &element = fields[e];
        if (element.countField >= 0 && element.index >= number(element.countField))
          continue; // past the count: not part of the heap
        visit(cls, id, e, number(e));
      }
    }
  }
}

/// The pairs of the heap `values` (value indices in the order of finitization.fields, as
/// ExhaustiveResult::structures holds them): the fields of every object the receiver reaches,
/// and the elements of its arrays below their count. Isomorphic heaps have the same pairs.
std::set<FieldPair> fieldPairs(const Finitization &finitization,
                               const std::vector<uint32_t> &values);
/// The same with the finitization's objects laid out once, for many heaps.
std::set<FieldPair> fieldPairs(const Finitization &finitization, const HeapObjects &objects,
                               const std::vector<uint32_t> &values);

} // namespace unitgen
