// ValuePool: argument values for random generation — boundaries, literals harvested from the
// code under test, operands it compared against, and values earlier calls returned.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <random>
#include <set>
#include <string>
#include <vector>

namespace unitgen {

class ValuePool {
public:
  explicit ValuePool(const ClassModel &model);

  /// A value for a parameter of `type` (not a class: objects come from sequences).
  Value pick(const TypeDesc &type, std::mt19937_64 &rng);
  /// Integers the code under test compared against (and their neighbours).
  void learnCompared(const std::vector<int64_t> &values);
  /// A value an earlier call returned, or a string argument that led somewhere new.
  void learn(const Value &value);

private:
  Value pickInteger(const TypeDesc &type, std::mt19937_64 &rng);
  Value pickFloating(const TypeDesc &type, std::mt19937_64 &rng);
  std::string pickString(std::mt19937_64 &rng);

  std::vector<int64_t> literalIntegers_;
  std::vector<int64_t> learnedIntegers_;
  std::set<int64_t> learnedIntegerSet_;
  std::vector<double> floats_;
  std::vector<std::string> tokens_;        ///< single-word string literals: the code's vocabulary
  std::vector<std::string> numberTokens_;  ///< integer literals as text
  std::vector<std::string> recentStrings_; ///< the last strings that led somewhere new
  std::vector<std::string> strings_;       ///< whole strings: literals and learned
  std::set<std::string> stringSet_;
};

} // namespace unitgen
