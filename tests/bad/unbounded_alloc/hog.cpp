#include "hog.h"

Hog::Hog() = default;

void Hog::grow(int n) {
  if (n == 7) {
    for (;;) {
      // Touch every page so that the memory is really committed, not just reserved.
      blocks_.emplace_back(std::vector<char>(1 << 20, 'x'));
    }
  }
  blocks_.emplace_back(std::vector<char>(16, 'x'));
}

int Hog::blocks() const { return static_cast<int>(blocks_.size()); }
