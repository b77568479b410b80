// Names of failure kinds and call statuses (reports, goal keys, test names) and defect identity.
#include "model/Outcome.h"

#include <cctype>

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
  case FailureKind::TheoryViolated:
    return "theory-violated";
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
  if (failure.kind == FailureKind::TheoryViolated && !failure.theory.empty())
    slug += ":" + failure.theory;
  return slug;
}

std::string defectKey(const Sequence &sequence, const Failure &failure) {
  // A theory is known by its assertion that failed, whatever the calls that broke it.
  if (failure.kind == FailureKind::TheoryViolated)
    return failureSlug(failure) + "@" + failure.detail;
  if (failure.kind == FailureKind::Sanitizer && !failure.location.empty())
    return failureSlug(failure) + "@" + failure.location;
  // `status.cc:29:27: runtime error: ...`, `arena.h:59: char *f(size_t): Assertion ...`
  const std::string &located =
      failure.kind == FailureKind::Abort ? failure.assertion : failure.detail;
  const size_t colon = located.find(':');
  if (colon != std::string::npos && colon > 0 && colon + 1 < located.size() &&
      std::isdigit(static_cast<unsigned char>(located[colon + 1])) && located.find(' ') > colon) {
    const size_t end = located.find(": ", colon);
    return failureSlug(failure) + "@" + located.substr(0, end);
  }
  const int callable =
      failure.statement >= 0 ? sequence.statements[failure.statement].callable : -1;
  return failureSlug(failure) + "@" + std::to_string(callable);
}

} // namespace unitgen
