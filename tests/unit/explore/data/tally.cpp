// Tally: a branch that only a sequence of 40 or more add() calls on one object reaches.
#include "tally.h"

void Tally::add(int value) {
  (void)value;
  ++count_;
  if (count_ == 40)
    milestone_ = true;
}
