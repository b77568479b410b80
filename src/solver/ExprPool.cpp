// ExprPool: structural hashing, well-formedness checks, light folding and input-byte sets.
#include "solver/ExprPool.h"

#include "solver/ConcreteSemantics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace unitgen {
namespace {

bool producesFloat(ExprKind kind) {
  switch (kind) {
  case ExprKind::FloatConstant:
  case ExprKind::FloatFromBits:
  case ExprKind::FloatAdd:
  case ExprKind::FloatSub:
  case ExprKind::FloatMul:
  case ExprKind::FloatDiv:
  case ExprKind::SignedToFloat:
    return true;
  default:
    return false;
  }
}

/// The operation's semantic check, given its operands. Returns a reason or nullptr.
const char *operandProblem(const PoolNode &node, const PoolNode *const *ops) {
  const uint16_t w = node.width;
  auto bitsLike = [&](int i) { return ops[i]->sort != ExprSort::Float; };
  auto isFloat = [&](int i) { return ops[i]->sort == ExprSort::Float; };
  auto width = [&](int i) { return ops[i]->width; };
  if (isIntegerOrder(node.kind))
    return w == 1 && bitsLike(0) && bitsLike(1) && width(0) == width(1)
               ? nullptr
               : "compared operands differ";
  switch (node.kind) {
  case ExprKind::Constant:
    return nullptr;
  case ExprKind::InputByte:
    return w == 8 ? nullptr : "an input byte has width 8";
  case ExprKind::BoolConstant:
    return w == 1 ? nullptr : "a boolean has width 1";
  case ExprKind::FloatConstant:
    return nullptr;
  case ExprKind::Not:
  case ExprKind::Neg:
    return bitsLike(0) && width(0) == w ? nullptr : "operand width differs";
  case ExprKind::ZeroExtend:
  case ExprKind::SignExtend:
    return bitsLike(0) && width(0) <= w ? nullptr : "extension to a narrower width";
  case ExprKind::Extract:
    return bitsLike(0) && node.value < 64 && node.value + w <= width(0) ? nullptr
                                                                        : "extract out of range";
  case ExprKind::BoolNot:
    return w == 1 && width(0) == 1 ? nullptr : "boolean negation of a non-boolean";
  case ExprKind::BoolToBits:
    return ops[0]->sort == ExprSort::Bool ? nullptr : "operand is not boolean";
  case ExprKind::BitsToBool:
    return w == 1 && bitsLike(0) ? nullptr : "bits-to-bool yields a boolean of bits";
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul:
  case ExprKind::UDiv:
  case ExprKind::SDiv:
  case ExprKind::URem:
  case ExprKind::SRem:
  case ExprKind::Shl:
  case ExprKind::LShr:
  case ExprKind::AShr:
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::Xor:
    return bitsLike(0) && bitsLike(1) && width(0) == w && width(1) == w ? nullptr
                                                                        : "operand width differs";
  case ExprKind::Concat:
    return bitsLike(0) && bitsLike(1) && width(0) + width(1) == w ? nullptr
                                                                  : "concat width is not the sum";
  case ExprKind::Equal:
  case ExprKind::Distinct:
    return w == 1 && width(0) == width(1) && isFloat(0) == isFloat(1) ? nullptr
                                                                      : "compared operands differ";
  case ExprKind::BoolAnd:
  case ExprKind::BoolOr:
  case ExprKind::BoolXor:
    return w == 1 && width(0) == 1 && width(1) == 1 ? nullptr : "operand is not boolean";
  case ExprKind::Ite:
    return width(0) == 1 && width(1) == w && width(2) == w && ops[1]->sort == ops[2]->sort
               ? nullptr
               : "ite operands differ";
  case ExprKind::FloatFromBits:
    return bitsLike(0) && width(0) == w ? nullptr : "operand width differs";
  case ExprKind::FloatToBits:
    return isFloat(0) && width(0) == w ? nullptr : "operand is not a float of this width";
  case ExprKind::FloatAdd:
  case ExprKind::FloatSub:
  case ExprKind::FloatMul:
  case ExprKind::FloatDiv:
    return isFloat(0) && isFloat(1) && width(0) == w && width(1) == w ? nullptr
                                                                      : "operand float differs";
  case ExprKind::FloatOrderedEqual:
  case ExprKind::FloatOrderedLess:
  case ExprKind::FloatOrderedLessEqual:
    return w == 1 && isFloat(0) && isFloat(1) && width(0) == width(1) ? nullptr
                                                                      : "compared floats differ";
  case ExprKind::FloatIsNaN:
    return w == 1 && isFloat(0) ? nullptr : "operand is not a float";
  case ExprKind::SignedToFloat:
    return bitsLike(0) ? nullptr : "operand is not an integer";
  case ExprKind::FloatToSigned:
    return isFloat(0) ? nullptr : "operand is not a float";
  default: // the integer orders, checked before the switch
    break;
  }
  return "unknown kind";
}

uint64_t mix(uint64_t seed, uint64_t value) {
  seed ^= value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2);
  return seed * 0xff51afd7ed558ccdULL;
}

} // namespace

