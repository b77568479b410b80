// A function of the project beyond the code under test's own TUs.
#pragma once
#include <string>
std::string greetingFor(int times);
