// CountFields: per heap, the objects the receiver reaches against each number field of its.
#include "exhaustive/CountFields.h"

#include <set>

namespace unitgen {

std::vector<std::string> countFieldsOf(const Finitization &finitization,
                                       const std::vector<std::vector<uint32_t>> &heaps) {
  if (finitization.objects.size() != 2 || !finitization.arrays.empty() || heaps.empty())
    return {};
  HeapObjects objects(finitization);
  std::vector<size_t> candidates;
  for (size_t k : objects.fieldsOf[0])
    if (!finitization.fields[k].domain.objects && finitization.fields[k].domain.block < 0)
      candidates.push_back(k);
  std::vector<bool> counts(candidates.size(), true);
  std::vector<std::set<long long>> seen(candidates.size());
  for (const std::vector<uint32_t> &values : heaps) {
    std::vector<bool> reached(objects.objectClass.size(), false);
    reached[0] = true;
    std::vector<int> queue{0};
    for (size_t i = 0; i < queue.size(); ++i)
      for (size_t k : objects.fieldsOf[queue[i]]) {
        const FieldDomain &domain = finitization.fields[k].domain;
        int target = domain.objects ? objects.target(domain, values[k]) : -1;
        if (target >= 0 && !reached[target]) {
          reached[target] = true;
          queue.push_back(target);
        }
      }
    const long long reachedObjects = static_cast<long long>(queue.size()) - 1;
    for (size_t c = 0; c < candidates.size(); ++c) {
      long long value = finitization.fields[candidates[c]].domain.low + values[candidates[c]];
      counts[c] = counts[c] && value == reachedObjects;
      seen[c].insert(value);
    }
  }
  std::vector<std::string> names;
  for (size_t c = 0; c < candidates.size(); ++c)
    if (counts[c] && seen[c].size() >= 2)
      names.push_back(finitization.fields[candidates[c]].name);
  return names;
}

} // namespace unitgen
