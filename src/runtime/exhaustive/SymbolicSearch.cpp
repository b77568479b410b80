// SymbolicSearch: Korat over the reference fields with the numbers symbolic. Each run of the
// invariant records, in order, the fields it read that Korat steps and the branches it took
// on the numbers; the search backtracks over both: a field steps as in Korat, a branch is
// flipped once, by solving the branches before it and its negation over the numbers' ranges.
// A valid run stands for every assignment of the numbers that satisfies its branches. Fields
// of two values (bools, a colour) stay Korat's: a branch on one decides it outright, and
// conditions over many of them (a black height) are costly to solve. So do numbers read before
// the walk passes the first object (below).
#include "exhaustive/CandidateHeap.h"
#include "exhaustive/NumberConstraints.h"
#include "symbolic/SymRuntime.h"
#include "symbolic/SymState.h"

#include <cstdio>
#include <string>
#include <vector>

extern "C" {
extern uint32_t __unitgen_sym_ret;
}

namespace unitgen_rt {
namespace korat {
namespace {

/// A decision of one run: a field Korat steps (a reference, an array, a bool) read for the
/// first time, or a branch on the symbolic numbers.
struct Event {
  bool reference = false;  ///< a field Korat steps
  uint32_t field = 0;      ///< reference: the candidate field
  uint32_t site = 0;       ///< branch: the instrumented branch's site
  sym::Handle condition{}; ///< branch: in the last run's arena
  bool taken = false;      ///< branch: the direction of the current path
  bool flipped = false;    ///< branch: the other direction is (or was) explored
  uint32_t ordinal = 0;    ///< branch: its condition's number in the solver
};

/// The site given to the invariant's result when it depends on the numbers (the invariant's
/// last comparison often goes straight into its return value, no branch).
constexpr uint32_t kResultSite = ~0u;

class SymbolicSearch {
public:
  SymbolicSearch(const ClassInfo *classes, const Problem &problem)
      : heap_(classes, problem, true), p_(problem) {
    long long next = 0;
    inputOf_.assign(p_.fields.size(), -1);
    decided_.assign(p_.fields.size(), 0);
    for (size_t k = 0; k < p_.fields.size(); ++k)
      if (symbolic(k)) {
        numbers_.push_back(static_cast<uint32_t>(k));
        inputOf_[k] = next;
        next += static_cast<long long>(heap_.bytesOf(p_.fields[k]));
      }
  }

  /// 0 when done; -1 (with `why` set) when the numbers could not be followed symbolically.
  int run(const char *outputPath, std::string &why) {
    if (!heap_.open(outputPath))
      return 2;
    gLog.countBranches = true;
    unsigned long long explored = 0;
    // Per pass, where its search stands while another has its turn.
    struct PassDecisions {
      std::vector<Event> stack;
      size_t kept = 0; // entries of the stack its next run must reproduce
    };
    std::vector<PassDecisions> passes(heap_.passCount());
    while (heap_.enterNextPass()) {
      PassDecisions &pass = passes[heap_.pass()];
      stack_.swap(pass.stack);
      size_t kept = pass.kept;
      while (true) {
        bool ok = execute(why);
        if (!why.empty())
          return -1;
        ++explored;
        if (!adopt(kept)) {
          why = "a run did not repeat the decisions before the one it changed";
          return -1;
        }
        if (!buildSolver()) {
          why = "the invariant compares the numbers in a way the search cannot solve";
          return -1;
        }
        if (ok && heap_.inPass()) {
          unsigned long long solutions = 0;
          if (!emitSolutions(solutions, why))
            return -1;
          valid_ += solutions;
        }
        if (!heap_.stopReason().empty())
          break;
        if (!backtrack(kept)) {
          heap_.endPass();
          break;
        }
        if (!heap_.tick().empty() || heap_.turnOver())
          break;
      }
      stack_.swap(pass.stack);
      pass.kept = kept;
      if (!heap_.stopReason().empty())
        break;
    }
    gLog.countBranches = false;
    heap_.finish(valid_, explored, heap_.stopReason());
    return 0;
  }

  unsigned long long valid() const { return valid_; }

private:
  bool symbolic(size_t k) const { return p_.fields[k].numbers() && p_.fields[k].domain.size > 2; }

