// ProjectParser: parses every TU of the compile database once, in parallel, into ProjectFacts.
#pragma once

#include "frontend/Facts.h"
#include "model/Error.h"

#include <string>

namespace unitgen {

/// Loads `buildDir/compile_commands.json` and collects the facts of all its TUs. TUs that do not
/// parse are kept (clang recovers) with their first error, so callers decide whether it matters.
Expected<ProjectFacts> parseProject(const std::string &buildDir);

/// Adds the specialization `className` (`ds::Stack<int>`) of a class template of the project
/// that no TU instantiated: parses a TU that saw the template again, with the class required
/// complete at its end, and merges what that parse learned. An input error when the arguments
/// do not make a class there (an unknown type, a failed `static_assert`). Returns the class's
/// name as the model spells it (`ds::Stack<unsigned int>` for `ds::Stack<unsigned>`).
Expected<std::string> instantiateClass(ProjectFacts &project, const std::string &className);

} // namespace unitgen
