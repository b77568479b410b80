// ExhaustiveVerbs: the bounded-exhaustive strategy's own verbs — builder tests from the heaps of a
// field-coverage suite (generate), and one row of the search (explore).
#pragma once

#include "cli/Options.h"
#include "model/Error.h"

namespace unitgen {

/// `generate --strategy exhaustive`: builder tests from the heaps of a field-coverage suite.
bool runGenerateExhaustive(const Options &options, Error &error);

/// `explore --strategy exhaustive`: one row, the valid heaps, the candidates explored, seconds.
bool runExploreExhaustive(const Options &options, Error &error);

} // namespace unitgen
