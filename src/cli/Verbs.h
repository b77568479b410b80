// Verbs: list and coverage, the verbs that run no strategy (generate and explore are the
// pipeline's: pipeline/Pipeline.h).
#pragma once

#include "cli/Options.h"
#include "model/Error.h"

namespace unitgen {

bool runList(const Options &options, Error &error);
bool runCoverage(const Options &options, Error &error);

} // namespace unitgen
