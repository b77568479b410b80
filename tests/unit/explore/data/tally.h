// Tally: counts the ints added; a milestone at the 40th, for the random strategy's stress test.
#pragma once

class Tally {
public:
  /// Counts `value`; the 40th value added turns milestone() true.
  void add(int value);
  bool milestone() const { return milestone_; }
  int count() const { return count_; }

private:
  int count_ = 0;
  bool milestone_ = false;
};
