// StrategyRegistry: the table of strategies — the one place that knows them all.
#include "pipeline/StrategyRegistry.h"

#include "pipeline/ExhaustiveVerbs.h"
#include "pipeline/PalusRun.h"
#include "pipeline/StateSpaceRun.h"

namespace unitgen {
namespace {

StrategyEntry named(std::string name, std::string summary) {
  StrategyEntry entry;
  entry.name = std::move(name);
  entry.summary = std::move(summary);
  return entry;
}

} // namespace

const std::vector<StrategyEntry> &strategies() {
  static const std::vector<StrategyEntry> table = [] {
    std::vector<StrategyEntry> all;
    StrategyEntry random = named("random", "feedback-directed random sequences (Randoop)");
    random.explore = exploreRandom;
    all.push_back(random);

    StrategyEntry concolic =
        named("concolic", "concolic execution over candidate sequences (JTestCraft)");
    concolic.explore = exploreConcolic;
    concolic.needsConcolicDriver = true;
    all.push_back(concolic);

    StrategyEntry automatic = named("auto", "random, then concolic on what random left uncovered");
    automatic.explore = exploreAuto;
    automatic.needsConcolicDriver = true;
    all.push_back(automatic);

    StrategyEntry palus = named("palus", "call sequences as the project's tests make them, "
                                         "with dependent methods (Palus; --learn-from)");
    palus.explore = explorePalus;
    palus.exploreVerb = runExplorePalus;
    palus.needsSample = true;
    palus.ownFlags = {"--guidance"};
    all.push_back(palus);

    StrategyEntry concrete =
        named("concrete-state", "breadth-first over canonical heap states (Rostra)");
    concrete.explore = exploreStateSpace;
    concrete.exploreVerb = runExploreStateSpace;
    all.push_back(concrete);

    StrategyEntry symbolic =
        named("symbolic-state", "symbolic arguments, states pruned by subsumption (Symstra)");
    symbolic.explore = exploreStateSpace;
    symbolic.needsConcolicDriver = true;
    symbolic.exploreVerb = runExploreStateSpace;
    all.push_back(symbolic);

    StrategyEntry exhaustive =
        named("exhaustive", "every valid heap within a scope, from the invariant "
                            "(Korat; field-coverage suites FET/FBT)");
    exhaustive.generate = runGenerateExhaustive;
    exhaustive.exploreVerb = runExploreExhaustive;
    exhaustive.ownFlags = {"--scope",      "--sizes",      "--values",      "--finitization",
                           "--numbers",    "--count-only", "--criterion",   "--small-scope",
                           "--heap-order", "--clock",      "--legal-budget"};
    all.push_back(exhaustive);
    return all;
  }();
  return table;
}

const StrategyEntry *findStrategy(const std::string &name) {
  for (const StrategyEntry &entry : strategies())
    if (entry.name == name)
      return &entry;
  return nullptr;
}

std::vector<std::string> strategyNames(bool forExplore) {
  std::vector<std::string> names;
  for (const StrategyEntry &entry : strategies())
    if (!forExplore || entry.exploreVerb)
      names.push_back(entry.name);
  return names;
}

} // namespace unitgen
