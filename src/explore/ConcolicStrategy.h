// ConcolicStrategy: dynamic symbolic execution over Candidate Sequence Search's shapes, with a
// constraint tree per (shape prefix, statement) so no path is solved or run twice (JTestCraft).
#pragma once

#include "explore/CandidateSequences.h"
#include "explore/ConstraintTree.h"
#include "explore/Strategy.h"
#include "model/ClassModel.h"
#include "solver/SolverStats.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace unitgen {

struct ConcolicOptions {
  uint64_t seed = 1;
  size_t maxLength = 6; ///< calls in a candidate sequence (CandidateOptions::maxLength)
  /// Float and double arguments symbolic too, solved in Z3's floating-point theory (slower
  /// queries); the caller turns it on when the model has floating-point parameters.
  bool floatingPoint = false;
  /// Per-query Z3 limit. Runs with an execution budget should be generous: a query that times
  /// out on a loaded machine but not on an idle one would change the output.
  unsigned solverTimeoutMs = 1000;
  /// Executions a shape gets on its first visit; doubled on every later visit.
  size_t executionsPerVisit = 16;
  /// Runs of a shape from fresh values or from its prefix's explored paths, besides the
  /// alternatives its trees open.
  size_t seedsPerShape = 4;
  /// Symbolic branches of one execution kept in the trees (and flipped); a loop over a symbolic
  /// bound can record up to 2^18, which across the trees of every prefix would fill memory.
  size_t maxDecisions = 4096;
  ProgressFn progress; ///< called about ten times a second
};

/// What the strategy did, for unitgen-report.json (`concolic` object).
struct ConcolicStats {
  uint64_t executions = 0;
  uint64_t seedExecutions = 0;        ///< runs with fresh or prefix-path values
  uint64_t alternativeExecutions = 0; ///< runs of solved alternatives
  uint64_t followed = 0;              ///< ... that took the direction they were solved for
  uint64_t diverged = 0;              ///< ... that went elsewhere
  uint64_t infeasible = 0;            ///< alternatives the solver refuted
  uint64_t timeouts = 0;              ///< alternatives nobody solved (time-out/unknown)
  uint64_t searchSolved = 0;          ///< alternatives InputSearch solved (floats, time-outs)
  uint64_t searchFailed = 0;
  /// Boundaries: for the first decision on `a < b` (or <=, >, >=) at each site, the inputs
  /// that reach it with a == b — the test that tells `<` from `<=`.
  uint64_t boundaryQueries = 0;
  uint64_t boundaryExecutions = 0;
  uint64_t boundaryInfeasible = 0;
  /// Splices: a string argument's bytes replaced by a text of another length they were
  /// compared with (input-to-state, SymPathLog.h), once per resulting text (Splices.h).
  uint64_t splicesQueued = 0;
  uint64_t spliceExecutions = 0;
  uint64_t splicesDropped = 0; ///< over a shape's queue bound
  /// Words of the code's vocabulary appended to a string of a run that reached something new
  /// (queued with the splices and counted in splicesQueued too, as are their executions).
  uint64_t appendsQueued = 0;
  uint64_t duplicatesSkipped = 0; ///< sequences not run because they ran before
  uint64_t pathsCut = 0;          ///< executions with more than maxDecisions decisions
  uint64_t costlyFailures = 0;    ///< executions that hung or ran out of memory
  uint64_t shapesVisited = 0;     ///< candidate sequences explored
  uint64_t shapeVisits = 0;
  uint64_t shapesExhausted = 0;    ///< no alternative and no seed left
  uint64_t importErrors = 0;       ///< malformed traces (runtime bugs), skipped
  uint64_t expressionsDropped = 0; ///< expressions the runtime's cap left concrete
  uint64_t branchRecords = 0;
  uint64_t newGoals = 0; ///< goals the corpus had not seen
  size_t trees = 0;
  TreeCounts treeCounts; ///< summed over the trees, each direction counted in its own tree
  CandidateStats candidates;
  SolverStats solver;
  /// `includeTimes` false leaves out the solver's seconds (byte-identical reports).
  nlohmann::json toJson(bool includeTimes) const;
};

class ConcolicStrategy : public Strategy {
public:
  /// Valid after run().
  virtual ConcolicStats stats() const = 0;
};

/// `executor` must run a concolic driver (BuildKind::Concolic) of `model`.
std::unique_ptr<ConcolicStrategy> makeConcolicStrategy(const ClassModel &model, Executor &executor,
                                                       const ConcolicOptions &options);

/// Whether some callable takes a float or double: the concolic strategy then wants
/// ConcolicOptions::floatingPoint.
bool hasFloatingPointParameters(const ClassModel &model);

} // namespace unitgen
