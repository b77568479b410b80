// ReportWriter: unitgen-report.json, the caller's measurements plus the emitted suite.
#pragma once

#include "model/ClassModel.h"
#include "suite/TestCase.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace unitgen {

/// The emitted suite as the report describes it: per file, each test's name, length and goals;
/// failures also with kind, detail, failing statement and what was observed.
nlohmann::json suiteSummary(const ClassModel &model, const Suite &suite,
                            const std::vector<std::string> &regressionNames,
                            const std::vector<std::string> &failureNames);

/// `report` (assembled by the caller: options, exploration statistics, coverage, timings) with
/// the summary under `"suite"`, pretty-printed with sorted keys and a final newline. Invalid
/// UTF-8 in strings (test data) is replaced rather than fatal.
std::string writeReport(const nlohmann::json &report, const nlohmann::json &summary);

} // namespace unitgen
