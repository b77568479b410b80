#include "greeting.h"
std::string greetingFor(int times) {
  std::string text;
  for (int i = 0; i < times; ++i)
    text += "hi";
  return text;
}
