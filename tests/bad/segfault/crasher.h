#pragma once
// Crasher: poke(3) dereferences a null pointer; every other value is counted.

class Crasher {
public:
  Crasher();

  void poke(int x);
  int pokes() const;

private:
  int pokes_;
};
