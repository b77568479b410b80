// Report writing: the suite summary (tests, goals, failures) merged into the caller's JSON.
#include "emit/ReportWriter.h"

#include "emit/FailureDescription.h"
#include "emit/TestNamer.h"
#include "model/Outcome.h"

namespace unitgen {
namespace {

nlohmann::json testEntry(const TestCase &test, const std::string &name) {
  nlohmann::json entry;
  entry["name"] = name;
  entry["statements"] = test.sequence.size();
  entry["goals"] = test.goals;
  return entry;
}

} // namespace

nlohmann::json suiteSummary(const ClassModel &model, const Suite &suite,
                            const std::vector<std::string> &regressionNames,
                            const std::vector<std::string> &failureNames) {
  nlohmann::json regression = nlohmann::json::array();
  for (size_t i = 0; i < suite.regression.size(); ++i)
    regression.push_back(testEntry(suite.regression[i], regressionNames[i]));
  nlohmann::json failures = nlohmann::json::array();
  for (size_t i = 0; i < suite.failures.size(); ++i) {
    const TestCase &test = suite.failures[i];
    nlohmann::json entry = testEntry(test, failureNames[i]);
    entry["kind"] = toString(test.failure.kind);
    entry["slug"] = failureSlug(test.failure);
    entry["detail"] = test.failure.detail;
    entry["statement"] = test.failure.statement;
    entry["observed"] = observedText(test);
    failures.push_back(std::move(entry));
  }
  nlohmann::json summary;
  summary["regression"] = {{"file", regressionFileName(model)},
                           {"suite", TestNamer(model, false).suiteName()},
                           {"tests", std::move(regression)}};
  summary["failures"] = {{"file", failureFileName(model)},
                         {"suite", TestNamer(model, true).suiteName()},
                         {"tests", std::move(failures)}};
  return summary;
}

std::string writeReport(const nlohmann::json &report, const nlohmann::json &summary) {
  nlohmann::json merged = nlohmann::json::object();
  if (report.is_object())
    merged = report;
  else if (!report.is_null())
    merged["report"] = report;
  merged["suite"] = summary;
  // nlohmann::json keeps object keys in a std::map: dump order is sorted, hence stable.
  return merged.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace unitgen
