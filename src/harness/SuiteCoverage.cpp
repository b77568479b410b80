// Coverage of a test folder: sources with -fprofile-instr-generate -fcoverage-mapping, tests
// without, gtest_main; llvm-profdata merge and llvm-cov export summarize the sources only (all of
// them, each, and the target class's own functions).
#include "harness/SuiteCoverage.h"

#include "harness/DriverBuilder.h"
#include "harness/MemberCoverage.h"
#include "harness/ProjectLibrary.h"
#include "harness/RuntimeObjectCache.h"
#include "support/Hash.h"
#include "support/Sandbox.h"
#include "support/Subprocess.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

std::string tail(const std::string &text, size_t lines) {
  size_t pos = text.size();
  for (size_t i = 0; i <= lines && pos != std::string::npos && pos > 0; ++i)
    pos = text.rfind('\n', pos - 1);
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

/// `llvm-cov <verb> <option> -instr-profile=<profile> <binary> <the model's sources>`: a
/// summary of the model's sources only.
std::vector<std::string> llvmCovCommand(const std::string &verb, const std::string &option,
                                        const std::string &profile, const std::string &binary,
                                        const ClassModel &model) {
  std::vector<std::string> command{findLlvmTool("llvm-cov"), verb, option,
                                   "-instr-profile=" + profile, binary};
  for (const SourceFile &source : model.sources)
    command.push_back(source.path);
  return command;
}

} // namespace

Expected<CoverageResult> measureSuiteCoverage(const ClassModel &model,
                                              const CoverageOptions &options) {
  CoverageResult result;
  std::error_code ec;
  if (!fs::is_directory(options.testsDir, ec))
    return inputError("tests folder '" + options.testsDir + "' does not exist");
  for (const auto &entry : fs::directory_iterator(options.testsDir)) {
    std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".cpp")
      continue;
    if (!options.includeFailures && name.size() > 18 &&
        name.compare(name.size() - 18, 18, "_failures_test.cpp") == 0)
      continue;
    result.testFiles.push_back(fs::absolute(entry.path()).string());
  }
  std::sort(result.testFiles.begin(), result.testFiles.end());
  if (result.testFiles.empty())
    return inputError("no test .cpp files in '" + options.testsDir + "'");
  fs::remove_all(options.workDir, ec);
  fs::create_directories(options.workDir, ec);
  if (ec)
    return Error{ExitCode::Internal, "cannot create " + options.workDir + ": " + ec.message()};

  std::string compiler = findCompiler();
  std::vector<std::string> includes = testCompileFlags(model); // as the emitted CMake does
  std::vector<std::vector<std::string>> commands;
  std::vector<std::string> objects;
  for (const SourceFile &source : model.sources) {
    std::vector<std::string> command{compiler};
    for (const std::string &flag : cleanCompileFlags(source))
      command.push_back(flag);
    std::string object = fmt::format("{}/src{}.o", options.workDir, objects.size());
    command.insert(command.end(), {"-O0", "-g", "-fprofile-instr-generate", "-fcoverage-mapping",
                                   "-c", source.path, "-o", object});
    commands.push_back(command);
    objects.push_back(object);
  }
  for (const std::string &test : result.testFiles) {
    std::vector<std::string> command{compiler};
    command.insert(command.end(), includes.begin(), includes.end());
    std::string object = fmt::format("{}/test{}.o", options.workDir, objects.size());
    command.insert(command.end(), {"-O0", "-g", "-c", test, "-o", object});
    commands.push_back(command);
    objects.push_back(object);
  }
  std::vector<ProcessResult> compiled = runProcesses(commands, options.jobs);
  for (size_t i = 0; i < compiled.size(); ++i)
    if (!compiled[i].ok())
      return buildError(fmt::format("cannot compile for coverage:\n{}\n  command: {}",
                                    tail(compiled[i].output, 15), joinCommand(commands[i])));
  // What the code under test calls beyond its own sources, as the project builds it.
  Expected<ProjectLibrary> library = buildProjectLibrary(
      model, compiler, options.workDir, RuntimeObjectCache(options.cacheDir), options.jobs);
  if (!library)
    return library.error();
  std::string binary = options.workDir + "/suite";
  std::vector<std::string> link{compiler};
  link.insert(link.end(), objects.begin(), objects.end());
  if (!library->archive.empty())
    link.push_back(library->archive);
  link.insert(link.end(), {"-fprofile-instr-generate", "-lgtest_main", "-lgmock", "-lgtest",
                           "-pthread", "-o", binary});
  ProcessResult linked = runProcess(link);
  if (!linked.ok())
    return buildError("cannot link the suite:\n" + tail(linked.output, 15));

  std::string profile = options.workDir + "/suite.profraw";
  std::string report = options.workDir + "/gtest.json";
  // The code under test runs sandboxed here too: it writes only beneath the work folder.
  SandboxPolicy sandbox;
  sandbox.workDir = options.workDir;
  ProcessResult ran = runSandboxed({binary, "--gtest_output=json:" + report}, sandbox, 600,
                                   {"LLVM_PROFILE_FILE=" + profile});
  bool reportOk = false;
  std::string reportText = readFile(report, &reportOk);
  if (reportOk) {
    try {
      nlohmann::json summary = nlohmann::json::parse(reportText);
      result.testsRun = summary.value("tests", 0);
      result.testsFailed = summary.value("failures", 0) + summary.value("errors", 0);
    } catch (const std::exception &) {
      reportOk = false;
    }
  }
  if (!reportOk) {
    result.testsFailed = std::max(1, result.testsFailed); // crashed before writing its report
  }
  Expected<CoverageResult> summary =
      summarizeProfiles(model, binary, {profile}, options.workDir + "/suite.profdata");
  if (!summary)
    return Error{summary.error().code,
                 summary.error().message + "\nsuite output:\n" + tail(ran.output, 20)};
  // The class's own functions, as a project measures its tests of one class; only the
  // coverage verb asks, so the per-iteration summaries of exploration do not pay for it.
  if (!model.targetIsFunction) {
    ProcessResult members = runProcess(llvmCovCommand(
        "report", "-show-functions", options.workDir + "/suite.profdata", binary, model));
    if (!members.ok())
      return Error{ExitCode::Internal, "llvm-cov report failed:\n" + tail(members.output, 10)};
    const MemberCoverage own = memberCoverageOf(members.output, model.target);
    summary->memberFunctions = own.functions;
    summary->memberLines = own.lines;
    summary->memberBranches = own.branches;
  }
  summary->testsRun = result.testsRun;
  summary->testsFailed = result.testsFailed;
  summary->testFiles = result.testFiles;
  return *summary;
}

