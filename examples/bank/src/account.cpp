#include "account.h"

#include <stdexcept>

namespace bank {

Account::Account(std::string owner, long overdraftLimit)
    : owner_(std::move(owner)), balance_(0), overdraftLimit_(overdraftLimit), transactions_(0) {
  if (overdraftLimit < 0)
    throw std::invalid_argument("negative overdraft limit");
}

void Account::deposit(long cents) {
  if (cents <= 0)
    throw std::invalid_argument("deposit must be positive");
  balance_ += cents;
  ++transactions_;
}

bool Account::withdraw(long cents) {
  if (cents <= 0 || balance_ - cents < -overdraftLimit_)
    return false;
  balance_ -= cents;
  ++transactions_;
  return true;
}

void Account::transferTo(Account &other, long cents) {
  if (&other == this)
    return;
  if (!withdraw(cents))
    throw std::runtime_error("transfer would overdraw " + owner_);
  other.deposit(cents);
}

long Account::balance() const { return balance_; }
int Account::transactions() const { return transactions_; }
const std::string &Account::owner() const { return owner_; }

bool Account::repOK() const {
  return overdraftLimit_ >= 0 && balance_ >= -overdraftLimit_ && transactions_ >= 0;
}

} // namespace bank
