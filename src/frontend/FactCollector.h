// FactCollector: one traversal of a parsed TU's project declarations into clang-free facts.
#pragma once

#include "frontend/Facts.h"

#include <clang/AST/ASTContext.h>
#include <clang/Sema/Sema.h>

#include <map>
#include <string>
#include <vector>

namespace unitgen {

struct TuCollection {
  std::vector<RecordFacts> records;
  std::vector<FunctionFacts> functions;
  std::map<std::string, BodyFacts> bodies;
};

/// Collects every project class, free function and function body of the TU. Sema declares the
/// implicit special members first, so implicit constructors and copyability are exact.
TuCollection collectFacts(clang::ASTContext &context, clang::Sema &sema);

} // namespace unitgen
