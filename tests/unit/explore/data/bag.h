// Bag: a bounded stack of ints in a heap array, for the state-space strategies' tests.
#pragma once

class Bag {
public:
  Bag();
  ~Bag();
  Bag(const Bag &) = delete;
  Bag &operator=(const Bag &) = delete;

  /// std::length_error when full (3 elements): the state stays as it was.
  void push(int value);
  /// std::out_of_range when empty.
  int pop();
  int size() const { return size_; }

private:
  static constexpr int kCapacity = 3;
  int *items_;
  int size_ = 0;
};
