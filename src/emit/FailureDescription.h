// FailureDescription: a failure told in words, for test names and the `// Observed:` comments.
#pragma once

#include "model/Outcome.h"
#include "suite/TestCase.h"

#include <string>

namespace unitgen {

/// The contract a ContractViolated (or observer NonStdException) detail names, in the wording of
/// the driver runtime (src/runtime/driver/DriverRuntime.cpp).
enum class ContractKind {
  SelfEquality,     ///< `a == a is false for X`
  CopyEquality,     ///< `copy of X differs from the original`
  ConstMethodState, ///< `const method m changed the state of its receiver`
  ObserverState,    ///< `observer m changed the state of its receiver`
  ObserverThrow,    ///< `observer m threw a non-std exception`
  Other,
};

ContractKind contractKind(const Failure &failure);

/// The statement a failing test ends with: the one during or after which the failure happened,
/// or the last one when the failure came from checks after the sequence (contracts, observers).
int failingStatement(const TestCase &test);

/// The method a contract detail names (`m` above); empty when it names none.
std::string contractMethod(const Failure &failure);

/// The class a contract detail names (`X` above); empty when it names none.
std::string contractClass(const Failure &failure);

/// The end of a failing test's name, after the failing call: `Segfaults`, `CrashesWithSigfpe`,
/// `Aborts`, `Hangs`, `HeapUseAfterFree`, `SignedIntegerOverflow`, `ThrowsNonStdException`,
/// `BreaksInvariant`, `BreaksSelfEquality`, `ChangesState`, ... The sanitizer report line may be
/// in the detail or only in the suite's `observed` text.
std::string failureVerb(const Failure &failure, const std::string &observed = "");

/// A sanitizer report line without what changes from run to run (the `==PID==` prefix,
/// addresses, registers): `ERROR: AddressSanitizer: heap-use-after-free`.
std::string sanitizerSummary(const std::string &line);

/// What was observed, one line without a final period: the suite's `observed` text when it
/// recorded one, else the failure detail, else a phrase for the kind.
std::string observedText(const TestCase &test);

} // namespace unitgen
