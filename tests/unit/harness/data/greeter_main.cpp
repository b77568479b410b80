// The project's own program: its main must not reach a driver.
#include "greeting.h"
#include <cstdio>
int main() { std::puts(greetingFor(1).c_str()); }
