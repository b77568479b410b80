// CappedStack: a stack of ints in a heap array whose capacity the only constructor takes (no
// default): a capacity below 1 throws.
#pragma once

class CappedStack {
public:
  explicit CappedStack(int capacity);
  CappedStack(const CappedStack &) = delete;
  CappedStack &operator=(const CappedStack &) = delete;
  ~CappedStack();

  bool push(int value);
  bool pop();
  int size() const { return size_; }
  bool repOK() const;

private:
  int *items_;
  int size_ = 0;
  int capacity_;
};
