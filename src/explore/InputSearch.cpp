// InputSearch: slice the query to the goal's bytes, bisect float equalities, then try pool values
// and hill-climb on the number of conditions that hold, checking every candidate with the
// Evaluator.
#include "explore/InputSearch.h"

#include "solver/Evaluator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

namespace unitgen {
namespace {

/// The input bytes of `value` as an argument with `count` symbolic bytes: the inverse of
/// substituteInputs (little-endian integers, IEEE floats, the characters of a string).
std::vector<uint8_t> encode(const Value &value, size_t count) {
  std::vector<uint8_t> bytes(count, 0);
  uint64_t bits = 0;
  switch (value.kind) {
  case Value::Kind::Bool:
    bits = value.i != 0;
    break;
  case Value::Kind::Int:
    bits = static_cast<uint64_t>(value.i);
    break;
  case Value::Kind::UInt:
    bits = value.u;
    break;
  case Value::Kind::Float:
    if (count == 4) {
      float f = static_cast<float>(value.f);
      uint32_t b;
      std::memcpy(&b, &f, sizeof b);
      bits = b;
    } else {
      std::memcpy(&bits, &value.f, sizeof bits);
    }
    break;
  case Value::Kind::String:
    for (size_t k = 0; k < count; ++k)
      bytes[k] = k < value.s.size() && value.s[k] != 0 ? static_cast<uint8_t>(value.s[k]) : 'a';
    return bytes;
  case Value::Kind::Null:
  case Value::Kind::List: // never a symbolic input (Runner::symbolic)
    break;
  }
  for (size_t k = 0; k < count && k < 8; ++k)
    bytes[k] = static_cast<uint8_t>(bits >> (8 * k));
  return bytes;
}

Value mutate(const Value &value, std::mt19937_64 &rng) {
  std::uniform_int_distribution<int> pick(0, 7);
  std::uniform_real_distribution<double> unit(-1, 1);
  Value result = value;
  switch (value.kind) {
  case Value::Kind::Bool:
    result.i = !value.i;
    break;
  case Value::Kind::Int:
  case Value::Kind::UInt: {
    static const int64_t steps[] = {1, 2, 3, 10, 100, 1000, 65536, 1 << 24};
    int64_t step = steps[pick(rng)] * (unit(rng) < 0 ? -1 : 1);
    if (value.kind == Value::Kind::Int)
      result.i = pick(rng) == 0 ? -value.i : value.i + step;
    else
      result.u = value.u + static_cast<uint64_t>(step);
    break;
  }
  case Value::Kind::Float: {
    double x = value.f;
    switch (pick(rng)) {
    case 0:
      result.f = x * (1 + unit(rng));
      break;
    case 1:
      result.f = x * (1 + unit(rng) * 0.01);
      break;
    case 2:
      result.f = x + unit(rng);
      break;
    case 3:
      result.f = x + unit(rng) * 100;
      break;
    case 4:
      result.f = std::nextafter(x, unit(rng) < 0 ? -INFINITY : INFINITY);
      break;
    case 5:
      result.f = x * 2;
      break;
    case 6:
      result.f = x / 2;
      break;
    default:
      result.f = std::round(x);
      break;
    }
    if (!std::isfinite(result.f))
      result.f = x;
    break;
  }
  case Value::Kind::String:
    if (!result.s.empty()) {
      size_t at = std::uniform_int_distribution<size_t>(0, result.s.size() - 1)(rng);
      result.s[at] = static_cast<char>(std::uniform_int_distribution<int>(32, 126)(rng));
    }
    break;
  case Value::Kind::List: // one element changes, as one character of a string does
    if (!result.items.empty()) {
      size_t at = std::uniform_int_distribution<size_t>(0, result.items.size() - 1)(rng);
      result.items[at] = mutate(result.items[at], rng);
    }
    break;
  case Value::Kind::Null:
    break;
  }
  return result;
}

/// Doubles as integers in the order of their values, so bisection can halve any interval of
/// them down to two neighbours (-0.0 and +0.0 share 0).
int64_t orderedKey(double x) {
  int64_t bits;
  std::memcpy(&bits, &x, sizeof bits);
  return bits >= 0 ? bits : -(bits & INT64_MAX);
}

double fromOrderedKey(int64_t key) {
  uint64_t bits =
      key >= 0 ? static_cast<uint64_t>(key) : (static_cast<uint64_t>(-key) | (uint64_t{1} << 63));
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

/// The value of a float-sorted expression from its bits.
double floatValue(const ExprPool &pool, ExprId id, uint64_t bits) {
  if (pool.node(id).width == 32) {
    uint32_t narrow = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &narrow, sizeof f);
    return f;
  }
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

/// Where a float argument moves to look for the other side of `lhs == rhs`: halvings and
/// doublings of its value, its negation, and magnitudes from tiny to huge.
std::vector<double> bracketCandidates(double x) {
  std::vector<double> out{0.0, 1.0, -1.0, -x};
  for (int k = 1; k <= 64; ++k) {
    out.push_back(std::ldexp(x, k));
    out.push_back(std::ldexp(x, -k));
  }
  for (int e = -40; e <= 60; e += 4) {
    out.push_back(std::ldexp(1.0, e));
    out.push_back(-std::ldexp(1.0, e));
  }
  return out;
}

} // namespace

std::vector<SearchArgument> searchArguments(const ClassModel &model, const Sequence &sequence,
                                            const std::vector<InputOrigin> &inputs) {
  std::map<std::pair<int32_t, int32_t>, std::map<uint32_t, uint32_t>> bytes; // offset → input
  for (uint32_t i = 0; i < inputs.size(); ++i) {
    const InputOrigin &input = inputs[i];
    if (input.statement >= 0 && static_cast<size_t>(input.statement) < sequence.size())
      bytes[{input.statement, input.argument}][input.offset] = i;
  }
  std::vector<SearchArgument> arguments;
  for (const auto &[where, offsets] : bytes) {
    const Statement &statement = sequence.statements[where.first];
    const Callable &callable = model.callables[statement.callable];
    if (where.second < 0 || static_cast<size_t>(where.second) >= statement.args.size() ||
        static_cast<size_t>(where.second) >= callable.params.size() ||
        statement.args[where.second].kind != Argument::Kind::Literal)
      continue;
    SearchArgument argument;
    for (const auto &[offset, input] : offsets)
      argument.bytes.push_back(input);
    argument.value = statement.args[where.second].literal;
    argument.type = callable.params[where.second].type;
    arguments.push_back(std::move(argument));
  }
  return arguments;
}

std::optional<Model> searchInputs(const ExprPool &pool, const Query &query,
                                  const std::vector<uint8_t> &defaults,
                                  const std::vector<SearchArgument> &arguments,
                                  const ValueSourceFn &fresh, std::mt19937_64 &rng,
                                  const SearchOptions &options) {
  // The slice: constraints sharing bytes with the goal, transitively.
  std::set<uint32_t> bytes(pool.bytes(query.goal).begin(), pool.bytes(query.goal).end());
  std::vector<ExprId> slice;
  std::vector<bool> taken(query.constraints.size(), false);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t i = 0; i < query.constraints.size(); ++i) {
      if (taken[i])
        continue;
      const ByteSet &reads = pool.bytes(query.constraints[i]);
      if (std::none_of(reads.begin(), reads.end(), [&](uint32_t b) { return bytes.count(b); }))
        continue;
      taken[i] = grew = true;
      slice.push_back(query.constraints[i]);
      bytes.insert(reads.begin(), reads.end());
    }
  }
  std::vector<const SearchArgument *> relevant;
  for (const SearchArgument &argument : arguments)
    if (std::any_of(argument.bytes.begin(), argument.bytes.end(),
                    [&](uint32_t b) { return bytes.count(b); }))
      relevant.push_back(&argument);
  if (relevant.empty())
    return std::nullopt;

