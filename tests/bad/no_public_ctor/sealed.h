#pragma once
// Sealed: no public constructor and no factory, so no test can create one.

class Sealed {
public:
  int value() const;

private:
  Sealed();
  explicit Sealed(int value);

  int value_;
};
