// A builder that adopts move-only tokens.
#include "builder.h"

Builder &Builder::add(int n) {
  if (n > 100)
    total_ += 2 * n;
  else
    total_ += n;
  return *this;
}

void Builder::adopt(Token token) { total_ += token.id(); }
