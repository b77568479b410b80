// SolverStats: what the solver chain did — queries, which layer answered them, Z3's verdicts
// and time — for unitgen-report.json and the benchmark tables.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>

namespace unitgen {

/// Every query entering the chain is answered by exactly one layer, so
/// queries == independenceAnswers + cache*Hits + orderAnswers + z3Calls + unsupported.
struct SolverStats {
  // The chain as a whole (StatsSolver).
  uint64_t queries = 0;
  uint64_t sat = 0;
  uint64_t unsat = 0;
  uint64_t unknown = 0;
  uint64_t timeout = 0;
  double seconds = 0; ///< wall time inside the chain, all layers

  // Independence slicing.
  uint64_t independenceAnswers =
      0; ///< decided without a solver: the goal or a constraint is constant
  uint64_t constraintsBeforeSlicing = 0;
  uint64_t constraintsAfterSlicing = 0; ///< of the queries passed on

  // Counterexample cache, one counter per way it can answer.
  uint64_t cacheExactHits = 0;       ///< the same set of constraints was answered before
  uint64_t cacheSupersetHits = 0;    ///< a model of a superset satisfies this query
  uint64_t cacheSubsetUnsatHits = 0; ///< an unsatisfiable subset makes this query unsatisfiable
  uint64_t cacheModelHits = 0;       ///< a recent or subset model, evaluated, satisfies this query

  // Order constraints decided without Z3 (OrderSolver.cpp).
  uint64_t orderAnswers = 0;
  /// Models of the order layer our Evaluator finds false (then Z3 answers). Should stay 0.
  uint64_t orderModelMismatches = 0;

  // Z3.
  uint64_t z3Calls = 0;
  uint64_t z3Sat = 0;
  uint64_t z3Unsat = 0;
  uint64_t z3Unknown = 0;
  uint64_t z3Timeout = 0;
  double z3Seconds = 0;
  /// Float kinds in a query while floating point is off: answered Unknown without calling Z3.
  uint64_t unsupported = 0;
  /// Z3 models our Evaluator finds false — our semantics and Z3's disagree. Should stay 0; the
  /// known gap is the bit pattern of a NaN that FloatToBits exposes (Z3 has a single NaN).
  uint64_t z3ModelMismatches = 0;

  uint64_t cacheHits() const {
    return cacheExactHits + cacheSupersetHits + cacheSubsetUnsatHits + cacheModelHits;
  }
  /// Fraction of queries the caches answered (0 without queries).
  double cacheShare() const;
  /// Sums another chain's counters into this one.
  SolverStats &operator+=(const SolverStats &other);
  /// `includeTimes` false leaves out the seconds, for the byte-identical report of a run with an
  /// execution budget (timings differ from run to run; counters do not).
  nlohmann::json toJson(bool includeTimes = true) const;
};

} // namespace unitgen
