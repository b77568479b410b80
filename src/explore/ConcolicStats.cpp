// The concolic strategy's counters as the report's `concolic` object.
#include "explore/ConcolicStrategy.h"

namespace unitgen {

nlohmann::json ConcolicStats::toJson(bool includeTimes) const {
  const CandidateStats &c = candidates;
  const TreeCounts &t = treeCounts;
  return {
      {"executions", executions},
      {"seedExecutions", seedExecutions},
      {"newGoals", newGoals},
      {"alternatives",
       {{"executions", alternativeExecutions},
        {"followed", followed},
        {"diverged", diverged},
        {"infeasible", infeasible},
        {"timeouts", timeouts},
        {"searchSolved", searchSolved},
        {"searchFailed", searchFailed}}},
      {"splices",
       {{"queued", splicesQueued},
        {"executions", spliceExecutions},
        {"dropped", splicesDropped},
        {"appendsQueued", appendsQueued}}},
      {"boundaries",
       {{"queries", boundaryQueries},
        {"executions", boundaryExecutions},
        {"infeasible", boundaryInfeasible}}},
      {"duplicatesSkipped", duplicatesSkipped},
      {"pathsCut", pathsCut},
      {"costlyFailures", costlyFailures},
      {"shapes",
       {{"visited", shapesVisited}, {"visits", shapeVisits}, {"exhausted", shapesExhausted}}},
      {"candidates",
       {{"generated", c.generated},
        {"emitted", c.emitted},
        {"notExecutable", c.notExecutable},
        {"withoutTarget", c.withoutTarget},
        {"prunedByDataFlow", c.prunedByDataFlow},
        {"prunedByOrder", c.prunedByOrder},
        {"rejectedNoInfluence", c.rejectedNoInfluence},
        {"truncated", c.truncated},
        {"length", c.length}}},
      {"trees",
       {{"count", trees},
        {"nodes", t.nodes},
        {"paths", t.paths},
        {"explored", t.explored},
        {"unexplored", t.unexplored},
        {"infeasible", t.infeasible},
        {"timeout", t.timeout},
        {"diverged", t.diverged}}},
      {"expressions",
       {{"branchRecords", branchRecords},
        {"dropped", expressionsDropped},
        {"importErrors", importErrors}}},
      {"solver", solver.toJson(includeTimes)},
  };
}

} // namespace unitgen
