// Frontend: Clang LibTooling over compile_commands.json → ClassModel, and the `list` inventory.
#pragma once

#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

struct FrontendOptions {
  std::string buildDir;      ///< folder holding compile_commands.json (`-p`)
  std::string invariantName; ///< `--invariant NAME`; empty: repOK, invariant, checkRep, isValid
  std::string sourceFilter;  ///< `--source FILE`: only classes defined in / TUs matching this
  /// Where a model is kept for the next run on the same, unchanged project (empty: none).
  std::string cacheDir;
};

/// One row of `unitgen list`.
struct TestableEntry {
  std::string name; ///< qualified class or function name
  bool isFunction = false;
  bool testable = false;
  std::string reason;   ///< why not, when !testable
  std::string location; ///< file:line of the definition
  /// Testable classes: callables unitgen cannot call, as "signature: reason".
  std::vector<std::string> skipped;
  /// Testable classes: its constructors, methods and operators, and how many unitgen calls.
  size_t callables = 0;
  size_t testableCallables = 0;
};

/// Builds the model of `target` (a class, or a free function when `isFunction`).
Expected<ClassModel> buildModel(const FrontendOptions &options, const std::string &target,
                                bool isFunction);

/// Every class and free function defined in the project's own files (not system headers).
Expected<std::vector<TestableEntry>> listTestables(const FrontendOptions &options);

} // namespace unitgen
