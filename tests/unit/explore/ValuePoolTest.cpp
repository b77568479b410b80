// ValuePool: strings grow from what the same parameter had in runs that got somewhere, so a
// query is edited from queries rather than from the URL of the same test; out-parameters start
// mostly empty.
#include "explore/ValuePool.h"

#include <gtest/gtest.h>

#include <algorithm>

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

TEST(ValuePoolTest, ContainersAreMostlyEmptyOrSmallWithElementsOfTheirTypes) {
  ClassModel model;
  model.literals.strings = {"key"};
  ValuePool pool(model);
  std::mt19937_64 rng(5);
  TypeDesc number;
  number.kind = TypeKind::Integer;
  number.bits = 32;
  number.isSigned = true;
  TypeDesc inner;
  inner.kind = TypeKind::Container;
  inner.container = "vector";
  inner.elements = {number};
  TypeDesc map;
  map.kind = TypeKind::Container;
  map.container = "map";
  map.elements = {stringType(), inner};
  size_t empty = 0, small = 0, large = 0;
  for (int i = 0; i < 1000; ++i) {
    const Value value = pool.pick(map, rng);
    ASSERT_EQ(value.kind, Value::Kind::List);
    empty += value.items.empty();
    small += value.items.size() >= 1 && value.items.size() <= 3;
    large += value.items.size() > 8;
    for (const Value &entry : value.items) {
      // Each entry a key and a mapped value, which, a container inside another, stays small.
      ASSERT_EQ(entry.items.size(), 2u);
      EXPECT_EQ(entry.items[0].kind, Value::Kind::String);
      ASSERT_EQ(entry.items[1].kind, Value::Kind::List);
      EXPECT_LE(entry.items[1].items.size(), 3u);
      for (const Value &element : entry.items[1].items)
        EXPECT_EQ(element.kind, Value::Kind::Int);
    }
  }
  EXPECT_GT(empty, 100u);
  EXPECT_GT(small, 400u);
  EXPECT_GT(large, 10u); // now and then past a small buffer
  // An out-parameter container mostly starts empty, as `std::vector<int> values;` does.
  inner.passing = Passing::Reference;
  size_t emptyOut = 0;
  for (int i = 0; i < 1000; ++i)
    emptyOut += pool.pick(inner, rng).items.empty();
  EXPECT_GT(emptyOut, 700u);
  EXPECT_EQ(ValuePool::emptyValue(inner), Value::list({}));
  // A std::array has exactly its elements, an empty one as many zeros.
  TypeDesc fixed;
  fixed.kind = TypeKind::Container;
  fixed.container = "array";
  fixed.length = 3;
  fixed.elements = {number};
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(pool.pick(fixed, rng).items.size(), 3u);
  EXPECT_EQ(ValuePool::emptyValue(fixed),
            Value::list({Value::integer(0), Value::integer(0), Value::integer(0)}));
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

TEST(ValuePoolTest, TheTestsValuesLeaveRoomForWhatRunsTeach) {
  ClassModel model;
  model.literals.strings = {"true"};
  ValuePool pool(model);
  const ParameterSlot parse{2, 0};
  // A test program's thousands of recorded arguments: integers, and whole documents.
  for (int i = 0; i < 5000; ++i) {
    pool.learnObserved(Value::integer(100000 + i), {1, 0});
    pool.learnObserved(Value::string("<doc n='" + std::to_string(i) + "'/>"), parse);
  }
  // An operand the code compared against still enters, and is picked.
  pool.learnCompared({424242});
  TypeDesc integer;
  integer.kind = TypeKind::Integer;
  integer.bits = 64;
  integer.isSigned = true;
  std::mt19937_64 rng(5);
  size_t compared = 0;
  for (int i = 0; i < 20000; ++i)
    compared += pool.pick(integer, rng).i == 424242;
  EXPECT_GT(compared, 0u);
  // The code's literal itself stays a fair share of the strings another parameter gets.
  const ParameterSlot other{5, 0};
  size_t literal = 0;
  for (int i = 0; i < 20000; ++i)
    literal += pool.pick(stringType(), rng, &other).s == "true";
  EXPECT_GT(literal, 20u);
  // Another parameter meets the documents, for a bounded share of its picks: 5,000 of them
  // do not decide its strings the way they would as 5,000 entries of one pool.
  const size_t documentsElsewhere = countContaining(pool, &other, "<doc n=", rng);
  EXPECT_GT(documentsElsewhere, 2000u / 10);
  EXPECT_LT(documentsElsewhere, 2000u / 3);
  // The parameter the documents were given for grows from them more often.
  EXPECT_GT(countContaining(pool, &parse, "<doc n=", rng), documentsElsewhere + 2000u / 10);
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

TEST(ValuePoolTest, AnArrayIsPickedAsAContainerAndOneToWriteMostlyStartsZeroed) {
  ClassModel model;
  model.literals.strings = {std::string("a\0b", 3), "key"};
  ValuePool pool(model);
  std::mt19937_64 rng(7);
  TypeDesc byte;
  byte.kind = TypeKind::Integer;
  byte.bits = 8;
  TypeDesc bytes;
  bytes.kind = TypeKind::Array;
  bytes.passing = Passing::ConstPointer;
  bytes.elements = {byte};
  TypeDesc size;
  size.kind = TypeKind::ArraySize;
  size.bits = 64;
  size_t empty = 0, nonEmpty = 0, zeroed = 0;
  for (int i = 0; i < 1000; ++i) {
    const Value value = pool.pick(bytes, rng);
    ASSERT_EQ(value.kind, Value::Kind::List);
    empty += value.items.empty();
    for (const Value &element : value.items)
      EXPECT_LE(element.u, 255u);
    // The length is the array's: no value of its own.
    EXPECT_EQ(pool.pick(size, rng), Value::null());
  }
  EXPECT_GT(empty, 100u);
  EXPECT_LT(empty, 400u);
  // One the call may write starts zeroed more often than not, never mostly empty.
  bytes.passing = Passing::Pointer;
  for (int i = 0; i < 1000; ++i) {
    const Value value = pool.pick(bytes, rng);
    if (value.items.empty())
      continue;
    ++nonEmpty;
    zeroed += std::all_of(value.items.begin(), value.items.end(),
                          [](const Value &v) { return v == Value::unsignedInteger(0); });
  }
  EXPECT_GT(nonEmpty, 600u);
  EXPECT_GT(zeroed, nonEmpty / 2);
  EXPECT_LT(zeroed, nonEmpty);
  // A class's elements made from C strings are never null.
  TypeDesc text;
  text.kind = TypeKind::CString;
  TypeDesc words;
  words.kind = TypeKind::Array;
  words.passing = Passing::ConstPointer;
  words.className = "Word";
  words.elements = {text};
  for (int i = 0; i < 500; ++i)
    for (const Value &element : pool.pick(words, rng).items) {
      EXPECT_EQ(element.kind, Value::Kind::String);
      EXPECT_EQ(element.s.find('\0'), std::string::npos); // a C string ends at its NUL
    }
}

} // namespace
} // namespace unitgen
