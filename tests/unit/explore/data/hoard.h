// Hoard: keep(1) allocates without bound; any other value keeps one small block.
#pragma once

#include <vector>

class Hoard {
public:
  void keep(int n);
  int blocks() const { return static_cast<int>(blocks_.size()); }

private:
  std::vector<std::vector<char>> blocks_;
};
