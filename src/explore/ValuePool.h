// ValuePool: argument values for random generation — boundaries, literals harvested from the
// code under test, operands it compared against, and values earlier calls returned.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <map>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// A parameter of a callable: (callable id, parameter index).
using ParameterSlot = std::pair<int, size_t>;

class ValuePool {
public:
  explicit ValuePool(const ClassModel &model);

  /// A value for a parameter of `type` (not a class: objects come from sequences); with
  /// `slot`, strings grow mostly from those this parameter had in runs that got somewhere.
  Value pick(const TypeDesc &type, std::mt19937_64 &rng, const ParameterSlot *slot = nullptr);
  /// Integers the code under test compared against (and their neighbours).
  void learnCompared(const std::vector<int64_t> &values);
  /// A value an earlier call returned.
  void learn(const Value &value);
  /// An argument of a run that led somewhere new: for strings, the frontier of its parameter
  /// (a query grows from queries, not from the URL of the same test).
  void learnArgument(const Value &value, const ParameterSlot &slot);
  /// A value the project's tests passed for `slot` (learn/): its parameter's frontier, and a
  /// pool of its own that every parameter draws from for a fixed share of its picks. Mixed into
  /// the shared pools, a test program's recorded values would outnumber the code's own literals
  /// and what runs return, and decide most picks of parameters the tests never called.
  void learnObserved(const Value &value, const ParameterSlot &slot);
  /// The code's vocabulary: its single-word string literals, then its integer literals as text.
  std::vector<std::string> vocabulary() const;

  /// What an out-parameter holds before a call that only writes it: zero, false, empty, null,
  /// an empty container;
  /// a buffer's literal is the empty string (it starts zeroed, whatever its argument).
  static Value emptyValue(const TypeDesc &type);

private:
  Value pickInteger(const TypeDesc &type, std::mt19937_64 &rng);
  Value pickFloating(const TypeDesc &type, std::mt19937_64 &rng);
  /// Elements from the same pools as scalars; a map's entries as key-value lists.
  /// `nested`: an element of another container, kept to a few elements.
  Value pickContainer(const TypeDesc &type, std::mt19937_64 &rng, bool nested);
  std::string pickString(std::mt19937_64 &rng, const ParameterSlot *slot);
  /// A whole string: the tests' for a fixed share of picks, else a literal or a learned one.
  const std::string &wholeString(std::mt19937_64 &rng);
  /// `text` the newest of `slot`'s frontier (its last 16 strings that led somewhere).
  void addToFrontier(const std::string &text, const ParameterSlot &slot);

  std::vector<int64_t> literalIntegers_;
  std::vector<int64_t> learnedIntegers_;
  std::set<int64_t> learnedIntegerSet_;
  std::vector<double> floats_;
  std::vector<std::string> tokens_;        ///< single-word string literals: the code's vocabulary
  std::vector<std::string> numberTokens_;  ///< integer literals as text
  std::vector<std::string> recentStrings_; ///< the last strings that led somewhere new
  /// Per parameter: the last strings it had in runs that led somewhere new.
  std::map<ParameterSlot, std::vector<std::string>> recentBySlot_;
  std::vector<std::string> strings_; ///< whole strings: literals and learned
  /// learnObserved's values, apart from the pools the code and its runs fill.
  std::vector<int64_t> observedIntegers_;
  std::vector<std::string> observedStrings_;
  std::vector<double> observedFloats_;
  std::set<std::string> stringSet_;
  /// The lengths of `char *` buffers (isOutputBufferLength): mostly sizes a person gives one.
  std::set<ParameterSlot> bufferLengths_;
};

} // namespace unitgen
