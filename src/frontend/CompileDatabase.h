// CompileDatabase: reading compile_commands.json and turning its commands into flags and spellings.
#pragma once

#include "frontend/Facts.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

/// The translation units of `buildDir/compile_commands.json` (absolute paths, one entry per
/// source file), or an input error that tells the user how to produce the database.
Expected<std::vector<TuFacts>> loadCompileCommands(const std::string &buildDir,
                                                   std::string &databasePath);

/// Clang's resource directory (builtin headers such as <stddef.h>); empty if none was found.
const std::string &clangResourceDir();

/// The TU as the model records it: compiler flags only, include directories made absolute.
SourceFile toSourceFile(const TuFacts &tu);

/// How `tu` would include `header`: the shortest path relative to one of its include
/// directories, else relative to the directory of its source file.
std::string includeSpelling(const std::string &header, const TuFacts &tu);

/// `--source` matching: an absolute filter names the file, a relative one a path suffix.
bool pathMatches(const std::string &path, const std::string &filter);

} // namespace unitgen
