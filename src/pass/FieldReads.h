// FieldReads: the light instrumentation of bounded-exhaustive search, which needs the fields an
// invariant reads, in order (Korat's field-access list), and nothing else.
#pragma once

#include "llvm/IR/Function.h"

namespace unitgen {

/// Before each load in `F` from memory that is neither one of F's own stack slots nor a global
/// variable, inserts
/// `if (address - __unitgen_field_base < __unitgen_field_span) __unitgen_field_read(offset)`:
/// the candidate heap of a search lives in one block at the base, so a read of any of its
/// fields reaches the runtime (src/runtime/exhaustive/CandidateHeap.cpp) and any other load
/// costs a compare.
/// The span is 0 outside a search.
void insertFieldReadProbes(llvm::Function &F);

} // namespace unitgen
