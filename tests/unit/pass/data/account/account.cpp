// Implementation of the concolic driver test class.
#include "account.h"

#include <stdexcept>
#include <utility>

void Account::deposit(int amount) {
  if (amount <= 0)
    throw std::invalid_argument("deposit must be positive");
  balance_ += amount;
}

bool Account::withdraw(int amount) {
  if (amount > balance_)
    return false;
  balance_ -= amount;
  return true;
}

void Account::rename(std::string owner) { owner_ = std::move(owner); }

bool Account::flagged(bool strict, const char *tag) const {
  if (strict)
    return false;
  if (tag[0] == 'x')
    return true;
  return false;
}

bool Account::affordable(double price) const {
  if (price * 1.25 > balance_)
    return false;
  return true;
}

bool Account::ownedBy(const std::string &name) const {
  if (owner_ == name)
    return true;
  return false;
}
