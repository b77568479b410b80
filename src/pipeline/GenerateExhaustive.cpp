// `unitgen generate --strategy exhaustive`: a field-coverage suite's heaps become builder tests
// that call the methods under test with the scope's values, outcomes recorded by the driver.
#include "pipeline/ExhaustiveSetup.h"
#include "pipeline/ExhaustiveVerbs.h"
#include "pipeline/RunSettings.h"

#include "emit/BuilderTestWriter.h"
#include "emit/CMakeWriter.h"
#include "emit/ClangFormat.h"
#include "exhaustive/BuilderCalls.h"
#include "exhaustive/FieldCoverageSuite.h"
#include "exhaustive/LegalSequences.h"
#include "harness/DriverBuilder.h"
#include "harness/ExhaustiveDriverGenerator.h"
#include "support/Hash.h"
#include "support/Subprocess.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace unitgen {
namespace {

/// The arguments a callable's tests pass: the scope's `values` for integers, both for bools, the
/// enumerators for enums.
std::vector<std::pair<long long, long long>>
argumentRanges(const Callable &callable, std::pair<long long, long long> values) {
  std::vector<std::pair<long long, long long>> ranges;
  for (const Parameter &parameter : callable.params) {
    const TypeDesc &type = parameter.type;
    std::pair<long long, long long> range = values;
    if (type.kind == TypeKind::Bool) {
      range = {0, 1};
    } else if (type.kind == TypeKind::Enum && !type.enumerators.empty()) {
      auto [low, high] =
          std::minmax_element(type.enumerators.begin(), type.enumerators.end(),
                              [](const auto &a, const auto &b) { return a.second < b.second; });
      range = {low->second, high->second};
    }
    ranges.push_back(range);
  }
  return ranges;
}

/// The scope's values: --values, else 0..scope-1.
std::pair<long long, long long> scopeValues(const FinitizationOptions &finitization) {
  return finitization.values.value_or(std::pair{0LL, std::max(0LL, finitization.scope - 1LL)});
}

/// The methods the tests call (--methods, else every one builder tests can call) and their
/// arguments (argumentRanges).
Expected<std::pair<std::vector<int>, std::vector<CallPlan>>>
planCalls(const Options &options, const ClassModel &model,
          const FinitizationOptions &finitization) {
  std::vector<int> callable = replayableMethods(model);
  std::vector<int> methods;
  for (const std::string &name : options.methods) {
    bool found = false;
    for (int id : model.targetClass().callables)
      if (model.callables[id].name == name) {
        found = true;
        if (std::find(callable.begin(), callable.end(), id) != callable.end() &&
            std::find(methods.begin(), methods.end(), id) == methods.end())
          methods.push_back(id);
      }
    if (!found)
      return Error{ExitCode::Usage, fmt::format("--methods: {} has no method {}",
                                                model.targetClass().qualifiedName, name)};
  }
  if (options.methods.empty())
    methods = callable;
  if (methods.empty())
    return Error{ExitCode::Input,
                 "--strategy exhaustive: no method of " + model.targetClass().qualifiedName +
                     " that builder tests can call (they call public methods with up to two "
                     "integral parameters, returning nothing or an integral value)"};
  std::vector<CallPlan> plans;
  for (int id : methods) {
    const Callable &method = model.callables[id];
    CallPlan plan;
    plan.method =
        static_cast<int>(std::find(callable.begin(), callable.end(), id) - callable.begin());
    plan.ranges = argumentRanges(method, scopeValues(finitization));
    plans.push_back(plan);
  }
  return std::pair{callable, plans};
}

std::string commandLine(const Options &o) {
  std::string text = "unitgen generate -p " + shellQuote(o.buildDir) + " --class " +
                     shellQuote(o.className) + " --out " + shellQuote(o.outDir) +
                     " --strategy exhaustive --scope " + std::to_string(o.scope);
  if (!o.criterion.empty())
    text += " --criterion " + o.criterion;
  if (o.heapOrder != "auto")
    text += " --heap-order " + o.heapOrder;
  if (o.clock != "work")
    text += " --clock " + o.clock;
  for (const std::string &theories : o.theories)
    text += " --theories " + shellQuote(theories);
  if (!o.methods.empty()) {
    text += " --methods ";
    for (size_t i = 0; i < o.methods.size(); ++i)
      text += (i ? "," : "") + o.methods[i];
  }
  return text;
}

/// The legal sequences' part of a run — from a public constructor (without arguments, else with
/// the scope's values), up to one call more than the largest size, so every element can be
/// inserted and one removed: per heap the public call sequence that reaches it (if
/// one was found), the constructor they start with, the sequences run, the time they had, and
/// why there are none when there are none.
struct LegalSearch {
  std::vector<std::optional<LegalSequence>> perHeap;
  int constructor = -1;
  size_t sequencesRun = 0;
  double budgetSeconds = 0; ///< 0: no limit
  std::string note;
};

Expected<LegalSearch> searchLegalSequences(const Options &options, const ExhaustiveSetup &setup,
                                           const std::string &driverPath,
                                           const std::vector<std::vector<uint32_t>> &heaps,
                                           const std::vector<CallPlan> &plans, double callTimeout,
                                           double legalBudgetOption, double budgetSeconds,
                                           std::chrono::steady_clock::time_point searchStarted) {
  const ClassModel &model = setup.model;
  const FinitizationOptions &finitization = setup.finitization;
  LegalSearch legal;
  legal.perHeap.resize(heaps.size());
  legal.constructor = legalConstructor(model);
  const int constructor = legal.constructor;
  if (legalBudgetOption == 0) {
    legal.note = "no legal tests: --legal-budget 0s";
  } else if (constructor >= 0) {
    std::vector<std::pair<long long, long long>> constructorRanges;
    if (!callableWithoutArguments(model.callables[constructor]))
      constructorRanges = argumentRanges(model.callables[constructor], scopeValues(finitization));
    if (legalBudgetOption > 0)
      legal.budgetSeconds = legalBudgetOption;
    else if (budgetSeconds > 0)
      legal.budgetSeconds =
          std::max(1.0, budgetSeconds - std::chrono::duration<double>(
                                            std::chrono::steady_clock::now() - searchStarted)
                                            .count());
    int largestSize =
        static_cast<int>(finitization.sizes.value_or(std::pair{0LL, 1LL * options.scope}).second);
    Expected<LegalSequences> found =
        findLegalSequences(driverPath, setup.domains, heaps, plans, constructorRanges,
                           largestSize + 1, callTimeout, legal.budgetSeconds);
    if (!found)
      return found.error();
    legal.perHeap = std::move(found->perHeap);
    legal.sequencesRun = found->sequencesRun;
  } else {
    legal.note = "no legal tests: " + model.target +
                 " has no public constructor they can call (one without arguments, or with up to " +
                 std::to_string(kMaxReplayedParameters) + " integral parameters)";
  }
  return legal;
}

/// Writes the non-empty `files` (name, text) into `outDir`, the C++ ones through clang-format
/// when `format` and it is installed; drops the empty ones from `files`.
bool writeFiles(const fs::path &outDir, std::vector<std::pair<std::string, std::string>> &files,
                bool format, Error &error) {
  std::string formatter = format ? findClangFormat() : "";
  files.erase(std::remove_if(files.begin(), files.end(),
                             [](const auto &file) { return file.second.empty(); }),
              files.end());
  for (auto &[name, text] : files) {
    if (!formatter.empty() && name.size() > 4 && name.compare(name.size() - 4, 4, ".cpp") == 0)
      if (std::optional<std::string> formatted = clangFormat(formatter, text, name))
        text = std::move(*formatted);
    if (!writeFile((outDir / name).string(), text)) {
      error = {ExitCode::Input, "cannot write " + (outDir / name).string()};
      return false;
    }
  }
  return true;
}

} // namespace

