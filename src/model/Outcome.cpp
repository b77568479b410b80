// Names of failure kinds and call statuses, used in reports, goal keys and test names.
#include "model/Outcome.h"

namespace unitgen {

const char *toString(FailureKind kind) {
  switch (kind) {
  case FailureKind::None:
    return "none";
  case FailureKind::Crash:
    return "crash";
  case FailureKind::Abort:
    return "abort";
  case FailureKind::Sanitizer:
    return "sanitizer";
  case FailureKind::Hang:
    return "hang";
  case FailureKind::OutOfMemory:
    return "out-of-memory";
  case FailureKind::NonStdException:
    return "non-std-exception";
  case FailureKind::InvariantViolated:
    return "invariant-violated";
  case FailureKind::ContractViolated:
    return "contract-violated";
  case FailureKind::DriverError:
    return "driver-error";
  case FailureKind::ResourceLimit:
    return "resource-limit";
  }
  return "none";
}

const char *toString(CallStatus status) {
  switch (status) {
  case CallStatus::NotRun:
    return "not-run";
  case CallStatus::Returned:
    return "returned";
  case CallStatus::Threw:
    return "threw";
  case CallStatus::Failed:
    return "failed";
  }
  return "not-run";
}

std::string failureSlug(const Failure &failure) {
  std::string slug = toString(failure.kind);
  if (failure.kind == FailureKind::Crash || failure.kind == FailureKind::Sanitizer ||
      failure.kind == FailureKind::ContractViolated) {
    // The first word of the detail (`SIGSEGV`, `heap-use-after-free`, `copy`) keeps distinct
    // failures of one kind apart.
    std::string word;
    for (char c : failure.detail) {
      if (c == ' ' || c == ':' || c == '(')
        break;
      word += c;
    }
    if (!word.empty())
      slug += ":" + word;
  }
  return slug;
}

} // namespace unitgen
