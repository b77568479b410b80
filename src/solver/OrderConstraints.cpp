// OrderConstraints: the translation of order comparisons into difference constraints,
// Bellman-Ford with disequality splits, and projection by Fourier-Motzkin elimination.
#include "solver/OrderConstraints.h"

#include <functional>
#include <optional>

namespace unitgen::orders {
namespace {

/// Conclusions a projection may produce before it gives up (elimination can square them).
constexpr size_t kMaxProjected = 4096;

Wide minimum(uint16_t width, Interpretation i) {
  return i == Interpretation::Signed ? -(Wide(1) << (width - 1)) : Wide(0);
}
Wide maximum(uint16_t width, Interpretation i) {
  return i == Interpretation::Signed ? (Wide(1) << (width - 1)) - 1 : (Wide(1) << width) - 1;
}
Wide valueOf(uint64_t bits, uint16_t width, Interpretation i) {
  if (i == Interpretation::Signed && width < 128 && (bits >> (width - 1) & 1))
    return Wide(bits) - (Wide(1) << width);
  return Wide(bits);
}

/// Bellman-Ford from a source tied to every node with weight 0: the least-changed values that
/// satisfy every difference, or nothing on a negative cycle (unsatisfiable).
std::optional<std::vector<Wide>> solveDifferences(size_t nodes,
                                                  const std::vector<Difference> &differences) {
  std::vector<Wide> distance(nodes, 0);
  for (size_t round = 0; round <= nodes; ++round) {
    bool changed = false;
    for (const Difference &d : differences)
      if (distance[d.b] + d.bound < distance[d.a]) {
        distance[d.a] = distance[d.b] + d.bound;
        changed = true;
      }
    if (!changed) {
      std::vector<Wide> values(nodes);
      for (size_t i = 0; i < nodes; ++i)
        values[i] = distance[i] - distance[0];
      return values;
    }
  }
  return std::nullopt;
}

/// Depth-first over violated disequalities; `splits` counts the branches tried.
Search search(size_t nodes, std::vector<Difference> &differences,
              const std::vector<Difference> &distinct, size_t &splits, size_t maxSplits,
              std::vector<Wide> &out) {
  std::optional<std::vector<Wide>> values = solveDifferences(nodes, differences);
  if (!values)
    return Search::Refuted;
  for (const Difference &d : distinct) {
    if ((*values)[d.a] - (*values)[d.b] != d.bound)
      continue;
    bool gaveUp = false;
    for (Difference side :
         {Difference{d.a, d.b, d.bound - 1}, Difference{d.b, d.a, -d.bound - 1}}) {
      if (++splits > maxSplits)
        return Search::GaveUp;
      differences.push_back(side);
      Search result = search(nodes, differences, distinct, splits, maxSplits, out);
      differences.pop_back();
      if (result == Search::Found)
        return result;
      gaveUp |= result == Search::GaveUp;
    }
    return gaveUp ? Search::GaveUp : Search::Refuted;
  }
  out = std::move(*values);
  return Search::Found;
}

} // namespace

bool Translation::add(ExprId condition, bool positive, int group) {
  const PoolNode &node = pool_.node(condition);
  switch (node.kind) {
  case ExprKind::BoolConstant:
    contradiction_[group] |= (node.value != 0) != positive;
    return true;
  case ExprKind::BoolNot:
    return add(node.operands[0], !positive, group);
  case ExprKind::BoolAnd:
    return positive && add(node.operands[0], true, group) && add(node.operands[1], true, group);
  case ExprKind::BoolOr:
    return !positive && add(node.operands[0], false, group) && add(node.operands[1], false, group);
  default:
    return comparison(node, positive, group);
  }
}

bool Translation::finish(OrderSystem &system) {
  for (const Literal &literal : literals_)
    for (const Term *term : {&literal.left, &literal.right}) {
      Interpretation wanted =
          term->interpretation != Interpretation::Free ? term->interpretation : literal.comparison;
      if (term->node == 0 || wanted == Interpretation::Free)
        continue;
      Interpretation &has = words_[term->node].interpretation;
      if (has != Interpretation::Free && has != wanted)
        return false;
      has = wanted;
    }
  for (size_t w = 1; w < words_.size(); ++w) {
    Word &word = words_[w];
    if (word.interpretation == Interpretation::Free)
      word.interpretation = Interpretation::Signed; // only == and !=: either reading will do
    uint16_t width = static_cast<uint16_t>(8 * word.bytes.size());
    for (std::vector<Difference> &differences : system.differences) {
      differences.push_back({w, 0, maximum(width, word.interpretation)});
      differences.push_back({0, w, -minimum(width, word.interpretation)});
    }
  }
  // Equal bits are equal integers only when both sides read them alike: a zero-extended
  // word is in range of either reading, a sign-extended one reads signed, a plain one as its
  // word does (byte 0x80 as signed -128 and as unsigned 128 are equal bits).
  auto reading = [&](const Term &term) {
    if (term.interpretation == Interpretation::Unsigned)
      return Interpretation::Free;
    if (term.interpretation == Interpretation::Signed)
      return Interpretation::Signed;
    return words_[term.node].interpretation;
  };
  for (const Literal &literal : literals_)
    if ((literal.relation == Relation::Equal || literal.relation == Relation::Distinct) &&
        literal.left.node != 0 && literal.right.node != 0) {
      Interpretation l = reading(literal.left), r = reading(literal.right);
      if (l != Interpretation::Free && r != Interpretation::Free && l != r)
        return false;
    }
  for (const Literal &literal : literals_) {
    // The comparison's reading of its constants; a word's value is its own reading, which
    // agrees with the comparison's wherever the two can differ (checked above).
    auto offset = [&](const Term &term) -> Wide {
      if (term.node != 0)
        return 0;
      Interpretation reading = literal.comparison;
      if (reading == Interpretation::Free) {
        const Term &other = &term == &literal.left ? literal.right : literal.left;
        reading = other.node != 0 ? words_[other.node].interpretation : Interpretation::Signed;
        if (other.node != 0 && other.interpretation != Interpretation::Free)
          reading = other.interpretation == Interpretation::Signed ? Interpretation::Signed
                                                                   : Interpretation::Unsigned;
      }
      return valueOf(term.bits, literal.width, reading);
    };
    // (x[l] + kl) rel (x[r] + kr)  ⇔  x[l] - x[r] rel kr - kl
    Wide bound = offset(literal.right) - offset(literal.left);
    size_t l = literal.left.node, r = literal.right.node;
    std::vector<Difference> &differences = system.differences[literal.group];
    std::vector<Difference> &distinct = system.distinct[literal.group];
    switch (literal.relation) {
    case Relation::Less:
      differences.push_back({l, r, bound - 1});
      break;
    case Relation::LessEqual:
      differences.push_back({l, r, bound});
      break;
    case Relation::Equal:
      differences.push_back({l, r, bound});
      differences.push_back({r, l, -bound});
      break;
    case Relation::Distinct:
      distinct.push_back({l, r, bound});
      break;
    }
  }
  system.words = words_;
  system.contradiction[0] = contradiction_[0];
  system.contradiction[1] = contradiction_[1];
  return true;
}

bool Translation::comparison(const PoolNode &node, bool positive, int group) {
  Relation relation;
  Interpretation comparison = Interpretation::Free;
  bool swap = false;
  ExprKind kind = node.kind;
  if (!positive) {
    static const std::map<ExprKind, ExprKind> negation = {
        {ExprKind::Equal, ExprKind::Distinct}, {ExprKind::Distinct, ExprKind::Equal},
        {ExprKind::Ult, ExprKind::Uge},        {ExprKind::Uge, ExprKind::Ult},
        {ExprKind::Ule, ExprKind::Ugt},        {ExprKind::Ugt, ExprKind::Ule},
        {ExprKind::Slt, ExprKind::Sge},        {ExprKind::Sge, ExprKind::Slt},
        {ExprKind::Sle, ExprKind::Sgt},        {ExprKind::Sgt, ExprKind::Sle}};
    auto it = negation.find(kind);
    if (it == negation.end())
      return false;
    kind = it->second;
  }
  switch (kind) {
  case ExprKind::Equal:
    relation = Relation::Equal;
    break;
  case ExprKind::Distinct:
    relation = Relation::Distinct;
    break;
  case ExprKind::Ult:
    relation = Relation::Less;
    comparison = Interpretation::Unsigned;
    break;
  case ExprKind::Ule:
    relation = Relation::LessEqual;
    comparison = Interpretation::Unsigned;
    break;
  case ExprKind::Ugt:
    relation = Relation::Less;
    comparison = Interpretation::Unsigned;
    swap = true;
    break;
  case ExprKind::Uge:
    relation = Relation::LessEqual;
    comparison = Interpretation::Unsigned;
    swap = true;
    break;
  case ExprKind::Slt:
    relation = Relation::Less;
    comparison = Interpretation::Signed;
    break;
  case ExprKind::Sle:
    relation = Relation::LessEqual;
    comparison = Interpretation::Signed;
    break;
  case ExprKind::Sgt:
    relation = Relation::Less;
    comparison = Interpretation::Signed;
    swap = true;
    break;
  case ExprKind::Sge:
    relation = Relation::LessEqual;
    comparison = Interpretation::Signed;
    swap = true;
    break;
  default:
    return false;
  }
  const PoolNode &a = pool_.node(node.operands[swap ? 1 : 0]);
  const PoolNode &b = pool_.node(node.operands[swap ? 0 : 1]);
  if (a.sort != ExprSort::Bits || b.sort != ExprSort::Bits || a.width != b.width || a.width == 0 ||
      a.width > 64)
    return false;
  Literal literal{relation, comparison, a.width, {}, {}, group};
  if (!term(node.operands[swap ? 1 : 0], comparison, literal.left) ||
      !term(node.operands[swap ? 0 : 1], comparison, literal.right))
    return false;
  literals_.push_back(literal);
  return true;
}

/// A constant, a word, or a sign- or zero-extended word, as `comparison` reads it.
bool Translation::term(ExprId id, Interpretation comparison, Term &out) {
  const PoolNode &node = pool_.node(id);
  if (node.kind == ExprKind::Constant) {
    out.bits = node.value;
    return true;
  }
  if (node.kind == ExprKind::SignExtend || node.kind == ExprKind::ZeroExtend) {
    // A sign-extended word orders as the signed word only in a signed (or equality)
    // comparison; a zero-extended one is its unsigned value in any comparison.
    bool sign = node.kind == ExprKind::SignExtend;
    if (sign && comparison == Interpretation::Unsigned)
      return false;
    out.interpretation = sign ? Interpretation::Signed : Interpretation::Unsigned;
    return word(node.operands[0], out.node);
  }
  return word(id, out.node);
}

/// The word node of a concatenation of input bytes, each byte in at most one word.
bool Translation::word(ExprId id, size_t &node) {
  auto known = wordOf_.find(id);
  if (known != wordOf_.end()) {
    node = known->second;
    return true;
  }
  Word word;
  if (!collect(id, word.bytes) || word.bytes.size() > 8)
    return false;
  for (uint32_t byte : word.bytes)
    if (!usedBytes_.emplace(byte, words_.size()).second)
      return false;
  node = words_.size();
  words_.push_back(std::move(word));
  wordOf_.emplace(id, node);
  return true;
}

/// Bytes of a Concat tree, low byte first (Concat's first operand is the high part).
bool Translation::collect(ExprId id, std::vector<uint32_t> &bytes) {
  const PoolNode &node = pool_.node(id);
  if (node.kind == ExprKind::InputByte) {
    bytes.push_back(static_cast<uint32_t>(node.value));
    return true;
  }
  if (node.kind != ExprKind::Concat)
    return false;
  return collect(node.operands[1], bytes) && collect(node.operands[0], bytes);
}

Search solve(size_t nodes, std::vector<Difference> differences,
             const std::vector<Difference> &distinct, std::vector<Wide> &values, size_t maxSplits) {
  size_t splits = 0;
  return search(nodes, differences, distinct, splits, maxSplits, values);
}

namespace {

/// Disequalities on existential words whose cases are split (2^k systems to project).
constexpr size_t kMaxProjectedDisequalities = 3;
/// Feasibility checks the search for a counterexample may make.
constexpr size_t kMaxImplicationChecks = 4096;

/// ∃ projected nodes. differences, as differences over the other nodes (Fourier-Motzkin:
/// u - b <= c1 and a - u <= c2 give a - b <= c1 + c2, exact for difference constraints over
/// the integers); nothing when they are unsatisfiable whatever the other nodes are, or grow
/// past kMaxProjected (then `tooBig`).
std::optional<std::vector<Difference>> project(std::vector<Difference> differences,
                                               const std::vector<bool> &projected, bool &tooBig) {
  for (size_t u = 1; u < projected.size(); ++u) {
    if (!projected[u])
      continue;
    std::vector<Difference> kept, from, to;
    for (const Difference &d : differences) {
      if (d.a == u && d.b == u) {
        if (d.bound < 0)
          return std::nullopt;
      } else if (d.a == u) {
        from.push_back(d);
      } else if (d.b == u) {
        to.push_back(d);
      } else {
        kept.push_back(d);
      }
    }
    for (const Difference &up : from)
      for (const Difference &down : to) {
        if (down.a == up.b) {
          if (up.bound + down.bound < 0)
            return std::nullopt;
          continue;
        }
        kept.push_back({down.a, up.b, up.bound + down.bound});
      }
    if (kept.size() > kMaxProjected) {
      tooBig = true;
      return std::nullopt;
    }
    differences = std::move(kept);
  }
  return differences;
}

} // namespace

Implication impliesProjection(const OrderSystem &system, const std::vector<bool> &projected) {
  if (system.contradiction[0])
    return Implication::Holds;
  if (system.contradiction[1])
    return Implication::Unknown; // no projection satisfies them: the premises' to refute
  // A disequality on an existential word is two cases, u < x or u > x: the conclusions are a
  // disjunction of difference systems, one per choice of cases.
  std::vector<Difference> split, plain;
  for (const Difference &d : system.distinct[1])
    (projected[d.a] || projected[d.b] ? split : plain).push_back(d);
  if (split.size() > kMaxProjectedDisequalities)
    return Implication::Unknown;
  const size_t nodes = system.words.size();
  const std::vector<Difference> &premises = system.differences[0];
  size_t checks = 0;
  std::vector<Wide> values;
  auto feasible = [&](const std::vector<Difference> &added) {
    ++checks;
    std::vector<Difference> all = premises;
    all.insert(all.end(), added.begin(), added.end());
    return solve(nodes, std::move(all), system.distinct[0], values);
  };
  // Per disjunct, the negations of its conclusions the premises do not already refute: a
  // counterexample violates one conclusion of every disjunct.
  using Negation = std::vector<Difference>;
  std::vector<std::vector<Negation>> disjuncts;
  for (size_t cases = 0; cases < (size_t{1} << split.size()); ++cases) {
    std::vector<Difference> differences = system.differences[1];
    for (size_t k = 0; k < split.size(); ++k) {
      const Difference &d = split[k];
      differences.push_back(cases >> k & 1 ? Difference{d.b, d.a, -d.bound - 1}
                                           : Difference{d.a, d.b, d.bound - 1});
    }
    bool tooBig = false;
    std::optional<std::vector<Difference>> conclusions = project(differences, projected, tooBig);
    if (tooBig)
      return Implication::Unknown;
    if (!conclusions)
      continue; // this case holds for no x
    std::vector<Negation> open;
    for (const Difference &d : *conclusions)
      open.push_back({{d.b, d.a, -d.bound - 1}});
    for (const Difference &d : plain)
      open.push_back({{d.a, d.b, d.bound}, {d.b, d.a, -d.bound}});
    std::vector<Negation> possible;
    for (Negation &negation : open) {
      Search found = feasible(negation);
      if (found == Search::GaveUp)
        return Implication::Unknown;
      if (found == Search::Found)
        possible.push_back(std::move(negation));
    }
    if (possible.empty())
      return Implication::Holds; // the premises imply this whole case
    disjuncts.push_back(std::move(possible));
  }
  if (disjuncts.empty())
    return Implication::Unknown; // no case holds for any x: the premises' to refute
  // Depth first: one violated conclusion per disjunct, all together consistent with the
  // premises, is a counterexample.
  std::vector<Difference> chosen;
  bool gaveUp = false;
  std::function<bool(size_t)> counterexample = [&](size_t index) {
    if (index == disjuncts.size())
      return true;
    for (const Negation &negation : disjuncts[index]) {
      if (checks >= kMaxImplicationChecks) {
        gaveUp = true;
        return false;
      }
      chosen.insert(chosen.end(), negation.begin(), negation.end());
      // Each negation alone was found consistent with the premises above.
      Search found = index == 0 ? Search::Found : feasible(chosen);
      bool result = found == Search::Found && counterexample(index + 1);
      gaveUp |= found == Search::GaveUp;
      chosen.resize(chosen.size() - negation.size());
      if (result)
        return true;
      if (gaveUp)
        return false;
    }
    return false;
  };
  if (counterexample(0))
    return Implication::Fails;
  return gaveUp ? Implication::Unknown : Implication::Holds;
}

} // namespace unitgen::orders
