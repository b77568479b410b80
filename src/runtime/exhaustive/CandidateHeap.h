// CandidateHeap: the candidate heap both searches share — every object and array in one block, the
// fields' values as indices in their domains, the log of what the invariant read, and the file
// the valid heaps go to.
#pragma once

#include "exhaustive/KoratProblem.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace unitgen_rt {
namespace korat {

/// What the invariant read during one run, in first-read order (filled by the field-read
/// probes of the code under test, src/pass/FieldReads.h).
struct ReadLog {
  std::vector<uint32_t> fieldAt; ///< byte offset in the heap -> candidate field + 1 (0: none)
  std::vector<uint8_t> seen;     ///< per candidate field
  std::vector<uint32_t> order;   ///< candidate fields, first read first
  /// Per entry of `order`: the branch records the symbolic runtime held when it was read.
  std::vector<uint32_t> branchesBefore;
  bool countBranches = false; ///< fill branchesBefore (symbolic numbers)
  /// The heap whose pass decides a pointer when the invariant first reads it
  /// (CandidateHeap::takesFreshFirst), or null.
  class CandidateHeap *decidesOnRead = nullptr;
  void clear() {
    for (uint32_t k : order)
      seen[k] = 0;
    order.clear();
    branchesBefore.clear();
  }
};
extern ReadLog gLog;

class CandidateHeap {
public:
  /// `numbersSymbolic`: the search solves the numbers (SymbolicSearch.cpp) rather than stepping
  /// them (takesFreshFirst).
  CandidateHeap(const ClassInfo *classes, const Problem &problem, bool numbersSymbolic);
  ~CandidateHeap();
  CandidateHeap(const CandidateHeap &) = delete;
  CandidateHeap &operator=(const CandidateHeap &) = delete;

  /// Opens OUTPUT unless the problem only counts; false (with the error printed) on failure.
  bool open(const char *outputPath);
  /// Runs the invariant on the receiver with the probes on; an exception rejects the heap (and
  /// sets `*threw`).
  bool runInvariant(bool *threw = nullptr);

  const std::vector<uint32_t> &values() const { return values_; }
  /// Sets candidate field `k` to the value at `index` in its domain.
  void write(size_t k, uint32_t index);
  /// Sets candidate field `k` back to its first value in the pass entered (firstValue); a
  /// pointer in a pass that takes fresh objects first gets its value when next read.
  void reset(size_t k) {
    write(k, firstValue(k));
    undecided_[k] = takesFreshFirst_;
  }
  /// The invariant reads candidate field `k` for the first time in this run: a pointer reset
  /// in a pass that takes fresh objects first gets the first fresh object, or null when none
  /// is left, before the read (the probe runs before the load).
  void decideOnRead(uint32_t k);
  /// The index a field starts from: 0, except a count field in a pass of heaps of N objects,
  /// which takes N only (Problem::countFields).
  uint32_t firstValue(size_t k) const;
  /// Whether field `k` is a count field held at one value in the pass entered.
  bool pinned(size_t k) const { return objectLimit_ != UINT32_MAX && countField_[k]; }
  void *object(int index) { return heap_ + offsets_[index]; }
  /// Where candidate field `c` lives in the heap.
  unsigned char *address(const Candidate &c);
  size_t bytesOf(const Candidate &c) const;

  /// The candidate fields holding numbers, of objects the receiver reaches (array elements
  /// below their count), that a run of the invariant did not read (`seen`, per field).
  std::vector<uint32_t> unreadNumbersOfReachableObjects(const std::vector<uint32_t> &values,
                                                        const std::vector<uint8_t> &seen);
  /// Whether some array's elements in use depend on a count field.
  bool hasCountedElements() const;
  /// Writes one valid heap (its value indices) to OUTPUT, when there is one.
  void emit(const std::vector<uint32_t> &heap);
  /// Emits `heap` once per assignment of the `free` fields' values, from their first (each is
  /// a valid heap); the number emitted, fewer when the search must stop (stopReason).
  unsigned long long emitWithFree(const std::vector<uint32_t> &free, std::vector<uint32_t> heap);

  /// Counts a unit of work (an invariant run, a heap emitted); the search must stop at the
  /// work limit. Every 4096 units: flushes OUTPUT so the engine sees the heaps so far, and
  /// checks whether the search must stop (the deadline, or the engine's stop file). Why it must,
  /// kept once set, or "". Heaps count too: one run of a symbolic search can stand for millions of
  /// them.
  const std::string &tick();
  const std::string &stopReason() const { return stopReason_; }
  /// Prints the counts (KoratSearch.h) and closes OUTPUT.
  void finish(unsigned long long valid, unsigned long long explored, const std::string &stopped);

