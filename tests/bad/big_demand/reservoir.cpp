#include "reservoir.h"

void Reservoir::fill(char value) {
  std::unique_ptr<char[]> fresh(new char[kSize]);
  fresh[0] = value;
  previous_ = std::move(current_);
  current_ = std::move(fresh);
}

char Reservoir::level() const { return current_ ? current_[0] : 0; }
