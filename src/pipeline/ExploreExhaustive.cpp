// `unitgen explore --strategy exhaustive`: a bounded-exhaustive search printed as one row —
// the valid heaps within the finitization, the candidates the invariant ran on, and the time.
#include "pipeline/ExhaustiveSetup.h"
#include "pipeline/ExhaustiveVerbs.h"
#include "pipeline/RunSettings.h"

#include "exhaustive/ExhaustiveSearch.h"
#include "exhaustive/FieldCoverageSuite.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace unitgen {
namespace {

/// `--criterion`: the suite's heaps counted, with the small scopes and the transcoped targets.
bool printFieldCoverageSuite(const Options &options, const ClassModel &model,
                             const FinitizationOptions &finitization, const Finitization &domains,
                             const std::string &driverPath, double budgetSeconds, Error &error) {
  FieldCoverageOptions coverage;
  coverage.criterion = *parseCoverageCriterion(options.criterion);
  coverage.smallScope = options.smallScope;
  coverage.order =
      *parseHeapOrder(options.heapOrder, coverage.criterion != CoverageCriterion::FieldExhaustive);
  coverage.clock = *parseSearchClock(options.clock);
  coverage.budgetSeconds = budgetSeconds;
  Expected<FieldCoverageSuite> suite =
      buildFieldCoverageSuite(driverPath, model, finitization, domains, coverage);
  if (!suite) {
    error = suite.error();
    return false;
  }
  if (options.json) {
    nlohmann::json row{{"criterion", options.criterion},
                       {"suite", suite->heaps.size()},
                       {"pairs", suite->pairs},
                       {"valid", suite->visited},
                       {"explored", suite->explored},
                       {"work", suite->searchWork},
                       {"seconds", suite->searchSeconds},
                       {"last_pair_seconds", suite->lastPairSeconds},
                       {"last_pair_heap", suite->lastPairHeap},
                       {"small_scopes", suite->smallScopes},
                       {"small_scope_seconds", suite->smallScopeSeconds},
                       {"generation_seconds", suite->generationSeconds}};
    if (transcopesTime(coverage.criterion) && coverage.clock == SearchClock::Work)
      row["transcoped_work"] = suite->transcopedWork;
    else if (transcopesTime(coverage.criterion))
      row["transcoped_seconds"] = suite->transcopedSeconds;
    for (const auto &[field, sizes] : suite->fieldSizes)
      row["transcoped_sizes"][field] = {sizes.first, sizes.second};
    if (!suite->stopped.empty())
      row["stopped"] = suite->stopped;
    std::printf("%s\n", row.dump().c_str());
    return true;
  }
  std::printf("%s: %zu heaps cover %zu (object, field, value) pairs; the search found %zu valid "
              "heaps from %llu candidates in %.2f s (%.2f s in all)\n",
              options.criterion.c_str(), suite->heaps.size(), suite->pairs, suite->visited,
              suite->explored, suite->searchSeconds, suite->generationSeconds);
  std::printf("the last heap that added a pair came %.2f s into the search\n",
              suite->lastPairSeconds);
  if (!suite->smallScopes.empty())
    std::printf("fitted on scopes 1..%d (%.2f s)\n", suite->smallScopes.back(),
                suite->smallScopeSeconds);
  if (transcopesTime(coverage.criterion) && coverage.clock == SearchClock::Work)
    std::printf("transcoped work: %llu units (the search did %llu)\n", suite->transcopedWork,
                suite->searchWork);
  else if (transcopesTime(coverage.criterion))
    std::printf("transcoped time: %.3f s\n", suite->transcopedSeconds);
  for (const auto &[field, sizes] : suite->fieldSizes)
    std::printf("  %-40s transcoped %8.1f pairs, reached %zu\n", field.c_str(), sizes.first,
                sizes.second);
  if (!suite->stopped.empty())
    std::printf("stopped: %s\n", suite->stopped.c_str());
  return true;
}

} // namespace

bool runExploreExhaustive(const Options &options, Error &error) {
  Expected<double> budget = budgetSecondsOf(options); // explore's defaults to 10m (Cli.cpp)
  if (!budget) {
    error = budget.error();
    return false;
  }
  const double budgetSeconds = *budget;
  if (!options.criterion.empty() && options.countOnly) {
    error = {ExitCode::Usage,
             "--criterion " + options.criterion + " reads the heaps back: drop --count-only"};
    return false;
  }
  Expected<ExhaustiveSetup> setup = prepareExhaustive(options);
  if (!setup) {
    error = setup.error();
    return false;
  }
  Expected<std::string> driverPath = buildExhaustiveDriver(options, budgetSeconds, *setup);
  if (!driverPath) {
    error = driverPath.error();
    return false;
  }
  const Finitization &domains = setup->domains;
  if (!options.criterion.empty())
    return printFieldCoverageSuite(options, setup->model, setup->finitization, domains, *driverPath,
                                   budgetSeconds, error);
  Finitization ordered = domains;
  orderHeaps(ordered, *parseHeapOrder(options.heapOrder));
  Expected<ExhaustiveResult> result =
      runExhaustiveSearch(*driverPath, ordered, budgetSeconds, options.countOnly);
  if (!result) {
    error = result.error();
    return false;
  }
  if (options.json) {
    nlohmann::json row{
        {"valid", result->valid}, {"explored", result->explored}, {"seconds", result->seconds}};
    if (!result->stopped.empty())
      row["stopped"] = result->stopped;
    std::printf("%s\n", row.dump().c_str());
  } else {
    std::printf("%12s %14s %9s\n", "valid", "explored", "seconds");
    std::printf("%12llu %14llu %9.2f\n", result->valid, result->explored, result->seconds);
    if (!result->stopped.empty())
      std::printf("stopped: %s\n", result->stopped.c_str());
  }
  return true;
}

} // namespace unitgen
