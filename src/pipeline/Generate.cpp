// `unitgen generate`: the pipeline's named stages — model → drivers → strategy → suite → verify
// → emit and report — with a progress line; a strategy with its own pipeline (exhaustive) runs
// that.
#include "pipeline/Pipeline.h"

#include "emit/Emitter.h"
#include "exec/Executor.h"
#include "exec/Preconditions.h"
#include "learn/ModelInference.h"
#include "model/ModelJson.h"
#include "pipeline/ExplorationStage.h"
#include "pipeline/ProgressLine.h"
#include "pipeline/RunSettings.h"
#include "pipeline/StrategyRegistry.h"
#include "pipeline/SuiteVerification.h"
#include "suite/SanitizerWatch.h"
#include "suite/SuiteBuilder.h"
#include "support/Hash.h"
#include "support/ScratchDir.h"
#include "support/Subprocess.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <future>
#include <optional>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The last `count` lines of `text`, each indented by two spaces.
std::string lastLines(const std::string &text, int count) {
  size_t start = text.size();
  while (start > 0 && count >= 0)
    if (text[--start] == '\n' && start + 1 < text.size())
      --count;
  std::string tail = text.substr(count < 0 ? start + 1 : start);
  std::string indented = "  ";
  for (char c : tail)
    indented += c == '\n' ? std::string("\n  ") : std::string(1, c);
  return indented;
}

std::string commandLine(const Options &o) {
  std::string text = "unitgen generate -p " + shellQuote(o.buildDir);
  text += o.functionName.empty() ? " --class " + shellQuote(o.className)
                                 : " --function " + shellQuote(o.functionName);
  text += " --out " + shellQuote(o.outDir) + " --seed " + std::to_string(o.seed);
  if (o.strategy != "auto")
    text += " --strategy " + o.strategy;
  for (const std::string &test : o.learnFrom)
    text += " --learn-from " + shellQuote(test);
  for (const std::string &theories : o.theories)
    text += " --theories " + shellQuote(theories);
  if (o.maxExecutions)
    text += " --max-executions " + std::to_string(o.maxExecutions);
  else
    text += " --budget " + o.budget;
  return text;
}

/// One run of generate's shared pipeline. Each stage fills the members the next one reads;
/// the replay and concolic drivers build in the background from the drivers stage on, so the
/// run stays where it was made (the builds hold references into it).
/// An executor started on its first run (most suites never need it). When it cannot start, a
/// run reports `unknown`, so the failure it was to check stands as confirmed.
class LazyExecutor {
public:
  LazyExecutor(ExecOptions options, FailureKind unknown)
      : options_(std::move(options)), unknown_(unknown) {}
  Outcome run(const Sequence &sequence, const RunFlags &flags) {
    if (!executor_ && !failed_) {
      auto started = Executor::start(options_);
      if (started)
        executor_ = std::move(*started);
      else
        failed_ = true;
    }
    if (!executor_) {
      Outcome unknown;
      unknown.failure.kind = unknown_;
      return unknown;
    }
    return executor_->run(sequence, flags);
  }

private:
  ExecOptions options_;
  FailureKind unknown_;
  std::unique_ptr<Executor> executor_;
  bool failed_ = false;
};

class GenerateRun {
public:
  GenerateRun(const Options &options, const StrategyEntry &strategy)
      : options_(options), strategy_(strategy), progress_(!options.quiet) {}
  GenerateRun(const GenerateRun &) = delete;
  GenerateRun &operator=(const GenerateRun &) = delete;

  bool run(Error &error) {
    bool ok = settings(error) && model(error) && learn(error) && drivers(error) && explore(error) &&
              suite(error) && verify(error) && emit(error);
    progress_.finish();
    return ok;
  }

private:
  /// The durations of the command line.
  bool settings(Error &error) {
    Expected<double> budget = budgetSecondsOf(options_);
    if (!budget) {
      error = budget.error();
      return false;
    }
    budgetSeconds_ = *budget;
    if (!parseDuration(options_.callTimeout, callTimeout_) || callTimeout_ <= 0) {
      error = {ExitCode::Usage, "--call-timeout '" + options_.callTimeout +
                                    "' is not a duration above 0 like 500ms or 2s"};
      return false;
    }
    repeatable_ = options_.maxExecutions > 0;
    // Checked before any work: a run must not end, minutes in, on a folder it cannot write.
    std::error_code ec;
    fs::create_directories(options_.outDir, ec);
    if (ec || !fs::is_directory(options_.outDir)) {
      error = inputError("cannot create output folder '" + options_.outDir +
                         "': " + (ec ? ec.message() : "a file of that name exists"));
      return false;
    }
    return true;
  }

