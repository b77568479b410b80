// Theories of Counter, in a translation unit of their own as a user's --theories file is.
#include <unitgen/theory.h>

#include "Counter.h"

#include <string>

UNITGEN_THEORY(Counter, CountWithinLimit)(const Counter &counter) {
  UNITGEN_ASSUME(counter.limit >= 0); // a negative limit means none
  UNITGEN_ASSERT(counter.count <= counter.limit);
}

UNITGEN_THEORY(Counter, CountNotNegative)(const Counter &counter) {
  UNITGEN_ASSERT(counter.count >= 0);
}

UNITGEN_THEORY(NamedCounter, NameGiven)(const NamedCounter &counter) {
  UNITGEN_ASSERT(std::string(counter.name) != "");
}
