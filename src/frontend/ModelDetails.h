// ModelDetails: completing a model once its classes and callables are laid out.
#pragma once

#include "frontend/Facts.h"
#include "frontend/Frontend.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// What completing a model needs besides the model itself.
struct ModelDetails {
  const ProjectFacts &project;
  const FrontendOptions &options;
  std::map<std::string, const RecordFacts *> records; ///< every class of the model, by name
  /// By callable id: its facts and its owner's record (null for free functions).
  std::vector<std::pair<const CallableFacts *, const RecordFacts *>> callables;
  std::string targetHeader; ///< where the target class or function is declared
  std::set<int> targetTus;  ///< TUs that saw the target
};

/// Fills in what follows from the classes and callables: definitions, effects, invariants and
/// observers, literals, sources and include spellings. Fails when a TU the model depends on
/// did not parse, or when the requested invariant does not exist.
std::optional<Error> completeModel(ClassModel &model, const ModelDetails &details);

} // namespace unitgen
