// ProblemFormat: the exhaustive driver's input lines (ProblemLines.def) as an enum with their
// keywords, for the engine that writes the file and the driver that parses it.
#pragma once

#include <cstring>

namespace unitgen_problem {

enum class ProblemLine {
#define PROBLEM_LINE(name, keyword, arguments) name,
#include "ProblemLines.def"
#undef PROBLEM_LINE
  Unknown,
};

/// The domains a `field` line gives its field: numbers LOW HIGH, objects CLASS, block BLOCK.
constexpr const char kNumbersDomain[] = "numbers";
constexpr const char kObjectsDomain[] = "objects";
constexpr const char kBlockDomain[] = "block";

/// The keyword a line of `kind` starts with.
inline const char *keyword(ProblemLine kind) {
  switch (kind) {
#define PROBLEM_LINE(name, keyword, arguments)                                                     \
  case ProblemLine::name:                                                                          \
    return keyword;
#include "ProblemLines.def"
#undef PROBLEM_LINE
  case ProblemLine::Unknown:
    break;
  }
  return "";
}

/// The kind of a line from its first word; Unknown for any other word.
inline ProblemLine problemLine(const char *word) {
#define PROBLEM_LINE(name, keyword, arguments)                                                     \
  if (std::strcmp(word, keyword) == 0)                                                             \
    return ProblemLine::name;
#include "ProblemLines.def"
#undef PROBLEM_LINE
  return ProblemLine::Unknown;
}

} // namespace unitgen_problem
