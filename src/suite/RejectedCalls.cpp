// RejectedCalls: self-contained calls the sanitizer build failed in, shared across threads.
#include "suite/RejectedCalls.h"

#include <algorithm>

namespace unitgen {

std::string literalSignature(const Statement &statement) {
  std::string signature;
  for (const Argument &arg : statement.args)
    signature += arg.kind == Argument::Kind::Variable
                     ? ",v"
                     : "," + std::to_string(static_cast<int>(arg.literal.kind)) + ":" +
                           arg.literal.debugString();
  return signature;
}

bool RejectedCalls::add(const Statement &statement) {
  if (statement.receiver >= 0 ||
      std::any_of(statement.args.begin(), statement.args.end(),
                  [](const Argument &arg) { return arg.kind == Argument::Kind::Variable; }))
    return false;
  std::lock_guard<std::mutex> lock(mutex_);
  if (calls_[statement.callable].insert(literalSignature(statement)).second)
    size_.fetch_add(1, std::memory_order_release);
  return true;
}

bool RejectedCalls::rejects(const Sequence &sequence) const {
  if (size() == 0)
    return false; // the common case, without the lock
  std::lock_guard<std::mutex> lock(mutex_);
  for (const Statement &statement : sequence.statements) {
    auto callable = calls_.find(statement.callable);
    if (callable != calls_.end() && statement.receiver < 0 &&
        callable->second.count(literalSignature(statement)))
      return true;
  }
  return false;
}

} // namespace unitgen
