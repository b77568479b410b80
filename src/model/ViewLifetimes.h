// ViewLifetimes: an object a method returns that may point into its receiver — one of a class
// holding a raw pointer (`leveldb::Slice` from `user_key()`, `Finish()`), or any object returned
// by reference or pointer — is valid only until the receiver changes. A sequence never uses such
// a view after a call that may change what it views: the test would read freed memory, a
// misuse of the API, not a defect of it. An object of such a class made from a view
// (`ParsedInternalKey(key.Encode(), 1, kTypeValue)`) holds the view: it too is stale once
// what the view views changes; and a view of bytes held by value is never an argument of a call
// that may change what it views (the call would read what it is rewriting).
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <vector>

namespace unitgen {

/// Whether statement `index` of `sequence` returns a view of its receiver.
bool returnsView(const ClassModel &model, const Sequence &sequence, int index);
/// Whether no statement uses a view after its receiver may have changed.
bool respectsViewLifetimes(const ClassModel &model, const Sequence &sequence);
/// The statements whose object is a view that `sequence` leaves stale (what it views may have
/// changed since it was made), ascending: a test neither asserts nor asks them at its end, and
/// the driver does not observe them (their bytes may have been freed).
std::vector<int> staleAtEnd(const ClassModel &model, const Sequence &sequence);

} // namespace unitgen
