#pragma once
// Box<T>: holds one value. A class template: a test names an instantiation (`Box<int>`).

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
