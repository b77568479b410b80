#include "tally.h"

int Tally::add(int x) {
  total_ += clampToZero(std::max(x, -5));
  return total_;
}
