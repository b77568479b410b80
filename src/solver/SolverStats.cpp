// SolverStats: derived shares and the JSON form that goes into unitgen-report.json.
#include "solver/SolverStats.h"

namespace unitgen {

double SolverStats::cacheShare() const {
  return queries ? static_cast<double>(cacheHits()) / static_cast<double>(queries) : 0.0;
}

SolverStats &SolverStats::operator+=(const SolverStats &o) {
  queries += o.queries;
  sat += o.sat;
  unsat += o.unsat;
  unknown += o.unknown;
  timeout += o.timeout;
  seconds += o.seconds;
  independenceAnswers += o.independenceAnswers;
  constraintsBeforeSlicing += o.constraintsBeforeSlicing;
  constraintsAfterSlicing += o.constraintsAfterSlicing;
  cacheExactHits += o.cacheExactHits;
  cacheSupersetHits += o.cacheSupersetHits;
  cacheSubsetUnsatHits += o.cacheSubsetUnsatHits;
  cacheModelHits += o.cacheModelHits;
  orderAnswers += o.orderAnswers;
  orderModelMismatches += o.orderModelMismatches;
  z3Calls += o.z3Calls;
  z3Sat += o.z3Sat;
  z3Unsat += o.z3Unsat;
  z3Unknown += o.z3Unknown;
  z3Timeout += o.z3Timeout;
  z3Seconds += o.z3Seconds;
  unsupported += o.unsupported;
  z3ModelMismatches += o.z3ModelMismatches;
  return *this;
}

nlohmann::json SolverStats::toJson(bool includeTimes) const {
  nlohmann::json json;
  json["queries"] = queries;
  json["answers"] = {{"sat", sat}, {"unsat", unsat}, {"unknown", unknown}, {"timeout", timeout}};
  if (includeTimes)
    json["seconds"] = seconds;
  json["answeredBy"] = {{"independence", independenceAnswers},
                        {"cacheExact", cacheExactHits},
                        {"cacheSuperset", cacheSupersetHits},
                        {"cacheSubsetUnsat", cacheSubsetUnsatHits},
                        {"cacheModel", cacheModelHits},
                        {"order", orderAnswers},
                        {"z3", z3Calls},
                        {"unsupported", unsupported}};
  json["order"] = {{"answers", orderAnswers}, {"modelMismatches", orderModelMismatches}};
  json["cacheShare"] = cacheShare();
  json["slicing"] = {{"constraintsBefore", constraintsBeforeSlicing},
                     {"constraintsAfter", constraintsAfterSlicing}};
  json["z3"] = {{"calls", z3Calls},     {"sat", z3Sat},
                {"unsat", z3Unsat},     {"unknown", z3Unknown},
                {"timeout", z3Timeout}, {"modelMismatches", z3ModelMismatches}};
  if (includeTimes)
    json["z3"]["seconds"] = z3Seconds;
  return json;
}

} // namespace unitgen
