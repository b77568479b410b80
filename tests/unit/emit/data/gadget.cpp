// kit::Gadget: the out-of-line members, so the suite links against a real translation unit.
#include "gadget.h"

#include <limits>
#include <stdexcept>

namespace kit {

Gadget::Gadget(int64_t seed) {
  if (seed < 0)
    throw std::invalid_argument("negative seed");
  total_ = static_cast<int>(seed % 1000);
}

int64_t Gadget::lowest() { return std::numeric_limits<int64_t>::min(); }

std::optional<int> Gadget::find(int key) const {
  if (key > 0)
    return key * 2;
  return std::nullopt;
}

int Gadget::take(int &out) const {
  out = total_;
  return 7;
}

Gadget makeGadget(int64_t seed) { return Gadget(seed); }

void Gadget::pop() {
  if (total_ == 0)
    throw std::out_of_range("pop on an empty gadget");
  total_ = 0;
}

} // namespace kit
