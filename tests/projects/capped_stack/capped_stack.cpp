// CappedStack: push refuses a full stack, pop an empty one.
#include "capped_stack.h"

#include <stdexcept>

CappedStack::CappedStack(int capacity) : items_(nullptr), capacity_(capacity) {
  if (capacity < 1)
    throw std::invalid_argument("CappedStack needs a capacity of at least 1");
  items_ = new int[capacity];
}

CappedStack::~CappedStack() { delete[] items_; }

bool CappedStack::push(int value) {
  if (size_ == capacity_)
    return false;
  items_[size_++] = value;
  return true;
}

bool CappedStack::pop() {
  if (size_ == 0)
    return false;
  --size_;
  return true;
}

bool CappedStack::repOK() const {
  return items_ != nullptr && capacity_ >= 1 && size_ >= 0 && size_ <= capacity_;
}
