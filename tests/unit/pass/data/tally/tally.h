// Two translation units of one class sharing inline code: clampToZero, in the code under test,
// and std::max, a library template; the linker keeps one copy of each.
#pragma once

#include <algorithm>

inline int clampToZero(int x) { return x < 0 ? 0 : x; }

class Tally {
public:
  /// Adds `x`, counted as no less than -5 and then as no less than 0; returns the total.
  int add(int x);
  /// Twice the total (tally_report.cpp).
  int doubled() const;

private:
  int total_ = 0;
};
