// Preconditions: a failure raised by the called method's own check of its arguments — a failed
// `assert` in that method whose condition names one of its parameters, or a null-pointer report
// inside it for a null literal it was given — is the caller's error, not the code's: the call is
// illegal, avoided from then on, and never a failure test.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

namespace unitgen {

bool isPreconditionViolation(const ClassModel &model, const Sequence &sequence,
                             const Failure &failure);

} // namespace unitgen
