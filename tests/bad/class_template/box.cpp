#include "box.h"

int boxedSum(int a, int b) {
  Box<int> box;
  box.put(a + b);
  return box.get();
}
