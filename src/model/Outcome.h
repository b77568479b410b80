// Outcome: what running a Sequence did, statement by statement, as the driver reports it.
#pragma once

#include "model/Sequence.h"
#include "model/SymbolicTrace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace unitgen {

enum class CallStatus {
  NotRun, ///< an earlier statement failed or its receiver/argument does not exist
  Returned,
  Threw,  ///< a std::exception (recorded behaviour)
  Failed, ///< see Outcome::failure
};

/// OutputValue::parameter from this number on: the text a call left in held output number
/// (parameter - kFirstHeldOutput) of the sequence, a file or output stream an earlier call was
/// given (TypeKind::File, TypeKind::OutputStream) and an object kept. Equal to
/// unitgen_protocol::kFirstHeldOutput.
constexpr int kFirstHeldOutput = 128;
/// OutputValue::parameter from this number up to kFirstHeldOutput: the value of asserted
/// observer number (parameter - kFirstResultObservation, assertedObservers) of the class of
/// what a call returned besides the object it made through a `T **` (Callable::madeReturn: the
/// `Status` of `DB::Open`), run on that result right after the call. Equal to
/// unitgen_protocol::kFirstResultObservation.
constexpr int kFirstResultObservation = 64;

/// What an out-parameter (TypeDesc::isOutParameter) held after the call returned.
struct OutputValue {
  int parameter = -1;
  Value value;
  bool operator==(const OutputValue &other) const {
    return parameter == other.parameter && value == other.value;
  }
};

/// Calls through a callback slot (callbackSlots) so far in the sequence, reported after a call
/// during which it was called.
struct CallbackCalls {
  int32_t slot = -1;
  int32_t object = -1; ///< a mock's methods: the statement that made the mock; -1 otherwise
  int64_t calls = 0;
  /// A mock's methods whose arguments are read (MockArguments.h): the arguments of the first
  /// kMaxRecordedMockCalls calls during this call, in order (std::nullopt: one not read).
  std::vector<std::vector<std::optional<Value>>> arguments;
  bool operator==(const CallbackCalls &other) const {
    return slot == other.slot && object == other.object && calls == other.calls &&
           arguments == other.arguments;
  }
};

struct CallOutcome {
  CallStatus status = CallStatus::NotRun;
  bool hasValue = false; ///< a printable return value is in `value`
  Value value;
  bool producedObject = false; ///< the result is a live object (variable == statement index)
  bool producedNull = false;   ///< a pointer/unique_ptr result that was null
  std::string exceptionType;   ///< demangled, e.g. `std::out_of_range`
  std::string exceptionMessage;
  uint64_t receiverState = 0;   ///< canonical-state hash of the receiver after the call (0: none)
  bool receiverChanged = false; ///< the call changed its receiver's canonical state
  /// A pointer or reference result to the object of this earlier variable (`n->Parent()` when
  /// the parent is a variable already); -1 otherwise.
  int sameAs = -1;
  /// The out-parameters' values after a call that returned, in parameter order.
  std::vector<OutputValue> outputs;
  /// The callback slots the code called during the call, with their calls so far.
  std::vector<CallbackCalls> callbacks;
};

/// Value of an observer (const, no-argument method) on a live object after the last statement.
struct ObserverValue {
  int variable = -1;
  int callable = -1;
  CallStatus status = CallStatus::Returned;
  Value value;
  std::string exceptionType;
  /// Signature of the edges (and hit-count levels) the observer call ran; 0 when not asked for.
  /// Two calls with the same signature and result checked the object the same way.
  uint64_t coverage = 0;
};

