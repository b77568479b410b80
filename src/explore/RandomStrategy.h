// RandomStrategy: feedback-directed random generation (Randoop) over the model's callables.
#pragma once

#include "explore/Strategy.h"
#include "model/ClassModel.h"

#include <memory>

namespace unitgen {

struct RandomOptions {
  uint64_t seed = 1;
  size_t maxLength = 16;  ///< statements per sequence, constructor calls included
  size_t maxPool = 50000; ///< sequences kept for extension
  ProgressFn progress;    ///< called about ten times a second
};

std::unique_ptr<Strategy> makeRandomStrategy(const ClassModel &model, Executor &executor,
                                             const RandomOptions &options);

} // namespace unitgen
