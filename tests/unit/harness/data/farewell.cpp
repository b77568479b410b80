#include "farewell.h"
int farewellLength() { return 3; }
