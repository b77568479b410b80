// CountFields: the receiver's number fields that count its objects (a tree's size_), found in
// the valid heaps of a small scope, so that a search by number of objects can hold them.
#pragma once

#include "exhaustive/Finitization.h"

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

/// The receiver's number fields (by name) that, in every heap of `heaps`, equal the number of
/// objects the receiver reaches, and take at least two values there. None when the heaps may
/// hold objects of more than one class besides the receiver's, or arrays: the passes of the
/// search count the objects of all classes together.
std::vector<std::string> countFieldsOf(const Finitization &finitization,
                                       const std::vector<std::vector<uint32_t>> &heaps);

} // namespace unitgen
