// BoundaryOrder: the operand orders a boundary probe reports and how a seen order is keyed.
#pragma once

#include <cstdint>

namespace unitgen {

/// The probe's last argument (`__unitgen_sym_boundary(site, line, order)`).
constexpr uint8_t kOrderNone = 0; ///< floating-point operands that are unordered (a NaN)
constexpr uint8_t kOrderLess = 1;
constexpr uint8_t kOrderEqual = 2;
constexpr uint8_t kOrderGreater = 3;
constexpr uint8_t kOrderOneBelow = 4; ///< integers, left = right - 1: also less
constexpr uint8_t kOrderOneAbove = 5; ///< integers, left = right + 1: also greater

/// A seen order as a key: site in bits 0–31, source line in 32–52, the order code less
/// kOrderEqual (mod 6) in 53–55; so an equal order's key is `line << 32 | site`, and every key
/// fits a goal's 56-bit payload.
inline uint64_t boundaryKey(uint32_t site, uint32_t line, uint8_t order) {
  uint64_t orderBits = (order + 6u - kOrderEqual) % 6u;
  return orderBits << 53 | (uint64_t{line} & 0x1fffff) << 32 | site;
}
inline uint32_t boundaryLine(uint64_t key) { return static_cast<uint32_t>(key >> 32) & 0x1fffff; }
/// The order code of a key (not kOrderNone).
inline uint8_t boundaryOrder(uint64_t key) {
  return static_cast<uint8_t>(((key >> 53 & 7) + kOrderEqual) % 6u);
}

} // namespace unitgen