  /// 1. The class model (or the function's), from the cache when the project is unchanged.
  bool model(Error &error) {
    bool isFunction = !options_.functionName.empty();
    progress_.status("unitgen: reading the code under test...");
    auto t0 = Clock::now();
    Expected<ClassModel> model =
        buildModel(frontendOptionsOf(options_),
                   isFunction ? options_.functionName : options_.className, isFunction);
    if (!model) {
      error = model.error();
      return false;
    }
    model_ = std::move(*model);
    for (const std::string &theories : options_.theories)
      model_->theories.push_back(fs::absolute(theories).lexically_normal().string());
    timings_["model"] = since(t0);
    if (model_->callablesUnderTest().empty()) {
      error = inputError(fmt::format("'{}' has no public callable unitgen can call (see 'unitgen "
                                     "list -p {}' for the reasons)",
                                     model_->target, options_.buildDir));
      return false;
    }
    if (!options_.dumpModel.empty())
      writeFile(options_.dumpModel, nlohmann::json(*model_).dump(2));
    return true;
  }

  /// 1b. With --learn-from, the project's tests recorded (src/learn): the call-sequence model
  /// palus follows, and values for every strategy.
  bool learn(Error &error) {
    if (options_.learnFrom.empty())
      return true;
    progress_.status("unitgen: recording what the project's tests call...");
    auto t0 = Clock::now();
    Expected<LearnedSample> learned = learnFromOptions(options_, *model_);
    if (!learned) {
      error = learned.error();
      return false;
    }
    sample_ = std::move(*learned);
    timings_["learn"] = since(t0);
    observedUpcasts_ = addObservedUpcasts(*model_, sample_->model);
    if (sample_->testsSignal || sample_->testsTimedOut) {
      progress_.finish();
      std::fprintf(stderr,
                   "unitgen: note: the project's tests %s; the calls they made before are "
                   "learned. Their output ends:\n%s\n",
                   sample_->testsTimedOut
                       ? "ran out of time"
                       : fmt::format("ended with signal {}", sample_->testsSignal).c_str(),
                   lastLines(sample_->testsOutput, 5).c_str());
    }
    return true;
  }

  /// 2. The exploration driver, started; the replay build (and the concolic one, when the
  /// strategy needs it) compile while exploration runs.
  bool drivers(Error &error) {
    buildOptions_ = buildOptionsOf(options_);
    progress_.status("unitgen: building the exploration driver...");
    auto t0 = Clock::now();
    Expected<BuiltDriver> built = buildWithoutBrokenCallables();
    if (!built) {
      error = built.error();
      return false;
    }
    explorationDriver_ = *built;
    timings_["buildExploration"] = since(t0);
    backgroundOptions_ = buildOptions_;
    backgroundOptions_.jobs = 1; // leave a core to the exploration
    replayBuild_ = std::async(std::launch::async, [this] {
                     return buildDriver(*model_, BuildKind::Replay, backgroundOptions_);
                   }).share();
    if (strategy_.needsConcolicDriver)
      concolicBuild_ = std::async(std::launch::async, [this] {
        return buildDriver(*model_, BuildKind::Concolic, backgroundOptions_);
      });

    execOptions_ = explorationExecOptions(options_, *model_, explorationDriver_.path, callTimeout_);
    auto exploration = Executor::start(execOptions_);
    if (!exploration) {
      error = exploration.error();
      return false;
    }
    exploration_ = std::move(*exploration);
    return true;
  }

