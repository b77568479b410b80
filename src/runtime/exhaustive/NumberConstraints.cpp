// NumberConstraints: a condition comparing a variable with earlier ones narrows the variable's
// range at once; the others are checked as soon as their last variable is assigned, so a
// failing prefix cuts every assignment below it.
#include "exhaustive/NumberConstraints.h"

#include <algorithm>

namespace unitgen_rt {
namespace korat {

using sym::Handle;
using sym::Kind;

namespace {

/// The comparison with its sides swapped.
Kind mirrored(Kind op) {
  switch (op) {
  case Kind::Slt:
    return Kind::Sgt;
  case Kind::Sle:
    return Kind::Sge;
  case Kind::Sgt:
    return Kind::Slt;
  case Kind::Sge:
    return Kind::Sle;
  default:
    return op;
  }
}

/// The comparison that holds exactly when `op` does not.
Kind negated(Kind op) {
  switch (op) {
  case Kind::Equal:
    return Kind::Distinct;
  case Kind::Distinct:
    return Kind::Equal;
  case Kind::Slt:
    return Kind::Sge;
  case Kind::Sle:
    return Kind::Sgt;
  case Kind::Sgt:
    return Kind::Sle;
  default:
    return Kind::Slt;
  }
}

/// Unsigned comparisons become signed ones over the same (non-negative) numbers.
bool comparison(Kind kind, Kind &op, bool &isUnsigned) {
  isUnsigned = kind == Kind::Ult || kind == Kind::Ule || kind == Kind::Ugt || kind == Kind::Uge;
  switch (kind) {
  case Kind::Equal:
  case Kind::Distinct:
  case Kind::Slt:
  case Kind::Sle:
  case Kind::Sgt:
  case Kind::Sge:
    op = kind;
    return true;
  case Kind::Ult:
    op = Kind::Slt;
    return true;
  case Kind::Ule:
    op = Kind::Sle;
    return true;
  case Kind::Ugt:
    op = Kind::Sgt;
    return true;
  case Kind::Uge:
    op = Kind::Sge;
    return true;
  default:
    return false;
  }
}

} // namespace

void NumberConstraints::reset(const sym::ExprArena &arena) {
  arena_ = &arena;
  variables_.clear();
  inputVariable_.clear();
  inputByte_.clear();
  constant_.clear();
  checkedAt_.clear();
  bounds_.clear();
  conditionVariables_.clear();
  variablesFrom_.assign(1, 0);
  conditions_ = 0;
  grow();
  baseline_ = ++tick_; // nothing computed before is valid
  structure_ = baseline_;
}

void NumberConstraints::grow() {
  if (stamp_.size() < arena_->size()) {
    stamp_.resize(arena_->size(), 0);
    cache_.resize(arena_->size(), 0);
    computedAt_.resize(arena_->size(), 0);
    dependsOn_.resize(arena_->size(), 0);
    dependsKnown_.resize(arena_->size(), 0);
  }
}

int32_t NumberConstraints::lastVariableOf(Handle h) {
  if (dependsKnown_[h] == structure_)
    return dependsOn_[h];
  const sym::Node &node = arena_->node(h);
  int32_t last = -1;
  if (node.kind == Kind::InputByte)
    last = inputVariable_[node.value];
  else
    for (int i = 0; i < sym::arityOf(node.kind); ++i)
      last = std::max(last, lastVariableOf(node.ops[i]));
  dependsKnown_[h] = structure_;
  dependsOn_[h] = last;
  return last;
}

void NumberConstraints::assign(size_t position, uint32_t index) {
  index_[position] = index;
  ++tick_;
  for (size_t q = position; q < changedUpTo_.size(); ++q)
    changedUpTo_[q] = tick_;
}

void NumberConstraints::addVariable(long long low, uint32_t size, unsigned bytes,
                                    long long firstInput) {
  int32_t variable = static_cast<int32_t>(variables_.size());
  variables_.push_back({low, size, bytes, firstInput});
  checkedAt_.emplace_back();
  bounds_.emplace_back();
  if (firstInput < 0)
    return;
  size_t end = static_cast<size_t>(firstInput) + bytes;
  if (inputVariable_.size() < end) {
    inputVariable_.resize(end, -1);
    inputByte_.resize(end, 0);
  }
  for (unsigned b = 0; b < bytes; ++b) {
    inputVariable_[firstInput + b] = variable;
    inputByte_[firstInput + b] = static_cast<uint8_t>(b);
  }
}

bool NumberConstraints::require(Handle condition, bool holds) {
  grow();
  // The last variable (in assignment order) the condition reads decides when it is checked.
  ++epoch_;
  int32_t last = -1;
  size_t from = variablesFrom_.back();
  pending_.assign(1, condition);
  while (!pending_.empty()) {
    Handle h = pending_.back();
    pending_.pop_back();
    if (stamp_[h] == epoch_)
      continue;
    stamp_[h] = epoch_;
    const sym::Node &node = arena_->node(h);
    if (sym::isFloatKind(node.kind) ||
        (node.kind == Kind::InputByte &&
         (node.value >= inputVariable_.size() || inputVariable_[node.value] < 0))) {
      conditionVariables_.resize(from);
      return false;
    }
    if (node.kind == Kind::InputByte) {
      int32_t variable = inputVariable_[node.value];
      last = std::max(last, variable);
      auto begin = conditionVariables_.begin() + static_cast<std::ptrdiff_t>(from);
      if (std::find(begin, conditionVariables_.end(), variable) == conditionVariables_.end())
        conditionVariables_.push_back(variable);
      continue;
    }
    for (int i = 0; i < sym::arityOf(node.kind); ++i)
      pending_.push_back(node.ops[i]);
  }
  uint32_t ordinal = conditions_++;
  variablesFrom_.push_back(static_cast<uint32_t>(conditionVariables_.size()));
  if (last < 0) {
    constant_.push_back({condition, holds, ordinal});
    return true;
  }
  Bound bound;
  if (asBound(condition, holds, last, bound)) {
    bound.ordinal = ordinal;
    bounds_[last].push_back(bound);
  } else {
    checkedAt_[last].push_back({condition, holds, ordinal});
  }
  return true;
}

bool NumberConstraints::isVariable(Handle h, int32_t variable, Kind &extension) const {
  extension = Kind::Constant; // none
  Kind kind = arena_->node(h).kind;
  if (kind == Kind::SignExtend || kind == Kind::ZeroExtend) {
    extension = kind;
    h = arena_->node(h).ops[0];
  }
  // The leaves of the concatenation, most significant first, must be the variable's bytes.
  const Variable &v = variables_[variable];
  std::vector<Handle> pending{h};
  long long expected = v.firstInput + v.bytes - 1;
  while (!pending.empty()) {
    Handle at = pending.back();
    pending.pop_back();
    const sym::Node &node = arena_->node(at);
    if (node.kind == Kind::Concat) {
      pending.push_back(node.ops[1]);
      pending.push_back(node.ops[0]);
      continue;
    }
    if (node.kind != Kind::InputByte || static_cast<long long>(node.value) != expected)
      return false;
    --expected;
  }
  return expected == v.firstInput - 1;
}

bool NumberConstraints::asBound(Handle condition, bool holds, int32_t variable,
                                Bound &bound) const {
  const sym::Node *node = &arena_->node(condition);
  while (node->kind == Kind::BoolNot) {
    holds = !holds;
    node = &arena_->node(node->ops[0]);
  }
  Kind op;
  bool isUnsigned;
  if (!comparison(node->kind, op, isUnsigned))
    return false;
  int side = -1;
  Kind extension = Kind::Constant;
  for (int s = 0; s < 2 && side < 0; ++s)
    if (isVariable(node->ops[s], variable, extension))
      side = s;
  if (side < 0)
    return false;
  // The other side must not read the variable (the variable's last: it reads no later one).
  std::vector<Handle> pending{node->ops[1 - side]};
  while (!pending.empty()) {
    const sym::Node &at = arena_->node(pending.back());
    pending.pop_back();
    if (at.kind == Kind::InputByte && inputVariable_[at.value] == variable)
      return false;
    for (int i = 0; i < sym::arityOf(at.kind); ++i)
      pending.push_back(at.ops[i]);
  }
  if (!readsAsNumber(variable, extension, isUnsigned))
    return false;
  if (side == 1)
    op = mirrored(op);
  if (!holds)
    op = negated(op);
  Handle other = node->ops[1 - side];
  bound = {op, other, arena_->node(node->ops[side]).width, !isUnsigned, -1, 0};
  // Another variable's number, read directly (no evaluation), when it reads as one too.
  Handle leaf = other;
  while (arena_->node(leaf).kind != Kind::InputByte && sym::arityOf(arena_->node(leaf).kind) > 0)
    leaf = arena_->node(leaf).ops[0];
  if (arena_->node(leaf).kind == Kind::InputByte) {
    int32_t candidate = inputVariable_[arena_->node(leaf).value];
    Kind otherExtension;
    if (candidate >= 0 && isVariable(other, candidate, otherExtension) &&
        readsAsNumber(candidate, otherExtension, isUnsigned))
      bound.otherVariable = candidate;
  }
  return true;
}

bool NumberConstraints::readsAsNumber(int32_t variable, Kind extension, bool isUnsigned) const {
  const Variable &v = variables_[variable];
  long long high = v.low + static_cast<long long>(v.size) - 1;
  unsigned bits = 8 * v.bytes;
  if (bits > 62)
    return false;
  if (!isUnsigned && extension != Kind::ZeroExtend)
    return v.low >= -(1LL << (bits - 1)) && high < (1LL << (bits - 1));
  return v.low >= 0 && high < (1LL << bits);
}

uint64_t NumberConstraints::evaluate(Handle h) {
  // A value stays valid until a variable it depends on (one at or before its last) changes.
  int32_t last = lastVariableOf(h);
  uint64_t validFrom = last < 0 ? baseline_ : std::max(baseline_, changedUpTo_[last]);
  if (computedAt_[h] >= validFrom)
    return cache_[h];
  const sym::Node &node = arena_->node(h);
  uint64_t result;
  switch (node.kind) {
  case Kind::Constant:
  case Kind::BoolConstant:
    result = node.value;
    break;
  case Kind::InputByte: {
    int32_t variable = inputVariable_[node.value];
    const Variable &v = variables_[variable];
    uint64_t number = static_cast<uint64_t>(v.low + index_[variable]);
    result = (number >> (8 * inputByte_[node.value])) & 0xff;
    break;
  }
  default: {
    int arity = sym::arityOf(node.kind);
    sym::Operand operands[3] = {{0, 0}, {0, 0}, {0, 0}};
    for (int i = 0; i < arity; ++i)
      operands[i] = {evaluate(node.ops[i]), arena_->node(node.ops[i]).width};
    result = sym::evaluateKind(node.kind, node.width, node.value, operands[0], operands[1],
                               operands[2].bits);
  }
  }
  computedAt_[h] = tick_;
  cache_[h] = result;
  return result;
}

bool NumberConstraints::holdAt(size_t variable) {
  for (const Condition &c : checkedAt_[variable])
    if (c.ordinal < active_ && (evaluate(c.node) != 0) != (c.holds != (c.ordinal == negated_)))
      return false;
  return true;
}

bool NumberConstraints::enter(size_t position) {
  const Variable &v = variables_[position];
  __int128 low = v.low, high = v.low + static_cast<long long>(v.size) - 1;
  excluded_[position].clear();
  for (const Bound &b : bounds_[position]) {
    if (b.ordinal >= active_)
      continue;
    __int128 other;
    if (b.otherVariable >= 0) {
      other = variables_[b.otherVariable].low + index_[b.otherVariable];
    } else {
      uint64_t bits = evaluate(b.other);
      other = b.signedCompare ? static_cast<__int128>(sym::signedValue(bits, b.width))
                              : static_cast<__int128>(bits);
    }
    switch (b.ordinal == negated_ ? negated(b.op) : b.op) {
    case Kind::Equal:
      low = std::max(low, other);
      high = std::min(high, other);
      break;
    case Kind::Distinct:
      if (other >= v.low && other < v.low + static_cast<long long>(v.size))
        excluded_[position].push_back(static_cast<uint32_t>(other - v.low));
      break;
    case Kind::Slt:
      high = std::min(high, other - 1);
      break;
    case Kind::Sle:
      high = std::min(high, other);
      break;
    case Kind::Sgt:
      low = std::max(low, other + 1);
      break;
    default: // Sge
      low = std::max(low, other);
      break;
    }
  }
  if (low > high)
    return false;
  Range &range = ranges_[position];
  if (!free_[position]) { // outside the flipped condition's variables: it keeps its value
    uint32_t keep = (*preferred_)[position];
    if (keep < low - v.low || keep > high - v.low)
      return false;
    range = {keep, 1, 0, 0};
    return true;
  }
  range.first = static_cast<uint32_t>(low - v.low);
  range.span = static_cast<uint32_t>(high - low + 1);
  range.start = 0;
  if (preferred_) // the preferred value first, then the ones above it, then those below
    range.start =
        std::min(std::max((*preferred_)[position], range.first), range.first + range.span - 1) -
        range.first;
  range.step = 0;
  return true;
}

int32_t NumberConstraints::linkRoot(int32_t variable) {
  while (linkedTo_[variable] != variable)
    variable = linkedTo_[variable] = linkedTo_[linkedTo_[variable]];
  return variable;
}

void NumberConstraints::chooseFreeVariables() {
  size_t count = variables_.size();
  free_.assign(count, 1);
  if (!preferred_ || negated_ >= active_)
    return;
  // The preferred assignment meets every active condition but the negated one, so only the
  // variables linked to it through active conditions need to move (independent constraints:
  // an unsatisfiable negation is then found without enumerating unrelated variables). The
  // links are a union-find over the active conditions: one pass, whatever their order.
  linkedTo_.resize(count);
  for (size_t v = 0; v < count; ++v)
    linkedTo_[v] = static_cast<int32_t>(v);
  for (uint32_t c = 0; c < active_; ++c)
    for (uint32_t i = variablesFrom_[c] + 1; i < variablesFrom_[c + 1]; ++i) {
      int32_t a = linkRoot(conditionVariables_[variablesFrom_[c]]);
      int32_t b = linkRoot(conditionVariables_[i]);
      if (a != b)
        linkedTo_[b] = a;
    }
  free_.assign(count, 0);
  if (variablesFrom_[negated_] == variablesFrom_[negated_ + 1])
    return; // a constant condition: no variable moves
  int32_t root = linkRoot(conditionVariables_[variablesFrom_[negated_]]);
  for (size_t v = 0; v < count; ++v)
    free_[v] = linkRoot(static_cast<int32_t>(v)) == root;
}

bool NumberConstraints::settle(size_t position) {
  const std::vector<uint32_t> &excluded = excluded_[position];
  Range &range = ranges_[position];
  for (; range.step < range.span; ++range.step) {
    assign(position, range.first + (range.start + range.step) % range.span);
    if (std::find(excluded.begin(), excluded.end(), index_[position]) != excluded.end())
      continue;
    if (holdAt(position))
      return true;
  }
  return false;
}

uint64_t NumberConstraints::search(const std::function<bool(const std::vector<uint32_t> &)> &visit,
                                   const std::vector<uint32_t> *preferred, uint32_t active,
                                   bool negateLast) {
  size_t count = variables_.size();
  preferred_ = preferred;
  active_ = std::min(active, conditions_);
  negated_ = negateLast && active_ > 0 ? active_ - 1 : ~0u;
  index_.assign(count, 0);
  ranges_.assign(count, Range{});
  excluded_.resize(count);
  changedUpTo_.assign(count, 0);
  baseline_ = ++tick_;
  chooseFreeVariables();
  for (const Condition &c : constant_)
    if (c.ordinal < active_ && (evaluate(c.node) != 0) != (c.holds != (c.ordinal == negated_)))
      return 0;
  if (count == 0) {
    visit(index_);
    return 1;
  }
  uint64_t visited = 0;
  size_t position = 0;
  bool entered = enter(0);
  while (true) {
    if (!entered || !settle(position)) {
      if (position == 0)
        return visited;
      ++ranges_[--position].step;
      entered = true;
      continue;
    }
    if (position + 1 < count) {
      entered = enter(++position);
      continue;
    }
    ++visited;
    if (!visit(index_))
      return visited;
    ++ranges_[position].step;
  }
}

} // namespace korat
} // namespace unitgen_rt
