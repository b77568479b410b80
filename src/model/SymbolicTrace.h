// SymbolicTrace: the engine-side form of what one concolic execution recorded — the expression
// DAG, the branches taken with their conditions, and where each symbolic input byte came from.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

enum class ExprKind : uint8_t {
#define UNITGEN_EXPR(Name, Arity, Meaning) Name,
#include "model/SymExpr.def"
};

/// Number of operands of a kind, from SymExpr.def.
int arity(ExprKind kind);
const char *toString(ExprKind kind);

/// One node of the DAG. Operands are indices of earlier nodes in SymbolicTrace::nodes, so the
/// vector is in topological order and shared subexpressions appear once (the runtime hash-conses).
struct ExprNode {
  ExprKind kind = ExprKind::Constant;
  uint16_t width = 0; ///< bits; 1 = boolean
  uint32_t operands[3] = {0, 0, 0};
  uint64_t value = 0; ///< Constant bits, InputByte index, Extract low bit, FloatConstant bits
};

/// A conditional branch (or switch case, or concretization) the code under test executed.
struct BranchRecord {
  uint32_t site = 0;      ///< stable id of the branch instruction in the exploration build
  int32_t statement = -1; ///< index of the sequence statement during which it ran
  bool taken = false;     ///< the value `condition` had in this execution
  uint32_t condition = 0; ///< node index (width 1)
  /// Concretizations (a symbolic pointer/index/size fixed to its concrete value) are recorded as
  /// branches with this flag: negating them is legal but does not switch a program branch.
  bool concretization = false;
};

/// Where a symbolic input byte came from: byte `offset` of argument `argument` of statement
/// `statement`, with its concrete value in this execution. Input byte i is inputs[i].
struct InputOrigin {
  int32_t statement = -1;
  int32_t argument = -1;
  uint32_t offset = 0;
  uint8_t value = 0;
};

/// Input bytes firstInput .. firstInput + length - 1 (consecutive bytes of one string
/// argument) were compared with `text`, of another length: replacing them by it may take the
/// comparison's other way, which no model of the bytes can.
struct StringSplice {
  uint32_t firstInput = 0;
  uint32_t length = 0;
  std::string text;
};

struct SymbolicTrace {
  std::vector<ExprNode> nodes;
  std::vector<BranchRecord> branches; ///< in execution order
  std::vector<InputOrigin> inputs;
  /// The runtime stops building expressions past a cap per execution (values become concrete);
  /// how many it did not build, so the engine can report the loss of precision.
  uint64_t expressionsDropped = 0;
  uint64_t expressionsBuilt = 0;
  std::vector<StringSplice> splices;
  /// Symbolic-state requests: variable 0's final state — its canonical hash with each symbolic
  /// primitive field as a placeholder (the shape), and those fields' nodes in walk order.
  bool hasState = false;
  uint64_t stateShape = 0;
  std::vector<uint32_t> stateSlots;
};

} // namespace unitgen
