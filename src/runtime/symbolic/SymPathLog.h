// SymPathLog: what one concolic execution recorded besides expressions — the branches it took
// on symbolic conditions, in order, where each symbolic input byte came from, and the strings
// of input bytes it compared with texts of another length.
#pragma once

#include "symbolic/SymExprArena.h"

#include <algorithm>
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

/// A string of input bytes firstInput .. firstInput + length - 1 (one argument's, in order)
/// compared with a text of another length (std::string ==, compare; concrete, or other input
/// bytes as they were in this execution): no model of the bytes can make them equal, but the
/// engine can splice the text in (input-to-state correspondence, as Redqueen does for magic
/// bytes).
struct SpliceEntry {
  uint32_t firstInput;
  uint32_t length;
  uint32_t textStart; ///< in PathLog::spliceText()
  uint32_t textLength;
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
    splices_.clear();
    spliceText_.clear();
    maxBranches_ = maxBranches;
    droppedBranches_ = 0;
    slots_.clear();
    hasState_ = false;
    shape_ = 0;
  }
  /// The symbolic primitive fields of the receiver's final state, in the heap walker's order
  /// (concrete fields are part of the shape instead); false when there is no room.
  bool addSlot(Handle value) {
    try {
      slots_.push_back(value);
    } catch (const std::bad_alloc &) {
      return false;
    }
    return true;
  }
  /// The canonical hash of that state with each symbolic field as a placeholder.
  void setShape(uint64_t shape) {
    hasState_ = true;
    shape_ = shape;
  }
  const SymVector<Handle> &slots() const { return slots_; }
  bool hasState() const { return hasState_; }
  uint64_t shape() const { return shape_; }
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
  /// Records a splice unless the same one is recorded or the log holds kMaxSplices already.
  void addSplice(uint32_t firstInput, uint32_t length, const char *text, size_t textLength) {
    if (splices_.size() >= kMaxSplices || textLength > kMaxSpliceText)
      return;
    for (const SpliceEntry &e : splices_)
      if (e.firstInput == firstInput && e.length == length && e.textLength == textLength &&
          std::equal(text, text + textLength, spliceText_.begin() + e.textStart))
        return;
    try {
      splices_.push_back({firstInput, length, static_cast<uint32_t>(spliceText_.size()),
                          static_cast<uint32_t>(textLength)});
      spliceText_.insert(spliceText_.end(), text, text + textLength);
    } catch (const std::bad_alloc &) {
    }
  }
  static constexpr size_t kMaxSplices = 64;
  static constexpr size_t kMaxSpliceText = 256;

  const SymVector<BranchEntry> &branches() const { return branches_; }
  const SymVector<SpliceEntry> &splices() const { return splices_; }
  const SymVector<char> &spliceText() const { return spliceText_; }
  const SymVector<InputEntry> &inputs() const { return inputs_; }
  uint64_t droppedBranches() const { return droppedBranches_; }

private:
  SymVector<BranchEntry> branches_;
  SymVector<InputEntry> inputs_;
  SymVector<SpliceEntry> splices_;
  SymVector<char> spliceText_;
  size_t maxBranches_ = 0;
  uint64_t droppedBranches_ = 0;
  SymVector<Handle> slots_;
  bool hasState_ = false;
  uint64_t shape_ = 0;
};

} // namespace sym
} // namespace unitgen_rt
