#include "tally.h"

int Tally::doubled() const { return clampToZero(std::max(total_, 0)) * 2; }
