// A theory of kit::Fragile for the emitter's failure reproducers: its size stays small.
#include <unitgen/theory.h>

#include "fragile.h"

UNITGEN_THEORY(kit::Fragile, SizeIsSmall)(const kit::Fragile &fragile) {
  UNITGEN_ASSUME(fragile.size() >= 0);
  UNITGEN_ASSERT(fragile.size() < 1000);
}
