#pragma once
// Broken: the declaration of set() lacks its semicolon, a syntax error.

class Broken {
public:
  Broken();
  void set(int value)
  int get() const;

private:
  int value_;
};
