#pragma once
// Hog: grow(7) allocates memory forever and keeps all of it; other values add one block.

#include <vector>

class Hog {
public:
  Hog();

  void grow(int n);
  int blocks() const;

private:
  std::vector<std::vector<char>> blocks_;
};
