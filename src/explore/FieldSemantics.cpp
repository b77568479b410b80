// FieldSemantics: breadth-first numbering per class from the receiver, then pairs per field.
#include "explore/FieldSemantics.h"

namespace unitgen {

std::set<FieldPair> fieldPairs(const Finitization &finitization,
                               const std::vector<uint32_t> &values) {
  return fieldPairs(finitization, HeapObjects(finitization), values);
}

std::set<FieldPair> fieldPairs(const Finitization &finitization, const HeapObjects &heap,
                               const std::vector<uint32_t> &values) {
  const std::vector<int> &objectClass = heap.objectClass;
  const std::vector<std::vector<int>> &pools = heap.pools;
  const std::vector<std::vector<size_t>> &fieldsOf = heap.fieldsOf;
  const std::vector<std::vector<size_t>> &elementsOf = heap.elementsOf;
  auto number = [&](size_t k) { return finitization.fields[k].domain.low + values[k]; };
  // Breadth-first from the receiver; each class numbers its objects in visit order.
  std::vector<int> localId(objectClass.size(), -1);
  std::vector<int> nextId(pools.size(), 0);
  std::vector<int> queue{0};
  localId[0] = nextId[objectClass[0]]++;
  for (size_t i = 0; i < queue.size(); ++i)
    for (size_t k : fieldsOf[queue[i]]) {
      const FieldDomain &domain = finitization.fields[k].domain;
      if (!domain.objects || values[k] == 0)
        continue;
      int target = pools[domain.targetClass][values[k] - 1];
      if (localId[target] < 0) {
        localId[target] = nextId[objectClass[target]]++;
        queue.push_back(target);
      }
    }
  std::set<FieldPair> pairs;
  for (int object : queue) {
    FieldOfObject where{objectClass[object], localId[object], ""};
    for (size_t k : fieldsOf[object]) {
      const CandidateField &field = finitization.fields[k];
      std::get<2>(where) = field.name;
      long long value = number(k);
      if (field.domain.objects)
        value = values[k] == 0 ? 0 : 1 + localId[pools[field.domain.targetClass][values[k] - 1]];
      else if (field.domain.block >= 0)
        value = values[k];
      pairs.insert({where, value});
      if (field.domain.block < 0 || values[k] == 0)
        continue;
      for (size_t e : elementsOf[field.domain.block]) {
        const CandidateField &element = finitization.fields[e];
        if (element.countField >= 0 && element.index >= number(element.countField))
          continue; // past the count: not part of the heap
        pairs.insert({{objectClass[object], localId[object], element.name}, number(e)});
      }
    }
  }
  return pairs;
}

} // namespace unitgen
