// Constness: an object a call returned as `const T*` or `const T&` is only read — never the
// receiver of a non-const method, never passed where the callee may change or take it — so
// every sequence a strategy runs can be written as a test that compiles.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

namespace unitgen {

/// Whether the object `callable` returns is const: a `const T*` or `const T&` result.
bool returnsConstObject(const Callable &callable);
/// Whether `callable` may change the object in `slot`: -1 its receiver (a non-const method),
/// else that parameter (`T&`, `T*`, `T&&`, `std::unique_ptr<T>`).
bool changesObject(const Callable &callable, int slot);
/// Whether `callable` is the const member of a const/non-const pair taking the same parameters
/// (`const T *first() const` beside `T *first()`): on a non-const object overload resolution
/// picks the other one, so the driver and the tests call it through `std::as_const`.
bool needsConstReceiver(const ClassModel &model, const Callable &callable);
/// Whether no statement of `sequence` changes an object an earlier statement returned as const.
bool respectsConstness(const ClassModel &model, const Sequence &sequence);

} // namespace unitgen
