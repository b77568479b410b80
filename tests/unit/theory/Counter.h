// A counter and a subclass, the objects of the theory tests.
#pragma once

struct Counter {
  int count = 0;
  int limit = 10;
};

struct NamedCounter : Counter {
  const char *name = "";
};
