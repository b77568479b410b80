// Pass test subject: floating point — concrete by default, symbolic with the float flag.
extern "C" int pass_floats(const double *in) {
  double a = in[0], b = in[1];
  int hits = 0;
  if (a * 2.0 > b)
    hits |= 1 << 0;
  if (a + b == 5.5)
    hits |= 1 << 1;
  if (static_cast<int>(a) == 3)
    hits |= 1 << 2;
  if (a / b < 0.25 || a - b != 1.0)
    hits |= 1 << 3;
  double converted = static_cast<double>(static_cast<long>(b));
  if (converted >= 2.0)
    hits |= 1 << 4;
  if (-a < 0.0)
    hits |= 1 << 5;
  return hits;
}