size_t ExprPool::KeyHash::operator()(const PoolNode &node) const {
  uint64_t h = mix(static_cast<uint64_t>(node.kind), node.width);
  h = mix(h, node.value);
  for (ExprId operand : node.operands)
    h = mix(h, operand);
  return static_cast<size_t>(h);
}

bool ExprPool::KeyEqual::operator()(const PoolNode &a, const PoolNode &b) const {
  return a.kind == b.kind && a.width == b.width && a.value == b.value && a.operands == b.operands;
}

ExprPool::ExprPool() : noBytes_(std::make_shared<const ByteSet>()) {}

bool ExprPool::isConstant(ExprId id) const {
  const ExprKind kind = nodes_[id].kind;
  return kind == ExprKind::Constant || kind == ExprKind::BoolConstant ||
         kind == ExprKind::FloatConstant;
}

Expected<ExprSort> ExprPool::check(const PoolNode &node) const {
  auto fail = [&](const char *why) {
    return Error{ExitCode::Internal, fmt::format("malformed expression {}:{}: {}",
                                                 toString(node.kind), node.width, why)};
  };
  if (node.width == 0 || node.width > 64)
    return fail("width must be 1..64");
  const PoolNode *ops[3] = {nullptr, nullptr, nullptr};
  for (int i = 0; i < arity(node.kind); ++i) {
    if (node.operands[i] >= nodes_.size())
      return fail("operand id out of range");
    ops[i] = &nodes_[node.operands[i]];
  }
  if (const char *problem = operandProblem(node, ops))
    return fail(problem);
  if (producesFloat(node.kind) || (node.kind == ExprKind::Ite && ops[1]->sort == ExprSort::Float)) {
    if (node.width != 32 && node.width != 64)
      return fail("floats are 32 or 64 bits");
    return ExprSort::Float;
  }
  return node.width == 1 ? ExprSort::Bool : ExprSort::Bits;
}

std::optional<ExprId> ExprPool::simplify(const PoolNode &node) {
  const int operandCount = arity(node.kind);
  if (operandCount == 0)
    return std::nullopt;
  const auto &ops = node.operands;
  if (node.kind == ExprKind::BoolNot && nodes_[ops[0]].kind == ExprKind::BoolNot)
    return nodes_[ops[0]].operands[0];
  // A bit cast there and back is the identity (and Z3, with one NaN, would lose NaN payloads).
  if ((node.kind == ExprKind::FloatToBits && nodes_[ops[0]].kind == ExprKind::FloatFromBits) ||
      (node.kind == ExprKind::FloatFromBits && nodes_[ops[0]].kind == ExprKind::FloatToBits))
    return nodes_[ops[0]].operands[0];
  if (node.kind == ExprKind::Ite) {
    if (ops[1] == ops[2])
      return ops[1];
    if (isConstant(ops[0]))
      return nodes_[ops[0]].value ? ops[1] : ops[2];
  }
  uint64_t bits[3] = {0, 0, 0};
  uint16_t widths[3] = {0, 0, 0};
  for (int i = 0; i < operandCount; ++i) {
    if (!isConstant(ops[i]))
      return std::nullopt;
    bits[i] = nodes_[ops[i]].value;
    widths[i] = nodes_[ops[i]].width;
  }
  const uint64_t value = evaluateNode(node, bits, widths);
  switch (node.sort) {
  case ExprSort::Bool:
    return boolean(value != 0);
  case ExprSort::Float:
    return make(ExprKind::FloatConstant, node.width, {}, value);
  case ExprSort::Bits:
    break;
  }
  return constant(value, node.width);
}

