// StatsSolver: the outermost layer — counts every query and final answer and times the chain.
#include "solver/Solver.h"
#include "solver/SolverStats.h"

#include <chrono>

namespace unitgen {
namespace {

class StatsSolver final : public Solver {
public:
  StatsSolver(std::unique_ptr<Solver> inner, SolverStats &stats)
      : inner_(std::move(inner)), stats_(stats) {}

  SolverResult solve(const Query &query) override {
    const auto start = std::chrono::steady_clock::now();
    ++stats_.queries;
    SolverResult result = inner_->solve(query);
    stats_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    switch (result.validity) {
    case Validity::Sat:
      ++stats_.sat;
      break;
    case Validity::Unsat:
      ++stats_.unsat;
      break;
    case Validity::Unknown:
      ++stats_.unknown;
      break;
    case Validity::Timeout:
      ++stats_.timeout;
      break;
    }
    return result;
  }

private:
  std::unique_ptr<Solver> inner_;
  SolverStats &stats_;
};

} // namespace

std::unique_ptr<Solver> createStatsSolver(std::unique_ptr<Solver> inner, SolverStats &stats) {
  return std::make_unique<StatsSolver>(std::move(inner), stats);
}

} // namespace unitgen
