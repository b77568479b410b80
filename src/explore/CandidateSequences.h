// CandidateSequences: Candidate Sequence Search's first step (JTestCraft §4.3) — the call
// sequences, shortest first, in which every call can influence the method under test at the end.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace unitgen {

struct CandidateOptions {
  size_t maxLength = 6; ///< calls in a candidate, the method under test included
  /// Most candidates kept as prefixes for the next length; a class with many mutators
  /// otherwise needs memory exponential in the length. Beyond it, longer candidates are cut.
  size_t maxPerLength = 200000;
};

/// A candidate sequence (a *shape*): which callables run in which order, and which earlier
/// statement's object each receiver and object argument is. Primitive arguments are left to the
/// strategy: they are Null literals here.
struct Candidate {
  Sequence skeleton;
  int methodUnderTest = -1; ///< callable id of the last statement
  uint64_t key = 0;         ///< identifies the shape (callables and bindings)
};

struct CandidateStats {
  uint64_t generated = 0;           ///< candidates built by prepending an influencing callable
  uint64_t emitted = 0;             ///< executable candidates handed out
  uint64_t notExecutable = 0;       ///< kept only as prefixes: a receiver or argument has no object
  uint64_t withoutTarget = 0;       ///< no call of the class (or function) under test
  uint64_t prunedByDataFlow = 0;    ///< some call cannot reach the method under test
  uint64_t prunedByOrder = 0;       ///< permutations of independent calls (partial-order reduction)
  uint64_t rejectedNoInfluence = 0; ///< callables that cannot influence the rest
  bool truncated = false;           ///< maxPerLength cut a length short
  size_t length = 0;                ///< the length being produced
};

/// Produces candidates breadth first: every supported callable alone (the class's own first),
/// then each candidate of length n with one callable prepended, in callable order. A callable is
/// prepended only if it can influence the rest (static effects and types, JTestCraft §4.3.1):
///  - return → argument: it produces an object of a type some later receiver or object argument
///    needs and has no earlier producer for;
///  - define → use: it writes a field (`Class::field`, transitively through callees; array
///    elements count as their field) that some later call reads.
/// Partial-order reduction (§4.3.4): a callable that does not directly influence the first call
/// goes in front of it only if its id is not larger, so independent calls appear in one order.
/// Data-flow check (§4.3.3), on the bound shape: every call must pass its result to, or write
/// a field read by, a later call that itself reaches the method under test. A field `C::f`
/// counts only through an object of class C that the writer touches (receiver, result,
/// arguments) and the reader depends on; fields of classes no variable has (nodes) through any
/// object both share; static code's writes reach every reader. A candidate that fails cannot
/// be repaired by prepending, so it is dropped.
/// Sequences sharing a prefix come out next to each other per length, and the strategy shares
/// each prefix's constraint trees between them (§4.4.3).
class CandidateSequences {
public:
  CandidateSequences(const ClassModel &model, const CandidateOptions &options);

  /// The next executable candidate that calls the code under test, or nullopt when every
  /// candidate up to maxLength has been produced.
  std::optional<Candidate> next();

  /// Whether `callable` placed in front of `sequence` could influence one of its calls.
  bool influences(int callable, const std::vector<int> &sequence) const;
  /// Whether it directly influences the first call of `sequence`.
  bool influencesFirst(int callable, const std::vector<int> &sequence) const;
  /// Receivers and object arguments bound to the nearest earlier producers (distinct ones for
  /// several slots of one call); unbound nullable slots are null. Nullopt when a required object
  /// has no producer.
  std::optional<Sequence> bind(const std::vector<int> &callables) const;
  /// The data-flow check on a bound sequence: every statement reaches the last one.
  bool dataFlows(const Sequence &bound) const;

  const CandidateStats &stats() const { return stats_; }

private:
  struct Info {
    bool usable = false;
    bool underTest = false;
    int produces = -1;          ///< class index of the object it creates or returns
    std::vector<int> slots;     ///< class index per object slot: receiver first, then arguments
    std::vector<bool> nullable; ///< per slot
    std::vector<uint64_t> reads, writes; ///< field bit sets
  };

  int classIndex(const std::string &name) const;
  bool overlaps(const std::vector<uint64_t> &a, const std::vector<uint64_t> &b) const;
  /// Slots of statement `j` of `sequence` that no earlier statement can fill, by class.
  bool hasUnboundSlot(const std::vector<int> &sequence, size_t j, int type) const;
  bool extendLevel();

  /// Whether `from`'s writes reach `to`'s reads on an object both can touch (see dataFlows).
  bool definesForUse(const Sequence &bound, int from, int to) const;

  const ClassModel &model_;
  CandidateOptions options_;
  std::vector<Info> info_;
  std::vector<int> fieldClass_;         ///< per field bit: class index of `Class::field`, or -1
  std::vector<int> order_;              ///< usable callables: those under test first, then helpers
  std::vector<std::vector<int>> level_; ///< candidates of the current length (prefix pool)
  size_t cursor_ = 0;
  CandidateStats stats_;
};

} // namespace unitgen
