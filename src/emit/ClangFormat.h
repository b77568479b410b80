// ClangFormat: optional final formatting of emitted sources by the clang-format on PATH.
#pragma once

#include <optional>
#include <string>

namespace unitgen {

/// The style emitted code follows (the project's .clang-format), for `--style=`.
inline constexpr const char *kClangFormatStyle = "{BasedOnStyle: LLVM, ColumnLimit: 100}";

/// `clang-format-14` or else `clang-format` from PATH; empty when neither is there.
std::string findClangFormat();

/// `source` as `program` formats it in kClangFormatStyle (`fileName` tells it the language);
/// std::nullopt when it cannot be run or fails, and the caller keeps its own layout.
std::optional<std::string> clangFormat(const std::string &program, const std::string &source,
                                       const std::string &fileName);

} // namespace unitgen
