// A small class whose interesting results hide behind exact values: the integration test of the
// concolic strategy (tests/unit/explore/ConcolicStrategyTest.cpp).
#pragma once

#include <string>

class Lock {
public:
  Lock();
  /// Arms the lock only with the right key.
  void arm(int key);
  /// 1 when armed, 0 otherwise.
  int fire() const;
  /// True only for one exact combination.
  bool open(int x, int y, int z) const;
  /// 0 below a threshold that depends on both arguments, 1 from it on.
  int grade(int reading, int scale) const;
  /// True only for the password.
  bool say(const std::string &word) const;

private:
  bool armed_;
};
