// Pipeline: the verbs that run strategies — generate (model → drivers → strategy → suite →
// emit → report) and explore — dispatched through the strategy registry.
#pragma once

#include "cli/Options.h"
#include "model/Error.h"

namespace unitgen {

/// `unitgen generate`: writes the suite of `options.strategy` into --out.
bool runGenerate(const Options &options, Error &error);

/// `unitgen explore`: the rows of `options.strategy`'s exploration, no suite.
bool runExplore(const Options &options, Error &error);

} // namespace unitgen
