// OrderSolver: a query that only orders input words and constants (x < y, x <= 5, x == y,
// x != 3, ...) is decided exactly as integer difference constraints, without Z3. Such
// queries are most of what the state-space and concolic strategies ask of containers.
#include "solver/Evaluator.h"
#include "solver/Solver.h"
#include "solver/SolverStats.h"

#include <map>
#include <optional>
#include <vector>

namespace unitgen {
namespace {

using Wide = __int128;

/// Disequality case splits tried before the query goes to the inner solver.
constexpr size_t kMaxSplits = 64;

enum class Interpretation : uint8_t { Free, Signed, Unsigned };

/// An input word: consecutive-or-not input bytes concatenated, low byte first.
struct Word {
  std::vector<uint32_t> bytes;
  Interpretation interpretation = Interpretation::Free;
};

/// One side of a comparison: a word (node > 0) read with `interpretation`, or the constant
/// `bits` (node 0) of the comparison's width.
struct Term {
  size_t node = 0;
  uint64_t bits = 0;
  Interpretation interpretation = Interpretation::Free; ///< forced by an extension
};

enum class Relation : uint8_t { Less, LessEqual, Equal, Distinct };

struct Literal {
  Relation relation;
  Interpretation comparison; ///< Free for == and !=
  uint16_t width;
  Term left, right;
};

/// x[a] - x[b] <= bound; node 0 is the constant zero.
struct Difference {
  size_t a, b;
  Wide bound;
};

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

/// Turns a query into difference constraints and disequalities over its words, or says it
/// cannot (anything but comparisons of words and constants, a byte in two words, a word read
/// both signed and unsigned).
class Translation {
public:
  explicit Translation(const ExprPool &pool) : pool_(pool) { words_.emplace_back(); }

  bool add(ExprId condition, bool positive) {
    const PoolNode &node = pool_.node(condition);
    switch (node.kind) {
    case ExprKind::BoolConstant:
      contradiction_ |= (node.value != 0) != positive;
      return true;
    case ExprKind::BoolNot:
      return add(node.operands[0], !positive);
    case ExprKind::BoolAnd:
      return positive && add(node.operands[0], true) && add(node.operands[1], true);
    case ExprKind::BoolOr:
      return !positive && add(node.operands[0], false) && add(node.operands[1], false);
    default:
      return comparison(node, positive);
    }
  }

  /// The constraints and disequalities, once every literal is added; false if a word is read
  /// both signed and unsigned.
  bool finish(std::vector<Difference> &differences,
              std::vector<Difference> &distinct) {
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
      differences.push_back({w, 0, maximum(width, word.interpretation)});
      differences.push_back({0, w, -minimum(width, word.interpretation)});
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
    return true;
  }

  bool contradiction() const { return contradiction_; }
  const std::vector<Word> &words() const { return words_; }

private:
  bool comparison(const PoolNode &node, bool positive) {
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
    case ExprKind::Equal: relation = Relation::Equal; break;
    case ExprKind::Distinct: relation = Relation::Distinct; break;
    case ExprKind::Ult: relation = Relation::Less; comparison = Interpretation::Unsigned; break;
    case ExprKind::Ule: relation = Relation::LessEqual; comparison = Interpretation::Unsigned; break;
    case ExprKind::Ugt: relation = Relation::Less; comparison = Interpretation::Unsigned; swap = true; break;
    case ExprKind::Uge: relation = Relation::LessEqual; comparison = Interpretation::Unsigned; swap = true; break;
    case ExprKind::Slt: relation = Relation::Less; comparison = Interpretation::Signed; break;
    case ExprKind::Sle: relation = Relation::LessEqual; comparison = Interpretation::Signed; break;
    case ExprKind::Sgt: relation = Relation::Less; comparison = Interpretation::Signed; swap = true; break;
    case ExprKind::Sge: relation = Relation::LessEqual; comparison = Interpretation::Signed; swap = true; break;
    default: return false;
    }
    const PoolNode &a = pool_.node(node.operands[swap ? 1 : 0]);
    const PoolNode &b = pool_.node(node.operands[swap ? 0 : 1]);
    if (a.sort != ExprSort::Bits || b.sort != ExprSort::Bits || a.width != b.width ||
        a.width == 0 || a.width > 64)
      return false;
    Literal literal{relation, comparison, a.width, {}, {}};
    if (!term(node.operands[swap ? 1 : 0], comparison, literal.left) ||
        !term(node.operands[swap ? 0 : 1], comparison, literal.right))
      return false;
    literals_.push_back(literal);
    return true;
  }

