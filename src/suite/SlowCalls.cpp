// Scaling a hanging call's integer argument down to see whether its work grows with it.
#include "suite/SlowCalls.h"

#include <cmath>
#include <cstdint>

namespace unitgen {
namespace {

/// Arguments below this are no size: a loop over them ends within any time-out.
constexpr double kSmallestScaled = 4096;
/// Each step multiplies the argument by this.
constexpr double kStep = 4;
/// Growth counts when the largest returning run took this many times the first, and this long.
constexpr double kClearGrowth = 4;
constexpr double kMeasurableSeconds = 0.02;

/// The literal with magnitude `magnitude` and the sign and kind of `original`.
Value scaled(const Value &original, double magnitude) {
  if (original.kind == Value::Kind::UInt)
    return Value::unsignedInteger(static_cast<uint64_t>(magnitude));
  const int64_t size = static_cast<int64_t>(magnitude);
  return Value::integer(original.i < 0 ? -size : size);
}

double magnitudeOf(const Value &value) {
  if (value.kind == Value::Kind::UInt)
    return static_cast<double>(value.u);
  return std::fabs(static_cast<double>(value.i));
}

/// Runs the calls with argument `argument` at growing magnitudes below its own; true when the
/// times grow and, scaled to the original magnitude, outlast `waitedSeconds`.
bool growsWith(const Sequence &sequence, int statement, size_t argument, double waitedSeconds,
               double callTimeoutSeconds, const std::function<Outcome(const Sequence &)> &run) {
  const Value &original = sequence.statements[statement].args[argument].literal;
  const double magnitude = magnitudeOf(original);
  if (magnitude < kSmallestScaled * kStep)
    return false;
  auto timeAt = [&](double size, double &seconds) {
    Sequence smaller = sequence;
    smaller.statements[statement].args[argument].literal = scaled(original, size);
    const Outcome outcome = run(smaller);
    seconds = outcome.seconds;
    return outcome.failure.kind == FailureKind::None;
  };
  double first = 0, seconds = 0;
  timeAt(kSmallestScaled, first); // the driver may have to start again after the hang
  if (!timeAt(kSmallestScaled, first))
    return false;
  double largest = kSmallestScaled, largestSeconds = first;
  for (double size = kSmallestScaled * kStep; size < magnitude; size *= kStep) {
    if (!timeAt(size, seconds))
      break; // it failed or hung: what returned before is the evidence
    largest = size;
    largestSeconds = seconds;
    if (seconds > callTimeoutSeconds / kStep)
      break; // the next step would not return within the time-out
  }
  if (largestSeconds < kClearGrowth * first || largestSeconds < kMeasurableSeconds)
    return false;
  return largestSeconds * (magnitude / largest) > waitedSeconds;
}

} // namespace

bool hangGrowsWithArgument(const Sequence &sequence, int statement, double waitedSeconds,
                           double callTimeoutSeconds,
                           const std::function<Outcome(const Sequence &)> &run) {
  if (statement < 0 || statement >= static_cast<int>(sequence.size()))
    return false;
  // The hanging call's own arguments first, then the earlier calls' (a printer made with a
  // starting depth of two billion indents that deep in every later call).
  for (int owner = statement; owner >= 0; --owner) {
    const std::vector<Argument> &args = sequence.statements[owner].args;
    for (size_t i = 0; i < args.size(); ++i) {
      const Argument &argument = args[i];
      const bool integer =
          argument.kind == Argument::Kind::Literal &&
          (argument.literal.kind == Value::Kind::Int || argument.literal.kind == Value::Kind::UInt);
      if (integer && growsWith(sequence, owner, i, waitedSeconds, callTimeoutSeconds, run))
        return true;
    }
  }
  return false;
}

} // namespace unitgen
