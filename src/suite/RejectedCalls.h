// RejectedCalls: calls the sanitizer build failed in whose only inputs are their literal
// arguments (`NewBloomFilterPolicy(-2)`), which the search stops building on.
#pragma once

#include "model/Sequence.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace unitgen {

/// A call's literal arguments, an object argument as `v`: with its callable, what the call was
/// given (e.g. `,0:-2`).
std::string literalSignature(const Statement &statement);

/// A call with no receiver and no object argument (a factory, a constructor, a free function
/// given only values) does the same whatever came before it: once the sanitizer build failed in
/// it, every sequence that makes it fails there again, and every goal past it is one no
/// regression test can keep (the suite's tests replay on the sanitizer build). The search's
/// sequences are built on such a set-up again and again once one is kept: a strategy asks here
/// before it runs a candidate and drops kept sequences that make one. The failure itself is
/// kept once, as a failure test. Written by the sanitizer watch's thread, read by the search's.
class RejectedCalls {
public:
  /// Rejects `statement` when it has no receiver and no object argument; whether it did.
  bool add(const Statement &statement);
  /// Whether `sequence` makes a rejected call.
  bool rejects(const Sequence &sequence) const;
  /// How many calls are rejected: a strategy that saw this count already has nothing to drop.
  size_t size() const { return size_.load(std::memory_order_acquire); }

private:
  mutable std::mutex mutex_;
  std::map<int, std::set<std::string>> calls_; ///< callable → literalSignature
  std::atomic<size_t> size_{0};
};

} // namespace unitgen
