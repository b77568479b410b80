#pragma once
// bank::Account: a balance in cents with an overdraft limit and a transaction count.
//
//   Account(std::string owner, long overdraftLimit = 0)   std::invalid_argument if the limit < 0
//   void deposit(long cents)                               std::invalid_argument if cents <= 0
//   bool withdraw(long cents)                              false (no change) beyond the limit
//   void transferTo(Account& other, long cents)            std::runtime_error if it would overdraw
//   long balance() const, int transactions() const, const std::string& owner() const
//   bool repOK() const

#include <string>

namespace bank {

class Account {
public:
  explicit Account(std::string owner, long overdraftLimit = 0);

  void deposit(long cents);
  bool withdraw(long cents);
  void transferTo(Account &other, long cents);

  long balance() const;
  int transactions() const;
  const std::string &owner() const;
  bool repOK() const;

private:
  std::string owner_;
  long balance_;
  long overdraftLimit_;
  int transactions_;
};

} // namespace bank
