// Gauge: a float-to-unsigned conversion out of range for the scales below 2.
#include "gauge.h"

Gauge::Gauge(int scale) : steps_(static_cast<unsigned>((scale - 1) * 0.69 - 1)) {}

int Gauge::read(int level) const {
  if (steps_ == 0)
    return 0;
  return static_cast<int>(static_cast<unsigned>(level) / steps_);
}