Expected<CoverageResult> summarizeProfiles(const ClassModel &model, const std::string &binary,
                                           const std::vector<std::string> &profiles,
                                           const std::string &merged) {
  CoverageResult result;
  std::vector<std::string> mergeCommand{findLlvmTool("llvm-profdata"), "merge", "-sparse"};
  mergeCommand.insert(mergeCommand.end(), profiles.begin(), profiles.end());
  mergeCommand.insert(mergeCommand.end(), {"-o", merged});
  ProcessResult merge = runProcess(mergeCommand);
  if (!merge.ok())
    return Error{ExitCode::Internal, "llvm-profdata failed:\n" + tail(merge.output, 10)};
  ProcessResult exported =
      runProcess(llvmCovCommand("export", "-summary-only", merged, binary, model));
  if (!exported.ok())
    return Error{ExitCode::Internal, "llvm-cov export failed:\n" + tail(exported.output, 10)};
  try {
    nlohmann::json data = nlohmann::json::parse(exported.output);
    auto read = [](const nlohmann::json &summary, const char *key, CoverageCount &count) {
      count.covered = summary.at(key).at("covered").get<int>();
      count.total = summary.at(key).at("count").get<int>();
    };
    const nlohmann::json &totals = data.at("data").at(0).at("totals");
    read(totals, "lines", result.lines);
    read(totals, "branches", result.branches);
    read(totals, "functions", result.functions);
    read(totals, "regions", result.regions);
    std::map<std::string, FileCoverage> byPath;
    for (const nlohmann::json &file :
         data.at("data").at(0).value("files", nlohmann::json::array())) {
      FileCoverage coverage;
      coverage.path = file.at("filename").get<std::string>();
      read(file.at("summary"), "lines", coverage.lines);
      read(file.at("summary"), "branches", coverage.branches);
      byPath[coverage.path] = coverage;
    }
    for (const SourceFile &source : model.sources) {
      auto found = byPath.find(source.path);
      FileCoverage coverage = found != byPath.end() ? found->second : FileCoverage{};
      coverage.path = source.path; // a file without code (all inline) covers 0 of 0
      result.files.push_back(coverage);
    }
  } catch (const std::exception &e) {
    return Error{ExitCode::Internal, std::string("cannot read llvm-cov output: ") + e.what()};
  }
  return result;
}

} // namespace unitgen
