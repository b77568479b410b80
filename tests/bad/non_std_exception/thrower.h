#pragma once
// Thrower: fire(5) throws the int 5 (no std::exception); other values are counted.

class Thrower {
public:
  Thrower();

  void fire(int v);
  int shots() const;

private:
  int shots_;
};