  /// The exploration driver. A callable whose action does not compile (an overload the
  /// generated call cannot pick, a type the model misread) is left out with the compiler's
  /// reason, on stderr and in the report, and the driver is built again without it.
  Expected<BuiltDriver> buildWithoutBrokenCallables() {
    for (int round = 0;; ++round) {
      std::vector<std::pair<int, std::string>> broken;
      BuildOptions options = buildOptions_;
      options.brokenCallables = &broken;
      Expected<BuiltDriver> built = buildDriver(*model_, BuildKind::Exploration, options);
      if (built || broken.empty() || round == 3)
        return built;
      for (const auto &[id, reason] : broken) {
        Callable &callable = model_->callables[id];
        callable.unsupportedReason = "its call does not compile: " + reason;
        droppedCallables_.push_back(
            {{"callable",
              callable.qualifiedName + callable.signature().substr(callable.name.size())},
             {"reason", callable.unsupportedReason}});
        std::fprintf(stderr, "unitgen: note: leaving out %s: %s\n", callable.qualifiedName.c_str(),
                     callable.unsupportedReason.c_str());
      }
      if (model_->callablesUnderTest().empty())
        return inputError("'" + model_->target + "' has no callable whose call compiles");
    }
  }

  ExecOptions replayExecOptions(const std::string &driverPath) const {
    ExecOptions replayExec = execOptions_;
    replayExec.driverPath = driverPath;
    replayExec.sanitizerBuild = true;
    replayExec.callTimeoutSeconds = callTimeout_ * 3; // sanitizers slow the code down
    return replayExec;
  }

  /// An executor of the sanitizer (replay) build, its build waited for; the sanitizer watch
  /// starts one on its own thread while the search runs.
  Expected<std::unique_ptr<Executor>> startReplay() const {
    const Expected<BuiltDriver> &built = replayBuild_.get();
    if (!built)
      return built.error();
    return Executor::start(replayExecOptions(built->path));
  }

  /// The concolic driver's executor, started on the first request (its build waited for).
  Executor *startConcolic() {
    if (!concolicBuild_.valid()) { // a strategy the registry says needs no concolic driver
      concolicProblem_ = "the strategy did not ask for the concolic driver to be built";
      return nullptr;
    }
    progress_.status("unitgen: building the concolic driver...");
    Expected<BuiltDriver> built = concolicBuild_.get();
    if (!built) {
      concolicProblem_ = built.error().message;
      return nullptr;
    }
    concolicDriver_ = *built;
    ExecOptions concolicExec = execOptions_;
    concolicExec.driverPath = built->path;
    auto started = Executor::start(concolicExec);
    if (!started) {
      concolicProblem_ = started.error().message;
      return nullptr;
    }
    concolicExecutor_ = std::move(*started);
    return concolicExecutor_.get();
  }

