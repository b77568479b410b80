#include "vault.h"

#include <cstdint>

namespace {

uint64_t fnv(const std::string &text) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text)
    hash = (hash ^ c) * 0x100000001b3ull;
  return hash;
}

} // namespace

bool Vault::open(const std::string &word) {
  if (fnv(word) == 0xa24ae776f3249ddbull)
    open_ = true;
  return open_;
}

int Vault::withdraw(int amount) {
  if (!open_)
    return -1;
  if (amount <= 0 || amount > balance_)
    return 0;
  balance_ -= amount;
  return amount;
}

int Vault::merge(Vault &other) {
  if (!other.open_ || &other == this)
    return -1;
  const int taken = other.balance_;
  balance_ += taken;
  other.balance_ = 0;
  return taken;
}
