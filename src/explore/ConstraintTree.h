// ConstraintTree: the paths executed through one (candidate sequence shape, statement), as a trie
// of branch decisions whose leaves remember what became of every alternative (JTestCraft §3.3).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <queue>
#include <vector>

namespace unitgen {

/// One symbolic branch on a path: where it is, during which statement, which way it went.
struct Decision {
  uint32_t site = 0;
  int32_t statement = -1;
  bool taken = false;
};

/// What is known about one direction of a branch in the tree.
enum class EdgeState : uint8_t {
  Unexplored, ///< the other direction of an executed branch; not tried yet
  Pending,    ///< handed out by next(); the caller reports what became of it
  Explored,   ///< an execution went this way: a feasible computation node follows
  Infeasible, ///< the solver proved that no input goes this way
  Timeout,    ///< the solver gave up (time-out or unknown); not retried either
  Diverged,   ///< solved, but the input ran elsewhere (imprecise constraints); not retried
};

const char *toString(EdgeState state);

/// A way to an unexplored direction: flip decision `index` of the path that execution `origin`
/// (the caller's id) added. The query is that path's constraints before `index` and the negation
/// of the one at `index`.
struct Alternative {
  uint64_t origin = 0;
  uint32_t index = 0;
  uint32_t generation = 0; ///< the origin's generation + 1 (SAGE's generational search)
  uint32_t node = 0;       ///< where it hangs in the tree (for resolve)
  uint32_t branch = 0;
  bool direction = false; ///< the direction to reach
};

/// Whether no execution has taken direction `taken` of branch `site` yet: an alternative that
/// would is new coverage, not just a new path, and goes first.
using NoveltyFn = std::function<bool(uint32_t site, bool taken)>;

/// Counts for the report: every direction the tree knows is in exactly one state.
struct TreeCounts {
  size_t nodes = 0;
  size_t paths = 0; ///< distinct complete paths (feasible leaves)
  size_t unexplored = 0;
  size_t pending = 0;
  size_t explored = 0;
  size_t infeasible = 0;
  size_t timeout = 0;
  size_t diverged = 0;
  TreeCounts &operator+=(const TreeCounts &other);
};

/// A trie of Decisions. Every path from the root is the branch sequence of executions that
/// agreed up to there; each branch has two directions with an EdgeState. Only decisions of the
/// tree's own statement open alternatives: those of earlier statements are the prefix that leads
/// to it (they belong to the trees of the shorter prefixes, which shapes sharing that prefix
/// share). Of a branch a path passes many times (a loop), only the first kEveryPassUpTo passes and
/// then every power of two open alternatives, as QSYM backs off: a loop of a thousand iterations
/// over a symbolic bound costs about 25 queries a branch, not a thousand ever longer ones. Since
/// an alternative leaves Unexplored the moment it is handed out and the state is kept per
/// direction, no direction is solved twice, however many executions pass by it.
class ConstraintTree {
public:
  /// A branch's passes on one path that each open an alternative; past them, the powers of two.
  static constexpr uint32_t kEveryPassUpTo = 16;

  /// `statement`: the statement whose decisions open alternatives (-1: every decision).
  explicit ConstraintTree(int32_t statement = -1);

  struct AddResult {
    bool newPath = false;       ///< the path was not in the tree before
    size_t newAlternatives = 0; ///< unexplored directions it opened
  };
  /// Records the path execution `origin` (of `generation`) took; decisions beyond the tree's
  /// statement must not be passed. A direction it follows becomes Explored whatever it was
  /// (an input can reach what the solver gave up on). `promising` (the execution covered new
  /// goals) puts the alternatives it opens before those of executions that did not, as SAGE
  /// expands the children of the parents with the most new coverage first.
  AddResult addPath(const std::vector<Decision> &path, uint64_t origin, uint32_t generation,
                    bool promising = false, const NoveltyFn &novel = nullptr);

  /// Whether some alternative is waiting (stale entries aside).
  bool hasAlternative();
  /// How the next alternative ranks, if any (to choose between trees; see next()).
  struct Rank {
    bool novel = false;
    uint32_t generation = 0;
    bool promising = false;
    /// Lower goes first.
    bool operator<(const Rank &other) const {
      if (novel != other.novel)
        return novel;
      if (promising != other.promising)
        return promising;
      return generation < other.generation;
    }
  };
  std::optional<Rank> nextRank(const NoveltyFn &novel = nullptr);
  /// The next alternative: first those aiming at a direction no execution has taken (`novel`,
  /// re-checked now, in the order they were opened), then those of promising parents, then
  /// by generation (SAGE's generational search: lowest first, then in the order executions
  /// opened them, earlier branches first). Marks it Pending.
  std::optional<Alternative> next(const NoveltyFn &novel = nullptr);
  /// Reports an alternative's fate: Infeasible, Timeout or Diverged. Explored is set by
  /// addPath; a direction an execution has reached meanwhile stays Explored.
  void resolve(const Alternative &alternative, EdgeState state);
  /// The state of the direction an alternative aims at.
  EdgeState stateOf(const Alternative &alternative) const;

  /// Origins of the distinct complete paths, in the order they were found: the inputs that
  /// reach each explored path of this prefix (JTestCraft stores test data in the tree), from
  /// which longer shapes with this prefix start.
  const std::vector<uint64_t> &witnesses() const { return witnesses_; }
  TreeCounts counts() const;
  int32_t statement() const { return statement_; }

private:
  struct Edge {
    EdgeState state = EdgeState::Unexplored;
    int32_t child = -1;
  };
  struct Branch {
    uint32_t site = 0;
    int32_t statement = -1;
    Edge edges[2]; ///< [false], [true]
  };
  struct Node {
    std::vector<Branch> branches; ///< usually one; more if executions disagree on the next site
    bool terminal = false;        ///< some path ends here
  };
  struct Queued {
    Alternative alternative;
    uint32_t site = 0;
    bool promising = false;
    uint64_t order = 0;
    /// Promising parents, then generation, then opening order.
    uint64_t rank() const {
      return (uint64_t(promising ? 0 : 1) << 23 | (alternative.generation & 0x7fffff)) << 40 |
             (order & ((uint64_t(1) << 40) - 1));
    }
    bool operator>(const Queued &other) const { return rank() > other.rank(); }
  };
  struct ByOrder {
    bool operator()(const Queued &a, const Queued &b) const { return a.order > b.order; }
  };

  /// Whether `decision`, a path's `pass`-th one at its site during its statement, opens an
  /// alternative.
  bool opens(const Decision &decision, uint32_t pass) const {
    return (statement_ < 0 || decision.statement == statement_) &&
           (pass <= kEveryPassUpTo || (pass & (pass - 1)) == 0);
  }
  uint32_t newNode();
  bool stale(const Queued &queued) const {
    return stateOf(queued.alternative) != EdgeState::Unexplored;
  }
  /// Drops stale entries; with `novel`, moves entries that are no longer novel to the
  /// generational queue.
  void settle(const NoveltyFn &novel);

  int32_t statement_;
  std::vector<Node> nodes_;
  std::vector<uint64_t> witnesses_;
  std::priority_queue<Queued, std::vector<Queued>, std::greater<Queued>> queue_;
  std::priority_queue<Queued, std::vector<Queued>, ByOrder> novel_;
  uint64_t order_ = 0;
};

} // namespace unitgen