  /// Runs the invariant with every number symbolic; `events_` gets its decisions. Sets `why`
  /// when something was not recorded (expression or branch caps).
  bool execute(std::string &why) {
    static const SymbolicConfig config = symbolicConfigFromEnvironment(false);
    symBegin(config);
    for (size_t i = 0; i < numbers_.size(); ++i)
      makeSymbolic(heap_.address(p_.fields[numbers_[i]]), heap_.bytesOf(p_.fields[numbers_[i]]), 0,
                   static_cast<int32_t>(numbers_[i]));
    __unitgen_sym_ret = 0; // the invariant writes it when it returns (SymbolizerCalls.cpp)
    bool threw = false;
    bool ok = heap_.runInvariant(&threw);
    sym::Handle result = threw ? 0 : __unitgen_sym_ret;
    symSuspend();
    const sym::SymState &state = sym::gState;
    if (state.arena.dropped() || state.log.droppedBranches() || state.shadow.droppedStores()) {
      why = "the invariant built more expressions or branches than the symbolic runtime keeps";
      return false;
    }
    events_.clear();
    const auto &branches = state.log.branches();
    size_t branch = 0;
    auto addBranchesUpTo = [&](size_t end) {
      for (; branch < end && branch < branches.size(); ++branch) {
        Event e;
        e.site = branches[branch].site;
        e.condition = branches[branch].condition;
        e.taken = branches[branch].taken;
        events_.push_back(e);
      }
    };
    // A number read before the walk went past the first object (a size that bounds the walk)
    // is Korat's too: deciding it first keeps Korat's order, small structures first, which
    // the field-coverage criteria rely on; past that point numbers are symbolic, except a
    // count field held at the pass's number of objects.
    readNumbers_.clear();
    size_t objectsFollowed = 0;
    for (size_t i = 0; i < gLog.order.size(); ++i) {
      uint32_t k = gLog.order[i];
      if (symbolic(k)) {
        readNumbers_.push_back(k);
        decided_[k] = objectsFollowed <= 1 || heap_.pinned(k);
        if (!decided_[k])
          continue;
      } else if (!p_.fields[k].numbers() && heap_.values()[k] != 0) {
        ++objectsFollowed;
      }
      addBranchesUpTo(gLog.branchesBefore[i]);
      Event e;
      e.reference = true;
      e.field = k;
      events_.push_back(e);
    }
    addBranchesUpTo(branches.size());
    if (result && state.arena.valid(result)) {
      Event e;
      e.site = kResultSite;
      e.condition =
          state.arena.node(result).width == 1 ? result : sym::gState.arena.bitsToBool(result);
      e.taken = ok;
      if (e.condition == 0) {
        why = "the invariant built more expressions than the symbolic runtime keeps";
        return false;
      }
      events_.push_back(e);
    }
    return ok;
  }

  /// Checks that the run repeated the first `kept` decisions, then makes its decisions the
  /// stack (keeping which branches were flipped).
  bool adopt(size_t kept) {
    if (events_.size() < kept)
      return false;
    for (size_t i = 0; i < kept; ++i) {
      const Event &was = stack_[i], &now = events_[i];
      if (was.reference != now.reference || (was.reference && was.field != now.field) ||
          (!was.reference && (was.site != now.site || was.taken != now.taken)))
        return false;
      events_[i].flipped = was.flipped;
    }
    stack_.swap(events_);
    return true;
  }

  /// The numbers the run read become the solver's variables, in read order (the others
  /// appear in no condition; one Korat decides keeps its value), and its branches its
  /// conditions, in order.
  bool buildSolver() {
    solver_.reset(sym::gState.arena);
    for (uint32_t k : readNumbers_) {
      const Candidate &c = p_.fields[k];
      if (decided_[k])
        solver_.addVariable(c.domain.low + heap_.values()[k], 1, heap_.bytesOf(c), inputOf_[k]);
      else
        solver_.addVariable(c.domain.low, c.domain.size, heap_.bytesOf(c), inputOf_[k]);
    }
    uint32_t ordinal = 0;
    for (Event &e : stack_)
      if (!e.reference) {
        if (!solver_.require(e.condition, e.taken))
          return false;
        e.ordinal = ordinal++;
      }
    return true;
  }

