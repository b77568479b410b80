#pragma once
// Widget of library A: a counter.

class Widget {
public:
  void bump();
  int count() const;

private:
  int count_ = 0;
};
