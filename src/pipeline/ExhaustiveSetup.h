// ExhaustiveSetup: what both exhaustive verbs (explore, generate) start from — the model, its
// finitization, and the exhaustive driver with the node classes' sharing decided.
#pragma once

#include "cli/Options.h"
#include "exhaustive/Finitization.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>

namespace unitgen {

struct ExhaustiveSetup {
  ClassModel model;
  FinitizationOptions finitization;
  Finitization domains;
};

/// The class's model and its finitization from --scope, --sizes, --values and --finitization
/// (domains without the sharing decision yet).
Expected<ExhaustiveSetup> prepareExhaustive(const Options &options);

/// Builds (or reuses from the cache) the exhaustive driver and decides which node classes are
/// searched tree-shaped (in `setup.domains`), printing the note that says so on stderr; the
/// driver's path.
Expected<std::string> buildExhaustiveDriver(const Options &options, double budgetSeconds,
                                            ExhaustiveSetup &setup);

} // namespace unitgen
