// ReadBackQueries: at the end of a test, ask each object about the values the test stored in it
// (`contains(5)`, `get(5)` after `put(5, 50)`), so the test checks what its calls did to the
// contents, not only what the observers without arguments see.
#pragma once

#include "model/ClassModel.h"
#include "model/Outcome.h"
#include "model/Sequence.h"

namespace unitgen {

/// Most values a test asks one query about: the latest ones passed.
constexpr size_t kMaxReadBackValues = 3;

/// `sequence` with query calls appended. A query is a const method of an object the test holds
/// with one parameter of a primitive type (number, character, string); it is asked about the
/// literals the test passed to non-const calls on that object or on the objects it was copied or
/// assigned from, for a parameter of the same name (`get(int key)` about `put(int key, int
/// value)`'s keys; when no non-const method of the class has a parameter of that name, any
/// method's parameter of the same type: not a constructor's, which configures the object),
/// the latest kMaxReadBackValues distinct ones in the order they were passed. A removed value is
/// asked about too: `contains(5)` after `remove(5)` checks the removal. `outcome` is a run of
/// `sequence` (which statements made objects).
Sequence withReadBackQueries(const ClassModel &model, const Sequence &sequence,
                             const Outcome &outcome);

} // namespace unitgen
