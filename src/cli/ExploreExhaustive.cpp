// `unitgen explore --strategy exhaustive`: a bounded-exhaustive search printed as one row —
// the valid heaps within the finitization, the candidates the invariant ran on, and the time.
#include "cli/Verbs.h"

#include "explore/ExhaustiveSearch.h"
#include "explore/FieldSemantics.h"
#include "explore/Finitization.h"
#include "explore/SharingProbe.h"
#include "frontend/Frontend.h"
#include "harness/DriverBuilder.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace unitgen {

bool runExploreExhaustive(const Options &options, Error &error) {
  double budgetSeconds = 0; // explore's --budget defaults to 10m (Cli.cpp)
  if (!parseDuration(options.budget, budgetSeconds)) {
    error = {ExitCode::Usage, "--budget '" + options.budget + "' is not a duration like 30s or 2m"};
    return false;
  }
  if (options.criterion == "fet" && options.countOnly) {
    error = {ExitCode::Usage, "--criterion fet reads the heaps back: drop --count-only"};
    return false;
  }
  FinitizationOptions finitization;
  finitization.scope = options.scope;
  finitization.file = options.finitizationFile;
  for (auto [flag, text, range] : {std::tuple{"--sizes", &options.sizes, &finitization.sizes},
                                   std::tuple{"--values", &options.values, &finitization.values}}) {
    if (text->empty())
      continue;
    Expected<std::pair<long long, long long>> parsed = parseRange(flag, *text);
    if (!parsed) {
      error = parsed.error();
      return false;
    }
    *range = *parsed;
  }
  FrontendOptions frontendOptions{options.buildDir, options.invariant, options.source};
  Expected<ClassModel> model = buildModel(frontendOptions, options.className, false);
  if (!model) {
    error = model.error();
    return false;
  }
  Expected<Finitization> domains = finitize(*model, finitization);
  if (!domains) {
    error = domains.error();
    return false;
  }
  BuildOptions buildOptions;
  buildOptions.cacheDir = options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
  buildOptions.jobs = options.jobs;
  Expected<BuiltDriver> driver = buildDriver(*model, BuildKind::Exhaustive, buildOptions);
  if (!driver) {
    error = driver.error();
    return false;
  }
  Expected<std::string> note =
      decideSharing(driver->path, *model, finitization, budgetSeconds, *domains);
  if (!note) {
    error = note.error();
    return false;
  }
  if (!note->empty())
    std::fprintf(stderr, "unitgen: note: %s\n", note->c_str());
  Expected<ExhaustiveResult> result =
      runExhaustiveSearch(driver->path, *domains, budgetSeconds, options.countOnly);
  if (!result) {
    error = result.error();
    return false;
  }
  FieldExhaustiveSelection fet;
  if (options.criterion == "fet")
    fet = selectFieldExhaustive(*domains, result->structures);
  if (options.json) {
    nlohmann::json row{
        {"valid", result->valid}, {"explored", result->explored}, {"seconds", result->seconds}};
    if (!result->stopped.empty())
      row["stopped"] = result->stopped;
    if (options.criterion == "fet") {
      row["fet"] = fet.kept.size();
      row["pairs"] = fet.pairs;
    }
    std::printf("%s\n", row.dump().c_str());
  } else {
    std::printf("%12s %14s %9s\n", "valid", "explored", "seconds");
    std::printf("%12llu %14llu %9.2f\n", result->valid, result->explored, result->seconds);
    if (options.criterion == "fet")
      std::printf("field-exhaustive: %zu heaps cover all %zu (object, field, value) pairs\n",
                  fet.kept.size(), fet.pairs);
    if (!result->stopped.empty())
      std::printf("stopped: %s\n", result->stopped.c_str());
  }
  return true;
}

} // namespace unitgen
