// SlowCalls: a hang whose work grows with an integer argument, on a modelled clock.
#include "suite/SlowCalls.h"

#include <gtest/gtest.h>

#include <cmath>

namespace unitgen {
namespace {

constexpr double kTimeout = 1; // the call time-out
constexpr double kWaited = 10; // what the longer run gave it

/// `Builder b; b.StartBlock(offset)`.
Sequence startBlock(Value offset) {
  Sequence sequence;
  sequence.statements.push_back({0, -1, {}});
  sequence.statements.push_back({1, 0, {Argument::of(std::move(offset))}});
  return sequence;
}

/// A driver whose call 1 takes `secondsFor(argument)`; past the time-out it is a hang.
struct ModelledDriver {
  std::function<double(double)> secondsFor;
  int runs = 0;
  Outcome operator()(const Sequence &sequence) {
    ++runs;
    const Value &argument = sequence.statements[1].args[0].literal;
    const double size = argument.kind == Value::Kind::UInt ? static_cast<double>(argument.u)
                                                           : static_cast<double>(argument.i);
    Outcome outcome;
    outcome.seconds = 0.001 + secondsFor(size);
    if (outcome.seconds > kTimeout) {
      outcome.seconds = kTimeout;
      outcome.failure = {FailureKind::Hang, 1, "no return within 1 s"};
    }
    return outcome;
  }
};

bool judge(const Sequence &sequence, ModelledDriver &driver) {
  return hangGrowsWithArgument(sequence, 1, kWaited, kTimeout,
                               [&](const Sequence &s) { return driver(s); });
}

TEST(SlowCallsTest, WorkProportionalToAHugeArgumentIsNoHang) {
  // One filter per 2 KiB of offset, 100 ns each: 2^60 needs about 18 years.
  ModelledDriver filters{[](double offset) { return offset / 2048 * 1e-7; }};
  EXPECT_TRUE(judge(startBlock(Value::unsignedInteger((uint64_t(1) << 60) - 1)), filters));
  EXPECT_GT(filters.runs, 3);
  EXPECT_LT(filters.runs, 40) << "the magnitudes grow geometrically";
  // Quadratic work grows faster still.
  ModelledDriver quadratic{[](double n) { return n * n * 1e-12; }};
  EXPECT_TRUE(judge(startBlock(Value::integer(int64_t(1) << 40)), quadratic));
}

TEST(SlowCallsTest, ALoopThatShouldHaveEndedWithinTheWaitIsAHang) {
  // `for (int i = 0; i <= n; ++i)` with n = INT_MAX: at 1 ns per pass, n takes 2 s, yet the
  // call did not return within 10 s: it never ends.
  ModelledDriver wraps{[](double n) { return n * 1e-9; }};
  EXPECT_FALSE(judge(startBlock(Value::integer(2147483647)), wraps));
}

TEST(SlowCallsTest, AScaledDownArgumentThatHangsTooOrTakesNoLongerIsAHang) {
  // Stuck for anything past 10 000: no smaller argument shows growth.
  ModelledDriver stuck{[](double n) { return n > 10000 ? 1e9 : 0.0; }};
  EXPECT_FALSE(judge(startBlock(Value::integer(int64_t(1) << 50)), stuck));
  // The time does not depend on the argument: something else is stuck.
  ModelledDriver flat{[](double) { return 0.003; }};
  EXPECT_FALSE(judge(startBlock(Value::integer(int64_t(1) << 50)), flat));
  // A small argument is no size.
  ModelledDriver never{[](double) { return 1e9; }};
  EXPECT_FALSE(judge(startBlock(Value::integer(7)), never));
  EXPECT_EQ(never.runs, 0);
}

TEST(SlowCallsTest, WorkGrowingWithAnEarlierCallsArgumentIsNoHang) {
  // `Printer p(depth); p.Open()`: the constructor's depth decides how long Open indents.
  Sequence sequence;
  sequence.statements.push_back({0, -1, {Argument::of(Value::integer(2147483646))}});
  sequence.statements.push_back({1, 0, {}});
  int runs = 0;
  auto indent = [&](const Sequence &s) {
    ++runs;
    Outcome outcome;
    outcome.seconds = 0.001 + static_cast<double>(s.statements[0].args[0].literal.i) * 1e-7;
    if (outcome.seconds > kTimeout) {
      outcome.seconds = kTimeout;
      outcome.failure = {FailureKind::Hang, 1, "no return within 1 s"};
    }
    return outcome;
  };
  EXPECT_TRUE(hangGrowsWithArgument(sequence, 1, kWaited, kTimeout, indent));
  EXPECT_GT(runs, 3);
}

TEST(SlowCallsTest, ANegativeArgumentKeepsItsSign) {
  ModelledDriver sized{[](double n) { return n < 0 ? -n * 1e-7 : 1e9; }};
  EXPECT_TRUE(judge(startBlock(Value::integer(-(int64_t(1) << 50))), sized));
}

} // namespace
} // namespace unitgen
