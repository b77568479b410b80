// SymExprArena: the per-execution expression DAG — hash-consed nodes in one vector, each with the
// concrete value it has in this execution, and a cap past which values simply stay concrete.
#pragma once

#include "model/ExprSemantics.h"
#include "symbolic/SymMemory.h"

#include <cstdint>

namespace unitgen_rt {
namespace sym {

/// Expression kinds, numbered as on the wire (model/SymExpr.def is the one list).
enum class Kind : uint8_t {
#define UNITGEN_EXPR(Name, Arity, Meaning) Name,
#include "model/SymExpr.def"
};

int arityOf(Kind kind);
bool isFloatKind(Kind kind);

/// An operand's value (low `width` bits) and width, for evaluateKind.
struct Operand {
  uint64_t bits;
  uint16_t width;
};

/// The value of a node of `kind` and `width` (its `value` field as Node has it) whose operands
/// have these values: the arena's concrete values, and any other assignment of the inputs.
uint64_t evaluateKind(Kind kind, uint16_t width, uint64_t value, Operand first, Operand second,
                      uint64_t third);

/// Handle 0 is "no expression" (concrete); handles index `ExprArena::node`.
using Handle = uint32_t;

struct Node {
  Kind kind;
  uint16_t width; ///< bits; 1 = boolean
  Handle ops[3];
  uint64_t value;    ///< Constant bits, InputByte index, Extract low bit, FloatConstant bits
  uint64_t concrete; ///< the value in this execution: low `width` bits (booleans 0/1, float bits)
};

/// Low `width` bits of `bits` (model/ExprSemantics.h).
inline uint64_t maskTo(uint64_t bits, unsigned width) {
  return unitgen_semantics::maskToWidth(bits, static_cast<uint16_t>(width));
}

/// The low `width` bits of `bits` read as a two's-complement number.
inline int64_t signedValue(uint64_t bits, unsigned width) {
  return unitgen_semantics::toSigned(bits, static_cast<uint16_t>(width));
}

class ExprArena {
public:
  ExprArena();
  /// Forgets every node; at most `maxNodes` can be built until the next reset.
  void reset(uint32_t maxNodes);

  bool valid(Handle h) const { return h != 0 && h < nodes_.size(); }
  const Node &node(Handle h) const { return nodes_[h]; }
  uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  uint64_t built() const { return built_; }
  /// Nodes not built because of the cap (each left a value concrete).
  uint64_t dropped() const { return dropped_; }
  void noteDropped(uint64_t count = 1) { dropped_ += count; }

  // Every builder returns 0 when the cap is reached (the caller then treats the value as
  // concrete, which is always sound for the execution itself). Operands must be valid handles.
  Handle constant(uint64_t bits, uint16_t width);
  Handle boolConstant(bool value);
  Handle floatConstant(uint64_t bits, uint16_t width);
  Handle inputByte(uint32_t index, uint8_t value);
  Handle unary(Kind kind, uint16_t width, Handle a, uint64_t value = 0);
  Handle binary(Kind kind, uint16_t width, Handle a, Handle b);
  Handle ite(Handle cond, Handle a, Handle b);

  Handle extract(Handle a, uint16_t low, uint16_t width);
  Handle zeroExtend(Handle a, uint16_t width);
  Handle signExtend(Handle a, uint16_t width);
  Handle concat(Handle high, Handle low);
  Handle boolToBits(Handle b, uint16_t width);
  Handle bitsToBool(Handle a);
  Handle boolNot(Handle b);
  /// Comparison / boolean node of width 1.
  Handle predicate(Kind kind, Handle a, Handle b) { return binary(kind, 1, a, b); }

private:
  /// Interns a node (after simplification), computing its concrete value.
  Handle intern(Kind kind, uint16_t width, Handle a, Handle b, Handle c, uint64_t value);
  Handle simplify(Kind kind, uint16_t width, Handle a, Handle b, uint64_t value);
  uint64_t evaluate(Kind kind, uint16_t width, Handle a, Handle b, Handle c, uint64_t value) const;
  bool isConstant(Handle h) const;
  void grow();

  SymVector<Node> nodes_;
  SymVector<Handle> table_; ///< open addressing over node contents; 0 = empty slot
  uint32_t maxNodes_ = 0;
  uint64_t built_ = 0;
  uint64_t dropped_ = 0;
};

} // namespace sym
} // namespace unitgen_rt
