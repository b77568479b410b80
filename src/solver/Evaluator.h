// Evaluator: the concrete value of pool expressions under a (possibly partial) assignment of the
// input bytes — how the strategy predicts which branch an input takes and how caches test models.
#pragma once

#include "solver/ExprPool.h"
#include "solver/Solver.h"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace unitgen {

class Evaluator {
public:
  /// Byte i is `model[i]` if assigned, else `defaults[i]` if in range (typically the input of the
  /// execution being varied), else 0. Both must outlive the evaluator.
  Evaluator(const ExprPool &pool, const Model &model, const std::vector<uint8_t> &defaults);
  Evaluator(const ExprPool &pool, const Model &model);
  /// The evaluator keeps references: temporaries would dangle.
  Evaluator(const ExprPool &, Model &&, const std::vector<uint8_t> &) = delete;
  Evaluator(const ExprPool &, const Model &, std::vector<uint8_t> &&) = delete;
  Evaluator(const ExprPool &, Model &&) = delete;

  /// Bits of the value (see maskToWidth); results are memoized for the evaluator's lifetime.
  uint64_t value(ExprId id);
  /// For boolean expressions.
  bool isTrue(ExprId id) { return value(id) != 0; }
  /// True when every id is true (short-circuits).
  bool allTrue(const std::vector<ExprId> &ids);

private:
  uint8_t byteValue(uint32_t index) const;

  const ExprPool &pool_;
  const Model &model_;
  const std::vector<uint8_t> &defaults_;
  std::unordered_map<ExprId, uint64_t> memo_;
};

} // namespace unitgen
