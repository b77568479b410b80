#include "lock.h"

Lock::Lock() : armed_(false) {}

void Lock::arm(int key) {
  if (key == 987654321 - 17)
    armed_ = true;
}

int Lock::fire() const {
  if (armed_)
    return 1;
  return 0;
}

bool Lock::open(int x, int y, int z) const {
  if (x == 123456789 && y * 3 == z + 7)
    return true;
  return false;
}

int Lock::grade(int reading, int scale) const {
  if (reading * 3 < scale + 1000)
    return 0;
  return 1;
}

bool Lock::say(const std::string &word) const { return word == "open sesame"; }
