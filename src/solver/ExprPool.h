// ExprPool: the engine's hash-consed store of symbolic expressions, into which every execution's
// SymbolicTrace is imported, so equal expressions from different executions get equal ids.
#pragma once

#include "model/Error.h"
#include "model/SymbolicTrace.h"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace unitgen {

/// Index into an ExprPool. Stable for the pool's lifetime (nodes are never removed), so
/// constraint trees and caches can hold ids instead of expressions.
using ExprId = uint32_t;

/// What a node denotes. Width 1 is always Bool (SymExpr.def); floats are IEEE 32/64-bit values.
enum class ExprSort : uint8_t { Bool, Bits, Float };

struct PoolNode {
  ExprKind kind = ExprKind::Constant;
  ExprSort sort = ExprSort::Bits;
  uint16_t width = 0;
  /// Constant/FloatConstant bits (masked to `width`), InputByte index, Extract low bit; else 0.
  uint64_t value = 0;
  std::array<ExprId, 3> operands = {0, 0, 0}; ///< the first arity(kind) are used, the rest 0
};

/// An integer order comparison (Ult, Ule, Ugt, Uge, Slt, Sle, Sgt, Sge): the one list of them,
/// for the pool's well-formedness check and the concolic strategy's boundaries.
inline bool isIntegerOrder(ExprKind kind) {
  switch (kind) {
  case ExprKind::Ult:
  case ExprKind::Ule:
  case ExprKind::Ugt:
  case ExprKind::Uge:
  case ExprKind::Slt:
  case ExprKind::Sle:
  case ExprKind::Sgt:
  case ExprKind::Sge:
    return true;
  default:
    return false;
  }
}

/// Sorted input byte indices an expression reads. Shared between nodes (most nodes read exactly
/// what one of their operands reads), so storing one per node stays cheap.
using ByteSet = std::vector<uint32_t>;

class ExprPool {
public:
  ExprPool();

  /// Maps every node of `trace` to a pool id (result[i] is node i). Fails on a malformed trace
  /// (forward operand, width or sort mismatch) — a runtime bug the caller counts and skips.
  Expected<std::vector<ExprId>> import(const SymbolicTrace &trace);

  /// Builds (or finds) a node; folds nodes whose operands are all constants, double negation and
  /// a constant Ite condition. `tryMake` reports a malformed node; `make` treats one as a bug and
  /// aborts, for code that builds expressions itself (tests, the strategy's own constraints).
  Expected<ExprId> tryMake(ExprKind kind, uint16_t width, std::initializer_list<ExprId> operands,
                           uint64_t value = 0);
  ExprId make(ExprKind kind, uint16_t width, std::initializer_list<ExprId> operands,
              uint64_t value = 0);

  ExprId constant(uint64_t value, uint16_t width) {
    return make(ExprKind::Constant, width, {}, value);
  }
  ExprId boolean(bool value) { return make(ExprKind::BoolConstant, 1, {}, value); }
  ExprId inputByte(uint32_t index) { return make(ExprKind::InputByte, 8, {}, index); }
  /// BoolNot, folding a double negation, so negating a branch twice gives back the branch.
  ExprId negate(ExprId condition) { return make(ExprKind::BoolNot, 1, {condition}); }

  const PoolNode &node(ExprId id) const { return nodes_[id]; }
  const ByteSet &bytes(ExprId id) const { return *bytes_[id]; }
  bool isConstant(ExprId id) const;
  size_t size() const { return nodes_.size(); }

private:
  struct KeyHash {
    size_t operator()(const PoolNode &node) const;
  };
  struct KeyEqual {
    bool operator()(const PoolNode &a, const PoolNode &b) const;
  };

  /// Canonicalizes, checks, simplifies and interns a node whose operands are pool ids.
  Expected<ExprId> build(PoolNode node);
  /// Checks widths and sorts; returns the node's sort or an error message.
  Expected<ExprSort> check(const PoolNode &node) const;
  /// An equal-meaning simpler node (a folded constant, an operand), if one is obvious.
  std::optional<ExprId> simplify(const PoolNode &node);
  ExprId intern(const PoolNode &node);
  std::shared_ptr<const ByteSet> unionOfOperands(const PoolNode &node) const;

  std::vector<PoolNode> nodes_;
  std::vector<std::shared_ptr<const ByteSet>> bytes_;
  std::unordered_map<PoolNode, ExprId, KeyHash, KeyEqual> index_;
  std::shared_ptr<const ByteSet> noBytes_;
};

/// A readable S-expression, e.g. `(Ult:1 (ZeroExtend:32 in3) 100:32)`; cut after `maxChars`.
std::string printExpr(const ExprPool &pool, ExprId id, size_t maxChars = 4096);

} // namespace unitgen
