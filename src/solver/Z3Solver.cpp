// Z3Solver: the core of the chain — pool expressions to Z3 terms, one check per query.
#include "solver/Evaluator.h"
#include "solver/Solver.h"
#include "solver/SolverStats.h"

#include <z3++.h>

#include <chrono>
#include <cmath>
#include <string>
#include <unordered_map>

namespace unitgen {
namespace {

/// Thrown inside translation when a query needs floating point and it is off.
struct FloatingPointOff {};

/// Translates pool expressions to terms of one context. Width-1 nodes are Bool terms; bit-vector
/// operations on them go through a 1-bit vector, so any width-1 operand is accepted.
class Translator {
public:
  Translator(z3::context &ctx, const ExprPool &pool, bool floatingPoint)
      : ctx_(ctx), pool_(pool), floatingPoint_(floatingPoint) {}

  z3::expr boolean(ExprId id) { return asBool(translate(id)); }

  static std::string byteName(uint64_t index) { return "in" + std::to_string(index); }

  /// Post-order with an explicit stack (deep path conditions), memoized for this query only, so
  /// no term outlives the query.
  z3::expr translate(ExprId root) {
    std::vector<std::pair<ExprId, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [id, operandsDone] = stack.back();
      if (cache_.count(id)) {
        stack.pop_back();
        continue;
      }
      const PoolNode &node = pool_.node(id);
      if (!operandsDone) {
        stack.back().second = true;
        for (int i = 0; i < arity(node.kind); ++i)
          if (!cache_.count(node.operands[i]))
            stack.push_back({node.operands[i], false});
        continue;
      }
      stack.pop_back();
      z3::expr term = build(node);
      if (node.sort == ExprSort::Bool && !term.is_bool())
        term = term == ctx_.bv_val(1, 1);
      cache_.emplace(id, term);
    }
    return cache_.at(root);
  }

private:
  z3::expr operand(const PoolNode &node, int i) { return cache_.at(node.operands[i]); }
  z3::expr bits(const PoolNode &node, int i) { return asBits(operand(node, i)); }
  z3::expr flag(const PoolNode &node, int i) { return asBool(operand(node, i)); }

  z3::expr asBits(const z3::expr &term) {
    return term.is_bool() ? z3::ite(term, ctx_.bv_val(1, 1), ctx_.bv_val(0, 1)) : term;
  }
  z3::expr asBool(const z3::expr &term) {
    return term.is_bool() ? term : term != ctx_.bv_val(0, term.get_sort().bv_size());
  }
  z3::sort floatSort(uint16_t width) {
    return width == 64 ? ctx_.fpa_sort(11, 53) : ctx_.fpa_sort(8, 24);
  }
  z3::expr checked(Z3_ast ast) {
    ctx_.check_error();
    return z3::expr(ctx_, ast);
  }
  void requireFloatingPoint() {
    if (!floatingPoint_)
      throw FloatingPointOff{};
  }

  z3::expr build(const PoolNode &node);