bool runGenerateExhaustive(const Options &options, Error &error) {
  Expected<double> budget = budgetSecondsOf(options);
  if (!budget) {
    error = budget.error();
    return false;
  }
  double budgetSeconds = *budget, callTimeout = 0, legalBudgetOption = -1;
  if (!parseDuration(options.callTimeout, callTimeout) || callTimeout <= 0 ||
      (!options.legalBudget.empty() && !parseDuration(options.legalBudget, legalBudgetOption))) {
    error = {ExitCode::Usage, "--call-timeout and --legal-budget take durations like 30s or 2m"};
    return false;
  }
  if (options.countOnly) {
    error = {ExitCode::Usage, "--count-only is for explore: generate reads the heaps back"};
    return false;
  }
  Expected<ExhaustiveSetup> setup = prepareExhaustive(options);
  if (!setup) {
    error = setup.error();
    return false;
  }
  const ClassModel &model = setup->model;
  const FinitizationOptions &finitization = setup->finitization;
  const Finitization &domains = setup->domains;
  Expected<std::pair<std::vector<int>, std::vector<CallPlan>>> calls =
      planCalls(options, model, finitization);
  if (!calls) {
    error = calls.error();
    return false;
  }
  Expected<std::string> driverPath = buildExhaustiveDriver(options, budgetSeconds, *setup);
  if (!driverPath) {
    error = driverPath.error();
    return false;
  }
  // --budget bounds the search for heaps and the legal search together: the legal search gets
  // what the heaps left (at least a second, so it still reports what it reaches).
  auto searchStarted = std::chrono::steady_clock::now();
  FieldCoverageOptions coverage;
  std::string criterion = options.criterion.empty() ? "fet" : options.criterion;
  coverage.criterion = *parseCoverageCriterion(criterion);
  coverage.smallScope = options.smallScope;
  coverage.order =
      *parseHeapOrder(options.heapOrder, coverage.criterion != CoverageCriterion::FieldExhaustive);
  coverage.clock = *parseSearchClock(options.clock);
  coverage.budgetSeconds = budgetSeconds;
  Expected<FieldCoverageSuite> suite =
      buildFieldCoverageSuite(*driverPath, model, finitization, domains, coverage);
  if (!suite) {
    error = suite.error();
    return false;
  }
  if (suite->heaps.empty()) {
    error = {ExitCode::Input,
             fmt::format("no valid heap of {} within scope {}: the invariant rejected all {} "
                         "candidates; widen the domains (--scope, --sizes, --values, "
                         "--finitization)",
                         model.target, options.scope, suite->explored)};
    return false;
  }
  std::vector<int> observers = replayedObservers(model);
  Expected<HeapCalls> outcomes =
      callOnHeaps(*driverPath, domains, suite->heaps, calls->second, observers, callTimeout);
  if (!outcomes) {
    error = outcomes.error();
    return false;
  }
  Expected<LegalSearch> legal =
      searchLegalSequences(options, *setup, *driverPath, suite->heaps, calls->second, callTimeout,
                           legalBudgetOption, budgetSeconds, searchStarted);
  if (!legal) {
    error = legal.error();
    return false;
  }
  size_t realized = 0, legalCalls = 0;
  for (const std::optional<LegalSequence> &sequence : legal->perHeap)
    if (sequence) {
      ++realized;
      legalCalls += sequence->calls.size();
    }
  BuilderSuite builder;
  builder.legal = legal->perHeap;
  builder.constructor = legal->constructor;
  builder.finitization = &domains;
  builder.heaps = suite->heaps;
  builder.methods = calls->first;
  builder.plans = calls->second;
  builder.observers = observers;
  builder.outcomes = outcomes->outcomes;
  builder.heapTheories = outcomes->heapTheories;
  builder.description = fmt::format("the {} suite at scope {}", criterion, options.scope);
  Provenance provenance{options.seed, commandLine(options)};
  BuilderFiles files = writeBuilderTests(model, builder, provenance);

  std::error_code ec;
  fs::path outDir = fs::absolute(options.outDir, ec).lexically_normal();
  fs::create_directories(outDir, ec);
  if (ec || options.outDir.empty()) {
    error = {ExitCode::Input, "cannot create output directory '" + options.outDir + "'"};
    return false;
  }
  CMakeOptions cmake = cmakeOptionsFor(model, options.linkTarget);
  cmake.testKind = "builder";
  if (!model.theories.empty()) // the failures' theory checks include unitgen/theory.h
    cmake.theoryIncludeDir = findIncludeDir();
  if (!files.legal.empty())
    cmake.extraTestFiles.push_back(files.legalName);
  size_t failing = std::count_if(outcomes->outcomes.begin(), outcomes->outcomes.end(),
                                 [](const HeapCallOutcome &o) { return o.failed(); });
  size_t theoryFailures =
      std::count_if(outcomes->outcomes.begin(), outcomes->outcomes.end(),
                    [](const HeapCallOutcome &o) { return o.theory.broken(); }) +
      std::count_if(outcomes->heapTheories.begin(), outcomes->heapTheories.end(),
                    [](const TheoryViolation &v) { return v.broken(); });
  nlohmann::json report{{"tool", "unitgen 0.1.0"},
                        {"target", model.target},
                        {"strategy", "exhaustive"},
                        {"criterion", criterion},
                        {"scope", options.scope},
                        {"heaps", suite->heaps.size()},
                        {"pairs", suite->pairs},
                        {"validHeapsVisited", suite->visited},
                        {"candidatesExplored", suite->explored},
                        {"smallScopes", suite->smallScopes},
                        {"generationSeconds", suite->generationSeconds},
                        {"calls", outcomes->outcomes.size()},
                        {"failingCalls", failing},
                        {"theoryFailures", theoryFailures},
                        {"legalHeaps", realized},
                        {"legalSequencesRun", legal->sequencesRun},
                        {"legalBudgetSeconds", legal->budgetSeconds},
                        {"legalCalls", legalCalls}};
  if (!legal->note.empty())
    report["legalNote"] = legal->note;
  if (!suite->stopped.empty())
    report["stopped"] = suite->stopped;
  if (transcopesTime(coverage.criterion) && coverage.clock == SearchClock::Work)
    report["transcopedWork"] = suite->transcopedWork;
  else if (transcopesTime(coverage.criterion))
    report["transcopedSeconds"] = suite->transcopedSeconds;
  std::vector<std::pair<std::string, std::string>> written{
      {files.regressionName, files.regression},
      {files.failuresName, files.failures},
      {files.legalName, files.legal},
      {"CMakeLists.txt", writeCMakeLists(model, cmake, outDir.string(), provenance)},
      {"unitgen-report.json", report.dump(2) + "\n"}};
  if (!writeFiles(outDir, written, !options.noFormat, error))
    return false;
  std::printf("unitgen: %s: %s at scope %d: %zu heaps (%zu pairs) from %zu valid heaps in "
              "%.2f s; %zu calls, %zu failing; %zu of the heaps reached by public calls\n",
              model.target.c_str(), criterion.c_str(), options.scope, suite->heaps.size(),
              suite->pairs, suite->visited, suite->generationSeconds, outcomes->outcomes.size(),
              failing, realized);
  if (!legal->note.empty())
    std::printf("unitgen: %s\n", legal->note.c_str());
  for (const auto &entry : written)
    std::printf("unitgen: wrote %s\n", (outDir / entry.first).string().c_str());
  return true;
}

} // namespace unitgen
