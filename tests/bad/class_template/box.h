#pragma once
// Box<T>: holds one value. A class template: a test names an instantiation (`Box<int>`).
#include <cstddef>
#include <utility>

template <class T> class Box {
public:
  void put(const T &value) {
    value_ = value;
    full_ = true;
  }
  bool full() const { return full_; }
  const T &get() const { return value_; }
  /// Only for a T with size(): a call of Box<int>'s does not compile.
  std::size_t length() const { return full_ ? value_.size() : 0; }
  bool sameAs(const Box &other) const { return full_ == other.full_ && value_ == other.value_; }
  void swap(Box &other) {
    std::swap(value_, other.value_);
    std::swap(full_, other.full_);
  }

private:
  T value_{};
  bool full_ = false;
};

int boxedSum(int a, int b);
