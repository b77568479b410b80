// ExprSemantics: what each expression kind of SymExpr.def computes on concrete values — the one
// definition for the symbolic runtime (the concrete value of every node it builds) and the
// solver (constant folding and model evaluation), matching Z3's. Header-only and
// allocation-free: drivers compile it into the runtime.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace unitgen_semantics {

/// The low `width` bits of `bits`, the rest zero. Booleans are 0 or 1; floats are IEEE bits.
inline uint64_t maskToWidth(uint64_t bits, uint16_t width) {
  return width >= 64 ? bits : bits & ((uint64_t(1) << width) - 1);
}

/// The low `width` bits of `bits` read as a two's-complement number.
inline int64_t toSigned(uint64_t bits, uint16_t width) {
  if (width >= 64)
    return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((maskToWidth(bits, width) ^ sign) - sign);
}

inline float asFloat(uint64_t bits) {
  const uint32_t low = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &low, sizeof value);
  return value;
}

inline double asDouble(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

inline uint64_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

inline uint64_t doubleBits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

/// Every float of either width (32 or 64) as a double (exact for floats), for comparisons and
/// conversions.
inline double widen(uint64_t bits, uint16_t width) {
  return width == 64 ? asDouble(bits) : static_cast<double>(asFloat(bits));
}

/// Arithmetic in the operands' own precision, so rounding happens once, as in IEEE and Z3.
template <typename Op> uint64_t floatArithmetic(uint64_t a, uint64_t b, uint16_t width, Op op) {
  if (width == 64)
    return doubleBits(op(asDouble(a), asDouble(b)));
  return floatBits(op(asFloat(a), asFloat(b)));
}

/// Truncation toward zero; where C++ is undefined and SMT-LIB unspecified (NaN, out of range)
/// the x86 result (cvttsd2si), the minimum signed value, which the Z3 translation pins too.
inline uint64_t floatToSigned(uint64_t bits, uint16_t fromWidth, uint16_t toWidth) {
  const double value = std::trunc(widen(bits, fromWidth));
  const double limit = std::ldexp(1.0, toWidth - 1);
  if (std::isnan(value) || value < -limit || value >= limit)
    return maskToWidth(uint64_t(1) << (toWidth - 1), toWidth);
  return maskToWidth(static_cast<uint64_t>(static_cast<int64_t>(value)), toWidth);
}

/// SMT-LIB's bvsdiv: x / 0 is -1 for x >= 0 and 1 for x < 0; the minimum value / -1 wraps.
inline uint64_t signedDivide(uint64_t a, uint64_t b, uint16_t width) {
  const int64_t x = toSigned(a, width), y = toSigned(b, width);
  if (y == 0)
    return x < 0 ? 1 : maskToWidth(~uint64_t(0), width);
  if (y == -1)
    return maskToWidth(uint64_t(0) - a, width);
  return maskToWidth(static_cast<uint64_t>(x / y), width);
}

/// SMT-LIB's bvsrem: x rem 0 is x.
inline uint64_t signedRemainder(uint64_t a, uint64_t b, uint16_t width) {
  const int64_t x = toSigned(a, width), y = toSigned(b, width);
  if (y == 0)
    return a;
  if (y == -1)
    return 0;
  return maskToWidth(static_cast<uint64_t>(x % y), width);
}

/// The value of a node of `kind` (an enum declared from SymExpr.def: the runtime's or the
/// solver's) and `width` given its operands' values `op` and widths `opWidth` (the first
/// arity(kind) are read). Leaves return `value`. Where C++ has no semantics it follows
/// SMT-LIB's, so it agrees with Z3: x udiv 0 is all ones, x urem 0 is x, shifts by >= width
/// give 0 (or the sign for AShr); floats round to nearest even.
template <typename Kind>
uint64_t evaluateExpr(Kind kind, uint16_t width, uint64_t value, const uint64_t *op,
                      const uint16_t *opWidth) {
  const uint16_t w = width;
  const uint64_t a = op[0], b = op[1];
  switch (kind) {
  case Kind::Constant:
  case Kind::BoolConstant:
  case Kind::FloatConstant:
  case Kind::InputByte:
    return value;
  case Kind::Not:
    return maskToWidth(~a, w);
  case Kind::Neg:
    return maskToWidth(uint64_t(0) - a, w);
  case Kind::ZeroExtend:
    return a;
  case Kind::SignExtend:
    return maskToWidth(static_cast<uint64_t>(toSigned(a, opWidth[0])), w);
  case Kind::Extract:
    return maskToWidth(a >> value, w);
  case Kind::BoolNot:
    return a == 0;
  case Kind::BoolToBits:
  case Kind::BitsToBool:
    return a != 0;
  case Kind::Add:
    return maskToWidth(a + b, w);
  case Kind::Sub:
    return maskToWidth(a - b, w);
  case Kind::Mul:
    return maskToWidth(a * b, w);
  case Kind::UDiv:
    return b == 0 ? maskToWidth(~uint64_t(0), w) : a / b;
  case Kind::SDiv:
    return signedDivide(a, b, w);
  case Kind::URem:
    return b == 0 ? a : a % b;
  case Kind::SRem:
    return signedRemainder(a, b, w);
  case Kind::Shl:
    return b >= w ? 0 : maskToWidth(a << b, w);
  case Kind::LShr:
    return b >= w ? 0 : a >> b;
  case Kind::AShr: {
    const int64_t x = toSigned(a, w);
    if (b >= w)
      return x < 0 ? maskToWidth(~uint64_t(0), w) : 0;
    return maskToWidth(static_cast<uint64_t>(x >> b), w);
  }
  case Kind::And:
    return a & b;
  case Kind::Or:
    return a | b;
  case Kind::Xor:
    return a ^ b;
  case Kind::Concat:
    return maskToWidth((a << opWidth[1]) | b, w);
  case Kind::Equal:
    return a == b;
  case Kind::Distinct:
    return a != b;
  case Kind::Ult:
    return a < b;
  case Kind::Ule:
    return a <= b;
  case Kind::Ugt:
    return a > b;
  case Kind::Uge:
    return a >= b;
  case Kind::Slt:
    return toSigned(a, opWidth[0]) < toSigned(b, opWidth[1]);
  case Kind::Sle:
    return toSigned(a, opWidth[0]) <= toSigned(b, opWidth[1]);
  case Kind::Sgt:
    return toSigned(a, opWidth[0]) > toSigned(b, opWidth[1]);
  case Kind::Sge:
    return toSigned(a, opWidth[0]) >= toSigned(b, opWidth[1]);
  case Kind::BoolAnd:
    return (a != 0) && (b != 0);
  case Kind::BoolOr:
    return (a != 0) || (b != 0);
  case Kind::BoolXor:
    return (a != 0) != (b != 0);
  case Kind::Ite:
    return a != 0 ? b : op[2];
  case Kind::FloatFromBits:
  case Kind::FloatToBits:
    return a;
  case Kind::FloatAdd:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x + y; });
  case Kind::FloatSub:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x - y; });
  case Kind::FloatMul:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x * y; });
  case Kind::FloatDiv:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x / y; });
  case Kind::FloatOrderedEqual:
    return widen(a, opWidth[0]) == widen(b, opWidth[1]);
  case Kind::FloatOrderedLess:
    return widen(a, opWidth[0]) < widen(b, opWidth[1]);
  case Kind::FloatOrderedLessEqual:
    return widen(a, opWidth[0]) <= widen(b, opWidth[1]);
  case Kind::FloatIsNaN:
    return std::isnan(widen(a, opWidth[0]));
  case Kind::SignedToFloat: {
    const int64_t signedValue = toSigned(a, opWidth[0]);
    return w == 64 ? doubleBits(static_cast<double>(signedValue))
                   : floatBits(static_cast<float>(signedValue));
  }
  case Kind::FloatToSigned:
    return floatToSigned(a, opWidth[0], w);
  }
  return 0;
}

} // namespace unitgen_semantics
