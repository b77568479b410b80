// TraceDecoder: reads the symbolic trace record the concolic runtime writes
// (runtime/symbolic/SymWire.h) into a SymbolicTrace, and prints expressions for messages and tests.
#pragma once

#include "model/SymbolicTrace.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace unitgen {

/// Decodes one RecordSymbolic payload. False (and `trace` unspecified) when it is malformed:
/// unknown kinds, operands that are not earlier nodes, widths over 64, conditions that are not
/// booleans.
bool decodeSymbolicTrace(const uint8_t *data, size_t size, SymbolicTrace &trace);

/// `(Slt (Concat in3 in2 in1 in0) #x0000000a:32)`: inputs as `in<i>`, constants in hex with
/// their width, booleans as true/false; shared subexpressions are printed again.
std::string formatExpression(const SymbolicTrace &trace, uint32_t node);

} // namespace unitgen
