// FieldCoverageSuite: the paper's two algorithms (size and time transcoping) over the exhaustive
// driver, with the pairs counted per field as the heaps stream in.
#include "exhaustive/FieldCoverageSuite.h"

#include "exhaustive/ExhaustiveSearch.h"
#include "exhaustive/PairCoverage.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

namespace unitgen {
namespace {

/// Per field (its name, all objects together), how many pairs the finitization allows: every
/// object holding it, with every value of its domain.
std::map<std::string, double> largestSemantics(const Finitization &finitization) {
  std::map<std::string, double> most;
  for (const CandidateField &field : finitization.fields)
    most[field.name] += static_cast<double>(field.domain.size(finitization.objects));
  return most;
}

/// The time a time criterion fits for a small scope: a search of a few milliseconds timed once
/// is mostly noise (a cold cache, a busy core), so such a search runs twice more (writing its
/// heaps, as timed the first time) and the median is kept.
double medianSeconds(const std::string &driverPath, const Finitization &domains,
                     double budgetSeconds, double first) {
  constexpr double kNoisySeconds = 0.05;
  if (first >= kNoisySeconds)
    return first;
  std::vector<double> times{first};
  for (int again = 0; again < 2; ++again) {
    Expected<ExhaustiveResult> rerun =
        runExhaustiveSearch(driverPath, domains, budgetSeconds, false);
    if (!rerun)
      return first;
    times.push_back(rerun->seconds);
  }
  std::sort(times.begin(), times.end());
  return times[1];
}

} // namespace

bool holdsCountFields(HeapOrder order, CoverageCriterion criterion) {
  return order != HeapOrder::Korat && !transcopesTime(criterion);
}

Expected<FieldCoverageSuite> buildFieldCoverageSuite(const std::string &driverPath,
                                                     const ClassModel &model,
                                                     const FinitizationOptions &targetOptions,
                                                     const Finitization &target,
                                                     const FieldCoverageOptions &options) {
  auto started = std::chrono::steady_clock::now();
  FieldCoverageSuite suite;
  // Complete searches at the small scopes: per field its semantics size, and the time.
  std::vector<double> scopes, times;
  std::map<std::string, std::vector<double>> sizesAt; // per field, per small scope
  if (options.criterion != CoverageCriterion::FieldExhaustive)
    for (int scope = 1; scope <= options.smallScope && scope < targetOptions.scope; ++scope) {
      FinitizationOptions small = targetOptions;
      small.scope = scope;
      small.sizes.reset();
      small.values.reset();
      Expected<Finitization> domains = finitize(model, small);
      if (!domains)
        return domains.error();
      domains->unshared = target.unshared;
      Expected<ExhaustiveResult> all =
          runExhaustiveSearch(driverPath, *domains, options.budgetSeconds, false);
      if (!all)
        return all.error();
      PairCoverage semantics(*domains);
      for (const std::vector<uint32_t> &heap : all->structures)
        semantics.add(heap);
      for (const auto &[field, size] : semantics.sizesByName()) {
        std::vector<double> &points = sizesAt[field];
        points.resize(scopes.size(), 0); // a field first seen at this scope had no pairs before
        points.push_back(static_cast<double>(size));
      }
      scopes.push_back(scope);
      bool timed = transcopesTime(options.criterion);
      if (timed && options.clock == SearchClock::Work)
        times.push_back(static_cast<double>(all->work));
      else
        times.push_back(
            timed ? medianSeconds(driverPath, *domains, options.budgetSeconds, all->seconds)
                  : all->seconds);
      suite.smallScopes.push_back(scope);
      suite.smallScopeSeconds += all->seconds;
    }
  bool fitted = !scopes.empty();
  std::map<std::string, double> targets;
  if (fitted && transcopesSizes(options.criterion)) {
    std::map<std::string, double> most = largestSemantics(target);
    for (auto &[field, points] : sizesAt) {
      points.resize(scopes.size(), 0);
      targets[field] = transcopeSemanticsSize(options.criterion, scopes, points,
                                              targetOptions.scope, most[field]);
    }
  }
  double budget = options.budgetSeconds;
  Finitization ordered = target;
  if (fitted && transcopesTime(options.criterion)) {
    double predicted = transcope(options.criterion, scopes, times, targetOptions.scope);
    // A fit below zero (the paper saw negative parabolas) still lets the search start.
    if (options.clock == SearchClock::Work) {
      suite.transcopedWork = static_cast<unsigned long long>(std::max(1.0, std::round(predicted)));
      ordered.workLimit = suite.transcopedWork;
    } else {
      suite.transcopedSeconds = std::max(1e-6, predicted);
      budget = budget > 0 ? std::min(budget, suite.transcopedSeconds) : suite.transcopedSeconds;
    }
  }
  PairCoverage semantics(target);
  // Per target, its field's number in `semantics` (-1: the target scope has no such field).
  std::vector<std::pair<int, double>> targetSizes;
  for (const auto &[field, size] : targets)
    targetSizes.emplace_back(semantics.nameId(field), size);
  auto reached = [&] {
    for (const auto &[name, size] : targetSizes)
      if ((name < 0 ? 0.0 : static_cast<double>(semantics.size(name))) < size)
        return false;
    return true;
  };
  bool stopEarly = fitted && transcopesSizes(options.criterion);
  std::vector<std::vector<uint32_t>> kept;
  auto searchStarted = std::chrono::steady_clock::now();
  size_t seen = 0;
  HeapSink sink = [&](const std::vector<uint32_t> &heap) {
    ++seen;
    if (!semantics.add(heap))
      return true; // the sizes only grow with a new pair
    kept.push_back(heap);
    suite.lastPairHeap = seen;
    suite.lastPairSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - searchStarted).count();
    return !(stopEarly && reached());
  };
  // What an early stop keeps depends on the order (bench/RESULTS.md, "Interleaved passes"):
  // Korat's fills the root's right subtree first, smaller heaps first keep small heaps only,
  // interleaved passes give heaps of every size from the start.
  orderHeaps(ordered, options.order);
  if (!holdsCountFields(options.order, options.criterion))
    ordered.countFields.clear();
  Expected<ExhaustiveResult> search = runExhaustiveSearch(driverPath, ordered, budget, false, sink);
  if (!search)
    return search.error();
  suite.heaps = std::move(kept);
  suite.pairs = semantics.pairs();
  suite.visited = search->streamed;
  suite.explored = search->explored;
  suite.searchSeconds = search->seconds;
  suite.searchWork = search->work;
  suite.stopped = search->stopped;
  for (const auto &[field, size] : targets) {
    int name = semantics.nameId(field);
    suite.fieldSizes[field] = {size, name < 0 ? 0 : semantics.size(name)};
  }
  suite.generationSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return suite;
}

} // namespace unitgen
