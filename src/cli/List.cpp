// `unitgen list`: the classes and functions of the project, testable or why not.
#include "cli/Verbs.h"
#include "pipeline/RunSettings.h"

#include "frontend/Frontend.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace unitgen {

bool runList(const Options &options, Error &error) {
  FrontendOptions frontendOptions = frontendOptionsOf(options); // lists parse anew: no cache
  Expected<std::vector<TestableEntry>> entries = listTestables(frontendOptions);
  if (!entries) {
    error = entries.error();
    return false;
  }
  if (options.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const TestableEntry &entry : *entries) {
      out.push_back({{"name", entry.name},
                     {"kind", entry.isFunction ? "function" : "class"},
                     {"testable", entry.testable},
                     {"reason", entry.reason},
                     {"location", entry.location},
                     {"skipped", entry.skipped}});
      if (!entry.isFunction && entry.testable) {
        out.back()["callables"] = entry.callables;
        out.back()["testableCallables"] = entry.testableCallables;
      }
    }
    std::printf("%s\n", out.dump(2).c_str());
    return true;
  }
  size_t testable = 0;
  for (const TestableEntry &entry : *entries) {
    testable += entry.testable;
    std::string verdict = entry.testable ? "testable" : "not testable: " + entry.reason;
    if (entry.testable && !entry.isFunction)
      verdict += " (" + std::to_string(entry.testableCallables) + " of " +
                 std::to_string(entry.callables) + " callables)";
    std::printf("%-8s %-40s %s  %s\n", entry.isFunction ? "function" : "class", entry.name.c_str(),
                verdict.c_str(), entry.location.c_str());
    for (const std::string &skipped : entry.skipped)
      std::printf("         skipped %s\n", skipped.c_str());
  }
  std::printf("%zu of %zu testable\n", testable, entries->size());
  return true;
}

} // namespace unitgen
