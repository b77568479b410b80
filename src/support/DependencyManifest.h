// DependencyManifest: the files a cached artefact was made from, each with its content hash, so
// the cache entry is used only while every one of them still hashes alike.
#pragma once

#include <string>
#include <vector>

namespace unitgen {

/// One `HASH PATH` line per file. A file that cannot be read is listed too, and then never
/// matches: an entry that depends on it is never used.
std::string dependencyManifest(const std::vector<std::string> &files);

/// Whether every file of `manifest` can be read and still has the content it had.
bool dependenciesUnchanged(const std::string &manifest);

/// The files a compiler's dependency file (`-MD -MF`: `target: dep dep \` lines) lists.
std::vector<std::string> parseDepFile(const std::string &text);

} // namespace unitgen
