// TemporaryFileWriter: the class a test declares to give a `FILE *` parameter a file of the
// test's own folder and to read back the text the code under test left in it.
#pragma once

#include <string>

namespace unitgen {

/// The helper's name, as a test declares it: `TemporaryFile file("<a/>");`, passed as
/// `file.get()`, read as `file.text()`.
inline constexpr const char *kTemporaryFile = "TemporaryFile";

/// The helper's definition when `code` declares one, else nothing.
std::string temporaryFileDefinition(const std::string &code);

} // namespace unitgen
