// OrderConstraints: comparisons between input words and constants as integer difference
// constraints — the translation, Bellman-Ford with disequality splits, and projection.
#pragma once

#include "solver/ExprPool.h"

#include <cstdint>
#include <map>
#include <vector>

namespace unitgen::orders {

using Wide = __int128;

enum class Interpretation : uint8_t { Free, Signed, Unsigned };

/// An input word: input bytes concatenated, low byte first.
struct Word {
  std::vector<uint32_t> bytes;
  Interpretation interpretation = Interpretation::Free;
};

/// x[a] - x[b] <= bound (a disequality: x[a] - x[b] != bound); node 0 is the constant zero.
struct Difference {
  size_t a, b;
  Wide bound;
};

/// What a set of comparisons says, per group of literals (0: premises, 1: conclusions), over
/// words numbered from 1. Every word's range is in both groups.
struct OrderSystem {
  std::vector<Word> words; ///< [0] is the zero node
  std::vector<Difference> differences[2];
  std::vector<Difference> distinct[2];
  bool contradiction[2] = {false, false}; ///< a literal is constant false
};

/// Turns conditions into an OrderSystem, or says it cannot: anything but comparisons (==, !=,
/// <, <=, >, >=, signed or unsigned) of words, sign- or zero-extended words and constants,
/// under negation and conjunction; a byte in two words; a word read both signed and unsigned.
class Translation {
public:
  explicit Translation(const ExprPool &pool) : pool_(pool) { words_.emplace_back(); }
  /// `condition` (or its negation) joins `group`; false if it is not an order condition.
  bool add(ExprId condition, bool positive, int group = 0);
  /// The system, once every condition is added; false if the words' readings conflict.
  bool finish(OrderSystem &system);

private:
  struct Term {
    size_t node = 0;                                      ///< 0: the constant `bits`
    uint64_t bits = 0;                                    ///< of the comparison's width
    Interpretation interpretation = Interpretation::Free; ///< forced by an extension
  };
  enum class Relation : uint8_t { Less, LessEqual, Equal, Distinct };
  struct Literal {
    Relation relation;
    Interpretation comparison; ///< Free for == and !=
    uint16_t width;
    Term left, right;
    int group;
  };

  bool comparison(const PoolNode &node, bool positive, int group);
  bool term(ExprId id, Interpretation comparison, Term &out);
  bool word(ExprId id, size_t &node);
  bool collect(ExprId id, std::vector<uint32_t> &bytes);

  const ExprPool &pool_;
  std::vector<Word> words_;
  std::map<ExprId, size_t> wordOf_;
  std::map<uint32_t, size_t> usedBytes_;
  std::vector<Literal> literals_;
  bool contradiction_[2] = {false, false};
};

enum class Search : uint8_t { Found, Refuted, GaveUp };

/// Values (node 0 at zero, the others as close to zero as the constraints allow) satisfying
/// the differences and disequalities, found by Bellman-Ford and case splits on violated
/// disequalities (x - y != k as x - y <= k - 1 or x - y >= k + 1), at most `maxSplits`.
Search solve(size_t nodes, std::vector<Difference> differences,
             const std::vector<Difference> &distinct, std::vector<Wide> &values,
             size_t maxSplits = 64);

enum class Implication : uint8_t { Holds, Fails, Unknown };

/// Whether `premises` imply ∃ p. conclusions(p), p the words made of bytes `projected` says
/// are existential: the projected words are eliminated from the conclusions (exactly, as
/// Fourier-Motzkin on difference constraints is), then each remaining conclusion is checked
/// against the premises. Unknown when a condition is no order condition, a disequality reads
/// a projected word, or a word mixes projected and other bytes.
template <typename Projected>
Implication impliesProjection(const ExprPool &pool, const std::vector<ExprId> &premises,
                              const std::vector<ExprId> &conclusions, Projected projected);

/// The same with the projected words given by node (implementation of the template above).
Implication impliesProjection(const OrderSystem &system, const std::vector<bool> &projected);

template <typename Projected>
Implication impliesProjection(const ExprPool &pool, const std::vector<ExprId> &premises,
                              const std::vector<ExprId> &conclusions, Projected projected) {
  Translation translation(pool);
  for (ExprId premise : premises)
    if (!translation.add(premise, true, 0))
      return Implication::Unknown;
  for (ExprId conclusion : conclusions)
    if (!translation.add(conclusion, true, 1))
      return Implication::Unknown;
  OrderSystem system;
  if (!translation.finish(system))
    return Implication::Unknown;
  std::vector<bool> isProjected(system.words.size(), false);
  for (size_t w = 1; w < system.words.size(); ++w) {
    size_t count = 0;
    for (uint32_t byte : system.words[w].bytes)
      count += projected(byte) ? 1 : 0;
    if (count != 0 && count != system.words[w].bytes.size())
      return Implication::Unknown;
    isProjected[w] = count != 0;
  }
  return impliesProjection(system, isProjected);
}

} // namespace unitgen::orders
