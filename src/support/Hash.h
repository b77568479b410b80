// Content hashing for build caches and stable identifiers (FNV-1a, 64-bit, hex).
#pragma once

#include <cstdint>
#include <string>

namespace unitgen {

class Hasher {
public:
  Hasher &add(const std::string &text) {
    for (unsigned char c : text) {
      hash_ ^= c;
      hash_ *= 1099511628211ull;
    }
    hash_ ^= 0xff; // separator, so ("ab","c") and ("a","bc") differ
    hash_ *= 1099511628211ull;
    return *this;
  }
  uint64_t value() const { return hash_; }
  std::string hex() const;

private:
  uint64_t hash_ = 1469598103934665603ull;
};

/// Whole file content, or empty when it cannot be read (`ok` tells which).
std::string readFile(const std::string &path, bool *ok = nullptr);
bool writeFile(const std::string &path, const std::string &content);

} // namespace unitgen