  z3::context &ctx_;
  const ExprPool &pool_;
  bool floatingPoint_;
  std::unordered_map<ExprId, z3::expr> cache_;
};

z3::expr Translator::build(const PoolNode &n) {
  const unsigned w = n.width;
  switch (n.kind) {
  case ExprKind::Constant:
    return ctx_.bv_val(static_cast<uint64_t>(n.value), w);
  case ExprKind::BoolConstant:
    return ctx_.bool_val(n.value != 0);
  case ExprKind::InputByte:
    return ctx_.bv_const(byteName(n.value).c_str(), 8);
  case ExprKind::Not:
    return ~bits(n, 0);
  case ExprKind::Neg:
    return -bits(n, 0);
  case ExprKind::ZeroExtend:
    return z3::zext(bits(n, 0), w - pool_.node(n.operands[0]).width);
  case ExprKind::SignExtend:
    return z3::sext(bits(n, 0), w - pool_.node(n.operands[0]).width);
  case ExprKind::Extract:
    return bits(n, 0).extract(static_cast<unsigned>(n.value) + w - 1,
                              static_cast<unsigned>(n.value));
  case ExprKind::BoolNot:
    return !flag(n, 0);
  case ExprKind::BoolToBits:
    return w == 1 ? flag(n, 0) : z3::ite(flag(n, 0), ctx_.bv_val(1, w), ctx_.bv_val(0, w));
  case ExprKind::BitsToBool:
    return asBool(bits(n, 0));
  case ExprKind::Add:
    return bits(n, 0) + bits(n, 1);
  case ExprKind::Sub:
    return bits(n, 0) - bits(n, 1);
  case ExprKind::Mul:
    return bits(n, 0) * bits(n, 1);
  case ExprKind::UDiv:
    return z3::udiv(bits(n, 0), bits(n, 1));
  case ExprKind::SDiv:
    return checked(Z3_mk_bvsdiv(ctx_, bits(n, 0), bits(n, 1)));
  case ExprKind::URem:
    return z3::urem(bits(n, 0), bits(n, 1));
  case ExprKind::SRem:
    return z3::srem(bits(n, 0), bits(n, 1));
  case ExprKind::Shl:
    return z3::shl(bits(n, 0), bits(n, 1));
  case ExprKind::LShr:
    return z3::lshr(bits(n, 0), bits(n, 1));
  case ExprKind::AShr:
    return z3::ashr(bits(n, 0), bits(n, 1));
  case ExprKind::And:
    return bits(n, 0) & bits(n, 1);
  case ExprKind::Or:
    return bits(n, 0) | bits(n, 1);
  case ExprKind::Xor:
    return bits(n, 0) ^ bits(n, 1);
  case ExprKind::Concat:
    return z3::concat(bits(n, 0), bits(n, 1));
  case ExprKind::Equal:
  case ExprKind::Distinct: {
    z3::expr a = operand(n, 0), b = operand(n, 1);
    if (a.is_bool() != b.is_bool()) {
      a = asBits(a);
      b = asBits(b);
    }
    return n.kind == ExprKind::Equal ? a == b : a != b;
  }
  case ExprKind::Ult:
    return z3::ult(bits(n, 0), bits(n, 1));
  case ExprKind::Ule:
    return z3::ule(bits(n, 0), bits(n, 1));
  case ExprKind::Ugt:
    return z3::ugt(bits(n, 0), bits(n, 1));
  case ExprKind::Uge:
    return z3::uge(bits(n, 0), bits(n, 1));
  case ExprKind::Slt:
    return z3::slt(bits(n, 0), bits(n, 1));
  case ExprKind::Sle:
    return z3::sle(bits(n, 0), bits(n, 1));
  case ExprKind::Sgt:
    return z3::sgt(bits(n, 0), bits(n, 1));
  case ExprKind::Sge:
    return z3::sge(bits(n, 0), bits(n, 1));
  case ExprKind::BoolAnd:
    return flag(n, 0) && flag(n, 1);
  case ExprKind::BoolOr:
    return flag(n, 0) || flag(n, 1);
  case ExprKind::BoolXor:
    return flag(n, 0) != flag(n, 1);
  case ExprKind::Ite: {
    z3::expr a = operand(n, 1), b = operand(n, 2);
    if (a.is_bool() != b.is_bool()) {
      a = asBits(a);
      b = asBits(b);
    }
    return z3::ite(flag(n, 0), a, b);
  }
  default:
    break;
  }
  // Floating point: IEEE semantics, round to nearest even (the context's default mode).
  requireFloatingPoint();
  switch (n.kind) {
  case ExprKind::FloatConstant:
    return ctx_.bv_val(static_cast<uint64_t>(n.value), w).mk_from_ieee_bv(floatSort(w));
  case ExprKind::FloatFromBits:
    return bits(n, 0).mk_from_ieee_bv(floatSort(w));
  case ExprKind::FloatToBits:
    return operand(n, 0).mk_to_ieee_bv();
  case ExprKind::FloatAdd:
    return operand(n, 0) + operand(n, 1);
  case ExprKind::FloatSub:
    return operand(n, 0) - operand(n, 1);
  case ExprKind::FloatMul:
    return operand(n, 0) * operand(n, 1);
  case ExprKind::FloatDiv:
    return operand(n, 0) / operand(n, 1);
  case ExprKind::FloatOrderedEqual:
    return z3::fp_eq(operand(n, 0), operand(n, 1));
  case ExprKind::FloatOrderedLess:
    return operand(n, 0) < operand(n, 1);
  case ExprKind::FloatOrderedLessEqual:
    return operand(n, 0) <= operand(n, 1);
  case ExprKind::FloatIsNaN:
    return operand(n, 0).mk_is_nan();
  case ExprKind::SignedToFloat:
    return z3::sbv_to_fpa(bits(n, 0), floatSort(w));
  case ExprKind::FloatToSigned: {
    // SMT-LIB leaves NaN and out-of-range conversions unspecified, and Z3 would exploit that
    // (x = inf "converts" to anything). Pin them to the minimum value, as the Evaluator does.
    const z3::expr x = operand(n, 0);
    const z3::expr towardZero = checked(Z3_mk_fpa_rtz(ctx_));
    const z3::expr truncated = checked(Z3_mk_fpa_round_to_integral(ctx_, towardZero, x));
    const double limit = std::ldexp(1.0, static_cast<int>(w) - 1); // exact in float and double
    const z3::expr upper = checked(Z3_mk_fpa_numeral_double(ctx_, limit, x.get_sort()));
    const z3::expr lower = checked(Z3_mk_fpa_numeral_double(ctx_, -limit, x.get_sort()));
    const z3::expr converted = checked(Z3_mk_fpa_to_sbv(ctx_, towardZero, x, w));
    const uint64_t minimum = w >= 64 ? uint64_t(1) << 63 : uint64_t(1) << (w - 1);
    return z3::ite(truncated >= lower && truncated < upper, converted,
                   ctx_.bv_val(static_cast<uint64_t>(minimum), w));
  }
  default:
    break;
  }
  throw z3::exception("expression kind without a Z3 translation");
}

class Z3Solver final : public Solver {
public:
  Z3Solver(const ExprPool &pool, SolverStats &stats, unsigned timeoutMs, bool floatingPoint)
      : pool_(pool), stats_(stats), timeoutMs_(timeoutMs), floatingPoint_(floatingPoint) {}

