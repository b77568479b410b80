// Vault: opens only for the word whose hash it keeps (no literal of it in the code); withdraw()
// pays out only once it is open, merge() only from an open vault. For the palus strategy's
// tests: the project's tests know the word and which vault to merge, random generation does not.
#pragma once

#include <string>

class Vault {
public:
  bool open(const std::string &word);
  /// What was paid out: -1 while closed, 0 past the balance.
  int withdraw(int amount);
  /// Takes `other`'s balance when `other` is open: what it took, -1 when closed.
  int merge(Vault &other);

private:
  bool open_ = false;
  int balance_ = 1000;
};
