// SymPathLog: what one concolic execution recorded besides expressions — the branches it took
// on symbolic conditions, in order, and where each symbolic input byte came from.
#pragma once

#include "SymExprArena.h"

#include <cstddef>
#include <cstdint>

namespace unitgen_rt {
namespace sym {

struct BranchEntry {
  uint32_t site;
  int32_t statement;
  Handle condition; ///< a boolean node
  bool taken;
  bool concretization;
};

struct InputEntry {
  int32_t statement;
  int32_t argument;
  uint32_t offset;
  uint8_t value;
};

class PathLog {
public:
  /// Forgets everything; keeps at most `maxBranches` branch records until the next reset.
  void reset(size_t maxBranches) {
    branches_.clear();
    inputs_.clear();
    maxBranches_ = maxBranches;
    droppedBranches_ = 0;
  }
  /// False once the log is full (the record is dropped and counted).
  bool addBranch(const BranchEntry &entry) {
    if (branches_.size() >= maxBranches_) {
      ++droppedBranches_;
      return false;
    }
    try {
      branches_.push_back(entry);
    } catch (const std::bad_alloc &) {
      ++droppedBranches_;
      return false;
    }
    return true;
  }
  /// Numbers the next symbolic input byte (input bytes are numbered in the order they are made
  /// symbolic: statement, argument, byte); false when there is no room for it.
  bool addInput(const InputEntry &entry, uint32_t &index) {
    try {
      inputs_.push_back(entry);
    } catch (const std::bad_alloc &) {
      return false;
    }
    index = static_cast<uint32_t>(inputs_.size() - 1);
    return true;
  }
  const SymVector<BranchEntry> &branches() const { return branches_; }
  const SymVector<InputEntry> &inputs() const { return inputs_; }
  uint64_t droppedBranches() const { return droppedBranches_; }

private:
  SymVector<BranchEntry> branches_;
  SymVector<InputEntry> inputs_;
  size_t maxBranches_ = 0;
  uint64_t droppedBranches_ = 0;
};

} // namespace sym
} // namespace unitgen_rt
