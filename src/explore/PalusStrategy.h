// PalusStrategy: guided random generation (Palus, Zhang et al. ISSTA 2011, §3.3): sequences
// that follow the call-sequence model learned from the project's own tests, their arguments as
// the tests passed them, each call followed by a method that depends on it; then unguided
// generation from the legal objects that phase made (`--strategy palus`, and `auto` when the
// project's tests were recorded).
#pragma once

#include "explore/RandomStrategy.h"
#include "explore/Strategy.h"
#include "model/CallSequenceModel.h"
#include "model/ClassModel.h"

#include <nlohmann/json.hpp>

#include <memory>

namespace unitgen {

struct PalusOptions {
  uint64_t seed = 1;
  /// Calls a guided sequence may hold beyond a model path's (the path itself may be longer
  /// than random generation's maxLength: the tests' objects got there that way).
  size_t maxLength = 16;
  ProgressFn progress;
  /// The share of the budget for the model-guided phase; the paper's 4:6 split.
  double guidedShare = 0.4;
  /// Arguments as the tests passed them (Palus's argument constraints): values, and objects
  /// in the state they were in. Off, a model path's arguments are drawn at random (Palulu).
  bool argumentConstraints = true;
  /// After each model call, a method that depends on it (MethodDependence) by relevance.
  bool dependence = true;
};

/// Model-guided and unguided phase counts, for the report.
struct PalusStats {
  uint64_t guidedExecutions = 0;
  uint64_t fromRoots = 0;      ///< sequences started at a model root
  uint64_t extended = 0;       ///< sequences that extended one along a model edge
  uint64_t dependentCalls = 0; ///< dependent methods appended
  uint64_t legal = 0;          ///< guided sequences that ran to their end without a failure
  uint64_t notBuilt = 0;       ///< model paths no sequence could follow (a missing object)
  /// Objects passed for their abstract object profile (GetSequenceByProfile): the candidate's
  /// own, or one a legal sequence run before made
  uint64_t byProfile = 0;
  double guidedSeconds = 0;
  /// The report's `palus` part; `timings`: with guidedSeconds (never in repeatable runs).
  nlohmann::json toJson(bool timings) const;
};

class PalusStrategy : public Strategy {
public:
  virtual PalusStats stats() const = 0;
};

/// Explores the model-guided phase on `executor`, then hands the rest of the budget to
/// `unguided` (random generation, or auto's random and concolic phases), which adopts what
/// the guided phase added to the corpus.
std::unique_ptr<PalusStrategy> makePalusStrategy(const ClassModel &model,
                                                 const CallSequenceModel &sample,
                                                 Executor &executor, const PalusOptions &options,
                                                 std::unique_ptr<Strategy> unguided);

} // namespace unitgen
