// Solver: the query/answer vocabulary, the interface every layer of the solver chain implements,
// and the factories of the layers (each in its own .cpp; createSolverChain stacks them).
#pragma once

#include "solver/ExprPool.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace unitgen {

struct SolverStats;

/// "Is the conjunction of `constraints` and `goal` satisfiable?" Every id must be boolean
/// (width 1). The concolic strategy asks prefix-of-path ∧ negated-branch; an implication check
/// A ⇒ B asks A ∧ ¬B and reads Unsat as "implied".
///
/// Precondition of the chain: `constraints` alone are satisfiable (they are a path condition some
/// input followed). Independence slicing relies on it: constraints sharing no input byte with the
/// goal are dropped, and an answer about the rest is an answer about the whole query.
struct Query {
  std::vector<ExprId> constraints;
  ExprId goal = 0;
  /// Input bytes the goal binds universally (∀ bytes. goal); they occur in no constraint. Only
  /// the Z3 layer reads this: ask createZ3Solver directly, not a chain (slicing and the cache
  /// would treat the bytes as free).
  std::vector<uint32_t> universal;
};

enum class Validity : uint8_t { Sat, Unsat, Unknown, Timeout };
const char *toString(Validity validity);

/// Input byte index → value. A model assigns every input byte the answered (sliced) query
/// mentions and no other: overlaying it on the input of the execution the query came from gives
/// an input that satisfies the whole query (the bytes it leaves alone keep satisfying the
/// constraints slicing dropped). Ordered, so printing and iteration are deterministic.
using Model = std::map<uint32_t, uint8_t>;

struct SolverResult {
  Validity validity = Validity::Unknown;
  Model model; ///< only for Sat
};

/// Every input byte the query reads: the bytes a model of it assigns.
ByteSet queryBytes(const ExprPool &pool, const Query &query);

class Solver {
public:
  virtual ~Solver() = default;
  virtual SolverResult solve(const Query &query) = 0;
};

/// The core: translates the query to Z3 (bit-vectors, booleans as Bool, floats as IEEE FP when
/// `floatingPoint`; otherwise a query holding a Float* kind is Unknown) and checks it with a
/// per-query `timeoutMs` (0 = none).
std::unique_ptr<Solver> createZ3Solver(const ExprPool &pool, SolverStats &stats, unsigned timeoutMs,
                                       bool floatingPoint);

/// Reuses models and unsat results of earlier queries (exact key, a model of a superset, an unsat
/// subset, recent models evaluated against the query) before asking `inner`.
std::unique_ptr<Solver> createCounterexampleCacheSolver(std::unique_ptr<Solver> inner,
                                                        const ExprPool &pool, SolverStats &stats);

/// Decides a query made only of comparisons (==, !=, <, <=, >, >=, signed or unsigned) between
/// input words (concatenated input bytes, maybe sign- or zero-extended) and constants as
/// integer difference constraints; anything else, and queries with many disequalities, go to
/// `inner`.
std::unique_ptr<Solver> createOrderSolver(std::unique_ptr<Solver> inner, const ExprPool &pool,
                                          SolverStats &stats);

/// Keeps only the constraints that share input bytes, transitively, with the goal; decides a
/// goal that reads no input byte by evaluation.
std::unique_ptr<Solver> createIndependenceSolver(std::unique_ptr<Solver> inner,
                                                 const ExprPool &pool, SolverStats &stats);

/// The outermost layer: counts queries and final answers and times the whole chain.
std::unique_ptr<Solver> createStatsSolver(std::unique_ptr<Solver> inner, SolverStats &stats);

} // namespace unitgen