  /// 3. The strategy explores into the corpus.
  bool explore(Error &error) {
    corpus_.emplace(*model_);
    ExplorationStage stage{options_,
                           *model_,
                           *exploration_,
                           [this] { return startConcolic(); },
                           concolicProblem_,
                           {},
                           budgetSeconds_,
                           repeatable_,
                           {},
                           *corpus_};
    stage.budget.seconds = options_.maxExecutions ? 0 : budgetSeconds_;
    stage.budget.maxExecutions = options_.maxExecutions;
    RandomOptions &random = stage.autoOptions.random;
    random.seed = options_.seed;
    random.maxLength = static_cast<size_t>(
        std::max(2, options_.maxLength > 0 ? options_.maxLength : kDefaultRandomLength));
    random.progress = [this](const Progress &p) { progress_.update(p); };
    if (sample_) {
      stage.sample = &sample_->model;
      for (const auto &[callable, index, value] : sample_->model.observedArguments())
        random.observedArguments.push_back({{callable, index}, value});
    }
    ConcolicOptions &concolic = stage.autoOptions.concolic;
    concolic.seed = options_.seed;
    concolic.maxLength = static_cast<size_t>(
        std::max(1, options_.maxLength > 0 ? options_.maxLength : kDefaultCandidateLength));
    concolic.floatingPoint = hasFloatingPointParameters(*model_);
    // A query that times out on a loaded machine but not on an idle one would change the
    // output of a repeatable run: give Z3 much more time then.
    concolic.solverTimeoutMs = repeatable_ ? 20000 : 1000;
    concolic.progress = random.progress;

    auto t0 = Clock::now();
    std::optional<SanitizerWatch> watch;
    if (!options_.noSanitizerWatch) {
      SanitizerWatchOptions watchOptions;
      watchOptions.repeatable = repeatable_;
      if (!repeatable_)
        watchOptions.rejectedCalls = &corpus_->rejectedCalls();
      watch.emplace([this] { return startReplay(); }, watchOptions);
      corpus_->observe(&*watch);
    }
    Expected<nlohmann::json> report = strategy_.explore(stage);
    if (watch) {
      corpus_->observe(nullptr);
      sanitizerFindings_ = watch->finish();
      sanitizerWatch_ = watch->report();
      if (repeatable_)
        sanitizerWatch_.erase("seconds"); // the report of a repeatable run has no timings
    }
    if (!report) {
      error = report.error();
      return false;
    }
    strategyReport_ = std::move(*report);
    if (!concolicProblem_.empty()) {
      progress_.finish();
      std::fprintf(stderr, "unitgen: warning: no concolic exploration: %s\n",
                   concolicProblem_.c_str());
      strategyReport_["concolicUnavailable"] = concolicProblem_;
    }
    timings_["explore"] = since(t0);
    explorationStats_ = exploration_->stats();
    if (concolicExecutor_) {
      const ExecStats &more = concolicExecutor_->stats();
      explorationStats_.executions += more.executions;
      explorationStats_.calls += more.calls;
      explorationStats_.restarts += more.restarts;
      explorationStats_.failures += more.failures;
      explorationStats_.preconditionViolations += more.preconditionViolations;
      explorationStats_.preconditionProbes += more.preconditionProbes;
      explorationStats_.seconds += more.seconds;
      concolicExecutor_.reset(); // its driver is not needed for the suite
    }
    if (concolicBuild_.valid())
      concolicBuild_.wait(); // the strategy never asked for it; do not leave the build running
    return true;
  }

  /// 4. The suite: selection, minimization and replay on the sanitizer driver.
  bool suite(Error &error) {
    progress_.status("unitgen: building the sanitizer driver...");
    auto replay = startReplay();
    if (!replay) {
      error = replay.error();
      return false;
    }
    replayDriver_ = *replayBuild_.get();
    // The second replay: another process, another heap fill byte (SuiteOptions::freshReplay).
    ExecOptions freshExec = replayExecOptions(replayDriver_.path);
    freshExec.mallocFillByte = 0x5a;
    auto freshReplay = Executor::start(freshExec);
    if (!freshReplay) {
      error = freshReplay.error();
      return false;
    }
    progress_.status("unitgen: selecting, minimizing and replaying tests...");
    SuiteOptions suiteOptions;
    suiteOptions.freshReplay = freshReplay->get();
    suiteOptions.sanitizerFindings = std::move(sanitizerFindings_);
    suiteOptions.minimize = !options_.noMinimize;
    suiteOptions.pruneAssertions = options_.assertions == "distinct";
    ExecOptions twice = execOptions_;
    twice.memoryLimitMb = execOptions_.memoryLimitMb * 2;
    LazyExecutor roomier(twice, FailureKind::OutOfMemory);
    suiteOptions.runWithTwiceTheMemory = [&](const Sequence &sequence, const RunFlags &flags) {
      return roomier.run(sequence, flags);
    };
    ExecOptions patient = execOptions_;
    patient.callTimeoutSeconds = execOptions_.callTimeoutSeconds * 10;
    LazyExecutor longer(patient, FailureKind::Hang);
    suiteOptions.runWithLongerTimeout = [&](const Sequence &sequence, const RunFlags &flags) {
      return longer.run(sequence, flags);
    };
    suiteOptions.callTimeoutSeconds = execOptions_.callTimeoutSeconds;
    suiteOptions.longerTimeoutSeconds = patient.callTimeoutSeconds;
    suite_ = buildSuite(*corpus_, *exploration_, **replay, suiteOptions, suiteStats_);
    timings_["suite"] = suiteStats_.seconds;
    progress_.finish();
    return true;
  }

