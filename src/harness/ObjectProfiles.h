// ObjectProfiles: the C++ that computes each class's abstract object profile (Palus §3.1.2,
// runtime/driver/ObjectProfile.h), shared by the drivers and the recording hooks so that both
// read the same fields the same way.
#pragma once

#include "model/ClassModel.h"

#include <string>

namespace unitgen {

/// Per class `t` of `model`: `uint64_t profileOf_<t>(const void *object)` (0 for null), over
/// the fields the heap walker reads (ClassModel Field shapes other than Opaque), private ones
/// too: the translation unit is compiled with -fno-access-control. Declarations first, so an
/// embedded object's profile may be of a class defined later. Needs
/// `driver/ObjectProfile.h` and the model's headers included before it.
std::string objectProfileFunctions(const ClassModel &model);

} // namespace unitgen
