// ValueWire: a Value (model/Sequence.h) as the driver protocol carries it — how the engine
// sends a literal argument and reads a recorded result, out-parameter or argument.
#pragma once

#include "driver/Protocol.h"
#include "model/Sequence.h"

namespace unitgen {

/// Appends `value` (tags and payload, as the driver's ValueEncoder writes them).
void encodeValue(unitgen_protocol::Writer &out, const Value &value);
/// Reads one value; `has` is false for ArgAbsent (nothing recorded). False when the bytes are
/// not a value (a torn log), or nest deeper than `depth`.
bool decodeValue(unitgen_protocol::Reader &in, bool &has, Value &value, int depth = 8);

} // namespace unitgen
