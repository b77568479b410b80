#include "sealed.h"

Sealed::Sealed() : value_(0) {}

Sealed::Sealed(int value) : value_(value) {}

int Sealed::value() const { return value_; }
