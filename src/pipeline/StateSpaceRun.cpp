// StateSpaceRun: the state-space strategies' settings, their exploration stage for generate,
// and `unitgen explore`'s rows (the Symstra table's N, time, states, pruned states, coverage).
#include "pipeline/StateSpaceRun.h"

#include "exec/Executor.h"
#include "exec/Preconditions.h"
#include "explore/ConcreteStateStrategy.h"
#include "explore/SymbolicStateStrategy.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"
#include "harness/SuiteCoverage.h"
#include "pipeline/RunSettings.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <unistd.h>

namespace unitgen {
namespace {

/// A scratch folder for the driver's raw profiles, removed at the end.
struct ProfileFolder {
  std::string path;
  ProfileFolder() {
    path =
        (std::filesystem::temp_directory_path() / ("unitgen-explore-" + std::to_string(getpid())))
            .string();
    std::filesystem::create_directories(path);
  }
  ~ProfileFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  /// Branch coverage of the code under test over every run so far (all driver processes).
  Expected<CoverageCount> branches(const ClassModel &model, const std::string &binary) const {
    std::vector<std::string> raw;
    for (const auto &entry : std::filesystem::directory_iterator(path))
      if (entry.path().extension() == ".profraw")
        raw.push_back(entry.path().string());
    if (raw.empty())
      return Error{ExitCode::Internal, "the driver wrote no profile"};
    Expected<CoverageResult> result = summarizeProfiles(model, binary, raw, path + "/all.profdata");
    if (!result)
      return result.error();
    return result->branches;
  }
};

} // namespace

Expected<StateSpaceOptions> stateSpaceOptions(const Options &options) {
  StateSpaceOptions state;
  state.maxIterations = options.maxLength > 0 ? options.maxLength : 8;
  state.methods = options.methods;
  for (const std::string &text : options.args) {
    try {
      size_t used = 0;
      long long value = std::stoll(text, &used);
      if (used != text.size())
        throw std::invalid_argument(text);
      state.args.push_back(value);
    } catch (const std::exception &) {
      return Error{ExitCode::Usage, "--args: '" + text + "' is not an integer"};
    }
  }
  state.maxStates = options.maxStates;
  state.maxMemoryMb = options.maxMemoryMb;
  return state;
}

Expected<nlohmann::json> runStateSpaceStrategy(const Options &options, const ClassModel &model,
                                               Executor &executor, const Budget &budget,
                                               Corpus &corpus, bool repeatable) {
  Expected<StateSpaceOptions> space = stateSpaceOptions(options);
  if (!space)
    return space.error();
  Expected<StateMethods> methods = selectStateMethods(model, space->methods);
  if (!methods)
    return methods.error();
  std::vector<IterationRow> rows;
  std::string stopped;
  nlohmann::json report;
  if (options.strategy == "symbolic-state") {
    SymbolicStateOptions symbolic;
    symbolic.space = *space;
    symbolic.subsumption = !options.noSubsumption;
    symbolic.solverTimeoutMs = repeatable ? 20000 : 1000; // as for concolic (Generate.cpp)
    auto strategy = makeSymbolicStateStrategy(model, executor, *methods, symbolic);
    strategy->run(budget, corpus);
    const SymbolicStateStats &stats = strategy->stats();
    rows = stats.rows;
    stopped = stats.stopReason;
    report = {{"executions", stats.executions},
              {"paths", stats.paths},
              {"subsumptionChecks", stats.subsumption.checks},
              {"subsumedSyntactically", stats.subsumption.syntactic},
              {"subsumedBySolver", stats.subsumption.bySolver},
              {"subsumedByOrders", stats.subsumption.byOrders},
              {"solverQueries", stats.solver.queries}};
  } else {
    auto strategy = makeConcreteStateStrategy(model, executor, *methods, *space);
    strategy->run(budget, corpus);
    rows = strategy->stats().rows;
    stopped = strategy->stats().stopReason;
    report = {{"executions", strategy->stats().executions}};
  }
  nlohmann::json iterations = nlohmann::json::array();
  for (const IterationRow &row : rows) {
    iterations.push_back({{"n", row.n},
                          {"states", row.states},
                          {"pruned", row.pruned},
                          {"edge_coverage", row.edgeCoverage}});
    if (!repeatable)
      iterations.back()["seconds"] = row.seconds;
  }
  report["iterations"] = iterations;
  if (!stopped.empty())
    report["stopped"] = stopped;
  return report;
}

bool runExploreStateSpace(const Options &options, Error &error) {
  Expected<double> budgetSeconds = budgetSecondsOf(options);
  if (!budgetSeconds) {
    error = budgetSeconds.error();
    return false;
  }
  Expected<StateSpaceOptions> stateOptions = stateSpaceOptions(options);
  if (!stateOptions) {
    error = stateOptions.error();
    return false;
  }
  FrontendOptions frontendOptions = frontendOptionsOf(options);
  Expected<ClassModel> model = buildModel(frontendOptions, options.className, false);
  if (!model) {
    error = model.error();
    return false;
  }
  Expected<StateMethods> methods = selectStateMethods(*model, stateOptions->methods);
  if (!methods) {
    error = methods.error();
    return false;
  }
  BuildOptions buildOptions = buildOptionsOf(options);
  // llvm-cov's branch coverage, as bench/suite_coverage.sh measures suites, row by row.
  buildOptions.sourceCoverage = true;
  const bool symbolic = options.strategy == "symbolic-state";
  Expected<BuiltDriver> driver =
      buildDriver(*model, symbolic ? BuildKind::Concolic : BuildKind::Exploration, buildOptions);
  if (!driver) {
    error = driver.error();
    return false;
  }
  double callTimeout = 0;
  if (!parseDuration(options.callTimeout, callTimeout)) {
    error = {ExitCode::Usage, "--call-timeout '" + options.callTimeout +
                                  "' is not a duration above 0 like 500ms or 2s"};
    return false;
  }
  ExecOptions execOptions = explorationExecOptions(options, *model, driver->path, callTimeout);
  ProfileFolder profiles;
  execOptions.environment.push_back("LLVM_PROFILE_FILE=" + profiles.path + "/driver-%p%c.profraw");
  execOptions.writable.push_back(profiles.path); // the sandboxed driver writes its profiles there
  auto executor = Executor::start(execOptions);
  if (!executor) {
    error = executor.error();
    return false;
  }

  if (!options.json)
    std::printf("%4s %9s %10s %10s %9s %9s\n", "N", "seconds", "states", "pruned", "branches",
                "edges");
  // Measuring takes time the exploration did not: it is left out of the rows' seconds.
  double measuring = 0;
  bool measured = true;
  stateOptions->onIteration = [&](const IterationRow &row) {
    auto started = std::chrono::steady_clock::now();
    Expected<CoverageCount> branches = profiles.branches(*model, driver->path);
    if (!branches && measured) {
      std::fprintf(stderr, "unitgen: warning: no branch coverage: %s\n",
                   branches.error().message.c_str());
      measured = false;
    }
    double branchCoverage = branches ? branches->percent() : 0;
    double seconds = row.seconds - measuring;
    measuring += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (options.json)
      std::printf("%s\n", nlohmann::json{{"n", row.n},
                                         {"seconds", seconds},
                                         {"states", row.states},
                                         {"pruned", row.pruned},
                                         {"branch_coverage", branchCoverage},
                                         {"edge_coverage", 100 * row.edgeCoverage}}
                              .dump()
                              .c_str());
    else
      std::printf("%4d %9.2f %10zu %10zu %8.1f%% %8.1f%%\n", row.n, seconds, row.states, row.pruned,
                  branchCoverage, 100 * row.edgeCoverage);
    std::fflush(stdout);
  };
  stateOptions->onStop = [&](const std::string &reason) {
    if (options.json)
      std::printf("%s\n", nlohmann::json{{"stopped", reason}}.dump().c_str());
    else
      std::printf("stopped: %s\n", reason.c_str());
    std::fflush(stdout);
  };
  Corpus corpus(*model);
  Budget budget;
  budget.seconds = *budgetSeconds;
  if (symbolic) {
    SymbolicStateOptions symbolicOptions;
    symbolicOptions.space = *stateOptions;
    symbolicOptions.subsumption = !options.noSubsumption;
    auto strategy = makeSymbolicStateStrategy(*model, **executor, *methods, symbolicOptions);
    strategy->run(budget, corpus);
    const SymbolicStateStats &stats = strategy->stats();
    if (!options.json)
      std::printf("paths %llu, subsumption checks %llu (%llu syntactic, %llu by orders, %llu by "
                  "the solver), solver queries %llu (z3 %llu, %.1f s; chain %.1f s), executions "
                  "%llu\n",
                  static_cast<unsigned long long>(stats.paths),
                  static_cast<unsigned long long>(stats.subsumption.checks),
                  static_cast<unsigned long long>(stats.subsumption.syntactic),
                  static_cast<unsigned long long>(stats.subsumption.byOrders),
                  static_cast<unsigned long long>(stats.subsumption.bySolver),
                  static_cast<unsigned long long>(stats.solver.queries),
                  static_cast<unsigned long long>(stats.solver.z3Calls), stats.solver.z3Seconds,
                  stats.solver.seconds, static_cast<unsigned long long>(stats.executions));
  } else {
    makeConcreteStateStrategy(*model, **executor, *methods, *stateOptions)->run(budget, corpus);
  }
  return true;
}

} // namespace unitgen
