// ValuePool: strings grow from what the same parameter had in runs that got somewhere, so a
// query is edited from queries rather than from the URL of the same test; out-parameters start
// mostly empty.
#include "explore/ValuePool.h"

#include <gtest/gtest.h>

namespace unitgen {
namespace {

TypeDesc stringType() {
  TypeDesc type;
  type.kind = TypeKind::String;
  type.spelling = type.valueSpelling = "std::string";
  return type;
}

size_t countContaining(ValuePool &pool, const ParameterSlot *slot, const std::string &text,
                       std::mt19937_64 &rng) {
  size_t count = 0;
  for (int i = 0; i < 2000; ++i)
    count += pool.pick(stringType(), rng, slot).s.find(text) != std::string::npos;
  return count;
}

TEST(ValuePoolTest, StringsGrowFromTheirOwnParametersFrontier) {
  ClassModel model;
  model.literals.strings = {"select", "age", "from", "users", "empty", "jdbc:minisql:"};
  ValuePool pool(model);
  const ParameterSlot query{3, 0}, url{1, 0};
  pool.learnArgument(Value::string("select age from empty"), query);
  pool.learnArgument(Value::string("jdbc:minisql: x score"), url);
  std::mt19937_64 rng(7);
  size_t queriesFromQueries = countContaining(pool, &query, "age from", rng);
  size_t urlsInQueries = countContaining(pool, &query, "x score", rng);
  // A third of the picks edit this parameter's frontier; the rest come from every string
  // (here only eight, so the URL still turns up there).
  EXPECT_GT(queriesFromQueries, 500u);
  EXPECT_LT(urlsInQueries * 3, queriesFromQueries);
  // And the other way round.
  EXPECT_GT(countContaining(pool, &url, "x score", rng),
            3 * countContaining(pool, &url, "age from", rng));
  // Without a slot, both are possible bases.
  EXPECT_GT(countContaining(pool, nullptr, "age from", rng), 0u);
  EXPECT_GT(countContaining(pool, nullptr, "x score", rng), 0u);
}

TEST(ValuePoolTest, ASlotWithoutHistoryUsesTheSharedStrings) {
  ClassModel model;
  model.literals.strings = {"select", "from"};
  ValuePool pool(model);
  pool.learn(Value::string("select from")); // a returned value: everyone's
  const ParameterSlot fresh{9, 1};
  std::mt19937_64 rng(3);
  EXPECT_GT(countContaining(pool, &fresh, "select from", rng), 100u);
}

TEST(ValuePoolTest, AnOutParameterMostlyStartsEmptySometimesHoldingAValue) {
  ClassModel model;
  model.literals.strings = {"select"};
  ValuePool pool(model);
  std::mt19937_64 rng(3);
  TypeDesc text = stringType(), number;
  text.passing = Passing::Reference;
  number.kind = TypeKind::Integer;
  number.bits = 32;
  number.isSigned = true;
  number.passing = Passing::Pointer;
  size_t emptyTexts = 0, zeros = 0;
  for (int i = 0; i < 1000; ++i) {
    emptyTexts += pool.pick(text, rng).s.empty();
    zeros += pool.pick(number, rng) == Value::integer(0);
  }
  EXPECT_GT(emptyTexts, 700u);
  EXPECT_LT(emptyTexts, 950u); // an in-out parameter gets something to read
  EXPECT_GT(zeros, 700u);
  EXPECT_LT(zeros, 950u);
  // By value, a parameter gets empty or zero no more often than any other value.
  text.passing = number.passing = Passing::Value;
  emptyTexts = zeros = 0;
  for (int i = 0; i < 1000; ++i) {
    emptyTexts += pool.pick(text, rng).s.empty();
    zeros += pool.pick(number, rng) == Value::integer(0);
  }
  EXPECT_LT(emptyTexts, 500u);
  EXPECT_LT(zeros, 500u);
}

} // namespace
} // namespace unitgen
