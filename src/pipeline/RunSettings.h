// RunSettings: the values every stage reads off Options the same way — durations, the cache
// folder, the frontend's and the driver builder's options.
#pragma once

#include "cli/Options.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"

#include <string>

namespace unitgen {

/// `30s`, `2m`, `500ms`, `1h`, or plain seconds; false on anything else.
bool parseDuration(const std::string &text, double &seconds);

/// The cache of drivers and models: $XDG_CACHE_HOME/unitgen, ~/.cache/unitgen or
/// /tmp/unitgen-cache.
std::string defaultCacheDir();

/// --cache-dir, else defaultCacheDir().
std::string cacheDirOf(const Options &options);

/// The frontend's options of a run: the build folder, --invariant, --source, and the cache
/// folder where the model is kept for the next run.
FrontendOptions frontendOptionsOf(const Options &options);

/// The driver builder's options of a run: the cache folder and --jobs.
BuildOptions buildOptionsOf(const Options &options);

} // namespace unitgen
