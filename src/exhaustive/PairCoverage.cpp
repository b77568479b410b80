// PairCoverage: every possible pair gets a number (class block, object, name, value) up front,
// so a heap's pairs (walkPairs, FieldSemantics.h) are bit tests.
#include "exhaustive/PairCoverage.h"

#include <algorithm>

namespace unitgen {
namespace {

/// Past this many possible pairs (a wide --values range), the pairs seen go to a hash set.
constexpr uint64_t kMostBits = uint64_t{1} << 28;

} // namespace

PairCoverage::PairCoverage(const Finitization &finitization)
    : finitization_(finitization), objects_(finitization) {
  std::vector<int> classCount(objects_.pools.size(), 0);
  for (int cls : objects_.objectClass)
    ++classCount[cls];
  std::map<std::string, int> numbered;
  std::vector<long long> highest;
  for (const CandidateField &field : finitization.fields) {
    auto [at, added] = numbered.emplace(field.name, static_cast<int>(names_.size()));
    if (added) {
      names_.push_back(field.name);
      lowest_.push_back(0);
      highest.push_back(0);
    }
    int name = at->second;
    nameOf_.push_back(name);
    // The values a pair of this field can have (see fieldPairs).
    long long low = field.domain.low, high = field.domain.high;
    if (field.domain.objects) {
      low = 0;
      high = field.domain.targetClass < static_cast<int>(classCount.size())
                 ? classCount[field.domain.targetClass]
                 : 0;
    } else if (field.object >= 0 && field.domain.block >= 0) {
      low = 0;
      high = 1;
    }
    lowest_[name] = added ? low : std::min(lowest_[name], low);
    highest[name] = added ? high : std::max(highest[name], high);
  }
  for (size_t name = 0; name < names_.size(); ++name) {
    span_.push_back(static_cast<uint64_t>(highest[name] - lowest_[name]) + 1);
    nameOffset_.push_back(objectBlock_);
    objectBlock_ += span_.back();
  }
  uint64_t total = 0;
  for (int count : classCount) {
    classBase_.push_back(total);
    total += static_cast<uint64_t>(count) * objectBlock_;
  }
  dense_ = total <= kMostBits;
  if (dense_)
    seenBits_.assign((total + 63) / 64, 0);
  sizes_.assign(names_.size(), 0);
}

int PairCoverage::nameId(const std::string &name) const {
  auto at = std::find(names_.begin(), names_.end(), name);
  return at == names_.end() ? -1 : static_cast<int>(at - names_.begin());
}

std::map<std::string, size_t> PairCoverage::sizesByName() const {
  std::map<std::string, size_t> sizes;
  for (size_t name = 0; name < names_.size(); ++name)
    if (sizes_[name] > 0)
      sizes[names_[name]] = sizes_[name];
  return sizes;
}

bool PairCoverage::mark(int cls, int localId, size_t k, long long value) {
  int name = nameOf_[k];
  uint64_t number = classBase_[cls] + static_cast<uint64_t>(localId) * objectBlock_ +
                    nameOffset_[name] + static_cast<uint64_t>(value - lowest_[name]);
  if (dense_) {
    uint64_t &word = seenBits_[number / 64], bit = uint64_t{1} << (number % 64);
    if (word & bit)
      return false;
    word |= bit;
  } else if (!seenSparse_.insert(number).second) {
    return false;
  }
  ++sizes_[name];
  ++pairs_;
  return true;
}

bool PairCoverage::add(const std::vector<uint32_t> &values) {
  bool added = false;
  walkPairs(finitization_, objects_, values, walk_,
            [&](int cls, int id, size_t k, long long value) { added |= mark(cls, id, k, value); });
  return added;
}

} // namespace unitgen
