#include "crasher.h"

Crasher::Crasher() : pokes_(0) {}

void Crasher::poke(int x) {
  if (x == 3) {
    // volatile: the compiler may not drop the store as undefined behaviour.
    int *volatile target = nullptr;
    *target = x;
  }
  ++pokes_;
}

int Crasher::pokes() const { return pokes_; }
