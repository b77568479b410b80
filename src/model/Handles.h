// Handles: an empty class (`struct Handle {};` in leveldb::Cache) is a token the code hands out
// and takes back, meaning something only to the object that handed it out.
#pragma once

#include "model/ClassModel.h"
#include "model/Sequence.h"

#include <string>

namespace unitgen {

/// Whether `className` is a handle: a class of the model with no fields and nothing to call
/// but its constructors (which the model lists). A test never makes one (it would mean nothing to
/// the code it is given to).
bool isHandleClass(const ClassModel &model, const std::string &className);

/// Whether every handle the sequence passes goes back to the object that handed it out: a call
/// on that object (`cache->Release(cache->Insert(...))`), never on another of its class, whose
/// code would take it for one of its own.
bool respectsHandleOwners(const ClassModel &model, const Sequence &sequence);

} // namespace unitgen
