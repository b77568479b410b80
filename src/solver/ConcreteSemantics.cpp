// ConcreteSemantics: the concrete meaning of each expression kind, SMT-LIB-compatible.
#include "solver/ConcreteSemantics.h"

#include <cmath>
#include <cstring>

namespace unitgen {
namespace {

int64_t toSigned(uint64_t bits, uint16_t width) {
  if (width >= 64)
    return static_cast<int64_t>(bits);
  const uint64_t sign = uint64_t(1) << (width - 1);
  return static_cast<int64_t>((bits ^ sign) - sign);
}

bool isDouble(uint16_t width) { return width == 64; }

float asFloat(uint64_t bits) {
  const uint32_t low = static_cast<uint32_t>(bits);
  float value;
  std::memcpy(&value, &low, sizeof value);
  return value;
}

double asDouble(uint64_t bits) {
  double value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

uint64_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

uint64_t doubleBits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

/// Every float of either width as a double (exact for floats), for comparisons and conversions.
double widen(uint64_t bits, uint16_t width) {
  return isDouble(width) ? asDouble(bits) : static_cast<double>(asFloat(bits));
}

/// Arithmetic in the operands' own precision, so rounding happens once, as in IEEE and Z3.
template <typename Op> uint64_t floatArithmetic(uint64_t a, uint64_t b, uint16_t width, Op op) {
  if (isDouble(width))
    return doubleBits(op(asDouble(a), asDouble(b)));
  return floatBits(op(asFloat(a), asFloat(b)));
}

uint64_t signedToFloat(uint64_t bits, uint16_t fromWidth, uint16_t toWidth) {
  const int64_t value = toSigned(bits, fromWidth);
  return isDouble(toWidth) ? doubleBits(static_cast<double>(value))
                           : floatBits(static_cast<float>(value));
}

uint64_t floatToSigned(uint64_t bits, uint16_t fromWidth, uint16_t toWidth) {
  const double value = std::trunc(widen(bits, fromWidth));
  const double limit = std::ldexp(1.0, toWidth - 1);
  if (std::isnan(value) || value < -limit || value >= limit)
    return maskToWidth(uint64_t(1) << (toWidth - 1), toWidth);
  return maskToWidth(static_cast<uint64_t>(static_cast<int64_t>(value)), toWidth);
}

uint64_t signedDivide(uint64_t a, uint64_t b, uint16_t width) {
  const int64_t x = toSigned(a, width), y = toSigned(b, width);
  if (y == 0)
    return x < 0 ? 1 : maskToWidth(~uint64_t(0), width);
  if (y == -1) // x / -1 overflows for the minimum value; two's complement wraps
    return maskToWidth(uint64_t(0) - a, width);
  return maskToWidth(static_cast<uint64_t>(x / y), width);
}

uint64_t signedRemainder(uint64_t a, uint64_t b, uint16_t width) {
  const int64_t x = toSigned(a, width), y = toSigned(b, width);
  if (y == 0)
    return a;
  if (y == -1)
    return 0;
  return maskToWidth(static_cast<uint64_t>(x % y), width);
}

} // namespace

uint64_t maskToWidth(uint64_t bits, uint16_t width) {
  return width >= 64 ? bits : bits & ((uint64_t(1) << width) - 1);
}

uint64_t evaluateNode(const PoolNode &node, const uint64_t *op, const uint16_t *opWidth) {
  const uint16_t w = node.width;
  const uint64_t a = op[0], b = op[1];
  switch (node.kind) {
  case ExprKind::Constant:
  case ExprKind::BoolConstant:
  case ExprKind::FloatConstant:
  case ExprKind::InputByte:
    return node.value;
  case ExprKind::Not:
    return maskToWidth(~a, w);
  case ExprKind::Neg:
    return maskToWidth(uint64_t(0) - a, w);
  case ExprKind::ZeroExtend:
    return a;
  case ExprKind::SignExtend:
    return maskToWidth(static_cast<uint64_t>(toSigned(a, opWidth[0])), w);
  case ExprKind::Extract:
    return maskToWidth(a >> node.value, w);
  case ExprKind::BoolNot:
    return a == 0;
  case ExprKind::BoolToBits:
    return a != 0;
  case ExprKind::BitsToBool:
    return a != 0;
  case ExprKind::Add:
    return maskToWidth(a + b, w);
  case ExprKind::Sub:
    return maskToWidth(a - b, w);
  case ExprKind::Mul:
    return maskToWidth(a * b, w);
  case ExprKind::UDiv:
    return b == 0 ? maskToWidth(~uint64_t(0), w) : a / b;
  case ExprKind::SDiv:
    return signedDivide(a, b, w);
  case ExprKind::URem:
    return b == 0 ? a : a % b;
  case ExprKind::SRem:
    return signedRemainder(a, b, w);
  case ExprKind::Shl:
    return b >= w ? 0 : maskToWidth(a << b, w);
  case ExprKind::LShr:
    return b >= w ? 0 : a >> b;
  case ExprKind::AShr: {
    const int64_t x = toSigned(a, w);
    if (b >= w)
      return x < 0 ? maskToWidth(~uint64_t(0), w) : 0;
    return maskToWidth(static_cast<uint64_t>(x >> b), w);
  }
  case ExprKind::And:
    return a & b;
  case ExprKind::Or:
    return a | b;
  case ExprKind::Xor:
    return a ^ b;
  case ExprKind::Concat:
    return maskToWidth((a << opWidth[1]) | b, w);
  case ExprKind::Equal:
    return a == b;
  case ExprKind::Distinct:
    return a != b;
  case ExprKind::Ult:
    return a < b;
  case ExprKind::Ule:
    return a <= b;
  case ExprKind::Ugt:
    return a > b;
  case ExprKind::Uge:
    return a >= b;
  case ExprKind::Slt:
    return toSigned(a, opWidth[0]) < toSigned(b, opWidth[1]);
  case ExprKind::Sle:
    return toSigned(a, opWidth[0]) <= toSigned(b, opWidth[1]);
  case ExprKind::Sgt:
    return toSigned(a, opWidth[0]) > toSigned(b, opWidth[1]);
  case ExprKind::Sge:
    return toSigned(a, opWidth[0]) >= toSigned(b, opWidth[1]);
  case ExprKind::BoolAnd:
    return (a != 0) && (b != 0);
  case ExprKind::BoolOr:
    return (a != 0) || (b != 0);
  case ExprKind::BoolXor:
    return (a != 0) != (b != 0);
  case ExprKind::Ite:
    return a != 0 ? b : op[2];
  case ExprKind::FloatFromBits:
  case ExprKind::FloatToBits:
    return a;
  case ExprKind::FloatAdd:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x + y; });
  case ExprKind::FloatSub:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x - y; });
  case ExprKind::FloatMul:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x * y; });
  case ExprKind::FloatDiv:
    return floatArithmetic(a, b, w, [](auto x, auto y) { return x / y; });
  case ExprKind::FloatOrderedEqual:
    return widen(a, opWidth[0]) == widen(b, opWidth[1]);
  case ExprKind::FloatOrderedLess:
    return widen(a, opWidth[0]) < widen(b, opWidth[1]);
  case ExprKind::FloatOrderedLessEqual:
    return widen(a, opWidth[0]) <= widen(b, opWidth[1]);
  case ExprKind::FloatIsNaN:
    return std::isnan(widen(a, opWidth[0]));
  case ExprKind::SignedToFloat:
    return signedToFloat(a, opWidth[0], w);
  case ExprKind::FloatToSigned:
    return floatToSigned(a, opWidth[0], w);
  }
  return 0;
}

} // namespace unitgen
