// TestCase and Suite: the selected, minimized sequences with the assertions the emitter writes.
#pragma once

#include "model/Outcome.h"
#include "model/Sequence.h"

#include <string>
#include <vector>

namespace unitgen {

struct TestCase {
  Sequence sequence;
  /// Replay outcome per statement. `hasValue` is true only for return values that were equal
  /// in two replay runs (and never pointers), so every value here may be asserted.
  std::vector<CallOutcome> calls;
  /// How many of the last statements are read-back queries (suite/ReadBackQueries.h): checks
  /// of what the calls before them did, not part of what the test is named after.
  size_t readBackQueries = 0;
  /// Deterministic observer values on live objects after the last statement, to assert.
  std::vector<ObserverValue> observers;
  /// Goal keys this test is kept for (`edge:12`, `throws:3:std::out_of_range`, `failure:segv`).
  std::vector<std::string> goals;
  /// The same goals as keys (suite/Goals.h), for what the test's name says it checks.
  std::vector<uint64_t> goalKeys;
  /// None for regression tests; what went wrong for tests in the failures file.
  Failure failure;
  /// Failures only: what was observed, for the comment above the test (signal, first sanitizer
  /// line, invariant, hang).
  std::string observed;
};

struct Suite {
  std::vector<TestCase> regression;
  std::vector<TestCase> failures;
};

} // namespace unitgen
