// SymSerialize: the compact form of one execution's trace for the engine (layout in SymWire.h).
#pragma once

#include "symbolic/SymExprArena.h"
#include "symbolic/SymPathLog.h"

#include <cstddef>
#include <cstdint>

namespace unitgen_rt {
namespace sym {

/// Appends the payload of a RecordSymbolic record to `out`. When it would exceed `maxBytes`,
/// trailing branch records are left out (and counted as dropped expressions) until it fits.
void serializeTrace(const ExprArena &arena, const PathLog &log, size_t maxBytes, SymBytes &out);

} // namespace sym
} // namespace unitgen_rt
