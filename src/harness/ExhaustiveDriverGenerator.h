// ExhaustiveDriverGenerator: the driver of bounded-exhaustive search — per class its size, its
// finitizable fields with their setters and its invariant — for
// src/runtime/exhaustive/KoratSearch.h.
#pragma once

#include "model/ClassModel.h"

#include <cstddef>
#include <string>
#include <vector>

namespace unitgen {

/// C++ source of the exhaustive driver for `model`. Deterministic.
std::string generateExhaustiveDriverSource(const ClassModel &model);

/// Tests built from heaps call every combination of arguments, so methods with more parameters
/// than this are left out.
constexpr size_t kMaxReplayedParameters = 2;

/// The methods of the class under test that tests built from heaps call (callable ids, in the
/// order of the driver's call table): public, supported, not the invariant, up to
/// kMaxReplayedParameters integral parameters, returning nothing or an integral value.
std::vector<int> replayableMethods(const ClassModel &model);

/// The observers among them, as indices into replayableMethods: const methods without
/// parameters that return a value (`size()`, `isEmpty()`), read after each call.
std::vector<int> replayedObservers(const ClassModel &model);

/// The constructor legal sequences start from (a callable id, -1 for none): one callable
/// without arguments, else the first with up to kMaxReplayedParameters integral parameters
/// (every combination of the scope's values is tried; one that throws reaches no state).
int legalConstructor(const ClassModel &model);

} // namespace unitgen
