// `unitgen generate`: model → drivers → exploration → suite → emitted files, with progress.
#include "cli/Verbs.h"

#include "emit/Emitter.h"
#include "exec/Executor.h"
#include "explore/AutoStrategy.h"
#include "explore/RandomStrategy.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"
#include "model/ModelJson.h"
#include "suite/SuiteBuilder.h"
#include "support/Hash.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <optional>
#include <unistd.h>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// Decimals for an executions-per-second rate: a slow class (each call allocating a gigabyte)
/// runs under one a second, which no decimals would print as 0/s.
int rateDecimals(double rate) { return rate < 10 ? 1 : 0; }

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// One status line on a terminal, rewritten in place; nothing when stderr is not a terminal.
class ProgressLine {
public:
  explicit ProgressLine(bool enabled) : enabled_(enabled && isatty(2)) {}
  void update(const Progress &p) {
    if (!enabled_)
      return;
    double rate = p.elapsed > 0 ? p.executions / p.elapsed : 0;
    bool concolic = std::string(p.phase) == "concolic";
    std::fprintf(
        stderr, "\r[%6.1fs] %s %llu execs (%.*f/s)  goals %zu  edges %zu  failures %zu  %s %zu",
        p.elapsed, p.phase, static_cast<unsigned long long>(p.executions), rateDecimals(rate), rate,
        p.goals, p.edges, p.failures, concolic ? "shapes" : "pool", p.poolSize);
    if (concolic)
      std::fprintf(stderr, "  queries %llu", static_cast<unsigned long long>(p.queries));
    std::fprintf(stderr, "   ");
    std::fflush(stderr);
    dirty_ = true;
  }
  void status(const std::string &text) {
    if (!enabled_)
      return;
    std::fprintf(stderr, "\r%-90s", text.c_str());
    std::fflush(stderr);
    dirty_ = true;
  }
  void finish() {
    if (enabled_ && dirty_)
      std::fprintf(stderr, "\r%-110s\r", "");
    dirty_ = false;
  }

private:
  bool enabled_;
  bool dirty_ = false;
};

std::string commandLine(const Options &o) {
  std::string text = "unitgen generate -p " + o.buildDir;
  text += o.functionName.empty() ? " --class " + o.className : " --function " + o.functionName;
  text += " --out " + o.outDir + " --seed " + std::to_string(o.seed);
  if (o.strategy != "auto")
    text += " --strategy " + o.strategy;
  if (o.maxExecutions)
    text += " --max-executions " + std::to_string(o.maxExecutions);
  else
    text += " --budget " + o.budget;
  return text;
}

} // namespace

std::string defaultCacheDir() {
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"))
    return std::string(xdg) + "/unitgen";
  if (const char *home = std::getenv("HOME"))
    return std::string(home) + "/.cache/unitgen";
  return "/tmp/unitgen-cache";
}

FrontendOptions frontendOptionsOf(const Options &options) {
  return {options.buildDir, options.invariant, options.source,
          options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir};
}

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
  if (scale < 0 || value < 0)
    return false;
  seconds = value * scale;
  return true;
}

