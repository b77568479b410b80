#pragma once
// Box<T>: holds one value. A class template: unitgen would have to choose T.

template <class T> class Box {
public:
  void put(const T &value) {
    value_ = value;
    full_ = true;
  }
  bool full() const { return full_; }
  const T &get() const { return value_; }

private:
  T value_{};
  bool full_ = false;
};

int boxedSum(int a, int b);
