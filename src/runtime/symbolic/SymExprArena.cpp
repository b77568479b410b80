// SymExprArena: interning, local simplification and concrete evaluation of expression nodes.
#include "symbolic/SymExprArena.h"

#include "model/ExprSemantics.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace unitgen_rt {
namespace sym {
namespace {

uint64_t allOnes(unsigned width) { return maskTo(~uint64_t(0), width); }

uint64_t hashNode(Kind kind, uint16_t width, Handle a, Handle b, Handle c, uint64_t value) {
  uint64_t h = static_cast<uint64_t>(kind) | uint64_t(width) << 8 | uint64_t(a) << 24;
  h ^= (uint64_t(b) << 32 | c) * 0x9e3779b97f4a7c15ull;
  h ^= value * 0xc2b2ae3d27d4eb4full;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

} // namespace

int arityOf(Kind kind) {
  switch (kind) {
#define UNITGEN_EXPR(Name, Arity, Meaning)                                                         \
  case Kind::Name:                                                                                 \
    return Arity;
#include "model/SymExpr.def"
  }
  return 0;
}

bool isFloatKind(Kind kind) {
  switch (kind) {
  case Kind::FloatConstant:
  case Kind::FloatFromBits:
  case Kind::FloatAdd:
  case Kind::FloatSub:
  case Kind::FloatMul:
  case Kind::FloatDiv:
  case Kind::SignedToFloat:
    return true;
  default:
    return false;
  }
}

ExprArena::ExprArena() { reset(1); }

void ExprArena::reset(uint32_t maxNodes) {
  if (table_.size() > 4096 || table_.empty()) {
    table_.assign(4096, 0); // a huge execution does not tax every later reset
  } else if (nodes_.size() * 8 < table_.size()) {
    // Few nodes: find and clear their slots rather than the whole table.
    size_t mask = table_.size() - 1;
    for (Handle h = 1; h < nodes_.size(); ++h) {
      const Node &n = nodes_[h];
      size_t slot = hashNode(n.kind, n.width, n.ops[0], n.ops[1], n.ops[2], n.value) & mask;
      while (table_[slot] != h)
        slot = (slot + 1) & mask;
      table_[slot] = 0;
    }
  } else {
    std::fill(table_.begin(), table_.end(), 0);
  }
  nodes_.clear();
  nodes_.push_back(Node{Kind::Constant, 0, {0, 0, 0}, 0, 0}); // handle 0: "concrete"
  maxNodes_ = maxNodes;
  built_ = dropped_ = 0;
}

void ExprArena::grow() {
  SymVector<Handle> bigger(table_.size() * 2, 0);
  size_t mask = bigger.size() - 1;
  for (Handle h = 1; h < nodes_.size(); ++h) {
    const Node &n = nodes_[h];
    size_t slot = hashNode(n.kind, n.width, n.ops[0], n.ops[1], n.ops[2], n.value) & mask;
    while (bigger[slot])
      slot = (slot + 1) & mask;
    bigger[slot] = h;
  }
  table_.swap(bigger);
}

bool ExprArena::isConstant(Handle h) const {
  Kind k = nodes_[h].kind;
  return k == Kind::Constant || k == Kind::BoolConstant || k == Kind::FloatConstant;
}

uint64_t ExprArena::evaluate(Kind kind, uint16_t width, Handle ha, Handle hb, Handle hc,
                             uint64_t value) const {
  const Node &na = nodes_[ha], &nb = nodes_[hb], &nc = nodes_[hc];
  return evaluateKind(kind, width, value, {na.concrete, na.width}, {nb.concrete, nb.width},
                      nc.concrete);
}

uint64_t evaluateKind(Kind kind, uint16_t width, uint64_t value, Operand first, Operand second,
                      uint64_t third) {
  const uint64_t bits[3] = {first.bits, second.bits, third};
  const uint16_t widths[3] = {first.width, second.width, 0};
  return unitgen_semantics::evaluateExpr(kind, width, value, bits, widths);
}

Handle ExprArena::intern(Kind kind, uint16_t width, Handle a, Handle b, Handle c, uint64_t value) {
  int arity = arityOf(kind);
  // Folding: a node whose operands are all constants is a constant (of the right sort).
  if (arity > 0 && isConstant(a) && (arity < 2 || isConstant(b)) && (arity < 3 || isConstant(c))) {
    uint64_t v = evaluate(kind, width, a, b, c, value);
    bool isFloat = isFloatKind(kind) || (kind == Kind::Ite && isFloatKind(nodes_[b].kind));
    Kind folded = isFloat ? Kind::FloatConstant : width == 1 ? Kind::BoolConstant : Kind::Constant;
    return intern(folded, width, 0, 0, 0, v);
  }
  size_t mask = table_.size() - 1;
  size_t slot = hashNode(kind, width, a, b, c, value) & mask;
  for (Handle h; (h = table_[slot]) != 0; slot = (slot + 1) & mask) {
    const Node &n = nodes_[h];
    if (n.kind == kind && n.width == width && n.ops[0] == a && n.ops[1] == b && n.ops[2] == c &&
        n.value == value)
      return h;
  }
  if (nodes_.size() > maxNodes_) {
    ++dropped_;
    return 0;
  }
  Node n{kind, width, {a, b, c}, value, evaluate(kind, width, a, b, c, value)};
  Handle h = static_cast<Handle>(nodes_.size());
  try {
    nodes_.push_back(n);
    if (nodes_.size() * 2 > table_.size())
      grow(); // before the slot is used: a failed growth leaves the table consistent
  } catch (const std::bad_alloc &) {
    if (nodes_.size() > h)
      nodes_.pop_back();
    ++dropped_;
    return 0;
  }
  ++built_;
  // The table may have been rebuilt (without h): insert into it afresh.
  size_t mask2 = table_.size() - 1;
  size_t at = hashNode(kind, width, a, b, c, value) & mask2;
  while (table_[at] && table_[at] != h)
    at = (at + 1) & mask2;
  table_[at] = h;
  return h;
}

Handle ExprArena::constant(uint64_t bits, uint16_t width) {
  return intern(Kind::Constant, width, 0, 0, 0, maskTo(bits, width));
}
Handle ExprArena::boolConstant(bool value) { return intern(Kind::BoolConstant, 1, 0, 0, 0, value); }
Handle ExprArena::floatConstant(uint64_t bits, uint16_t width) {
  return intern(Kind::FloatConstant, width, 0, 0, 0, maskTo(bits, width));
}
Handle ExprArena::inputByte(uint32_t index, uint8_t value) {
  Handle h = intern(Kind::InputByte, 8, 0, 0, 0, index);
  if (h)
    nodes_[h].concrete = value; // the leaf's value is the input's, not its index
  return h;
}

Handle ExprArena::unary(Kind kind, uint16_t width, Handle a, uint64_t value) {
  if (!a)
    return 0;
  return simplify(kind, width, a, 0, value);
}

Handle ExprArena::binary(Kind kind, uint16_t width, Handle a, Handle b) {
  if (!a || !b)
    return 0;
  return simplify(kind, width, a, b, 0);
}

Handle ExprArena::ite(Handle cond, Handle a, Handle b) {
  if (!cond || !a || !b)
    return 0;
  if (a == b)
    return a;
  const Node &c = nodes_[cond];
  if (c.kind == Kind::BoolConstant)
    return c.value ? a : b;
  return intern(Kind::Ite, nodes_[a].width, cond, a, b, 0);
}

Handle ExprArena::extract(Handle a, uint16_t low, uint16_t width) {
  return unary(Kind::Extract, width, a, low);
}
Handle ExprArena::zeroExtend(Handle a, uint16_t width) { return unary(Kind::ZeroExtend, width, a); }
Handle ExprArena::signExtend(Handle a, uint16_t width) { return unary(Kind::SignExtend, width, a); }
Handle ExprArena::concat(Handle high, Handle low) {
  if (!high || !low)
    return 0;
  return simplify(Kind::Concat, nodes_[high].width + nodes_[low].width, high, low, 0);
}
Handle ExprArena::boolToBits(Handle b, uint16_t width) { return unary(Kind::BoolToBits, width, b); }
Handle ExprArena::bitsToBool(Handle a) { return unary(Kind::BitsToBool, 1, a); }
Handle ExprArena::boolNot(Handle b) { return unary(Kind::BoolNot, 1, b); }

/// Local rewrites that keep traces small and readable: byte-wise loads of a value stored whole
/// give the value back, bools that went through memory stay bools, identities disappear.
Handle ExprArena::simplify(Kind kind, uint16_t width, Handle a, Handle b, uint64_t value) {
  const Node na = nodes_[a];
  const Node nb = nodes_[b];
  auto isConst = [&](const Node &n, uint64_t v) {
    return n.kind == Kind::Constant && n.value == v;
  };
  switch (kind) {
  case Kind::Extract:
    if (value == 0 && width == na.width)
      return a;
    if (na.kind == Kind::Extract)
      return extract(na.ops[0], static_cast<uint16_t>(na.value + value), width);
    if (na.kind == Kind::Concat) {
      uint16_t lowWidth = nodes_[na.ops[1]].width;
      if (value + width <= lowWidth)
        return extract(na.ops[1], static_cast<uint16_t>(value), width);
      if (value >= lowWidth)
        return extract(na.ops[0], static_cast<uint16_t>(value - lowWidth), width);
    }
    if (na.kind == Kind::ZeroExtend || na.kind == Kind::SignExtend) {
      uint16_t inner = nodes_[na.ops[0]].width;
      if (value + width <= inner)
        return extract(na.ops[0], static_cast<uint16_t>(value), width);
      if (na.kind == Kind::ZeroExtend && value >= inner)
        return constant(0, width);
    }
    if (na.kind == Kind::BoolToBits && value == 0)
      return boolToBits(na.ops[0], width);
    break;
  case Kind::ZeroExtend:
  case Kind::SignExtend:
    if (width == na.width)
      return a;
    if (na.kind == kind)
      return unary(kind, width, na.ops[0]);
    if (na.kind == Kind::BoolToBits)
      return boolToBits(na.ops[0], width);
    break;
  case Kind::Concat:
    if (na.kind == Kind::Extract && nb.kind == Kind::Extract && na.ops[0] == nb.ops[0] &&
        na.value == nb.value + nb.width)
      return extract(na.ops[0], static_cast<uint16_t>(nb.value), width);
    break;
  case Kind::BitsToBool:
    if (na.kind == Kind::BoolToBits)
      return na.ops[0];
    break;
  case Kind::FloatFromBits:
    if (na.kind == Kind::FloatToBits && nodes_[na.ops[0]].width == width)
      return na.ops[0];
    break;
  case Kind::FloatToBits:
    if (na.kind == Kind::FloatFromBits && nodes_[na.ops[0]].width == width)
      return na.ops[0];
    break;
  case Kind::BoolNot:
    switch (na.kind) {
    case Kind::BoolNot:
      return na.ops[0];
    case Kind::Equal:
      return predicate(Kind::Distinct, na.ops[0], na.ops[1]);
    case Kind::Distinct:
      return predicate(Kind::Equal, na.ops[0], na.ops[1]);
    case Kind::Ult:
      return predicate(Kind::Uge, na.ops[0], na.ops[1]);
    case Kind::Uge:
      return predicate(Kind::Ult, na.ops[0], na.ops[1]);
    case Kind::Ule:
      return predicate(Kind::Ugt, na.ops[0], na.ops[1]);
    case Kind::Ugt:
      return predicate(Kind::Ule, na.ops[0], na.ops[1]);
    case Kind::Slt:
      return predicate(Kind::Sge, na.ops[0], na.ops[1]);
    case Kind::Sge:
      return predicate(Kind::Slt, na.ops[0], na.ops[1]);
    case Kind::Sle:
      return predicate(Kind::Sgt, na.ops[0], na.ops[1]);
    case Kind::Sgt:
      return predicate(Kind::Sle, na.ops[0], na.ops[1]);
    default:
      break;
    }
    break;
  case Kind::Equal:
  case Kind::Distinct:
    // `b != 0` / `b == 0` / `b == 1` on a bool that was widened to bits.
    if (na.kind == Kind::BoolToBits && nb.kind == Kind::Constant && nb.value <= 1) {
      bool same = (kind == Kind::Equal) == (nb.value == 1);
      return same ? na.ops[0] : boolNot(na.ops[0]);
    }
    if (nb.kind == Kind::BoolToBits && na.kind == Kind::Constant && na.value <= 1)
      return simplify(kind, width, b, a, value);
    break;
  case Kind::And:
    if (isConst(nb, allOnes(width)))
      return a;
    if (na.kind == Kind::BoolToBits && nb.kind == Kind::Constant && (nb.value & 1))
      return a; // a widened bool has only bit 0
    break;
  case Kind::Add:
  case Kind::Sub:
    // `(x ± c1) ± c2` is `x ± c`: a counter stepped in a loop stays one node deep, where a chain
    // of a thousand steps would make every later branch condition a thousand nodes for the
    // solver. Modular arithmetic makes the fold exact at any width.
    if (nb.kind == Kind::Constant && (na.kind == Kind::Add || na.kind == Kind::Sub) &&
        nodes_[na.ops[1]].kind == Kind::Constant) {
      uint64_t inner = nodes_[na.ops[1]].value;
      uint64_t net = (na.kind == Kind::Add ? inner : 0 - inner) +
                     (kind == Kind::Add ? nb.value : 0 - nb.value);
      if (na.kind == Kind::Sub && kind == Kind::Sub)
        return binary(Kind::Sub, width, na.ops[0], constant(0 - net, width));
      return binary(Kind::Add, width, na.ops[0], constant(net, width));
    }
    if (isConst(nb, 0))
      return a;
    break;
  case Kind::Or:
  case Kind::Xor:
  case Kind::Shl:
  case Kind::LShr:
  case Kind::AShr:
    if (isConst(nb, 0))
      return a;
    break;
  case Kind::Mul:
    if (isConst(nb, 1))
      return a;
    break;
  default:
    break;
  }
  return intern(kind, width, a, b, 0, value);
}

} // namespace sym
} // namespace unitgen_rt