  /// A constant, a word, or a sign- or zero-extended word, as `comparison` reads it.
  bool term(ExprId id, Interpretation comparison, Term &out) {
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
  bool word(ExprId id, size_t &node) {
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
  bool collect(ExprId id, std::vector<uint32_t> &bytes) {
    const PoolNode &node = pool_.node(id);
    if (node.kind == ExprKind::InputByte) {
      bytes.push_back(static_cast<uint32_t>(node.value));
      return true;
    }
    if (node.kind != ExprKind::Concat)
      return false;
    return collect(node.operands[1], bytes) && collect(node.operands[0], bytes);
  }

  const ExprPool &pool_;
  std::vector<Word> words_; ///< [0] is the zero node
  std::map<ExprId, size_t> wordOf_;
  std::map<uint32_t, size_t> usedBytes_;
  std::vector<Literal> literals_;
  bool contradiction_ = false;
};

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

enum class Search : uint8_t { Found, Refuted, GaveUp };

/// Difference constraints plus disequalities: a violated x - y != k splits into x - y <= k - 1
/// or x - y >= k + 1, depth first, within kMaxSplits.
Search search(size_t nodes, std::vector<Difference> &differences,
              const std::vector<Difference> &distinct, size_t &splits, std::vector<Wide> &out) {
  std::optional<std::vector<Wide>> values = solveDifferences(nodes, differences);
  if (!values)
    return Search::Refuted;
  for (const Difference &d : distinct) {
    if ((*values)[d.a] - (*values)[d.b] != d.bound)
      continue;
    bool gaveUp = false;
    for (Difference side : {Difference{d.a, d.b, d.bound - 1}, Difference{d.b, d.a, -d.bound - 1}}) {
      if (++splits > kMaxSplits)
        return Search::GaveUp;
      differences.push_back(side);
      Search result = search(nodes, differences, distinct, splits, out);
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

class OrderSolver final : public Solver {
public:
  OrderSolver(std::unique_ptr<Solver> inner, const ExprPool &pool, SolverStats &stats)
      : inner_(std::move(inner)), pool_(pool), stats_(stats) {}

  SolverResult solve(const Query &query) override {
    if (!query.universal.empty())
      return inner_->solve(query);
    Translation translation(pool_);
    bool supported = translation.add(query.goal, true);
    for (size_t i = 0; supported && i < query.constraints.size(); ++i)
      supported = translation.add(query.constraints[i], true);
    std::vector<Difference> differences, distinct;
    if (!supported || !translation.finish(differences, distinct))
      return inner_->solve(query);
    SolverResult result;
    if (translation.contradiction()) {
      ++stats_.orderAnswers;
      result.validity = Validity::Unsat;
      return result;
    }
    const std::vector<Word> &words = translation.words();
    std::vector<Wide> values;
    size_t splits = 0;
    Search found = search(words.size(), differences, distinct, splits, values);
    if (found == Search::GaveUp)
      return inner_->solve(query);
    if (found == Search::Refuted) {
      ++stats_.orderAnswers;
      result.validity = Validity::Unsat;
      return result;
    }
    for (size_t w = 1; w < words.size(); ++w)
      for (size_t k = 0; k < words[w].bytes.size(); ++k)
        result.model[words[w].bytes[k]] = static_cast<uint8_t>(values[w] >> (8 * k));
    // A model is checked before it is trusted: a translation mistake costs a Z3 call, never a
    // wrong answer.
    Evaluator evaluator(pool_, result.model);
    if (!evaluator.isTrue(query.goal) || !evaluator.allTrue(query.constraints)) {
      ++stats_.orderModelMismatches;
      return inner_->solve(query);
    }
    ++stats_.orderAnswers;
    result.validity = Validity::Sat;
    return result;
  }

private:
  std::unique_ptr<Solver> inner_;
  const ExprPool &pool_;
  SolverStats &stats_;
};

} // namespace

std::unique_ptr<Solver> createOrderSolver(std::unique_ptr<Solver> inner, const ExprPool &pool,
                                          SolverStats &stats) {
  return std::make_unique<OrderSolver>(std::move(inner), pool, stats);
}

} // namespace unitgen
