// FactCollector: one traversal of a parsed TU's project declarations into clang-free facts.
#pragma once

#include "frontend/Facts.h"

#include <clang/AST/ASTContext.h>
#include <clang/Sema/Sema.h>

#include <map>
#include <string>
#include <vector>

namespace unitgen {

/// The alias a parse that instantiates a class template (instantiateClass) declares for it, so
/// the collector reports the class's name as unitgen spells it (`ds::Stack<unsigned int>` for
/// `ds::Stack<unsigned>`).
inline constexpr const char *kInstantiationAlias = "unitgen_instantiation";

struct TuCollection {
  std::vector<RecordFacts> records;
  std::vector<FunctionFacts> functions;
  std::map<std::string, BodyFacts> bodies;
  /// The class `kInstantiationAlias` names, when the TU declares it.
  std::string instantiated;
};

/// Collects every project class, free function and function body of the TU. Sema declares the
/// implicit special members first, so implicit constructors and copyability are exact.
TuCollection collectFacts(clang::ASTContext &context, clang::Sema &sema);

} // namespace unitgen