  SolverResult solve(const Query &query) override;

private:
  SolverResult check(const Query &query);
  Model readModel(const z3::model &model, const Query &query);

  const ExprPool &pool_;
  SolverStats &stats_;
  unsigned timeoutMs_;
  bool floatingPoint_;
  z3::context ctx_; ///< one per chain: terms of a query are freed with it, the context stays
};

SolverResult Z3Solver::solve(const Query &query) {
  const auto start = std::chrono::steady_clock::now();
  SolverResult result;
  try {
    result = check(query);
  } catch (const FloatingPointOff &) {
    ++stats_.unsupported;
    return {Validity::Unknown, {}};
  } catch (const z3::exception &) {
    // Z3 gave up in a way other than a verdict (resource limit, internal error).
    result = {Validity::Unknown, {}};
  }
  ++stats_.z3Calls;
  stats_.z3Seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  switch (result.validity) {
  case Validity::Sat:
    ++stats_.z3Sat;
    break;
  case Validity::Unsat:
    ++stats_.z3Unsat;
    break;
  case Validity::Unknown:
    ++stats_.z3Unknown;
    break;
  case Validity::Timeout:
    ++stats_.z3Timeout;
    break;
  }
  return result;
}

SolverResult Z3Solver::check(const Query &query) {
  Translator translator(ctx_, pool_, floatingPoint_);
  // One query, then the solver is gone: the QF_BV tactic (simplify, bit-blast, SAT) answers a
  // one-shot bit-vector query several times faster than the incremental default solver, which
  // is kept for floats and quantifiers.
  const bool quantified = !query.universal.empty();
  z3::solver solver =
      floatingPoint_ || quantified ? z3::solver(ctx_) : z3::solver(ctx_, "QF_BV");
  z3::params params(ctx_);
  if (timeoutMs_)
    params.set("timeout", timeoutMs_);
  solver.set(params);
  for (ExprId constraint : query.constraints)
    solver.add(translator.boolean(constraint));
  if (quantified) {
    z3::expr_vector bound(ctx_);
    for (uint32_t byte : query.universal)
      bound.push_back(ctx_.bv_const(Translator::byteName(byte).c_str(), 8));
    solver.add(z3::forall(bound, translator.boolean(query.goal)));
  } else {
    solver.add(translator.boolean(query.goal));
  }
  switch (solver.check()) {
  case z3::sat:
    return {Validity::Sat, readModel(solver.get_model(), query)};
  case z3::unsat:
    return {Validity::Unsat, {}};
  case z3::unknown:
    break;
  }
  const std::string reason = solver.reason_unknown();
  const bool timedOut =
      reason.find("timeout") != std::string::npos || reason.find("canceled") != std::string::npos;
  return {timedOut ? Validity::Timeout : Validity::Unknown, {}};
}

Model Z3Solver::readModel(const z3::model &z3Model, const Query &query) {
  Model model;
  if (!query.universal.empty())
    return model; // the bound bytes have no value, and no caller runs such a model
  for (uint32_t index : queryBytes(pool_, query)) {
    // Model completion: a byte Z3 left free gets a value, so the model covers every byte.
    z3::expr value = z3Model.eval(ctx_.bv_const(Translator::byteName(index).c_str(), 8), true);
    model[index] = static_cast<uint8_t>(value.get_numeral_uint64());
  }
  Evaluator evaluator(pool_, model);
  if (!evaluator.allTrue(query.constraints) || !evaluator.isTrue(query.goal))
    ++stats_.z3ModelMismatches;
  return model;
}

} // namespace

std::unique_ptr<Solver> createZ3Solver(const ExprPool &pool, SolverStats &stats, unsigned timeoutMs,
                                       bool floatingPoint) {
  return std::make_unique<Z3Solver>(pool, stats, timeoutMs, floatingPoint);
}

} // namespace unitgen