  /// unitgen-report.json: what was explored and selected (no timings in a repeatable run).
  nlohmann::json report() const {
    nlohmann::json report;
    report["tool"] = "unitgen 0.1.0";
    report["target"] = model_->target;
    report["kind"] = model_->targetIsFunction ? "function" : "class";
    report["seed"] = options_.seed;
    report["strategy"] = options_.strategy;
    for (auto &[name, value] : strategyReport_.items())
      report[name] = value;
    report["budget"] = options_.maxExecutions
                           ? nlohmann::json({{"executions", options_.maxExecutions}})
                           : nlohmann::json({{"seconds", budgetSeconds_}});
    report["exploration"] = {{"executions", explorationStats_.executions},
                             {"calls", explorationStats_.calls},
                             {"restarts", explorationStats_.restarts},
                             {"failingExecutions", explorationStats_.failures},
                             {"preconditionViolations", explorationStats_.preconditionViolations},
                             {"preconditionProbes", explorationStats_.preconditionProbes},
                             {"execMode", options_.execMode},
                             {"goals", corpus_->goalCount()},
                             {"edges", corpus_->edgeCount()},
                             {"failureGoals", corpus_->failureCount()},
                             {"sanitizerWatch", sanitizerWatch_}};
    report["selection"] = {{"candidates", suiteStats_.candidates},
                           {"tests", suite_.regression.size()},
                           {"failures", suite_.failures.size()},
                           {"goalsCovered", suiteStats_.goalsCovered},
                           {"statementsRemovedByMinimization", suiteStats_.statementsRemoved},
                           {"droppedNondeterministic", suiteStats_.nondeterministic},
                           {"movedToFailuresBySanitizers", suiteStats_.movedToFailures},
                           {"repairedArguments", suiteStats_.repairedArguments},
                           {"failuresFromSanitizerWatch", suiteStats_.fromSanitizerWatch},
                           {"outOfMemoryWithinTwiceTheLimit", suiteStats_.boundedMemoryDemands},
                           {"hangsFinishingWithTenTimesTheTimeout", suiteStats_.slowCalls},
                           {"hangsGrowingWithAnArgument", suiteStats_.argumentBoundHangs},
                           {"wordsRemovedFromStrings", suiteStats_.wordsRemoved},
                           {"elementsRemovedFromContainers", suiteStats_.elementsRemoved},
                           {"testsSplitIntoIndependentParts", suiteStats_.testsSplit},
                           {"readBackQueries", suiteStats_.readBackQueries}};
    report["droppedCallables"] = droppedCallables_;
    if (sample_) {
      report["sample"] = sampleReport(*sample_, repeatable_);
      report["sample"]["upcastsAdded"] = observedUpcasts_;
    }
    report["verification"] = {
        {"droppedNotCompiling", verificationStats_.droppedNotCompiling},
        {"droppedFailingFreshRuns", verificationStats_.droppedFailingFreshRuns},
        {"cutAtException", verificationStats_.cutAtException},
        {"dropped", verificationStats_.dropped}};
    // Timings and cache hits differ from run to run; with an execution budget the output,
    // this report included, must be byte-identical for the same seed, so they are left out.
    if (!repeatable_) {
      report["builds"] = {{"exploration", {{"cached", explorationDriver_.fromCache}}},
                          {"replay", {{"cached", replayDriver_.fromCache}}}};
      if (concolicDriver_)
        report["builds"]["concolic"] = {{"cached", concolicDriver_->fromCache}};
    }
    report["notes"] = nlohmann::json::array(
        {"static state is not reset between sequences in persistent mode (use --exec-mode fork)"});
    return report;
  }

  EmitOptions emitOptions() const {
    EmitOptions emitOptions;
    emitOptions.outDir = options_.outDir;
    emitOptions.seed = options_.seed;
    emitOptions.commandLine = commandLine(options_);
    emitOptions.clangFormat = !options_.noFormat;
    emitOptions.linkTarget = options_.linkTarget;
    emitOptions.testSandboxDir = findRuntimeDir() + "/sandbox";
    emitOptions.theoryIncludeDir = findIncludeDir();
    for (const SourceFile &source : model_->librarySources)
      for (const std::string &linked : explorationDriver_.linkedLibrarySources)
        if (source.path == linked)
          emitOptions.librarySources.push_back(source);
    return emitOptions;
  }

