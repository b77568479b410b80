// Scope: which functions are the code under test and get instrumented.
#pragma once

#include "llvm/IR/Function.h"

#include <string>
#include <vector>

namespace unitgen {

/// Read from the file named by $UNITGEN_SYM_SCOPE, one entry a line: `dir <absolute path>`
/// (every function defined in a file under it, template instantiations of its headers
/// included) or `file <absolute path>`; `#` starts a comment. Which file defines a function
/// comes from its DISubprogram, so the code under test is compiled with -gline-tables-only.
/// Without the variable every defined function is in scope (what `opt` tests use).
class Scope {
public:
  /// Reads the scope; on a missing or malformed file, `Error` says why.
  static Scope fromEnvironment(std::string &Error);
  bool contains(const llvm::Function &F) const;

private:
  bool Everything = true;
  std::vector<std::string> Directories; ///< normalized, with a trailing '/'
  std::vector<std::string> Files;       ///< normalized
};

} // namespace unitgen
