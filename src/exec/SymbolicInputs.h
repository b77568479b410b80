// SymbolicInputs: from input-byte values (a solver's model) back to a sequence to run — the
// last step of a concolic iteration.
#pragma once

#include "model/Sequence.h"
#include "model/SymbolicTrace.h"

#include <cstdint>
#include <map>

namespace unitgen {

/// `sequence` with the literal arguments the trace made symbolic rewritten from `bytes`
/// (input byte index → value; inputs not in the map keep their recorded value). Integers are
/// reassembled little-endian from their bytes and sign-extended when the literal was signed;
/// bools are `byte != 0`; floats and doubles are their IEEE bytes; strings get their bytes
/// replaced (their length is the recorded one). Inputs that do not match an argument of the
/// sequence (another sequence's trace) are ignored.
Sequence substituteInputs(const Sequence &sequence, const SymbolicTrace &trace,
                          const std::map<uint32_t, uint8_t> &bytes);

} // namespace unitgen
