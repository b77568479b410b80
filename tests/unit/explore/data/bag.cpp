// Implementation of the state-space test class.
#include "bag.h"

#include <stdexcept>

Bag::Bag() : items_(new int[kCapacity]) {}

Bag::~Bag() { delete[] items_; }

void Bag::push(int value) {
  if (size_ == kCapacity)
    throw std::length_error("full");
  items_[size_++] = value;
}

int Bag::pop() {
  if (size_ == 0)
    throw std::out_of_range("empty");
  return items_[--size_];
}
