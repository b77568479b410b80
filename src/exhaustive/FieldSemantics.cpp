// FieldSemantics: the pairs walkPairs visits, as a set.
#include "exhaustive/FieldSemantics.h"

namespace unitgen {

std::set<FieldPair> fieldPairs(const Finitization &finitization,
                               const std::vector<uint32_t> &values) {
  return fieldPairs(finitization, HeapObjects(finitization), values);
}

std::set<FieldPair> fieldPairs(const Finitization &finitization, const HeapObjects &heap,
                               const std::vector<uint32_t> &values) {
  std::set<FieldPair> pairs;
  PairWalk walk;
  walkPairs(finitization, heap, values, walk, [&](int cls, int id, size_t k, long long value) {
    pairs.insert({{cls, id, finitization.fields[k].name}, value});
  });
  return pairs;
}

} // namespace unitgen
