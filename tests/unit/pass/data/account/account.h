// A small class for the concolic driver test: branches on arguments, on fields set by earlier
// calls, and on strings.
#pragma once

#include <string>

class Account {
public:
  Account() = default;
  /// Throws std::invalid_argument unless amount > 0.
  void deposit(int amount);
  /// False (and no change) when the balance is too small.
  bool withdraw(int amount);
  int balance() const { return balance_; }
  void rename(std::string owner);
  bool ownedBy(const std::string &name) const;
  /// Bool and C-string arguments (whose bytes have domains: 0/1, not NUL).
  bool flagged(bool strict, const char *tag) const;
  /// A double argument: symbolic only in float mode.
  bool affordable(double price) const;

private:
  int balance_ = 0;
  std::string owner_ = "ann";
};
