// SharingProbe: reference counts per object in the probe's valid heaps; the note that says
// what the search assumes and how to lift it.
#include "exhaustive/SharingProbe.h"

#include "exhaustive/CountFields.h"
#include "exhaustive/ExhaustiveSearch.h"

#include <fmt/format.h>

#include <algorithm>

namespace unitgen {

std::set<int> sharedClasses(const Finitization &finitization,
                            const std::vector<std::vector<uint32_t>> &heaps) {
  HeapObjects objects(finitization);
  std::set<int> shared;
  for (const std::vector<uint32_t> &values : heaps) {
    // The receiver starts with one reference: being the root.
    std::vector<int> references(objects.objectClass.size(), 0);
    references[0] = 1;
    std::vector<int> queue{0};
    for (size_t i = 0; i < queue.size(); ++i)
      for (size_t k : objects.fieldsOf[queue[i]]) {
        const FieldDomain &domain = finitization.fields[k].domain;
        if (!domain.objects)
          continue;
        int target = objects.target(domain, values[k]);
        if (target < 0)
          continue;
        if (++references[target] == 1)
          queue.push_back(target);
        else
          shared.insert(objects.objectClass[target]);
      }
  }
  return shared;
}

Expected<std::vector<std::string>> probeSmallScope(const std::string &driverPath,
                                                   const ClassModel &model,
                                                   FinitizationOptions probeOptions,
                                                   double budgetSeconds, bool byObjects,
                                                   Finitization &finitization) {
  std::vector<int> undeclared;
  for (size_t i = 1; i < finitization.objects.size(); ++i) {
    int cls = finitization.objects[i].first;
    if (!finitization.declaredSharing.count(cls) && cls != finitization.objects[0].first)
      undeclared.push_back(cls);
  }
  if (probeOptions.scope <= kSharingProbeScope)
    return std::vector<std::string>();
  probeOptions.scope = kSharingProbeScope;
  probeOptions.sizes.reset();
  probeOptions.values.reset();
  Expected<Finitization> probe = finitize(model, probeOptions);
  if (!probe)
    return probe.error();
  for (auto &[cls, count] : probe->objects)
    if (cls != probe->objects[0].first)
      count = std::min(count, kSharingProbeScope);
  probe->unshared = finitization.unshared; // declared tree-shaped in the file
  Expected<ExhaustiveResult> heaps = runExhaustiveSearch(driverPath, *probe, budgetSeconds, false);
  if (!heaps)
    return heaps.error();
  if (!heaps->stopped.empty())
    return std::vector<std::string>{
        fmt::format("the search at scope {} that checks for shared objects did not finish "
                    "({}); every heap is searched",
                    kSharingProbeScope, heaps->stopped)};
  std::vector<std::string> notes;
  std::set<int> shared = sharedClasses(*probe, heaps->structures);
  std::vector<std::string> names;
  for (int cls : undeclared)
    if (!shared.count(cls)) {
      finitization.unshared.push_back(cls);
      names.push_back(model.classes[cls].qualifiedName);
    }
  if (!names.empty())
    notes.push_back(fmt::format(
        "no valid heap at scope {} references an object of {} twice, so the search gives each "
        "one reference at most (tree-shaped heaps); {{\"sharing\": {{\"{}\": true}}}} in "
        "--finitization searches shared ones too",
        kSharingProbeScope, fmt::join(names, ", "), names[0]));
  finitization.countFields = countFieldsOf(*probe, heaps->structures);
  if (!finitization.countFields.empty() && byObjects)
    notes.push_back(fmt::format(
        "in every valid heap at scope {}, {} equals the number of objects, so the search of the "
        "heaps of N objects gives it N only (--heap-order korat searches every number of "
        "objects at once, and it takes every value)",
        kSharingProbeScope, fmt::join(finitization.countFields, ", ")));
  return notes;
}

} // namespace unitgen
