// BoundedHeaps: the sizes of field domains and where a heap's objects and fields sit.
#include "model/BoundedHeaps.h"

namespace unitgen {

size_t FieldDomain::size(const std::vector<std::pair<int, int>> &objectCounts) const {
  if (block >= 0 && high < low)
    return 2; // an array pointer: null or the array
  if (!objects)
    return static_cast<size_t>(high - low + 1);
  for (auto [cls, count] : objectCounts)
    if (cls == targetClass)
      return static_cast<size_t>(count) + 1;
  return 1;
}

HeapObjects::HeapObjects(const Finitization &finitization) {
  for (auto [cls, count] : finitization.objects) {
    if (pools.size() <= static_cast<size_t>(cls))
      pools.resize(cls + 1);
    for (int k = 0; k < count; ++k) {
      pools[cls].push_back(static_cast<int>(objectClass.size()));
      objectClass.push_back(cls);
    }
  }
  fieldsOf.resize(objectClass.size());
  elementsOf.resize(finitization.arrays.size());
  for (size_t k = 0; k < finitization.fields.size(); ++k) {
    const CandidateField &field = finitization.fields[k];
    if (field.object >= 0)
      fieldsOf[field.object].push_back(k);
    else
      elementsOf[field.domain.block].push_back(k);
  }
}

} // namespace unitgen
