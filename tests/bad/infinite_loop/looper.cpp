#include "looper.h"

Looper::Looper() : steps_(0) {}

void Looper::spin(int n) {
  // volatile: the loop has no side effects otherwise, and an endless loop without side
  // effects is undefined behaviour the optimizer may remove.
  volatile int remaining = n;
  while (remaining != 0) {
    if (remaining > 0)
      remaining = remaining - 1;
    steps_ = steps_ + 1;
  }
}

long Looper::steps() const { return steps_; }