  /// Every assignment of the numbers that satisfies the valid run's branches is a valid heap
  /// (and so is every value of a number the invariant did not read). Each is checked by a
  /// concrete run of the invariant, so a condition the runtime missed cannot add a heap.
  bool emitSolutions(unsigned long long &count, std::string &why) {
    const std::vector<uint32_t> &order = readNumbers_;
    // The checks below run the invariant again: what this run read is kept first. Which
    // elements are in use depends on a count, which may differ between solutions.
    std::vector<uint8_t> seen = gLog.seen;
    std::vector<uint32_t> free = heap_.unreadNumbersOfReachableObjects(heap_.values(), seen);
    bool counted = heap_.hasCountedElements();
    bool holds = true;
    solver_.search([&](const std::vector<uint32_t> &indices) {
      for (size_t i = 0; i < order.size(); ++i)
        if (!decided_[order[i]])
          heap_.write(order[i], indices[i]);
      if (counted)
        free = heap_.unreadNumbersOfReachableObjects(heap_.values(), seen);
      if (!heap_.runInvariant()) {
        holds = false;
        return false;
      }
      if (!heap_.tick().empty())
        return false;
      count += heap_.emitWithFree(free, heap_.values());
      return heap_.stopReason().empty();
    });
    if (!holds)
      why = "a heap the symbolic conditions allow fails the invariant";
    return holds;
  }

  /// The next run: the last decision that has an alternative takes it; the decisions after it
  /// are dropped. False when there is none left.
  bool backtrack(size_t &kept) {
    while (!stack_.empty()) {
      size_t position = stack_.size() - 1;
      Event &e = stack_[position];
      if (e.reference) {
        std::vector<uint32_t> before;
        for (size_t q = 0; q < position; ++q)
          if (stack_[q].reference)
            before.push_back(stack_[q].field);
        uint32_t next = heap_.nextValue(e.field, before, before.size());
        if (next < p_.fields[e.field].domain.size) {
          heap_.write(e.field, next);
          kept = position + 1;
          return true;
        }
        heap_.reset(e.field);
      } else if (!e.flipped && flip(position)) {
        e.flipped = true;
        e.taken = !e.taken;
        kept = position + 1;
        return true;
      }
      stack_.pop_back();
    }
    return false;
  }

  /// Solves the branches before `position` and the negation of the one at it; on success the
  /// numbers take the solution.
  bool flip(size_t position) {
    // Near the current numbers first: they meet the branches before this one already.
    std::vector<uint32_t> current, solution;
    for (uint32_t k : readNumbers_)
      current.push_back(decided_[k] ? 0 : heap_.values()[k]);
    if (solver_.search(
            [&](const std::vector<uint32_t> &indices) {
              solution = indices;
              return false;
            },
            &current, stack_[position].ordinal + 1, true) == 0)
      return false;
    for (size_t i = 0; i < readNumbers_.size(); ++i)
      if (!decided_[readNumbers_[i]])
        heap_.write(readNumbers_[i], solution[i]);
    return true;
  }

  CandidateHeap heap_;
  const Problem &p_;
  NumberConstraints solver_;
  std::vector<uint32_t> numbers_;     ///< the candidate fields holding numbers
  std::vector<long long> inputOf_;    ///< per candidate field: its first input byte, or -1
  std::vector<uint32_t> readNumbers_; ///< the numbers the last run read, in read order
  std::vector<uint8_t> decided_;      ///< per field: a read number Korat decides in this run
  std::vector<Event> events_, stack_;
  unsigned long long valid_ = 0; ///< valid heaps so far
};

} // namespace

int searchSymbolicNumbers(const ClassInfo *classes, const Problem &problem,
                          const char *outputPath) {
  std::string why;
  SymbolicSearch search(classes, problem);
  int status = search.run(outputPath, why);
  if (status >= 0)
    return status;
  if (search.valid() > 0 && !problem.countOnly) {
    // The engine may have read heaps already: a second search would give them again.
    fail(why + "; search with the numbers concrete (--numbers concrete)");
    return 3;
  }
  std::printf("note: %s; the numbers were enumerated concretely\n", why.c_str());
  std::fflush(stdout);
  return searchConcrete(classes, problem, outputPath);
}

} // namespace korat
} // namespace unitgen_rt
