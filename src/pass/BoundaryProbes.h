// BoundaryProbes: after every comparison of numbers in the code under test, a call that reports
// the order of its operands — equal is the boundary value analysis goal (`x < 10` at x == 10),
// less and greater the ones that tell `==` from `<=` and `>=` (weak mutation of the operator).
#pragma once

#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

namespace unitgen {

/// Inserts the probes into `F` (its comparisons as they are now). The probe of a comparison
/// has a site id from F's name and the comparison's ordinal, so a build with and one without
/// the concolic instrumentation name it alike; `__unitgen_sym_boundary(site, line, order)` is
/// declared in `F`'s module if needed.
void insertBoundaryProbes(llvm::Function &F);

/// True for the instructions insertBoundaryProbes added (the symbolizer leaves them concrete
/// and out of its own site numbering).
bool isBoundaryProbe(const llvm::Instruction &I);

} // namespace unitgen
