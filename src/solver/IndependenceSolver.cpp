// IndependenceSolver: drops the constraints that cannot affect the goal (constraint independence,
// as in EXE and KLEE) before the query reaches the caches and Z3.
#include "solver/Solver.h"
#include "solver/SolverStats.h"

#include <unordered_map>
#include <unordered_set>

namespace unitgen {
namespace {

/// Union-find over input byte indices: two bytes are in one class when some constraint (or the
/// goal) reads both, so a class is a set of bytes whose values constrain each other.
class ByteClasses {
public:
  uint32_t find(uint32_t byte) {
    uint32_t root = byte;
    for (auto it = parent_.find(root); it != parent_.end() && it->second != root;
         it = parent_.find(root))
      root = it->second;
    while (byte != root) { // path compression
      uint32_t &parent = parent_[byte];
      byte = parent;
      parent = root;
    }
    return root;
  }
  void join(const ByteSet &bytes) {
    for (size_t i = 1; i < bytes.size(); ++i) {
      const uint32_t a = find(bytes[0]), b = find(bytes[i]);
      if (a != b)
        parent_[b] = a;
    }
  }

private:
  std::unordered_map<uint32_t, uint32_t> parent_;
};

class IndependenceSolver final : public Solver {
public:
  IndependenceSolver(std::unique_ptr<Solver> inner, const ExprPool &pool, SolverStats &stats)
      : inner_(std::move(inner)), pool_(pool), stats_(stats) {}

  SolverResult solve(const Query &query) override {
    stats_.constraintsBeforeSlicing += query.constraints.size();
    // A node reading no input byte is a constant (the pool folds them): decide it here.
    for (ExprId constraint : query.constraints)
      if (pool_.bytes(constraint).empty() && pool_.node(constraint).value == 0)
        return decided(Validity::Unsat);
    const ByteSet &goalBytes = pool_.bytes(query.goal);
    if (goalBytes.empty())
      return decided(pool_.node(query.goal).value ? Validity::Sat : Validity::Unsat);

    ByteClasses classes;
    classes.join(goalBytes);
    for (ExprId constraint : query.constraints)
      classes.join(pool_.bytes(constraint));
    const uint32_t goalClass = classes.find(goalBytes[0]);

    Query sliced;
    sliced.goal = query.goal;
    std::unordered_set<ExprId> seen{query.goal};
    for (ExprId constraint : query.constraints) {
      const ByteSet &bytes = pool_.bytes(constraint);
      if (!bytes.empty() && classes.find(bytes[0]) == goalClass && seen.insert(constraint).second)
        sliced.constraints.push_back(constraint); // original order: deterministic Z3 input
    }
    stats_.constraintsAfterSlicing += sliced.constraints.size();
    return inner_->solve(sliced);
  }

private:
  /// Sat here has an empty model: the goal reads no byte, and the constraints are satisfiable by
  /// the chain's precondition.
  SolverResult decided(Validity validity) {
    ++stats_.independenceAnswers;
    return {validity, {}};
  }

  std::unique_ptr<Solver> inner_;
  const ExprPool &pool_;
  SolverStats &stats_;
};

} // namespace

std::unique_ptr<Solver> createIndependenceSolver(std::unique_ptr<Solver> inner,
                                                 const ExprPool &pool, SolverStats &stats) {
  return std::make_unique<IndependenceSolver>(std::move(inner), pool, stats);
}

} // namespace unitgen