bool runGenerate(const Options &options, Error &error) {
  if (options.strategy == "exhaustive")
    return runGenerateExhaustive(options, error);
  auto started = Clock::now();
  nlohmann::json timings;
  double budgetSeconds = 0, callTimeout = 0;
  if (!parseDuration(options.budget, budgetSeconds)) {
    error = {ExitCode::Usage, "--budget '" + options.budget + "' is not a duration like 30s or 2m"};
    return false;
  }
  if (!parseDuration(options.callTimeout, callTimeout) || callTimeout <= 0) {
    error = {ExitCode::Usage, "--call-timeout '" + options.callTimeout + "' is not a duration"};
    return false;
  }
  ProgressLine progress(!options.quiet);

  // 1. Model.
  FrontendOptions frontendOptions = frontendOptionsOf(options);
  bool isFunction = !options.functionName.empty();
  progress.status("unitgen: reading the code under test...");
  auto t0 = Clock::now();
  Expected<ClassModel> model = buildModel(
      frontendOptions, isFunction ? options.functionName : options.className, isFunction);
  if (!model) {
    progress.finish();
    error = model.error();
    return false;
  }
  timings["model"] = since(t0);
  if (model->callablesUnderTest().empty()) {
    progress.finish();
    error = inputError(fmt::format("'{}' has no public callable unitgen can call (see 'unitgen "
                                   "list -p {}' for the reasons)",
                                   model->target, options.buildDir));
    return false;
  }
  if (!options.dumpModel.empty())
    writeFile(options.dumpModel, nlohmann::json(*model).dump(2));

  // 2. Drivers: the replay build compiles while exploration runs.
  BuildOptions buildOptions;
  buildOptions.cacheDir = options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
  buildOptions.jobs = options.jobs;
  progress.status("unitgen: building the exploration driver...");
  t0 = Clock::now();
  Expected<BuiltDriver> explorationDriver =
      buildDriver(*model, BuildKind::Exploration, buildOptions);
  if (!explorationDriver) {
    progress.finish();
    error = explorationDriver.error();
    return false;
  }
  timings["buildExploration"] = since(t0);
  BuildOptions replayOptions = buildOptions;
  replayOptions.jobs = 1; // leave a core to the exploration
  auto replayBuild = std::async(
      std::launch::async, [&] { return buildDriver(*model, BuildKind::Replay, replayOptions); });
  // The concolic driver (the pass's instrumentation) also builds while random explores.
  bool wantConcolic = options.strategy != "random" && options.strategy != "concrete-state";
  std::future<Expected<BuiltDriver>> concolicBuild;
  if (wantConcolic)
    concolicBuild = std::async(std::launch::async, [&] {
      return buildDriver(*model, BuildKind::Concolic, replayOptions);
    });

  std::error_code ec;
  fs::create_directories(options.outDir, ec);
  if (ec) {
    error = inputError("cannot create output folder '" + options.outDir + "': " + ec.message());
    return false;
  }
  ExecOptions execOptions;
  execOptions.driverPath = explorationDriver->path;
  execOptions.workDir = fs::temp_directory_path().string();
  execOptions.callTimeoutSeconds = callTimeout;
  execOptions.memoryLimitMb = options.memoryLimitMb;
  execOptions.forkServer = options.execMode == "fork";
  auto exploration = Executor::start(execOptions);
  if (!exploration) {
    error = exploration.error();
    return false;
  }

  // 3. Exploration.
  bool repeatable = options.maxExecutions > 0;
  Corpus corpus(*model);
  Budget budget;
  budget.seconds = options.maxExecutions ? 0 : budgetSeconds;
  budget.maxExecutions = options.maxExecutions;
  AutoOptions autoOptions;
  RandomOptions &randomOptions = autoOptions.random;
  randomOptions.seed = options.seed;
  randomOptions.maxLength = static_cast<size_t>(
      std::max(2, options.maxLength > 0 ? options.maxLength : kDefaultRandomLength));
  randomOptions.progress = [&](const Progress &p) { progress.update(p); };
  ConcolicOptions &concolicOptions = autoOptions.concolic;
  concolicOptions.seed = options.seed;
  concolicOptions.maxLength = static_cast<size_t>(
      std::max(1, options.maxLength > 0 ? options.maxLength : kDefaultCandidateLength));
  concolicOptions.floatingPoint = hasFloatingPointParameters(*model);
  // A query that times out on a loaded machine but not on an idle one would change the output
  // of a repeatable run: give Z3 much more time then.
  concolicOptions.solverTimeoutMs = repeatable ? 20000 : 1000;
  concolicOptions.progress = randomOptions.progress;
  if (options.strategy == "auto") {
    // Random stops early once a tenth of the budget went by without a new goal.
    if (repeatable)
      randomOptions.stallExecutions = std::max<uint64_t>(2000, options.maxExecutions / 10);
    else
      randomOptions.stallSeconds = std::max(2.0, budgetSeconds / 10);
  }
  std::unique_ptr<Executor> concolicExecutor;
  std::optional<BuiltDriver> concolicDriver;
  std::string concolicProblem;
  auto startConcolic = [&]() -> Executor * {
    progress.status("unitgen: building the concolic driver...");
    Expected<BuiltDriver> built = concolicBuild.get();
    if (!built) {
      concolicProblem = built.error().message;
      return nullptr;
    }
    concolicDriver = *built;
    ExecOptions concolicExec = execOptions;
    concolicExec.driverPath = built->path;
    auto started = Executor::start(concolicExec);
    if (!started) {
      concolicProblem = started.error().message;
      return nullptr;
    }
    concolicExecutor = std::move(*started);
    return concolicExecutor.get();
  };
  t0 = Clock::now();
  nlohmann::json strategyReport;
  if (options.strategy == "concrete-state" || options.strategy == "symbolic-state") {
    const bool symbolic = options.strategy == "symbolic-state";
    Executor *executor = symbolic ? startConcolic() : exploration->get();
    if (!executor) {
      progress.finish();
      error = buildError("the concolic driver is not available: " + concolicProblem);
      return false;
    }
    Expected<nlohmann::json> stateReport =
        runStateSpaceStrategy(options, *model, *executor, budget, corpus, repeatable);
    if (!stateReport) {
      progress.finish();
      error = stateReport.error();
      return false;
    }
    strategyReport[symbolic ? "symbolicState" : "concreteState"] = *stateReport;
  } else if (options.strategy == "random") {
    makeRandomStrategy(*model, **exploration, randomOptions)->run(budget, corpus);
  } else if (options.strategy == "concolic") {
    Executor *executor = startConcolic();
    if (!executor) {
      progress.finish();
      error = buildError("the concolic driver is not available: " + concolicProblem);
      return false;
    }
    auto concolic = makeConcolicStrategy(*model, *executor, concolicOptions);
    concolic->run(budget, corpus);
    strategyReport["concolic"] = concolic->stats().toJson(!repeatable);
  } else {
    auto automatic = makeAutoStrategy(*model, **exploration, startConcolic, autoOptions);
    automatic->run(budget, corpus);
    AutoStats stats = automatic->stats();
    strategyReport["random"] = {{"executions", stats.randomExecutions}};
    if (!repeatable)
      strategyReport["random"]["seconds"] = stats.randomSeconds;
    if (stats.concolic)
      strategyReport["concolic"] = stats.concolic->toJson(!repeatable);
  }
  if (!concolicProblem.empty()) {
    progress.finish();
    std::fprintf(stderr, "unitgen: warning: no concolic exploration: %s\n",
                 concolicProblem.c_str());
    strategyReport["concolicUnavailable"] = concolicProblem;
  }
  timings["explore"] = since(t0);
  ExecStats explorationStats = (*exploration)->stats();
  if (concolicExecutor) {
    const ExecStats &more = concolicExecutor->stats();
    explorationStats.executions += more.executions;
    explorationStats.calls += more.calls;
    explorationStats.restarts += more.restarts;
    explorationStats.failures += more.failures;
    explorationStats.seconds += more.seconds;
    concolicExecutor.reset(); // its driver is not needed for the suite
  }
  if (concolicBuild.valid())
    concolicBuild.wait(); // `random` never asked for it; do not leave the build running

  // 4. Suite.
  progress.status("unitgen: building the sanitizer driver...");
  Expected<BuiltDriver> replayDriver = replayBuild.get();
  if (!replayDriver) {
    progress.finish();
    error = replayDriver.error();
    return false;
  }
  ExecOptions replayExec = execOptions;
  replayExec.driverPath = replayDriver->path;
  replayExec.sanitizerBuild = true;
  replayExec.callTimeoutSeconds = callTimeout * 3; // sanitizers slow the code down
  auto replay = Executor::start(replayExec);
  if (!replay) {
    error = replay.error();
    return false;
  }
  progress.status("unitgen: selecting, minimizing and replaying tests...");
  SuiteOptions suiteOptions;
  suiteOptions.minimize = !options.noMinimize;
  suiteOptions.pruneAssertions = options.assertions == "distinct";
  // Started on the first out-of-memory failure only (most runs have none).
  std::unique_ptr<Executor> roomier;
  bool roomierFailed = false;
  suiteOptions.runWithTwiceTheMemory = [&](const Sequence &sequence, const RunFlags &flags) {
    if (!roomier && !roomierFailed) {
      ExecOptions twice = execOptions;
      twice.memoryLimitMb = execOptions.memoryLimitMb * 2;
      auto started = Executor::start(twice);
      if (started)
        roomier = std::move(*started);
      else
        roomierFailed = true;
    }
    if (!roomier) { // cannot tell: report the failure as it was confirmed
      Outcome unknown;
      unknown.failure.kind = FailureKind::OutOfMemory;
      return unknown;
    }
    return roomier->run(sequence, flags);
  };
  SuiteStats suiteStats;
  Suite suite = buildSuite(corpus, **exploration, **replay, suiteOptions, suiteStats);
  timings["suite"] = suiteStats.seconds;
  progress.finish();

  // 5. Files.
  nlohmann::json report;
  report["tool"] = "unitgen 0.1.0";
  report["target"] = model->target;
  report["kind"] = model->targetIsFunction ? "function" : "class";
  report["seed"] = options.seed;
  report["strategy"] = options.strategy;
  for (auto &[name, value] : strategyReport.items())
    report[name] = value;
  report["budget"] = options.maxExecutions ? nlohmann::json({{"executions", options.maxExecutions}})
                                           : nlohmann::json({{"seconds", budgetSeconds}});
  report["exploration"] = {{"executions", explorationStats.executions},
                           {"calls", explorationStats.calls},
                           {"restarts", explorationStats.restarts},
                           {"failingExecutions", explorationStats.failures},
                           {"execMode", options.execMode},
                           {"goals", corpus.goalCount()},
                           {"edges", corpus.edgeCount()},
                           {"failureGoals", corpus.failureCount()}};
  report["selection"] = {{"candidates", suiteStats.candidates},
                         {"tests", suite.regression.size()},
                         {"failures", suite.failures.size()},
                         {"goalsCovered", suiteStats.goalsCovered},
                         {"statementsRemovedByMinimization", suiteStats.statementsRemoved},
                         {"droppedNondeterministic", suiteStats.nondeterministic},
                         {"movedToFailuresBySanitizers", suiteStats.movedToFailures},
                         {"outOfMemoryWithinTwiceTheLimit", suiteStats.boundedMemoryDemands},
                         {"wordsRemovedFromStrings", suiteStats.wordsRemoved},
                         {"testsSplitIntoIndependentParts", suiteStats.testsSplit},
                         {"readBackQueries", suiteStats.readBackQueries}};
  // Timings and cache hits differ from run to run; with an execution budget the output,
  // this report included, must be byte-identical for the same seed, so they are left out.
  if (!repeatable) {
    report["builds"] = {{"exploration", {{"cached", explorationDriver->fromCache}}},
                        {"replay", {{"cached", replayDriver->fromCache}}}};
    if (concolicDriver)
      report["builds"]["concolic"] = {{"cached", concolicDriver->fromCache}};
  }
  report["notes"] = nlohmann::json::array(
      {"static state is not reset between sequences in persistent mode (use --exec-mode fork)"});
  EmitOptions emitOptions;
  emitOptions.outDir = options.outDir;
  emitOptions.seed = options.seed;
  emitOptions.commandLine = commandLine(options);
  emitOptions.clangFormat = !options.noFormat;
  emitOptions.linkTarget = options.linkTarget;
  timings["total"] = since(started);
  if (!repeatable)
    report["seconds"] = timings;
  Expected<std::vector<std::string>> written = emitSuite(*model, suite, emitOptions, report);
  if (!written) {
    error = written.error();
    return false;
  }
  double rate =
      explorationStats.seconds > 0 ? explorationStats.executions / explorationStats.seconds : 0;
  std::printf("unitgen: %s: %llu executions (%.*f/s), %zu goals, %zu tests, %zu failures\n",
              model->target.c_str(), static_cast<unsigned long long>(explorationStats.executions),
              rateDecimals(rate), rate, corpus.goalCount(), suite.regression.size(),
              suite.failures.size());
  for (const std::string &path : *written)
    std::printf("unitgen: wrote %s\n", path.c_str());
  return true;
}

} // namespace unitgen
