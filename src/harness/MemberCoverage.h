// MemberCoverage: the lines and branches of one class's own functions (its members and its
// nested classes'), read from llvm-cov's per-function report — the measure a project's own tests
// get for a class that shares its source file with others (tinyxml2.cpp).
#pragma once

#include "harness/SuiteCoverage.h"

#include <string>

namespace unitgen {

struct MemberCoverage {
  int functions = 0; ///< functions of the class with code in the report
  CoverageCount lines, branches;
};

/// Sums the rows of `llvm-cov report -show-functions` output (`Name Regions Miss Cover Lines Miss
/// Cover Branches Miss Cover`) whose mangled name is a member of `qualifiedClass`
/// (`tinyxml2::XMLUtil` → `_ZN8tinyxml27XMLUtil...`, `_ZNK...` for const members). Template
/// arguments in the name are ignored: every instantiation counts.
MemberCoverage memberCoverageOf(const std::string &functionReport,
                                const std::string &qualifiedClass);

} // namespace unitgen
