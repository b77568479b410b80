// ProjectParser: parses every TU of the compile database once, in parallel, into ProjectFacts.
#pragma once

#include "frontend/Facts.h"
#include "model/Error.h"

#include <string>

namespace unitgen {

/// Loads `buildDir/compile_commands.json` and collects the facts of all its TUs. TUs that do not
/// parse are kept (clang recovers) with their first error, so callers decide whether it matters.
Expected<ProjectFacts> parseProject(const std::string &buildDir);

} // namespace unitgen