  /// Korat's next value for field `k`, read at `position` of the log `order`, or its domain's
  /// size when it has none: numbers and arrays step by one; a field of objects may take null,
  /// an object a field read before it already holds, or the first object none holds
  /// (isomorphism breaking); of an unshared class, only null or that first free object. Null
  /// comes first, then the objects in use, then the free one; in a pass that takes fresh
  /// objects first, the free one, then null, then the objects in use.
  uint32_t nextValue(uint32_t k, const std::vector<uint32_t> &order, size_t position) const;
  /// Whether a pointer takes the free object before null in the pass entered: one that holds
  /// count fields at its number of objects N, in a search that solves the numbers. Each valid
  /// heap of the pass reaches all N objects, and Korat's null first meets the first of them
  /// late, after the heaps that leave objects out (bench/RESULTS.md, "Fresh objects first").
  /// Numbers stepped from their lowest value would undo it: a left child below the lowest key
  /// fails only once the whole tree under it is built.
  bool takesFreshFirst() const { return takesFreshFirst_; }

  /// The search's passes: one without Problem::objectLimits; with them (smaller heaps first),
  /// one per limit, a field of objects taking no index above it, then one letting every object
  /// in. A heap counts only in the first pass whose limit reaches the largest index it uses
  /// (inPass), so each comes once.
  size_t passCount() const { return passes_.size(); }
  /// Enters the pass to search next, its fields as the search left them (each at its domain's
  /// first value in a new pass); false when every pass is done. The passes go one after
  /// another or, with Problem::interleavePasses, take turns: the unfinished pass that has done
  /// the least work goes next, so the largest heaps come early as well as the smallest.
  bool enterNextPass();
  /// The pass entered.
  size_t pass() const { return entered_; }
  /// The pass entered has no candidate left.
  void endPass() { passes_[entered_].done = true; }
  /// Whether the pass entered has had its turn (interleaved passes only): its search leaves it
  /// after the step it is in.
  bool turnOver() const;
  /// Whether the heap's largest object index is in the pass's range.
  bool inPass() const;

  const Problem &problem() const { return p_; }

private:
  void layOut();
  /// The largest index of `c`'s class the fields read before `position` of `order` hold.
  uint32_t objectsInUse(const Candidate &c, const std::vector<uint32_t> &order,
                        size_t position) const;
  /// The index of the first object of `c`'s class no field read before holds (`used` + 1),
  /// or 0 when the domain or the pass has none left.
  uint32_t freeObject(const Candidate &c, uint32_t used) const;
  void planPasses();
  unsigned char *block(int index) { return heap_ + blockOffsets_[index]; }
  const Block &arrayOf(const Candidate &c) const { return p_.blocks[c.domain.block]; }

  const ClassInfo *classes_;
  const Problem &p_;
  unsigned char *heap_ = nullptr;
  size_t span_ = 0;
  std::vector<size_t> offsets_;      ///< per object
  std::vector<size_t> blockOffsets_; ///< per array
  std::vector<size_t> firstField_;   ///< per object: its first candidate field; one past the end
  std::vector<uint32_t> values_;
  /// Per field: a pointer reset in a pass that takes fresh objects first, decided on its next
  /// read (decideOnRead).
  std::vector<uint8_t> undecided_;
  bool takesFreshFirst_ = false; ///< the pass entered takes fresh objects first
  /// Per class: the largest index the fields read so far in this run hold (decideOnRead).
  std::vector<uint32_t> inUseThisRun_;
  bool numbersSymbolic_;
  /// A pass's limit and where its search stands while another pass has its turn.
  struct Pass {
    uint32_t limit = UINT32_MAX;    ///< the largest index for a field of objects
    long long countedAbove = -1;    ///< the previous pass's limit (heaps above it count)
    std::vector<uint32_t> values;   ///< the candidate when it left (empty: not started)
    std::vector<uint8_t> undecided; ///< and its pointers decided on their next read
    unsigned long long work = 0;    ///< tick() calls while it was entered
    bool done = false;
  };
  std::vector<Pass> passes_;
  size_t entered_ = SIZE_MAX;        ///< the pass entered
  unsigned long long enteredAt_ = 0; ///< work_ when it was entered
  // Copies of the entered pass's bounds: every candidate's domain reads them, and a copy spares
  // that hot path the lookup through passes_ (SIZE_MAX before the first pass).
  uint32_t objectLimit_ = UINT32_MAX; ///< the entered pass's limit
  std::vector<uint8_t> countField_;   ///< per field: one of Problem::countFields
  long long countedAbove_ = -1;       ///< and the one before it
  FILE *out_ = nullptr;
  unsigned long long work_ = 0; ///< tick() calls
  std::string stopReason_;
  bool wide_ = false; ///< two bytes per value: a domain has more than 256 values
  std::vector<uint8_t> record_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

/// Korat over every field, numbers included (KoratSearch.cpp).
int searchConcrete(const ClassInfo *classes, const Problem &problem, const char *outputPath);
/// Korat over the reference fields, the numbers symbolic (SymbolicSearch.cpp); falls back to
/// searchConcrete when the invariant's conditions on them could not all be recorded.
int searchSymbolicNumbers(const ClassInfo *classes, const Problem &problem, const char *outputPath);

} // namespace korat
} // namespace unitgen_rt
