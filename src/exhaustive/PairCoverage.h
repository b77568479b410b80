// PairCoverage: the (object, field, value) pairs seen over a stream of heaps, counted per field,
// in tables laid out once per finitization (millions of heaps, no allocation per heap).
#pragma once

#include "exhaustive/FieldSemantics.h"
#include "exhaustive/Finitization.h"

#include <cstdint>
#include <map>
#include <string>
#include <unordered_set>
#include <vector>

namespace unitgen {

class PairCoverage {
public:
  explicit PairCoverage(const Finitization &finitization);
  /// Adds the pairs of the heap `values` (the pairs fieldPairs gives); true when one was new.
  bool add(const std::vector<uint32_t> &values);
  size_t pairs() const { return pairs_; }
  /// Per field name (all objects together), the pairs so far: the fields that have one.
  std::map<std::string, size_t> sizesByName() const;
  /// The field names, numbered; -1 for a name the finitization does not have.
  int nameId(const std::string &name) const;
  size_t size(int nameId) const { return sizes_[nameId]; }

private:
  /// Marks the pair (object of class `cls` numbered `localId`, candidate field `k`'s name,
  /// `value`); true when it is new.
  bool mark(int cls, int localId, size_t k, long long value);

  const Finitization &finitization_;
  HeapObjects objects_;
  std::vector<int> nameOf_;          ///< per candidate field: its name's number
  std::vector<std::string> names_;   ///< per name number
  std::vector<long long> lowest_;    ///< per name: the smallest value a pair can have
  std::vector<uint64_t> span_;       ///< per name: how many values its pairs can have
  std::vector<uint64_t> nameOffset_; ///< per name: where its values start in an object's block
  std::vector<uint64_t> classBase_;  ///< per class: where its objects' blocks start
  uint64_t objectBlock_ = 0;         ///< the values of every name, for one object
  bool dense_ = true;                ///< one bit per possible pair (else a hash set)
  std::vector<uint64_t> seenBits_;   ///< one bit per possible pair, when they fit in memory
  std::unordered_set<uint64_t> seenSparse_; ///< else the pairs seen, by the same number
  std::vector<size_t> sizes_;               ///< per name: pairs so far
  size_t pairs_ = 0;
  PairWalk walk_; ///< kept between heaps
};

} // namespace unitgen
