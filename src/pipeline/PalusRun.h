// PalusRun: `unitgen explore --strategy palus` — the project's tests recorded, their model's
// size, and one guided run over it with what it reached.
#pragma once

#include "cli/Options.h"
#include "model/Error.h"

namespace unitgen {

/// Prints the call-sequence model's statistics and the run's (one JSON object with --json).
bool runExplorePalus(const Options &options, Error &error);

} // namespace unitgen
