// A shelf of up to four items with overloaded accessors and setters (see CMakeLists.txt).
#include "shelf.h"

#include <cmath>

Shelf::~Shelf() {
  for (int i = 0; i < count_; ++i)
    delete items_[i];
}

Item *Shelf::first() { return count_ ? items_[0] : nullptr; }

const Item *Shelf::first() const { return count_ ? items_[0] : nullptr; }

Item &Shelf::at(int index) { return index >= 0 && index < count_ ? *items_[index] : none_; }

const Item &Shelf::at(int index) const {
  return index >= 0 && index < count_ ? *items_[index] : none_;
}

void Shelf::put(int value) {
  if (count_ < 4)
    items_[count_++] = new Item(value);
}

void Shelf::put(long value) { put(static_cast<int>(value % 1000) + 1); }

void Shelf::put(double value) {
  if (std::isfinite(value) && std::fabs(value) < 1e6)
    put(static_cast<int>(value) + 2);
}

void Shelf::name(const std::string &text) { label_ = text; }

void Shelf::name(const char *text) { label_ = text ? text : "(none)"; }

int Shelf::count() const { return count_; }

std::string &Shelf::label() { return label_; }

const std::string &Shelf::label() const { return label_; }
