// `unitgen coverage`: line and branch coverage of the code under test by a test folder.
#include "cli/Verbs.h"
#include "pipeline/RunSettings.h"

#include "frontend/Frontend.h"
#include "harness/SuiteCoverage.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace unitgen {

bool runCoverage(const Options &options, Error &error) {
  FrontendOptions frontendOptions = frontendOptionsOf(options);
  bool isFunction = !options.functionName.empty();
  Expected<ClassModel> model = buildModel(
      frontendOptions, isFunction ? options.functionName : options.className, isFunction);
  if (!model) {
    error = model.error();
    return false;
  }
  CoverageOptions coverageOptions;
  coverageOptions.testsDir = options.testsDir;
  coverageOptions.workDir =
      (std::filesystem::temp_directory_path() / ("unitgen-coverage-" + std::to_string(getpid())))
          .string();
  coverageOptions.includeFailures = options.includeFailures;
  coverageOptions.jobs = options.jobs;
  coverageOptions.cacheDir = cacheDirOf(options);
  Expected<CoverageResult> result = measureSuiteCoverage(*model, coverageOptions);
  std::error_code ec;
  std::filesystem::remove_all(coverageOptions.workDir, ec);
  if (!result) {
    error = result.error();
    return false;
  }
  if (options.json) {
    auto count = [](const CoverageCount &c) {
      return nlohmann::json{{"covered", c.covered}, {"total", c.total}, {"percent", c.percent()}};
    };
    nlohmann::json out = {{"target", model->target},
                          {"lines", count(result->lines)},
                          {"branches", count(result->branches)},
                          {"functions", count(result->functions)},
                          {"regions", count(result->regions)},
                          {"tests", result->testsRun},
                          {"failed", result->testsFailed}};
    if (!model->targetIsFunction)
      out["members"] = {{"functions", result->memberFunctions},
                        {"lines", count(result->memberLines)},
                        {"branches", count(result->memberBranches)}};
    for (const FileCoverage &file : result->files)
      out["files"].push_back(
          {{"path", file.path}, {"lines", count(file.lines)}, {"branches", count(file.branches)}});
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    std::printf("coverage of %s: lines %.1f%% (%d/%d)  branches %.1f%% (%d/%d)  functions "
                "%.1f%%  tests %d, failed %d\n",
                model->target.c_str(), result->lines.percent(), result->lines.covered,
                result->lines.total, result->branches.percent(), result->branches.covered,
                result->branches.total, result->functions.percent(), result->testsRun,
                result->testsFailed);
    if (!model->targetIsFunction)
      std::printf("  %s's own %d functions: lines %.1f%% (%d/%d)  branches %.1f%% (%d/%d)\n",
                  model->target.c_str(), result->memberFunctions, result->memberLines.percent(),
                  result->memberLines.covered, result->memberLines.total,
                  result->memberBranches.percent(), result->memberBranches.covered,
                  result->memberBranches.total);
    if (result->files.size() > 1)
      for (const FileCoverage &file : result->files)
        std::printf("  %s: lines %.1f%% (%d/%d)  branches %.1f%% (%d/%d)\n", file.path.c_str(),
                    file.lines.percent(), file.lines.covered, file.lines.total,
                    file.branches.percent(), file.branches.covered, file.branches.total);
  }
  if (result->testsFailed > 0) {
    error = {ExitCode::TestsFailed,
             std::to_string(result->testsFailed) + " test(s) failed; coverage is of the run"};
    return false;
  }
  return true;
}

} // namespace unitgen
