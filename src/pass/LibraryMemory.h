// LibraryMemory: the shadow memory follows what code outside the code under test does to memory.
#pragma once

#include "RuntimeAbi.h"

#include "llvm/IR/Function.h"

namespace unitgen {

/// Keeps the shadow memory true across `F` without instrumenting its computation. `F` is code
/// outside the scope that the module still defines, such as std::vector's reallocation:
/// - its string copies (copy and move constructors and assignments, substr) get the copy
///   wrappers, so a word the code under test cut out of a symbolic string and pushed into a
///   vector keeps its inputs when the vector moves it;
/// - its memcpy and memmove move the shadow of the bytes they copy (a vector of ints growing);
/// - a value it loads and stores unchanged moves its shadow too (a vector's element
///   construction);
/// - its memset and its other stores, except to its own locals, make their bytes concrete, so
///   no byte keeps the expression of a value this code overwrote. Without this, the runtime's
///   staleness check keeps the bytes that happen to be equal: a key swapped with another of
///   the same upper bytes read as Concat(upper bytes of the other key's inputs, a constant).
void followLibraryMemory(llvm::Function &F, RuntimeAbi &Abi);

} // namespace unitgen
