#pragma once
// Looper: spin(n) counts n steps down to zero; a negative n never reaches zero.

class Looper {
public:
  Looper();

  void spin(int n);
  long steps() const;

private:
  long steps_;
};
