// Evaluator: iterative, memoized evaluation of pool expressions under an input assignment.
#include "solver/Evaluator.h"

#include "solver/ConcreteSemantics.h"

#include <utility>

namespace unitgen {
namespace {
const std::vector<uint8_t> kNoDefaults;
} // namespace

Evaluator::Evaluator(const ExprPool &pool, const Model &model, const std::vector<uint8_t> &defaults)
    : pool_(pool), model_(model), defaults_(defaults) {}

Evaluator::Evaluator(const ExprPool &pool, const Model &model)
    : Evaluator(pool, model, kNoDefaults) {}

uint8_t Evaluator::byteValue(uint32_t index) const {
  if (auto it = model_.find(index); it != model_.end())
    return it->second;
  return index < defaults_.size() ? defaults_[index] : 0;
}

uint64_t Evaluator::value(ExprId root) {
  if (auto it = memo_.find(root); it != memo_.end())
    return it->second;
  // Post-order with an explicit stack: path conditions of loops nest thousands of levels deep.
  std::vector<std::pair<ExprId, bool>> stack{{root, false}};
  while (!stack.empty()) {
    auto [id, operandsDone] = stack.back();
    if (memo_.count(id)) {
      stack.pop_back();
      continue;
    }
    const PoolNode &node = pool_.node(id);
    const int operandCount = arity(node.kind);
    if (!operandsDone) {
      stack.back().second = true;
      for (int i = 0; i < operandCount; ++i)
        if (!memo_.count(node.operands[i]))
          stack.push_back({node.operands[i], false});
      continue;
    }
    stack.pop_back();
    if (node.kind == ExprKind::InputByte) {
      memo_[id] = byteValue(static_cast<uint32_t>(node.value));
      continue;
    }
    uint64_t bits[3] = {0, 0, 0};
    uint16_t widths[3] = {0, 0, 0};
    for (int i = 0; i < operandCount; ++i) {
      bits[i] = memo_.at(node.operands[i]);
      widths[i] = pool_.node(node.operands[i]).width;
    }
    memo_[id] = evaluateNode(node, bits, widths);
  }
  return memo_.at(root);
}

bool Evaluator::allTrue(const std::vector<ExprId> &ids) {
  for (ExprId id : ids)
    if (!isTrue(id))
      return false;
  return true;
}

} // namespace unitgen
