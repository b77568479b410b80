// KoratProblem: the exhaustive driver's input — the candidate heap's objects, arrays and
// fields with their domains, and what to do with them (search, or replay calls on heaps).
#pragma once

#include "exhaustive/KoratSearch.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace unitgen_rt {
namespace korat {

struct Domain {
  bool objects = false;
  long long low = 0;    ///< numbers: the first value
  int targetClass = -1; ///< objects: the class whose objects (and null) it holds
  int block = -1;       ///< an array pointer: null or this array; an element: its array
  uint32_t size = 0;    ///< values in it
};

struct Candidate {
  int object = -1; ///< -1 for an array element
  const FieldInfo *field = nullptr;
  Domain domain;
  int index = 0;  ///< an array element: its index
  int count = -1; ///< an array element: the candidate field counting the elements in use
  bool numbers() const { return !domain.objects && (domain.block < 0 || object < 0); }
};

struct Block {
  size_t length = 0, elementSize = 0;
  std::vector<uint32_t> elements; ///< their candidate fields
};

struct Problem {
  std::vector<int> objectClass;        ///< per object
  std::vector<std::vector<int>> pools; ///< per class: its objects, in order
  std::vector<uint8_t> unshared;       ///< per class: its objects take one reference at most
  std::vector<Block> blocks;
  std::vector<Candidate> fields;
  std::string replayFile; ///< replay: the heaps to build and call methods on
  struct Call {
    int index; ///< in the driver's call table
    /// Per parameter, its arguments low..high; every combination is called.
    std::vector<std::pair<long long, long long>> ranges;
    /// Steps `arguments` (one per range, starting at the lows) to the next combination.
    bool next(std::vector<long long> &arguments) const {
      for (size_t i = 0; i < ranges.size(); ++i) {
        if (arguments[i] < ranges[i].second) {
          ++arguments[i];
          return true;
        }
        arguments[i] = ranges[i].first;
      }
      return false;
    }
    std::vector<long long> first() const {
      std::vector<long long> arguments;
      for (const auto &range : ranges)
        arguments.push_back(range.first);
      return arguments;
    }
  };
  std::vector<Call> calls;
  /// Replay: the calls (table indices, no parameters) read after each call the invariant held
  /// after, in the same child.
  std::vector<int> observers;
  Call construct{-1, {}}; ///< legal: the constructor's argument ranges (index -1)
  double callTimeout = 1;
  int legalLength = -1;     ///< legal: sequences of up to this many calls (-1: not this mode)
  std::string legalTargets; ///< legal: the states to reach (none: breadth-first over all)
  double deadline = 0;
  /// The search stops once it has done this many units of work (CandidateHeap::tick); 0: no
  /// limit. Unlike the deadline, the same on every run.
  unsigned long long workLimit = 0;
  std::string stopFile; ///< the engine creates it when it has read enough heaps
  bool countOnly = false;
  /// Korat over the reference fields only; the numbers are symbolic, their values come from
  /// the conditions the invariant put on them (SymbolicSearch.cpp).
  bool symbolicNumbers = false;
  /// Heaps of fewer objects first: one pass per limit on the objects a pointer may take
  /// (CandidateHeap::enterNextPass), ascending; none: one pass in Korat's order.
  std::vector<uint32_t> objectLimits;
  /// The passes take turns, an equal share of the work each, instead of one after another.
  bool interleavePasses = false;
  /// Candidate fields that count the objects (`count-field K`): in every valid heap, equal to
  /// the number of objects the receiver reaches. In the pass of the heaps of N objects they
  /// take N only (CandidateHeap::firstValue), and a symbolic search's pointers take the free
  /// object first (CandidateHeap::takesFreshFirst); one pass in Korat's order ignores them.
  std::vector<uint32_t> countFields;
};

/// Prints `message` as the driver's error; false.
bool fail(const std::string &message);

/// Reads the finitization file (format: KoratSearch.h).
bool readProblem(const char *path, const ClassInfo *classes, int numClasses, Problem &problem);

/// Builds each heap of `problem.replayFile` in allocated objects and runs `problem.calls` on
/// fresh copies, one child process per call (KoratSearch.h says what OUTPUT gets).
int replayHeaps(const ClassInfo *classes, const CallInfo *calls, int numCalls,
                const Problem &problem, const char *outputPath);

/// From the constructor, over sequences of `problem.calls` up to `problem.legalLength` calls,
/// each run in a child process, extending first the state whose distance to the nearest target
/// of `problem.legalTargets` not reached yet plus its length is least (breadth-first without
/// targets), until every target is reached; every sequence that reaches a canonical state not seen
/// before goes to OUTPUT with the state's (class, object, field, value) tuples (KoratSearch.h).
int searchLegalSequences(const ClassInfo *classes, const CallInfo *calls, int numCalls,
                         const Problem &problem, const char *outputPath);

} // namespace korat
} // namespace unitgen_rt
