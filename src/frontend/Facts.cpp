// Merging per-TU facts into project facts and literal-pool housekeeping.
#include "frontend/Facts.h"

#include <algorithm>

namespace unitgen {

namespace {

/// A class name without its spaces: `ds::Stack<const char *>` as `ds::Stack<const char*>`.
std::string nameKey(const std::string &name) {
  std::string key;
  for (char c : name)
    if (c != ' ')
      key += c;
  return key;
}

} // namespace

void ProjectFacts::merge(int tu, std::vector<RecordFacts> newRecords,
                         std::vector<FunctionFacts> newFunctions,
                         std::map<std::string, BodyFacts> newBodies) {
  for (RecordFacts &record : newRecords) {
    std::string key = record.key();
    auto found = recordIndex_.find(key);
    if (found != recordIndex_.end()) {
      RecordFacts &known = records[found->second];
      known.tus.insert(tu);
      // Each TU instantiates its own member template specializations.
      for (CallableFacts &callable : record.callables)
        if (callable.isSpecialization &&
            std::none_of(known.callables.begin(), known.callables.end(),
                         [&](const CallableFacts &other) {
                           return other.callable.qualifiedName == callable.callable.qualifiedName &&
                                  other.callable.signature() == callable.callable.signature();
                         }))
          known.callables.push_back(std::move(callable));
      continue;
    }
    record.tus = {tu};
    recordIndex_.emplace(std::move(key), records.size());
    recordsByName_.emplace(nameKey(record.qualifiedName), records.size());
    records.push_back(std::move(record));
  }
  for (FunctionFacts &function : newFunctions) {
    // A function template's specializations share its body's USR: their names tell them apart.
    std::string key = function.callable.usr + "|" + function.callable.callable.qualifiedName;
    auto found = functionIndex_.find(key);
    if (found != functionIndex_.end()) {
      functions[found->second].tus.insert(tu);
      continue;
    }
    function.tus = {tu};
    functionIndex_.emplace(std::move(key), functions.size());
    if (function.callable.callable.kind == CallableKind::Operator &&
        !function.callable.callable.owner.empty())
      operatorsByOwner_.emplace(function.callable.callable.owner, functions.size());
    functions.push_back(std::move(function));
  }
  // Inline bodies are seen by every TU that includes their header; the first one is kept.
  for (auto &[usr, body] : newBodies) {
    body.tu = tu;
    bodies.emplace(usr, std::move(body));
  }
}

std::vector<const RecordFacts *> ProjectFacts::findRecords(const std::string &qualifiedName) const {
  std::vector<const RecordFacts *> found;
  auto [begin, end] = recordsByName_.equal_range(nameKey(qualifiedName));
  for (auto it = begin; it != end; ++it)
    found.push_back(&records[it->second]);
  return found;
}

std::vector<const FunctionFacts *>
ProjectFacts::freeOperatorsOf(const std::string &qualifiedName) const {
  std::vector<const FunctionFacts *> found;
  auto [begin, end] = operatorsByOwner_.equal_range(qualifiedName);
  for (auto it = begin; it != end; ++it)
    found.push_back(&functions[it->second]);
  return found;
}

void appendLiterals(Literals &to, const Literals &from) {
  to.strings.insert(to.strings.end(), from.strings.begin(), from.strings.end());
  to.integers.insert(to.integers.end(), from.integers.begin(), from.integers.end());
  to.floats.insert(to.floats.end(), from.floats.begin(), from.floats.end());
}

template <typename T> static void sortUnique(std::vector<T> &values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
}

void normalizeLiterals(Literals &literals) {
  sortUnique(literals.strings);
  sortUnique(literals.integers);
  sortUnique(literals.floats);
}

} // namespace unitgen