  std::vector<Value> best;
  for (const SearchArgument *argument : relevant)
    best.push_back(argument->value);
  auto modelOf = [&](const std::vector<Value> &values) {
    Model model;
    for (size_t a = 0; a < relevant.size(); ++a) {
      std::vector<uint8_t> encoded = encode(values[a], relevant[a]->bytes.size());
      for (size_t k = 0; k < encoded.size(); ++k)
        model[relevant[a]->bytes[k]] = encoded[k];
    }
    return model;
  };
  // How many of the slice's conditions hold; the goal counts double, so it is not traded away.
  auto score = [&](const Model &model, bool &all) {
    Evaluator evaluator(pool, model, defaults);
    size_t holds = 0;
    for (ExprId constraint : slice)
      holds += evaluator.isTrue(constraint);
    bool goal = evaluator.isTrue(query.goal);
    all = goal && holds == slice.size();
    return holds + 2 * goal;
  };
  bool all = false;
  size_t bestScore = score(modelOf(best), all);
  if (all)
    return modelOf(best);

  // A floating-point equality `lhs == rhs` (a branch on `==` or a boundary of `<`) is a
  // needle for random values; its difference, as one float argument moves, usually changes
  // sign monotonically, so bisection over the doubles finds the exact root when there is one
  // (74.0 for mass / 2.0^2 == 18.5) in about 64 steps.
  if (const PoolNode &goal = pool.node(query.goal); goal.kind == ExprKind::FloatOrderedEqual) {
    ExprId lhs = goal.operands[0], rhs = goal.operands[1];
    auto difference = [&](const std::vector<Value> &values) {
      Model model = modelOf(values);
      Evaluator evaluator(pool, model, defaults);
      return floatValue(pool, lhs, evaluator.value(lhs)) -
             floatValue(pool, rhs, evaluator.value(rhs));
    };
    auto bisect = [&](std::vector<Value> probe, size_t a) -> std::optional<Model> {
      double from = probe[a].f, fromDifference = difference(probe);
      if (std::isnan(fromDifference))
        return std::nullopt;
      std::optional<double> to;
      for (double candidate : bracketCandidates(from)) {
        probe[a].f = candidate;
        double d = difference(probe);
        if (!std::isnan(d) && (d == 0 || (d < 0) != (fromDifference < 0))) {
          to = candidate;
          break;
        }
      }
      if (!to)
        return std::nullopt;
      int64_t low = orderedKey(from), high = orderedKey(*to);
      for (int step = 0; step < 80; ++step) {
        probe[a].f = fromOrderedKey(high);
        if (difference(probe) == 0) {
          Model model = modelOf(probe);
          bool holds = false;
          score(model, holds);
          return holds ? std::optional<Model>(std::move(model)) : std::nullopt;
        }
        if ((low < high ? high - low : low - high) <= 1)
          return std::nullopt;
        // Midpoint without overflow, then keep the half whose ends differ in sign.
        int64_t middle = low / 2 + high / 2 + (low % 2 + high % 2) / 2;
        probe[a].f = fromOrderedKey(middle);
        double m = difference(probe);
        if (std::isnan(m))
          return std::nullopt;
        if (m == 0 || (m < 0) != (fromDifference < 0))
          high = middle;
        else
          low = middle;
      }
      return std::nullopt;
    };
    // First with the other float arguments made round (a test reads `(25.0, 1.0)` better
    // than `(2.5035530980100495, 0.3164524038783747)`), then as they were.
    std::vector<Value> round = best;
    for (Value &value : round)
      if (value.kind == Value::Kind::Float && std::isfinite(value.f))
        value.f = std::round(value.f) != 0 ? std::round(value.f) : 1.0;
    for (const std::vector<Value> *start : {&round, &best})
      for (size_t a = 0; a < relevant.size(); ++a) {
        if (best[a].kind != Value::Kind::Float)
          continue;
        std::vector<Value> probe = *start;
        probe[a] = best[a];
        if (std::optional<Model> model = bisect(std::move(probe), a))
          return model;
      }
  }

  std::uniform_real_distribution<double> coin(0, 1);
  for (size_t attempt = 0; attempt < options.attempts; ++attempt) {
    std::vector<Value> candidate = best;
    if (coin(rng) < 0.3) {
      // A fresh value for some arguments: pool values (literals, boundaries) often sit right on
      // the conditions' constants.
      size_t fromPool = 0;
      for (size_t a = 0; a < relevant.size(); ++a)
        if (coin(rng) < 0.5 && relevant[a]->type.kind != TypeKind::Unsupported) {
          Value value = fresh(relevant[a]->type);
          if (value.kind == candidate[a].kind) {
            candidate[a] = value;
            ++fromPool;
          }
        }
      if (fromPool == 0)
        continue;
    } else {
      size_t a = std::uniform_int_distribution<size_t>(0, relevant.size() - 1)(rng);
      candidate[a] = mutate(candidate[a], rng);
    }
    Model model = modelOf(candidate);
    size_t candidateScore = score(model, all);
    if (all)
      return model;
    if (candidateScore >= bestScore) {
      bestScore = candidateScore;
      best = std::move(candidate);
    }
  }
  return std::nullopt;
}

} // namespace unitgen
