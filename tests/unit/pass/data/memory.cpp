// Pass test subject: values through memory — arrays, struct fields, globals, the heap, struct
// copies (llvm.memcpy), zeroed arrays (llvm.memset), and a symbolic array index.
#include <cstring>

namespace {
struct Pair {
  int first;
  long second;
  char tag;
};
int gStored;
} // namespace

extern "C" int pass_memory(const int *in) {
  int x = in[0], y = in[1];
  int hits = 0;
  int array[8] = {}; // memset
  array[3] = x;
  array[5] = y;
  if (array[3] + array[5] == 9)
    hits |= 1 << 0;
  Pair p{x, y, static_cast<char>(x)};
  Pair q = p; // memcpy
  if (q.second - q.first == 4)
    hits |= 1 << 1;
  if (q.tag == 'a')
    hits |= 1 << 2;
  gStored = x * 2;
  if (gStored == 14)
    hits |= 1 << 3;
  int *heap = new int[4];
  heap[0] = y;
  std::memcpy(heap + 1, heap, sizeof(int)); // library memcpy of a symbolic int
  if (heap[1] > 3)
    hits |= 1 << 4;
  delete[] heap;
  int table[8] = {10, 11, 12, 13, 14, 15, 16, 17};
  if (table[x & 7] == 13) // symbolic index: the address is concretized
    hits |= 1 << 5;
  short halves[2];
  std::memcpy(halves, &x, sizeof x); // bytes of one value read back in two halves
  if (halves[0] == 7)
    hits |= 1 << 6;
  return hits;
}
