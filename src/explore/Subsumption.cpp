// Subsumption: the field-value correspondence σ, substitution into the explored state's path
// condition, the syntactic fast path, and the implication query.
#include "explore/Subsumption.h"

#include "solver/OrderConstraints.h"

#include <algorithm>
#include <set>

namespace unitgen {
namespace {

/// Input bytes of the explored state that no field maps are renamed above every byte an
/// execution numbers, so they are variables of their own in the implication query.
constexpr uint32_t kFreshBytes = 1u << 30;

} // namespace

const std::vector<uint32_t> &SubsumptionChecker::variableBytes(ExprId value) {
  auto found = variables_.find(value);
  if (found != variables_.end())
    return found->second;
  std::vector<uint32_t> bytes;
  const PoolNode &node = pool_.node(value);
  const ByteSet &read = pool_.bytes(value);
  if (node.sort == ExprSort::Bits && node.width % 8 == 0 && read.size() == node.width / 8u) {
    // The candidate variable: the bytes in order, the lowest-numbered least significant (the
    // order in which the driver makes an argument's bytes symbolic).
    ExprId composed = pool_.inputByte(read.back());
    for (size_t k = read.size() - 1; k-- > 0;)
      composed = pool_.make(ExprKind::Concat, static_cast<uint16_t>(8 * (read.size() - k)),
                            {composed, pool_.inputByte(read[k])});
    bool same = composed == value;
    if (!same) { // built another way (nested differently): ask whether it is the same value
      Query query;
      query.goal = pool_.make(ExprKind::Distinct, 1, {value, composed});
      same = solver_.solve(query).validity == Validity::Unsat;
    }
    if (same)
      bytes.assign(read.begin(), read.end());
  }
  return variables_.emplace(value, std::move(bytes)).first->second;
}

ExprId SubsumptionChecker::substitute(ExprId id, const std::map<uint32_t, ExprId> &bytes,
                                      std::map<ExprId, ExprId> &memo) {
  auto found = memo.find(id);
  if (found != memo.end())
    return found->second;
  const PoolNode node = pool_.node(id); // a copy: make() may grow the pool
  ExprId result = id;
  if (node.kind == ExprKind::InputByte) {
    auto mapped = bytes.find(static_cast<uint32_t>(node.value));
    result = mapped != bytes.end()
                 ? mapped->second
                 : pool_.inputByte(kFreshBytes + static_cast<uint32_t>(node.value));
  } else if (!pool_.bytes(id).empty()) {
    ExprId ops[3] = {0, 0, 0};
    int count = arity(node.kind);
    for (int k = 0; k < count; ++k)
      ops[k] = substitute(node.operands[k], bytes, memo);
    switch (count) {
    case 1:
      result = pool_.make(node.kind, node.width, {ops[0]}, node.value);
      break;
    case 2:
      result = pool_.make(node.kind, node.width, {ops[0], ops[1]}, node.value);
      break;
    case 3:
      result = pool_.make(node.kind, node.width, {ops[0], ops[1], ops[2]}, node.value);
      break;
    default:
      break;
    }
  }
  memo.emplace(id, result);
  return result;
}

bool SubsumptionChecker::subsumes(const SymbolicState &explored, const SymbolicState &fresh) {
  if (explored.shape != fresh.shape || explored.slots.size() != fresh.slots.size())
    return false;
  ++stats_.checks;
  // σ: each byte of each explored field's variable → that byte of the fresh field's value. A
  // variable in two fields asks the fresh fields to be equal as well.
  std::map<uint32_t, ExprId> sigma;
  std::vector<ExprId> implied;
  for (size_t i = 0; i < explored.slots.size(); ++i) {
    const std::vector<uint32_t> &bytes = variableBytes(explored.slots[i]);
    const PoolNode &node = pool_.node(explored.slots[i]);
    if (bytes.empty() || pool_.node(fresh.slots[i]).width != node.width ||
        pool_.node(fresh.slots[i]).sort != ExprSort::Bits) {
      ++stats_.notVariables;
      return false;
    }
    for (size_t k = 0; k < bytes.size(); ++k) {
      ExprId byte = bytes.size() == 1 ? fresh.slots[i]
                                      : pool_.make(ExprKind::Extract, 8, {fresh.slots[i]}, 8 * k);
      auto [at, inserted] = sigma.emplace(bytes[k], byte);
      if (!inserted && at->second != byte)
        implied.push_back(pool_.make(ExprKind::Equal, 1, {at->second, byte}));
    }
  }
  // A whole variable maps to the fresh field itself (not to a concatenation of its extracted
  // bytes), so equal clauses stay equal and the fast path below finds them.
  std::map<ExprId, ExprId> memo;
  for (size_t i = 0; i < explored.slots.size(); ++i)
    memo.emplace(explored.slots[i], fresh.slots[i]);
  for (ExprId clause : explored.pathCondition)
    implied.push_back(substitute(clause, sigma, memo));
  // Fast path: every clause it must imply is one of its own (or constant true).
  std::set<ExprId> own(fresh.pathCondition.begin(), fresh.pathCondition.end());
  if (std::all_of(implied.begin(), implied.end(), [&](ExprId clause) {
        return own.count(clause) || clause == pool_.boolean(true);
      })) {
    ++stats_.syntactic;
    return true;
  }
  // Orders of words (a removed key below the others): ∃ over the explored state's other
  // inputs by elimination, exactly and without Z3's quantifier instantiation.
  orders::Implication byOrders = orders::impliesProjection(
      pool_, fresh.pathCondition, implied, [](uint32_t byte) { return byte >= kFreshBytes; });
  if (byOrders != orders::Implication::Unknown) {
    bool holds = byOrders == orders::Implication::Holds;
    ++(holds ? stats_.byOrders : stats_.refuted);
    return holds;
  }
  ExprId all = pool_.boolean(true);
  for (ExprId clause : implied)
    all = pool_.make(ExprKind::BoolAnd, 1, {all, clause});
  Query query;
  query.constraints = fresh.pathCondition;
  query.goal = pool_.negate(all);
  for (uint32_t byte : pool_.bytes(all))
    if (byte >= kFreshBytes)
      query.universal.push_back(byte);
  Validity answer = (query.universal.empty() ? solver_ : quantified_).solve(query).validity;
  if (answer == Validity::Unsat) {
    ++stats_.bySolver;
    return true;
  }
  ++(answer == Validity::Sat ? stats_.refuted : stats_.undecided);
  return false;
}

} // namespace unitgen
