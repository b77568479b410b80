// OrderSolver: a query that only orders input words and constants (x < y, x <= 5, x == y,
// x != 3, ...) is decided exactly as integer difference constraints, without Z3. Such
// queries are most of what the state-space and concolic strategies ask of containers.
#include "solver/Evaluator.h"
#include "solver/OrderConstraints.h"
#include "solver/Solver.h"
#include "solver/SolverStats.h"

namespace unitgen {
namespace {

class OrderSolver final : public Solver {
public:
  OrderSolver(std::unique_ptr<Solver> inner, const ExprPool &pool, SolverStats &stats)
      : inner_(std::move(inner)), pool_(pool), stats_(stats) {}

  SolverResult solve(const Query &query) override {
    if (!query.universal.empty())
      return inner_->solve(query);
    orders::Translation translation(pool_);
    bool supported = translation.add(query.goal, true);
    for (size_t i = 0; supported && i < query.constraints.size(); ++i)
      supported = translation.add(query.constraints[i], true);
    orders::OrderSystem system;
    if (!supported || !translation.finish(system))
      return inner_->solve(query);
    SolverResult result;
    if (system.contradiction[0]) {
      ++stats_.orderAnswers;
      result.validity = Validity::Unsat;
      return result;
    }
    const std::vector<orders::Word> &words = system.words;
    std::vector<orders::Wide> values;
    orders::Search found =
        orders::solve(words.size(), system.differences[0], system.distinct[0], values);
    if (found == orders::Search::GaveUp)
      return inner_->solve(query);
    if (found == orders::Search::Refuted) {
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
