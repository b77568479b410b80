// ExhaustiveDriverGenerator: the driver of bounded-exhaustive search — per class its size, its
// finitizable fields with their setters and its invariant — for src/runtime/KoratSearch.h.
#pragma once

#include "model/ClassModel.h"

#include <string>

namespace unitgen {

/// C++ source of the exhaustive driver for `model`. Deterministic.
std::string generateExhaustiveDriverSource(const ClassModel &model);

} // namespace unitgen
