// Transcoping: the least-squares fits recover the functions that made the points, average the
// paper's pairs of fits, drop the degree when the points are too few; semantics-size targets
// are whole, saturate and stay bounded; the criterion names.
#include "exhaustive/Transcoping.h"

#include <gtest/gtest.h>

#include <cmath>

namespace unitgen::testing {
namespace {

const std::vector<double> kScopes{1, 2, 3, 4, 5};

std::vector<double> apply(double (*f)(double)) {
  std::vector<double> ys;
  for (double x : kScopes)
    ys.push_back(f(x));
  return ys;
}

TEST(TranscopingTest, FitsRecoverTheFunctionsThatMadeThePoints) {
  std::vector<double> line = apply([](double x) { return 3 * x - 1; });
  std::vector<double> parabola = apply([](double x) { return x * x + 2 * x + 1; });
  std::vector<double> growth = apply([](double x) { return 0.5 * std::exp(1.5 * x); });
  EXPECT_NEAR(fitPolynomial(kScopes, line, 1, 10), 29, 1e-9);
  EXPECT_NEAR(fitPolynomial(kScopes, parabola, 2, 10), 121, 1e-6);
  EXPECT_NEAR(fitExponential(kScopes, growth, 10, 1e-4), 0.5 * std::exp(15), 1e-3);
  // A line through a parabola's points undershoots it further out.
  EXPECT_LT(fitPolynomial(kScopes, parabola, 1, 10), 121);
}

TEST(TranscopingTest, LeastSquaresSplitsTheDifferenceOfNoisyPoints) {
  // y = 2x with +1, -1 alternating: the best line is still close to 2x.
  std::vector<double> xs{1, 2, 3, 4}, ys{3, 3, 7, 7};
  EXPECT_NEAR(fitPolynomial(xs, ys, 1, 0), 1, 1e-9); // intercept (3+3+7+7)/4 - 1.6*2.5
  EXPECT_NEAR(fitPolynomial(xs, ys, 1, 5), 9, 1e-9); // slope 1.6
}

TEST(TranscopingTest, TheCriteriaAverageThePapersPairsOfFits) {
  std::vector<double> parabola = apply([](double x) { return x * x; });
  double linear = fitPolynomial(kScopes, parabola, 1, 8);
  EXPECT_NEAR(transcope(CoverageCriterion::SizeLinear, kScopes, parabola, 8), linear, 1e-9);
  EXPECT_NEAR(transcope(CoverageCriterion::SizeQuadratic, kScopes, parabola, 8), 64, 1e-6);
  EXPECT_NEAR(transcope(CoverageCriterion::SizeAverage, kScopes, parabola, 8), (linear + 64) / 2,
              1e-6);
  double exponential = fitExponential(kScopes, parabola, 8, 1e-4);
  EXPECT_NEAR(transcope(CoverageCriterion::TimeAverage, kScopes, parabola, 8),
              (exponential + 64) / 2, 1e-6);
  // Times the clock rounded to zero still fit: they count as the shortest measurable time.
  EXPECT_GT(transcope(CoverageCriterion::TimeExponential, kScopes, {0, 0, 0, 0, 0}, 8), 0);
}

TEST(TranscopingTest, TooFewPointsDropTheDegree) {
  EXPECT_NEAR(fitPolynomial({1, 2}, {2, 4}, 2, 3), 6, 1e-9); // a line through two points
  EXPECT_NEAR(fitPolynomial({1}, {7}, 2, 9), 7, 1e-9);       // a constant through one
  EXPECT_NEAR(fitPolynomial({2, 2}, {1, 3}, 1, 5), 2, 1e-9); // no slope from equal xs
  EXPECT_EQ(fitPolynomial({}, {}, 1, 5), 0);
}

TEST(TranscopingTest, SemanticsSizesAreWholeSaturatedAndBounded) {
  // 2x + 0.3 at scope 8: 16.3 pairs is 16, so a field with 16 pairs stops the search.
  std::vector<double> line = apply([](double x) { return 2 * x + 0.3; });
  EXPECT_EQ(transcopeSemanticsSize(CoverageCriterion::SizeLinear, kScopes, line, 8, 1000), 16);
  // Never more pairs than the finitization allows.
  EXPECT_EQ(transcopeSemanticsSize(CoverageCriterion::SizeLinear, kScopes, line, 8, 12), 12);
  // A starved first scope, then the same size three times: saturated, not a slope of 0.2.
  std::vector<double> starved{1, 2, 2, 2, 2};
  EXPECT_EQ(transcopeSemanticsSize(CoverageCriterion::SizeLinear, kScopes, starved, 11, 100), 2);
  EXPECT_EQ(std::round(transcope(CoverageCriterion::SizeLinear, kScopes, starved, 11)), 3);
  // Equal only at the last two: still fitted.
  std::vector<double> late{1, 2, 3, 5, 5};
  EXPECT_GT(transcopeSemanticsSize(CoverageCriterion::SizeLinear, kScopes, late, 11, 100), 5);
}

TEST(TranscopingTest, CriterionNamesParse) {
  EXPECT_EQ(coverageCriterionNames().size(), 7u);
  for (const std::string &name : coverageCriterionNames())
    EXPECT_TRUE(parseCoverageCriterion(name)) << name;
  EXPECT_EQ(parseCoverageCriterion("fbt-time-average"), CoverageCriterion::TimeAverage);
  EXPECT_FALSE(parseCoverageCriterion("fbt-cubic"));
  EXPECT_TRUE(transcopesSizes(CoverageCriterion::SizeAverage));
  EXPECT_FALSE(transcopesSizes(CoverageCriterion::FieldExhaustive));
  EXPECT_TRUE(transcopesTime(CoverageCriterion::TimeQuadratic));
  EXPECT_EQ(parseSearchClock("work"), SearchClock::Work);
  EXPECT_EQ(parseSearchClock("seconds"), SearchClock::Seconds);
  EXPECT_FALSE(parseSearchClock("cycles"));
}

} // namespace
} // namespace unitgen::testing
