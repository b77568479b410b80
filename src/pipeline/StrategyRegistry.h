// StrategyRegistry: every exploration strategy, registered once — its name, what it does, the
// verbs it serves, the flags only it accepts, and how each verb runs it. Adding a strategy is a
// function in its own file and one row in StrategyRegistry.cpp.
#pragma once

#include "cli/Options.h"
#include "model/Error.h"
#include "pipeline/ExplorationStage.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace unitgen {

struct StrategyEntry {
  std::string name;
  /// One line for --help: the technique and where it comes from.
  std::string summary;
  /// generate's exploration stage: explores into the stage's corpus and returns the strategy's
  /// part of unitgen-report.json; the suite, emit and report stages follow. Empty when the
  /// strategy writes its suite itself (`generate`).
  std::function<Expected<nlohmann::json>(ExplorationStage &)> explore;
  /// The concolic driver is built while the exploration driver runs (and started on demand).
  bool needsConcolicDriver = false;
  /// A strategy with its own generate pipeline (the exhaustive one); empty: the shared one.
  std::function<bool(const Options &, Error &)> generate;
  /// `unitgen explore --strategy NAME`; empty: explore does not offer the strategy.
  std::function<bool(const Options &, Error &)> exploreVerb;
  /// It follows the project's tests: --learn-from must name them.
  bool needsSample = false;
  /// Flags that mean something only with this strategy: given with another, they are an error.
  std::vector<std::string> ownFlags;
};

/// Every strategy, in the order --help lists them.
const std::vector<StrategyEntry> &strategies();

/// The strategy named `name`, or null.
const StrategyEntry *findStrategy(const std::string &name);

/// The names generate (every strategy) or explore (those with an exploreVerb) accepts.
std::vector<std::string> strategyNames(bool forExplore);

} // namespace unitgen
