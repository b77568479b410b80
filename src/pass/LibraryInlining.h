// LibraryInlining: small library helpers become part of the code under test that calls them.
#pragma once

#include "RuntimeAbi.h"
#include "Scope.h"

#include "llvm/IR/Function.h"

namespace unitgen {

/// Inlines into `F` its calls to small helpers the module defines out of the scope: libstdc++
/// templates such as std::swap, std::min, std::move or an allocator's construct. Uninstrumented,
/// their stores would not update the shadow memory (a key swapped by std::swap would keep the
/// other key's expression, or none) and their comparisons would not reach the path condition.
/// Inlined, they are instrumented with `F`. Only definitions that cannot be replaced at link
/// time (ODR or local) and of at most a few dozen instructions are taken, calls they make are
/// considered in turn, and the growth of `F` is bounded; larger library code (a vector's
/// reallocation) stays a call, and so does a function the runtime models with a wrapper
/// (std::string's operator==). Returns the number of calls inlined.
unsigned inlineLibraryHelpers(llvm::Function &F, const Scope &S, const RuntimeAbi &Abi);

} // namespace unitgen
