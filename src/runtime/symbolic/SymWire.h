// SymWire: the byte layout of a symbolic trace record, shared by the runtime that writes it
// (SymSerialize.cpp) and the engine that reads it (exec/TraceDecoder.cpp).
//
// A RecordSymbolic ('Y') record in the outcome log is `u32 length` then `length` payload bytes:
//
//   u8      kTraceVersion
//   varint  node count N
//   N ×     u8 kind (model/SymExpr.def order), varint width, varint value,
//           arity(kind) × varint (own index - operand index)   -- always >= 1: topological order
//   varint  branch count B
//   B ×     varint site, zigzag statement, u8 flags (kBranchTaken | kBranchConcretization),
//           varint condition node index
//   varint  input count I
//   I ×     zigzag statement, zigzag argument, varint offset, u8 value
//   varint  expressions built, varint expressions dropped
//   varint  splice count S
//   S ×     varint first input byte, varint length, varint text length, the text's bytes
//   u8      1 when a final state follows (symbolic-state requests), else 0; then
//           varint shape, varint slot count, slots × varint node index
//
// Only nodes reachable from a branch condition or a slot are written, renumbered densely in
// arena order.
#pragma once

#include <cstddef>
#include <cstdint>

namespace unitgen_symwire {

constexpr uint8_t kTraceVersion = 3;
constexpr uint8_t kBranchTaken = 1;
constexpr uint8_t kBranchConcretization = 2;

template <typename Bytes> void putVarint(Bytes &out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<uint8_t>(value));
}

template <typename Bytes> void putZigzag(Bytes &out, int64_t value) {
  putVarint(out, (static_cast<uint64_t>(value) << 1) ^ static_cast<uint64_t>(value >> 63));
}

/// Bounds-checked reading of a payload; every getter returns false past the end.
class WireReader {
public:
  WireReader(const uint8_t *data, size_t size) : p_(data), end_(data + size) {}
  bool byte(uint8_t &value) {
    if (p_ >= end_)
      return false;
    value = *p_++;
    return true;
  }
  bool varint(uint64_t &value) {
    value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
      uint8_t b;
      if (!byte(b))
        return false;
      value |= static_cast<uint64_t>(b & 0x7f) << shift;
      if (!(b & 0x80))
        return true;
    }
    return false;
  }
  bool zigzag(int64_t &value) {
    uint64_t raw;
    if (!varint(raw))
      return false;
    value = static_cast<int64_t>(raw >> 1) ^ -static_cast<int64_t>(raw & 1);
    return true;
  }
  bool atEnd() const { return p_ == end_; }

private:
  const uint8_t *p_;
  const uint8_t *end_;
};

} // namespace unitgen_symwire