  /// 5. The tests as they will be written, compiled with the project's flags and run in fresh
  /// processes: what does not compile or pass is dropped (pipeline/SuiteVerification.h).
  bool verify(Error &error) {
    progress_.status("unitgen: compiling and running the emitted tests...");
    ScratchDir scratch("unitgen-verify");
    VerificationOptions options;
    options.emit = emitOptions();
    options.build = buildOptions_;
    options.workDir = scratch.path();
    options.callTimeoutSeconds = callTimeout_;
    Expected<bool> verified = verifySuite(*model_, suite_, options, verificationStats_);
    timings_["verification"] = verificationStats_.seconds;
    progress_.finish();
    if (!verified) {
      error = verified.error();
      return false;
    }
    return true;
  }

  /// 6. The files: tests, failures, CMake and the report; a summary on stdout.
  bool emit(Error &error) {
    nlohmann::json report = this->report();
    EmitOptions emitOptions = this->emitOptions();
    timings_["total"] = since(started_);
    if (!repeatable_)
      report["seconds"] = timings_;
    Expected<std::vector<std::string>> written = emitSuite(*model_, suite_, emitOptions, report);
    if (!written) {
      error = written.error();
      return false;
    }
    double rate = explorationStats_.seconds > 0
                      ? explorationStats_.executions / explorationStats_.seconds
                      : 0;
    std::printf("unitgen: %s: %llu executions (%.*f/s), %zu goals, %zu tests, %zu failures\n",
                model_->target.c_str(),
                static_cast<unsigned long long>(explorationStats_.executions), rateDecimals(rate),
                rate, corpus_->goalCount(), suite_.regression.size(), suite_.failures.size());
    for (const std::string &path : *written)
      std::printf("unitgen: wrote %s\n", path.c_str());
    return true;
  }

  const Options &options_;
  const StrategyEntry &strategy_;
  ProgressLine progress_;
  Clock::time_point started_ = Clock::now();
  nlohmann::json timings_;
  double budgetSeconds_ = 0, callTimeout_ = 0;
  bool repeatable_ = false;
  std::optional<ClassModel> model_;
  std::optional<LearnedSample> sample_;
  int observedUpcasts_ = 0; ///< upcasts the sample's arguments added to the model
  BuildOptions buildOptions_, backgroundOptions_;
  BuiltDriver explorationDriver_, replayDriver_;
  std::optional<BuiltDriver> concolicDriver_;
  std::shared_future<Expected<BuiltDriver>> replayBuild_;
  std::future<Expected<BuiltDriver>> concolicBuild_;
  ExecOptions execOptions_;
  std::unique_ptr<Executor> exploration_, concolicExecutor_;
  std::string concolicProblem_;
  std::optional<Corpus> corpus_;
  nlohmann::json strategyReport_;
  ExecStats explorationStats_;
  /// Failures only the sanitizer build saw during the search, and the watch's report.
  std::vector<std::pair<Sequence, Outcome>> sanitizerFindings_;
  nlohmann::json sanitizerWatch_ = {{"off", true}};
  SuiteStats suiteStats_;
  VerificationStats verificationStats_;
  nlohmann::json droppedCallables_ = nlohmann::json::array();
  Suite suite_;
};

} // namespace

bool runGenerate(const Options &options, Error &error) {
  const StrategyEntry *strategy = findStrategy(options.strategy);
  if (!strategy) {
    error = {ExitCode::Usage, "--strategy '" + options.strategy + "' is not a strategy"};
    return false;
  }
  if (strategy->needsSample && options.learnFrom.empty()) {
    error = {ExitCode::Usage, "--strategy " + options.strategy +
                                  " follows the project's tests: name them with --learn-from"};
    return false;
  }
  if (strategy->generate)
    return strategy->generate(options, error);
  GenerateRun run(options, *strategy);
  return run.run(error);
}

bool runExplore(const Options &options, Error &error) {
  const StrategyEntry *strategy = findStrategy(options.strategy);
  if (!strategy || !strategy->exploreVerb) {
    error = {ExitCode::Usage, "explore does not offer --strategy '" + options.strategy + "'"};
    return false;
  }
  if (strategy->needsSample && options.learnFrom.empty()) {
    error = {ExitCode::Usage, "--strategy " + options.strategy +
                                  " follows the project's tests: name them with --learn-from"};
    return false;
  }
  return strategy->exploreVerb(options, error);
}

} // namespace unitgen
