// TraceEvaluator: evaluates the nodes of a decoded SymbolicTrace under its recorded input
// values, written apart from the runtime's own evaluation so the two check each other.
#pragma once

#include "model/SymbolicTrace.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace unitgen::testing {

class TraceEvaluator {
public:
  explicit TraceEvaluator(const SymbolicTrace &trace) : trace_(trace) {
    values_.resize(trace.nodes.size());
    for (size_t i = 0; i < trace.nodes.size(); ++i)
      values_[i] = compute(trace.nodes[i]);
  }
  uint64_t value(uint32_t node) const { return values_.at(node); }
  /// Branch records whose condition does not evaluate to `taken`.
  size_t inconsistentBranches() const {
    size_t bad = 0;
    for (const BranchRecord &b : trace_.branches)
      bad += (value(b.condition) != 0) != b.taken;
    return bad;
  }

private:
  static uint64_t mask(uint64_t v, unsigned w) { return w >= 64 ? v : v & ((1ull << w) - 1); }
  static int64_t sx(uint64_t v, unsigned w) {
    return w >= 64 ? static_cast<int64_t>(v) : static_cast<int64_t>(v << (64 - w)) >> (64 - w);
  }
  static double asDouble(uint64_t v, unsigned w) {
    if (w == 32) {
      float f;
      uint32_t b = static_cast<uint32_t>(v);
      std::memcpy(&f, &b, 4);
      return f;
    }
    double d;
    std::memcpy(&d, &v, 8);
    return d;
  }
  static uint64_t bitsOf(double d, unsigned w) {
    if (w == 32) {
      float f = static_cast<float>(d);
      uint32_t b;
      std::memcpy(&b, &f, 4);
      return b;
    }
    uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
  }

  uint64_t compute(const ExprNode &n) const {
    unsigned w = n.width;
    auto op = [&](int k) { return values_[n.operands[k]]; };
    auto opWidth = [&](int k) { return trace_.nodes[n.operands[k]].width; };
    uint64_t a = arity(n.kind) > 0 ? op(0) : 0, b = arity(n.kind) > 1 ? op(1) : 0;
    unsigned wa = arity(n.kind) > 0 ? opWidth(0) : 0;
    switch (n.kind) {
    case ExprKind::Constant:
    case ExprKind::BoolConstant:
    case ExprKind::FloatConstant:
      return n.value;
    case ExprKind::InputByte:
      return trace_.inputs.at(n.value).value;
    case ExprKind::Not:
      return mask(~a, w);
    case ExprKind::Neg:
      return mask(-a, w);
    case ExprKind::ZeroExtend:
      return a;
    case ExprKind::SignExtend:
      return mask(static_cast<uint64_t>(sx(a, wa)), w);
    case ExprKind::Extract:
      return mask(a >> n.value, w);
    case ExprKind::BoolNot:
      return a ? 0 : 1;
    case ExprKind::BoolToBits:
      return a ? 1 : 0;
    case ExprKind::BitsToBool:
      return a ? 1 : 0;
    case ExprKind::Add:
      return mask(a + b, w);
    case ExprKind::Sub:
      return mask(a - b, w);
    case ExprKind::Mul:
      return mask(a * b, w);
    case ExprKind::UDiv:
      return b ? a / b : mask(~0ull, w);
    case ExprKind::URem:
      return b ? a % b : a;
    case ExprKind::SDiv:
      if (b == 0)
        return sx(a, w) < 0 ? 1 : mask(~0ull, w);
      if (sx(b, w) == -1)
        return mask(-a, w);
      return mask(static_cast<uint64_t>(sx(a, w) / sx(b, w)), w);
    case ExprKind::SRem:
      if (b == 0)
        return a;
      if (sx(b, w) == -1)
        return 0;
      return mask(static_cast<uint64_t>(sx(a, w) % sx(b, w)), w);
    case ExprKind::Shl:
      return b >= w ? 0 : mask(a << b, w);
    case ExprKind::LShr:
      return b >= w ? 0 : a >> b;
    case ExprKind::AShr:
      return mask(static_cast<uint64_t>(sx(a, w) >> (b >= w ? w - 1 : b)), w);
    case ExprKind::And:
      return a & b;
    case ExprKind::Or:
      return a | b;
    case ExprKind::Xor:
      return a ^ b;
    case ExprKind::Concat:
      return mask(a << opWidth(1) | b, w);
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
      return sx(a, wa) < sx(b, wa);
    case ExprKind::Sle:
      return sx(a, wa) <= sx(b, wa);
    case ExprKind::Sgt:
      return sx(a, wa) > sx(b, wa);
    case ExprKind::Sge:
      return sx(a, wa) >= sx(b, wa);
    case ExprKind::BoolAnd:
      return a && b;
    case ExprKind::BoolOr:
      return a || b;
    case ExprKind::BoolXor:
      return (a != 0) ^ (b != 0);
    case ExprKind::Ite:
      return a ? b : op(2);
    case ExprKind::FloatFromBits:
    case ExprKind::FloatToBits:
      return a;
    case ExprKind::FloatAdd:
      return bitsOf(asDouble(a, w) + asDouble(b, w), w);
    case ExprKind::FloatSub:
      return bitsOf(asDouble(a, w) - asDouble(b, w), w);
    case ExprKind::FloatMul:
      return bitsOf(asDouble(a, w) * asDouble(b, w), w);
    case ExprKind::FloatDiv:
      return bitsOf(asDouble(a, w) / asDouble(b, w), w);
    case ExprKind::FloatOrderedEqual:
      return asDouble(a, wa) == asDouble(b, wa);
    case ExprKind::FloatOrderedLess:
      return asDouble(a, wa) < asDouble(b, wa);
    case ExprKind::FloatOrderedLessEqual:
      return asDouble(a, wa) <= asDouble(b, wa);
    case ExprKind::FloatIsNaN:
      return std::isnan(asDouble(a, wa));
    case ExprKind::SignedToFloat:
      return bitsOf(static_cast<double>(sx(a, wa)), w);
    case ExprKind::FloatToSigned: {
      double d = asDouble(a, wa);
      if (std::isnan(d) || std::fabs(d) >= std::ldexp(1.0, w - 1))
        return mask(1ull << (w - 1), w);
      return mask(static_cast<uint64_t>(static_cast<int64_t>(d)), w);
    }
    }
    return 0;
  }

  const SymbolicTrace &trace_;
  std::vector<uint64_t> values_;
};

} // namespace unitgen::testing
