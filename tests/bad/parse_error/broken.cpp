#include "broken.h"

Broken::Broken() : value_(0) {}

void Broken::set(int value) { value_ = value; }

int Broken::get() const { return value_; }
