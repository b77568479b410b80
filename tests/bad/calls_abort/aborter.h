#pragma once
// Aborter: check(42) calls std::abort(); other values are accepted and remembered.

class Aborter {
public:
  Aborter();

  void check(int v);
  int last() const;

private:
  int last_;
};
