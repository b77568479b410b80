// BuilderTestWriter: tests that build heaps of a bounded-exhaustive suite directly, through
// private access, then call the methods under test on them (the field-coverage paper's tests).
#pragma once

#include "emit/TestWriter.h"
#include "model/BoundedHeaps.h"
#include "model/ClassModel.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

struct BuilderSuite {
  const Finitization *finitization = nullptr;
  std::vector<std::vector<uint32_t>> heaps; ///< the suite's heaps, value indices
  std::vector<int> methods;                 ///< callable ids, as CallPlan::method indexes them
  std::vector<CallPlan> plans;
  /// The observers read after each call (indices into `methods`), as HeapCallOutcome::observed.
  std::vector<int> observers;
  std::vector<HeapCallOutcome> outcomes; ///< of every plan's calls on every heap
  /// Per heap, a theory it broke as built (--theories): a failure test of the heap alone.
  std::vector<TheoryViolation> heapTheories;
  std::string description; ///< `the field-exhaustive suite at scope 4`
  /// Per heap, the public call sequence (CallPlan indices) that reaches it, if one was found.
  std::vector<std::optional<LegalSequence>> legal;
  int constructor = -1; ///< the callable id the legal sequences construct the receiver with
};

/// `<Subject>_builder_test.cpp`: per heap a function that builds it and a test that checks its
/// invariant, then per call builds it afresh, calls, checks the result as recorded, the
/// invariant and, after a non-const method, what the observers read.
/// `<Subject>_builder_failures_test.cpp`: the calls that crashed, hung (disabled) or broke the
/// invariant or a theory, and the heaps that broke a theory as built. Private members are reached
/// through explicit template instantiation, which C++ exempts from access checks, so the files need
/// no special flags.
/// `<Subject>_legal_test.cpp` (when suite.legal has a sequence): the same tests on the heaps a
/// public call sequence reaches, built by that sequence.
struct BuilderFiles {
  std::string regressionName, regression, failuresName, failures, legalName, legal;
};
BuilderFiles writeBuilderTests(const ClassModel &model, const BuilderSuite &suite,
                               const Provenance &provenance);

} // namespace unitgen
