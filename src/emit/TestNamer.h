// TestNamer: readable, unique, deterministic names for generated tests, suites and files.
#pragma once

#include "model/ClassModel.h"
#include "suite/TestCase.h"

#include <map>
#include <string>
#include <vector>

namespace unitgen {

/// What the output is named after: the unqualified class (`TreeMap`) or function
/// (`weightCategory`).
std::string subjectName(const ClassModel &model);

/// `TreeMap_test.cpp`, `weightCategory_test.cpp`: the regression test file.
std::string regressionFileName(const ClassModel &model);
/// `TreeMap_failures_test.cpp`: the failure reproducers.
std::string failureFileName(const ClassModel &model);

/// A callable as a word in a test name: `Put`, `ExecuteQuery`, `Constructor`, `Equals` for
/// `operator==`, `ToBool` for `operator bool`.
std::string callWord(const Callable &callable);

/// Names the tests of one GoogleTest suite. A name comes from the last call and what it reached
/// (`PopThrowsOutOfRange`, `RemoveReturnsTrue`, `InsertThenRemove`, `PokeSegfaults`), and for a
/// test kept only for boundaries or argument classes, what it checks (`AtBoundary`,
/// `ForNegativeCapacity`); repeated
/// names get `_2`, `_3` in the order they are asked for, so the same suite always gets the same
/// names.
class TestNamer {
public:
  TestNamer(const ClassModel &model, bool failures) : model_(model), failures_(failures) {}

  /// `TreeMapTest` (`WeightCategoryTest` for a function); `TreeMapFailureTest` for failures.
  std::string suiteName() const;
  /// The name before disambiguation.
  std::string baseName(const TestCase &test) const;
  /// The base name, suffixed when an earlier test of this namer already had it.
  std::string uniqueName(const TestCase &test);

private:
  std::string regressionName(const TestCase &test) const;
  /// The part of a regression test's name that comes from its last call.
  std::string callName(const TestCase &test) const;
  std::string failureName(const TestCase &test) const;

  const ClassModel &model_;
  bool failures_;
  std::map<std::string, int> uses_;
};

/// Unique names for `tests` in order (a fresh TestNamer over them).
std::vector<std::string> nameTests(const ClassModel &model, const std::vector<TestCase> &tests,
                                   bool failures);

/// A value as a word in a test name: `True`, `1`, `Minus1`, `0Point5`, `Max`, `Red` for
/// `ds::Color::kRed`, `Nullopt`, `EmptyString`, `HelloWorld`.
std::string valueWord(const Value &value, const TypeDesc &type);

} // namespace unitgen