Expected<ExprId> ExprPool::tryMake(ExprKind kind, uint16_t width,
                                   std::initializer_list<ExprId> operands, uint64_t value) {
  if (operands.size() != static_cast<size_t>(arity(kind)))
    return Error{ExitCode::Internal, fmt::format("{} takes {} operands, not {}", toString(kind),
                                                 arity(kind), operands.size())};
  PoolNode node;
  node.kind = kind;
  node.width = width;
  node.value = value;
  std::copy(operands.begin(), operands.end(), node.operands.begin());
  return build(node);
}

Expected<ExprId> ExprPool::build(PoolNode node) {
  // Canonical form, so equal meanings hash alike: unused values are 0, leaves are masked, and a
  // 1-bit constant is a boolean (SymExpr.def: width 1 is never a bit-vector).
  switch (node.kind) {
  case ExprKind::Constant:
    if (node.width == 1)
      node.kind = ExprKind::BoolConstant;
    node.value = maskToWidth(node.value, node.width);
    break;
  case ExprKind::FloatConstant:
    node.value = maskToWidth(node.value, node.width);
    break;
  case ExprKind::BoolConstant:
    node.value = node.value != 0;
    break;
  case ExprKind::InputByte:
    if (node.value > UINT32_MAX)
      return Error{ExitCode::Internal, fmt::format("input byte index {} too large", node.value)};
    break;
  case ExprKind::Extract:
    break;
  default:
    node.value = 0;
  }
  Expected<ExprSort> sort = check(node);
  if (!sort)
    return sort.error();
  node.sort = *sort;
  if (std::optional<ExprId> simpler = simplify(node))
    return *simpler;
  return intern(node);
}

ExprId ExprPool::make(ExprKind kind, uint16_t width, std::initializer_list<ExprId> operands,
                      uint64_t value) {
  Expected<ExprId> id = tryMake(kind, width, operands, value);
  if (!id) {
    // The caller built the expression itself, so a malformed one is a bug in unitgen.
    std::fprintf(stderr, "unitgen: internal error: %s\n", id.error().message.c_str());
    std::abort();
  }
  return *id;
}

ExprId ExprPool::intern(const PoolNode &node) {
  if (auto it = index_.find(node); it != index_.end())
    return it->second;
  const ExprId id = static_cast<ExprId>(nodes_.size());
  nodes_.push_back(node);
  bytes_.push_back(node.kind == ExprKind::InputByte
                       ? std::make_shared<const ByteSet>(1, static_cast<uint32_t>(node.value))
                       : unionOfOperands(node));
  index_.emplace(node, id);
  return id;
}

std::shared_ptr<const ByteSet> ExprPool::unionOfOperands(const PoolNode &node) const {
  std::shared_ptr<const ByteSet> result = noBytes_;
  for (int i = 0; i < arity(node.kind); ++i) {
    const std::shared_ptr<const ByteSet> &operand = bytes_[node.operands[i]];
    if (std::includes(result->begin(), result->end(), operand->begin(), operand->end()))
      continue;
    if (std::includes(operand->begin(), operand->end(), result->begin(), result->end())) {
      result = operand;
      continue;
    }
    auto merged = std::make_shared<ByteSet>();
    std::set_union(result->begin(), result->end(), operand->begin(), operand->end(),
                   std::back_inserter(*merged));
    result = std::move(merged);
  }
  return result;
}

Expected<std::vector<ExprId>> ExprPool::import(const SymbolicTrace &trace) {
  std::vector<ExprId> ids;
  ids.reserve(trace.nodes.size());
  for (size_t i = 0; i < trace.nodes.size(); ++i) {
    const ExprNode &node = trace.nodes[i];
    const int operandCount = arity(node.kind);
    ExprId operands[3] = {0, 0, 0};
    for (int j = 0; j < operandCount; ++j) {
      if (node.operands[j] >= i)
        return Error{ExitCode::Internal,
                     fmt::format("trace node {}: operand {} is not an earlier node", i, j)};
      operands[j] = ids[node.operands[j]];
    }
    PoolNode poolNode;
    poolNode.kind = node.kind;
    poolNode.width = node.width;
    poolNode.value = node.value;
    std::copy(operands, operands + 3, poolNode.operands.begin());
    Expected<ExprId> id = build(poolNode);
    if (!id)
      return Error{ExitCode::Internal, fmt::format("trace node {}: {}", i, id.error().message)};
    ids.push_back(*id);
  }
  return ids;
}

} // namespace unitgen
