// ConcreteClone: an uninstrumented copy of each instrumented function, run whenever the
// current request is not symbolic, so a concolic driver costs nothing on ordinary requests.
#pragma once

#include "RuntimeAbi.h"

#include "llvm/IR/Function.h"

namespace unitgen {

/// A copy of `F` as it is now (call before instrumenting), internal to the module, in F's
/// COMDAT group if it has one.
llvm::Function *cloneConcrete(llvm::Function &F);

/// Prepends to the instrumented `F`: `if (!__unitgen_sym_on) return Clone(args...);`.
/// Static allocas stay in the entry block (they are allocated on both paths).
void addConcreteFallback(llvm::Function &F, llvm::Function &Clone, RuntimeAbi &Abi);

} // namespace unitgen
