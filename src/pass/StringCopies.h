// StringCopies: the shadow of std::string bytes follows copies made outside the code under test.
#pragma once

#include "RuntimeAbi.h"

#include "llvm/IR/Function.h"

namespace unitgen {

/// Models the string copies `F` makes (copy and move constructors and assignments, substr)
/// without instrumenting anything else in it. `F` is code outside the scope that the module
/// still defines, such as std::vector's reallocation: a word the code under test cut out of a
/// symbolic string and pushed into a vector is moved there by it, and without its shadow the
/// word's comparisons would be concrete.
void followStringCopies(llvm::Function &F, RuntimeAbi &Abi);

} // namespace unitgen
