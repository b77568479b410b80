// TraceDecoder: bounds-checked decoding of the trace layout and an s-expression printer.
#include "exec/TraceDecoder.h"

#include "symbolic/SymWire.h"

#include <fmt/format.h>

namespace unitgen {
namespace {

using namespace unitgen_symwire;

constexpr uint8_t kNumKinds = 0
#define UNITGEN_EXPR(Name, Arity, Meaning) +1
#include "model/SymExpr.def"
    ;

} // namespace

bool decodeSymbolicTrace(const uint8_t *data, size_t size, SymbolicTrace &trace) {
  trace = SymbolicTrace{};
  WireReader in(data, size);
  uint8_t version = 0;
  uint64_t count = 0;
  if (!in.byte(version) || version != kTraceVersion || !in.varint(count) || count > size)
    return false;
  trace.nodes.resize(count);
  for (uint64_t i = 0; i < count; ++i) {
    ExprNode &node = trace.nodes[i];
    uint8_t kind = 0;
    uint64_t width = 0;
    if (!in.byte(kind) || kind >= kNumKinds || !in.varint(width) || width == 0 || width > 64 ||
        !in.varint(node.value))
      return false;
    node.kind = static_cast<ExprKind>(kind);
    node.width = static_cast<uint16_t>(width);
    for (int k = 0; k < arity(node.kind); ++k) {
      uint64_t delta = 0;
      if (!in.varint(delta) || delta == 0 || delta > i)
        return false;
      node.operands[k] = static_cast<uint32_t>(i - delta);
    }
  }
  if (!in.varint(count) || count > size)
    return false;
  trace.branches.resize(count);
  for (BranchRecord &branch : trace.branches) {
    uint64_t site = 0, condition = 0;
    int64_t statement = 0;
    uint8_t flags = 0;
    if (!in.varint(site) || !in.zigzag(statement) || !in.byte(flags) || !in.varint(condition) ||
        condition >= trace.nodes.size() || trace.nodes[condition].width != 1)
      return false;
    branch.site = static_cast<uint32_t>(site);
    branch.statement = static_cast<int32_t>(statement);
    branch.taken = flags & kBranchTaken;
    branch.concretization = flags & kBranchConcretization;
    branch.condition = static_cast<uint32_t>(condition);
  }
  if (!in.varint(count) || count > size)
    return false;
  trace.inputs.resize(count);
  for (InputOrigin &input : trace.inputs) {
    int64_t statement = 0, argument = 0;
    uint64_t offset = 0;
    if (!in.zigzag(statement) || !in.zigzag(argument) || !in.varint(offset) ||
        !in.byte(input.value))
      return false;
    input.statement = static_cast<int32_t>(statement);
    input.argument = static_cast<int32_t>(argument);
    input.offset = static_cast<uint32_t>(offset);
  }
  if (!in.varint(trace.expressionsBuilt) || !in.varint(trace.expressionsDropped) ||
      !in.varint(count) || count > size)
    return false;
  trace.splices.resize(count);
  for (StringSplice &splice : trace.splices) {
    uint64_t first = 0, length = 0, textLength = 0;
    if (!in.varint(first) || !in.varint(length) || !in.varint(textLength) || textLength > size)
      return false;
    splice.firstInput = static_cast<uint32_t>(first);
    splice.length = static_cast<uint32_t>(length);
    splice.text.resize(textLength);
    for (char &ch : splice.text) {
      uint8_t byte = 0;
      if (!in.byte(byte))
        return false;
      ch = static_cast<char>(byte);
    }
    if (splice.firstInput + uint64_t{splice.length} > trace.inputs.size())
      return false;
  }
  uint8_t hasState = 0;
  if (!in.byte(hasState) || hasState > 1)
    return false;
  trace.hasState = hasState == 1;
  if (trace.hasState) {
    if (!in.varint(trace.stateShape) || !in.varint(count) || count > size)
      return false;
    trace.stateSlots.resize(count);
    for (uint32_t &slot : trace.stateSlots) {
      uint64_t node = 0;
      if (!in.varint(node) || node >= trace.nodes.size())
        return false;
      slot = static_cast<uint32_t>(node);
    }
  }
  return in.atEnd();
}

std::string formatExpression(const SymbolicTrace &trace, uint32_t index) {
  if (index >= trace.nodes.size())
    return "?";
  const ExprNode &node = trace.nodes[index];
  switch (node.kind) {
  case ExprKind::Constant:
    return fmt::format("#x{:x}:{}", node.value, node.width);
  case ExprKind::InputByte:
    return fmt::format("in{}", node.value);
  case ExprKind::BoolConstant:
    return node.value ? "true" : "false";
  case ExprKind::FloatConstant:
    return fmt::format("#f{:x}:{}", node.value, node.width);
  default:
    break;
  }
  std::string text = fmt::format("({}", toString(node.kind));
  if (node.kind == ExprKind::Extract)
    text += fmt::format("@{}", node.value);
  if (node.kind == ExprKind::ZeroExtend || node.kind == ExprKind::SignExtend ||
      node.kind == ExprKind::Extract || node.kind == ExprKind::BoolToBits)
    text += fmt::format(":{}", node.width);
  for (int k = 0; k < arity(node.kind); ++k)
    text += " " + formatExpression(trace, node.operands[k]);
  return text + ")";
}

} // namespace unitgen
