// SuiteCoverage: builds a folder of GoogleTest files with the code under test instrumented for
// llvm-cov (source-based coverage), runs it, and summarizes line and branch coverage.
#pragma once

#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

struct CoverageOptions {
  std::string testsDir;
  std::string workDir; ///< build products; created
  bool includeFailures = false;
  int jobs = 2;
  /// Where the project's other TUs' objects are cached (harness/ProjectLibrary.h): the tests
  /// link them, uninstrumented, as the drivers do.
  std::string cacheDir;
};

struct CoverageCount {
  int covered = 0;
  int total = 0;
  double percent() const { return total ? 100.0 * covered / total : 0; }
};

/// One source file's share: the class's own file is what a project's tests are measured on.
struct FileCoverage {
  std::string path;
  CoverageCount lines, branches;
};

struct CoverageResult {
  CoverageCount lines, branches, functions, regions; ///< of all the model's sources
  std::vector<FileCoverage> files;                   ///< each source's, in the model's order
  /// The target class's own functions in those sources (harness/MemberCoverage.h); nothing for
  /// a function under test.
  int memberFunctions = 0;
  CoverageCount memberLines, memberBranches;
  int testsRun = 0;
  int testsFailed = 0;
  std::vector<std::string> testFiles;
};

Expected<CoverageResult> measureSuiteCoverage(const ClassModel &model,
                                              const CoverageOptions &options);

/// Line, branch, function and region coverage of the model's sources in `binary` (built with
/// `-fprofile-instr-generate -fcoverage-mapping`) from its raw `profiles`, merged into `merged`.
/// Tests run/failed stay 0.
Expected<CoverageResult> summarizeProfiles(const ClassModel &model, const std::string &binary,
                                           const std::vector<std::string> &profiles,
                                           const std::string &merged);

} // namespace unitgen
