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
/// This executable's path, size and modification time (empty when unknown): a rebuilt unitgen
/// may model or record differently, and hashing the whole binary on every run would cost more
/// than it saves.
std::string executableIdentity();
bool writeFile(const std::string &path, const std::string &content);

} // namespace unitgen
