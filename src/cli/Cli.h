// Cli: parses the command line, dispatches to a verb, prints `unitgen: error: ...` on failure.
#pragma once

namespace unitgen {

/// Returns the process exit code (model/Error.h documents them).
int runCli(int argc, char **argv);

} // namespace unitgen
