// Pass test subject: integer arithmetic, bitwise operations, comparisons, casts, short-circuit
// booleans (PHI nodes at -O0) and a switch, each deciding a branch on the symbolic inputs.
#include <cstdint>

namespace {
int bit(bool taken, int index) { return taken ? 1 << index : 0; }
} // namespace

extern "C" int pass_arith(const int *in) {
  int x = in[0], y = in[1];
  unsigned ux = static_cast<unsigned>(x), uy = static_cast<unsigned>(y);
  int hits = 0;
  if (x + y == 10)
    hits |= 1 << 0;
  if (x - y < 0)
    hits |= 1 << 1;
  if (x * 3 > 20)
    hits |= 1 << 2;
  if (y != 0 && x / y == 2)
    hits |= 1 << 3;
  if (y != 0 && x % y == 1)
    hits |= 1 << 4;
  if (uy != 0 && ux / uy > 1)
    hits |= 1 << 5;
  if (uy != 0 && ux % uy < 2)
    hits |= 1 << 6;
  if ((x << 2) == 12)
    hits |= 1 << 7;
  if ((ux >> 1) == 3)
    hits |= 1 << 8;
  if ((x >> 1) == -2)
    hits |= 1 << 9;
  if ((x & 6) == 2)
    hits |= 1 << 10;
  if ((x | 1) == 7 || (y ^ x) == 5)
    hits |= 1 << 11;
  if (ux < uy)
    hits |= 1 << 12;
  if (ux >= uy + 3)
    hits |= 1 << 13;
  if (x <= y && x >= -y)
    hits |= 1 << 14;
  hits |= bit(ux > 100 || ux <= 2, 15);
  // casts: truncation, sign and zero extension, 64-bit arithmetic
  auto low = static_cast<int8_t>(x);
  auto ulow = static_cast<uint8_t>(y);
  if (low < 0)
    hits |= 1 << 16;
  if (ulow > 200)
    hits |= 1 << 17;
  int64_t wide = static_cast<int64_t>(x) * 1000000;
  if (wide > 5000000000LL)
    hits |= 1 << 18;
  auto narrow = static_cast<int16_t>(x + 70000);
  if (narrow == 4464)
    hits |= 1 << 19;
  bool flag = x > y; // stored as i8, reloaded and truncated to i1
  if (flag)
    hits |= 1 << 20;
  if (~x == -8 || -y == 3)
    hits |= 1 << 21;
  switch (y) {
  case 1:
    hits |= 1 << 22;
    break;
  case 4:
  case 9:
    hits |= 1 << 23;
    break;
  default:
    hits |= 1 << 24;
  }
  return hits;
}
