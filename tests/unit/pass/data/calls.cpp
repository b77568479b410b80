// Pass test subject: handles across calls — parameters, return values, recursion, indirect
// and virtual calls, and calls through uninstrumented code (which must not see stale slots).
namespace {

int twice(int v) { return v * 2; }
int sum(int n) { return n <= 0 ? 0 : n + sum(n - 1); }

struct Shape {
  virtual ~Shape() = default;
  virtual int area(int scale) const = 0;
};
struct Square : Shape {
  int side;
  explicit Square(int s) : side(s) {}
  int area(int scale) const override { return side * side * scale; }
};

} // namespace

int passCallsAbove(int a) { // also called by the harness
  if (a > 100)
    return 1;
  return 0;
}

extern "C" int pass_calls(const int *in, int (*callback)(int)) {
  int x = in[0], y = in[1];
  int hits = 0;
  if (twice(x) == 8)
    hits |= 1 << 0;
  if (sum(y) == 6) // recursion: 1 + 2 + 3
    hits |= 1 << 1;
  int (*fn)(int) = x > 1000 ? &sum : &twice;
  if (fn(y) == 10)
    hits |= 1 << 2;
  Square square(x);
  const Shape &shape = square;
  if (shape.area(y) == 18)
    hits |= 1 << 3;
  hits |= passCallsAbove(x) << 4;
  // The harness's callback calls passCallsAbove(v + 1000): its parameter must be concrete,
  // although this call leaves x's handle in the slots; its result is concrete too.
  if (callback(x) == 1)
    hits |= 1 << 5;
  return hits;
}
