// Pass test subject: C++ exceptions through instrumented code — caught in the code under
// test, rethrown to the caller, and values returned through invoke.
#include <stdexcept>

namespace {

int checked(int v) {
  if (v > 50)
    throw std::out_of_range("too big");
  return v + 1;
}

} // namespace

extern "C" int pass_exceptions(const int *in) {
  int x = in[0], y = in[1];
  int hits = 0;
  try {
    int r = checked(x); // an invoke: the result's handle comes through the normal edge
    if (r == 6)
      hits |= 1 << 0;
  } catch (const std::out_of_range &e) {
    if (y > 2) // still symbolic after the landing pad
      hits |= 1 << 1;
  }
  if (x == y)
    hits |= 1 << 2;
  return hits;
}

extern "C" int pass_escaping(const int *in) {
  int v = checked(in[0]) * 2; // throws to the (uninstrumented) harness when in[0] > 50
  if (v > 40)
    return 1;
  return 0;
}
