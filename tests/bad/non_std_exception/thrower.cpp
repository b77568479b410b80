#include "thrower.h"

Thrower::Thrower() : shots_(0) {}

void Thrower::fire(int v) {
  if (v == 5)
    throw v;
  ++shots_;
}

int Thrower::shots() const { return shots_; }