enum class FailureKind {
  None,
  Crash,             ///< fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL)
  Abort,             ///< SIGABRT: abort(), failed assert
  Sanitizer,         ///< ASan/UBSan report (replay build)
  Hang,              ///< a call exceeded the per-call timeout
  OutOfMemory,       ///< allocation beyond the memory limit
  NonStdException,   ///< an exception not derived from std::exception escaped a public call
  InvariantViolated, ///< the invariant returned false (or threw) after a public call
  ContractViolated,  ///< a == a, copy == original, const methods do not change state
  DriverError,       ///< the driver itself misbehaved (protocol); never emitted as a test
  /// One allocation of half the memory limit or more was requested (e.g. a capacity argument
  /// of INT_MAX), a file grew past 64 MB, or a call wrote past the chars a test gives a
  /// `char *` without a length: the arguments asked for more than a test gives, so it is neither
  /// a bug nor a deterministic test.
  ResourceLimit,
  /// A user's theory (unitgen/theory.h) was false of an object a public call changed or made.
  TheoryViolated,
};

/// Failures that depend on the limits the code runs under (call time-out, memory), not on the
/// calls alone.
inline bool isResourceFailure(FailureKind kind) {
  return kind == FailureKind::Hang || kind == FailureKind::OutOfMemory ||
         kind == FailureKind::ResourceLimit;
}

struct Failure {
  FailureKind kind = FailureKind::None;
  int statement = -1; ///< index of the statement during/after which it happened
  std::string detail; ///< signal name, first sanitizer line, invariant or contract text
  /// An abort's failed `assert`, as the C library printed it
  /// (`arena.h:59: char *leveldb::Arena::Allocate(size_t): Assertion `bytes > 0' failed.`);
  /// empty otherwise. Not part of the failure's identity.
  std::string assertion;
  /// A sanitizer report's blamed line of the code under test (`filter_block.cc:57`,
  /// exec/SanitizerReport.h); empty otherwise. Not part of the failure's identity.
  std::string location;
  /// Raised while the driver destroyed the objects, after the last call. Not part of the
  /// failure's identity (the detail says so too).
  bool whileDestroying = false;
  /// TheoryViolated: the variable (statement) whose object the theory was false of, and the
  /// theory's name. The detail names the theory and its failed assertion.
  int object = -1;
  std::string theory;
  bool operator==(const Failure &o) const {
    return kind == o.kind && statement == o.statement && detail == o.detail;
  }
};

struct ObjectState {
  int variable = -1;
  uint64_t hash = 0;
  uint64_t profile = 0; ///< abstract object profile (Palus; runtime/driver/ObjectProfile.h)
};

struct Outcome {
  std::vector<CallOutcome> calls; ///< one per statement
  std::vector<ObserverValue> observers;
  Failure failure;
  std::vector<uint32_t> edges;          ///< covered coverage-guard ids, sorted
  std::vector<uint8_t> edgeHits;        ///< per edge: times it ran (saturated at 255)
  std::vector<ObjectState> finalStates; ///< canonical state of each live object at the end
  std::vector<int64_t> comparedValues;  ///< operands the code under test compared against
  /// Relational comparisons of the code under test that saw equal operands: the boundary
  /// probes' (source line << 32 | site), sorted.
  std::vector<uint64_t> boundaries;
  /// A symbolic request to a concolic driver (RunFlags::symbolic): the statements' path
  /// constraints over the input bytes of their arguments; empty otherwise.
  SymbolicTrace symbolic;
  double seconds = 0;
  /// The statement whose call broke its own precondition (exec/Preconditions.h): it and every
  /// statement after it count as not run, and the sequence is no test; -1: none.
  int illegalCall = -1;

  /// Whether statement `variable` made an object the test holds at the end: the objects whose
  /// observers a test asserts and read-back queries ask.
  bool holds(int variable) const {
    return variable >= 0 && static_cast<size_t>(variable) < calls.size() &&
           calls[variable].producedObject;
  }
};

const char *toString(FailureKind kind);
const char *toString(CallStatus status);
/// Stable identifier used in goal keys and test names: `segv`, `invariant`, `hang`, ...
std::string failureSlug(const Failure &failure);
/// Which defect `failure` (of a run of `sequence`) is: a sanitizer report or a failed assert is
/// known by the source location it names (many methods reach one faulty line); other failures
/// by their kind and the method that failed. One failure test per defect.
std::string defectKey(const Sequence &sequence, const Failure &failure);

} // namespace unitgen
