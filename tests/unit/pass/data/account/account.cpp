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

bool Account::ownedBy(const std::string &name) const {
  if (owner_ == name)
    return true;
  return false;
}
