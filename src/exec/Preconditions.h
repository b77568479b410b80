// Preconditions: a failure raised by the called method's own check of how it is called — a
// failed `assert` in that method (on its arguments or the state it may be called in), any failed
// `assert` in a constructor, static method or free function (their checks can depend on the
// arguments only), or a null-pointer report inside it for a null literal it was given — is the
// caller's error, not the code's: the call is illegal, avoided from then on, and never a failure
// test. A defect shows otherwise: a crash, a sanitizer report, a broken invariant, or an assert
// deeper down than the method called.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

namespace unitgen {

bool isPreconditionViolation(const ClassModel &model, const Sequence &sequence,
                             const Failure &failure);

} // namespace unitgen
