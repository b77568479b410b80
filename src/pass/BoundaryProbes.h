// BoundaryProbes: after every relational comparison of the code under test, a call that reports
// whether its operands were equal — the boundary value analysis goal (`x < 10` at x == 10).
#pragma once

#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

namespace unitgen {

/// Inserts the probes into `F` (its comparisons as they are now). The probe of a comparison
/// has a site id from F's name and the comparison's ordinal, so a build with and one without
/// the concolic instrumentation name it alike; `__unitgen_sym_boundary(site, line, equal)` is
/// declared in `F`'s module if needed.
void insertBoundaryProbes(llvm::Function &F);

/// True for the instructions insertBoundaryProbes added (the symbolizer leaves them concrete
/// and out of its own site numbering).
bool isBoundaryProbe(const llvm::Instruction &I);

} // namespace unitgen
