// kit::Fragile: the bugs behind the failure reproducers (only the invariant one is run).
#include "fragile.h"

#include <cstdlib>
#include <stdexcept>

namespace kit {

void Fragile::poke(int index) {
  int *target = index == 3 ? nullptr : &size_;
  *target = index;
}

void Fragile::spin(int rounds) {
  for (int i = 0; i != rounds; ++i)
    size_ += 0;
}

void Fragile::check(int value) {
  if (value == 0)
    std::abort();
}

void Fragile::insert(int value) { size_ += value; }

void Fragile::fire(int code) {
  if (code == 7)
    throw code;
}

void Fragile::release() {
  if (released_) {
    *buffer_ = 1;
    return;
  }
  buffer_ = new int(0);
  delete buffer_;
  released_ = true;
}

void Fragile::grow(int amount) {
  if (amount > 100)
    throw std::length_error("too much");
  size_ += amount;
}

} // namespace kit
