// kit::Gadget: the out-of-line members, so the suite links against a real translation unit.
#include "gadget.h"

#include <cstring>
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

bool Gadget::describe(std::string *text, const char **name, Mode &mode, double *half) const {
  if (total_ == 0)
    return false;
  *text += labels_;
  *name = "gadget";
  mode = mode_;
  *half = total_ / 2.0;
  return true;
}

size_t Gadget::copyLabels(char *buffer, size_t size) const {
  std::strncpy(buffer, labels_.c_str(), size);
  return labels_.size();
}

int Gadget::forEach(void (*visit)(int i, void *context), void *context) const {
  for (int i = 1; i <= total_; ++i)
    visit(i, context);
  return total_ > 0 ? total_ : 0;
}

Gadget makeGadget(int64_t seed) { return Gadget(seed); }

Part *newPart(int weight) { return new Part(weight); }
Part splitPart(int weight, Part **half) {
  *half = new Part(weight / 2);
  return Part(weight - weight / 2);
}
bool openPart(int weight, Part **part) {
  *part = weight < 0 ? nullptr : new Part(weight);
  return *part != nullptr;
}

void Gadget::pop() {
  if (total_ == 0)
    throw std::out_of_range("pop on an empty gadget");
  total_ = 0;
}

} // namespace kit
