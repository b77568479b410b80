// Transcoping: normal equations of the least-squares fits, solved by Gaussian elimination
// (at most three unknowns).
#include "exhaustive/Transcoping.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace unitgen {
namespace {

const std::pair<const char *, CoverageCriterion> kNames[] = {
    {"fet", CoverageCriterion::FieldExhaustive},
    {"fbt-linear", CoverageCriterion::SizeLinear},
    {"fbt-quadratic", CoverageCriterion::SizeQuadratic},
    {"fbt-average", CoverageCriterion::SizeAverage},
    {"fbt-time-quadratic", CoverageCriterion::TimeQuadratic},
    {"fbt-time-exponential", CoverageCriterion::TimeExponential},
    {"fbt-time-average", CoverageCriterion::TimeAverage},
};

/// Solves `a · c = b` in place; false when `a` is singular (all xs equal).
bool solve(std::vector<std::vector<double>> a, std::vector<double> b, std::vector<double> &c) {
  size_t n = b.size();
  for (size_t col = 0; col < n; ++col) {
    size_t pivot = col;
    for (size_t row = col + 1; row < n; ++row)
      if (std::fabs(a[row][col]) > std::fabs(a[pivot][col]))
        pivot = row;
    if (std::fabs(a[pivot][col]) < 1e-12)
      return false;
    std::swap(a[col], a[pivot]);
    std::swap(b[col], b[pivot]);
    for (size_t row = 0; row < n; ++row) {
      if (row == col)
        continue;
      double factor = a[row][col] / a[col][col];
      for (size_t k = col; k < n; ++k)
        a[row][k] -= factor * a[col][k];
      b[row] -= factor * b[col];
    }
  }
  c.resize(n);
  for (size_t k = 0; k < n; ++k)
    c[k] = b[k] / a[k][k];
  return true;
}

} // namespace

std::optional<SearchClock> parseSearchClock(const std::string &name) {
  if (name == "work")
    return SearchClock::Work;
  if (name == "seconds")
    return SearchClock::Seconds;
  return std::nullopt;
}

std::optional<CoverageCriterion> parseCoverageCriterion(const std::string &name) {
  for (const auto &[text, criterion] : kNames)
    if (name == text)
      return criterion;
  return std::nullopt;
}

std::vector<std::string> coverageCriterionNames() {
  std::vector<std::string> names;
  for (const auto &entry : kNames)
    names.push_back(entry.first);
  return names;
}

bool transcopesSizes(CoverageCriterion criterion) {
  return criterion == CoverageCriterion::SizeLinear ||
         criterion == CoverageCriterion::SizeQuadratic ||
         criterion == CoverageCriterion::SizeAverage;
}

bool transcopesTime(CoverageCriterion criterion) {
  return criterion == CoverageCriterion::TimeQuadratic ||
         criterion == CoverageCriterion::TimeExponential ||
         criterion == CoverageCriterion::TimeAverage;
}

double fitPolynomial(const std::vector<double> &xs, const std::vector<double> &ys, int degree,
                     double x) {
  if (xs.empty())
    return 0;
  for (int d = std::min<int>(degree, static_cast<int>(xs.size()) - 1); d >= 0; --d) {
    size_t n = static_cast<size_t>(d) + 1;
    std::vector<std::vector<double>> a(n, std::vector<double>(n, 0));
    std::vector<double> b(n, 0), c;
    for (size_t i = 0; i < xs.size(); ++i)
      for (size_t r = 0; r < n; ++r) {
        b[r] += ys[i] * std::pow(xs[i], r);
        for (size_t k = 0; k < n; ++k)
          a[r][k] += std::pow(xs[i], r + k);
      }
    if (!solve(a, b, c))
      continue;
    double y = 0;
    for (size_t k = 0; k < n; ++k)
      y += c[k] * std::pow(x, k);
    return y;
  }
  return ys.back();
}

double fitExponential(const std::vector<double> &xs, const std::vector<double> &ys, double x,
                      double floor) {
  std::vector<double> logs;
  for (double y : ys)
    logs.push_back(std::log(std::max(y, floor)));
  return std::exp(fitPolynomial(xs, logs, 1, x));
}

double transcope(CoverageCriterion criterion, const std::vector<double> &xs,
                 const std::vector<double> &ys, double x) {
  constexpr double kShortestTime = 1e-4; // the driver's clock says 0.000 below this
  switch (criterion) {
  case CoverageCriterion::SizeLinear:
    return fitPolynomial(xs, ys, 1, x);
  case CoverageCriterion::SizeQuadratic:
  case CoverageCriterion::TimeQuadratic:
    return fitPolynomial(xs, ys, 2, x);
  case CoverageCriterion::SizeAverage:
    return (fitPolynomial(xs, ys, 1, x) + fitPolynomial(xs, ys, 2, x)) / 2;
  case CoverageCriterion::TimeExponential:
    return fitExponential(xs, ys, x, kShortestTime);
  case CoverageCriterion::TimeAverage:
    return (fitPolynomial(xs, ys, 2, x) + fitExponential(xs, ys, x, kShortestTime)) / 2;
  case CoverageCriterion::FieldExhaustive:
    break;
  }
  return 0;
}

double transcopeSemanticsSize(CoverageCriterion criterion, const std::vector<double> &xs,
                              const std::vector<double> &ys, double x, double most) {
  constexpr size_t kPlateau = 3;
  size_t n = ys.size();
  bool saturated = n >= kPlateau && std::all_of(ys.end() - kPlateau, ys.end(),
                                                [&](double y) { return y == ys.back(); });
  double size = saturated ? ys.back() : std::round(transcope(criterion, xs, ys, x));
  return std::min(size, most);
}

} // namespace unitgen
