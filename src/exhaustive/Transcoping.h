// Transcoping: extrapolates what complete searches at small scopes measured (field semantics
// sizes, generation times) to a larger scope by ordinary least squares, to stop the search
// there early (the field-coverage paper's FBT criteria).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace unitgen {

/// How a field-coverage suite decides it has searched enough at the target scope.
enum class CoverageCriterion {
  FieldExhaustive, ///< fet: never early; every heap that adds a pair
  SizeLinear,      ///< fbt-linear: each field's semantics reaches its linear fit
  SizeQuadratic,   ///< fbt-quadratic
  SizeAverage,     ///< fbt-average: the mean of the two
  TimeQuadratic,   ///< fbt-time-quadratic: the search runs for the quadratic fit of the times
  TimeExponential, ///< fbt-time-exponential
  TimeAverage,     ///< fbt-time-average
};

/// What the time criteria measure at the small scopes and transcope to the target scope.
enum class SearchClock {
  /// The driver's units of work (invariant runs and heaps written): the same on every run, so
  /// the suite is too. Work stands for time: a unit costs about the same at every scope.
  Work,
  /// Wall seconds, as the paper measures: the suite varies with the machine and its load.
  Seconds,
};

/// `work`, `seconds` (the --clock names); nullopt for another name.
std::optional<SearchClock> parseSearchClock(const std::string &name);

/// `fet`, `fbt-linear`, ... (the --criterion names); nullopt for another name.
std::optional<CoverageCriterion> parseCoverageCriterion(const std::string &name);
std::vector<std::string> coverageCriterionNames();
bool transcopesSizes(CoverageCriterion criterion);
bool transcopesTime(CoverageCriterion criterion);

/// The least-squares polynomial of `degree` through (xs, ys), evaluated at `x`. With fewer
/// points than coefficients the degree drops to what the points determine.
double fitPolynomial(const std::vector<double> &xs, const std::vector<double> &ys, int degree,
                     double x);
/// The least-squares exponential a·e^(b·x) (a line through the logarithms), evaluated at `x`;
/// values at or below zero count as `floor`.
double fitExponential(const std::vector<double> &xs, const std::vector<double> &ys, double x,
                      double floor);

/// The criterion's prediction at `x` from observations at `xs`: a field's semantics size for the
/// size criteria, seconds for the time criteria.
double transcope(CoverageCriterion criterion, const std::vector<double> &xs,
                 const std::vector<double> &ys, double x);

/// A size criterion's target for one field's semantics at `x`, from its sizes `ys` at the small
/// scopes `xs`: the fit rounded to a whole number of pairs, at most `most` (the pairs the target
/// finitization allows). A size equal at the last three small scopes is taken as saturated and
/// stays: a fit through an early scope the finitization starved (an AVL tree at scope 1 holds
/// no node, its heights being 0..0) would otherwise ask for more pairs than exist.
double transcopeSemanticsSize(CoverageCriterion criterion, const std::vector<double> &xs,
                              const std::vector<double> &ys, double x, double most);

} // namespace unitgen
