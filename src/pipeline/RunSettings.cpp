// RunSettings: durations, the cache folder and the stages' options read off the command line.
#include "pipeline/RunSettings.h"

#include "exec/Preconditions.h"
#include "frontend/TestTargets.h"
#include "model/ViewLifetimes.h"

#include <cstdlib>
#include <filesystem>

namespace unitgen {

bool parseDuration(const std::string &text, double &seconds) {
  if (text.empty())
    return false;
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (...) {
    return false;
  }
  std::string unit = text.substr(used);
  double scale = unit.empty() || unit == "s" ? 1
                 : unit == "ms"              ? 0.001
                 : unit == "m"               ? 60
                 : unit == "h"               ? 3600
                                             : -1;
  // Beyond about eleven days a limit is no limit: refused, as are "inf" and "nan".
  constexpr double kLongestSeconds = 1e6;
  if (scale < 0 || !(value >= 0) || !(value * scale <= kLongestSeconds))
    return false;
  seconds = value * scale;
  return true;
}

Expected<double> budgetSecondsOf(const Options &options) {
  double seconds = 0;
  if (!parseDuration(options.budget, seconds))
    return Error{ExitCode::Usage, "--budget '" + options.budget +
                                      "' is not a duration like 30s or 2m (at most 277h)"};
  if (seconds <= 0 && options.maxExecutions == 0)
    return Error{ExitCode::Usage, "--budget '" + options.budget +
                                      "' leaves no time: give a duration above 0 (or "
                                      "--max-executions N to bound the run by executions)"};
  return seconds;
}

std::string defaultCacheDir() {
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"))
    return std::string(xdg) + "/unitgen";
  if (const char *home = std::getenv("HOME"))
    return std::string(home) + "/.cache/unitgen";
  return "/tmp/unitgen-cache";
}

std::string cacheDirOf(const Options &options) {
  return options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
}

FrontendOptions frontendOptionsOf(const Options &options) {
  return {options.buildDir, options.invariant, options.source, cacheDirOf(options)};
}

BuildOptions buildOptionsOf(const Options &options) {
  BuildOptions buildOptions;
  buildOptions.cacheDir = cacheDirOf(options);
  buildOptions.jobs = options.jobs;
  return buildOptions;
}

Expected<LearnedSample> learnFromOptions(const Options &options, const ClassModel &model) {
  Expected<std::vector<std::string>> sources =
      resolveTestSources(options.learnFrom, options.buildDir, model);
  if (!sources)
    return sources.error();
  LearnOptions learn;
  learn.testSources = std::move(*sources);
  learn.build = buildOptionsOf(options);
  return learnFromTests(model, learn);
}

ExecOptions explorationExecOptions(const Options &options, const ClassModel &model,
                                   const std::string &driverPath, double callTimeoutSeconds) {
  ExecOptions exec;
  exec.driverPath = driverPath;
  exec.workDir = std::filesystem::temp_directory_path().string();
  exec.callTimeoutSeconds = callTimeoutSeconds;
  exec.memoryLimitMb = options.memoryLimitMb;
  exec.forkServer = options.execMode == "fork";
  exec.isPreconditionViolation = [&model](const Sequence &sequence, const Outcome &outcome) {
    return isPreconditionViolation(model, sequence, outcome.failure, outcome.calls);
  };
  exec.preconditionProbes = [&model](const Sequence &sequence, const Outcome &outcome) {
    return preconditionProbes(model, sequence, outcome);
  };
  exec.staleAtEnd = [&model](const Sequence &sequence) { return staleAtEnd(model, sequence); };
  return exec;
}

} // namespace unitgen
