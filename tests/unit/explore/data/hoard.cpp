// Hoard: one argument of keep() runs out of memory after any calls before it.
#include "hoard.h"

void Hoard::keep(int n) {
  if (n == 1)
    for (;;)
      blocks_.emplace_back(std::vector<char>(1 << 20, 'x')); // touched, so really committed
  blocks_.emplace_back(std::vector<char>(16, 'x'));
}
