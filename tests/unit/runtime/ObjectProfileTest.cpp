// ObjectProfile: Palus's abstraction of an object's fields — numbers by sign, pointers null or
// not, strings and containers empty or not, bools and enums as they are — hashed, never 0.
#include "driver/ObjectProfile.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace unitgen_rt {
namespace {

enum class Mode { Reading, Writing };

/// The fields of a small parser as a profile reads them, in declaration order.
struct Parser {
  int depth = 0;
  double ratio = 0;
  const char *cursor = nullptr;
  std::unique_ptr<int> buffer;
  std::string text;
  std::vector<int> stack;
  std::optional<int> error;
  bool strict = false;
  Mode mode = Mode::Reading;
};

uint64_t profileOf(const Parser &p) {
  ObjectProfile profile;
  profile.field(p.depth);
  profile.field(p.ratio);
  profile.field(p.cursor);
  profile.field(p.buffer);
  profile.field(p.text);
  profile.field(p.stack);
  profile.field(p.error);
  profile.field(p.strict);
  profile.field(p.mode);
  return profile.hash();
}

TEST(ObjectProfileTest, ValuesThatAbstractAlikeHashAlike) {
  Parser a, b;
  a.depth = 3, b.depth = 700;
  a.ratio = 0.5, b.ratio = 1e9;
  a.text = "x", b.text = "a longer text";
  a.stack = {1}, b.stack = {4, 5, 6};
  a.cursor = "abc", b.cursor = "d";
  EXPECT_EQ(profileOf(a), profileOf(b));
  EXPECT_NE(profileOf(a), 0u);
}

TEST(ObjectProfileTest, EachFieldsAbstractValueCounts) {
  const Parser fresh;
  const uint64_t base = profileOf(fresh);
  auto differs = [&](auto change) {
    Parser p;
    change(p);
    return profileOf(p) != base;
  };
  EXPECT_TRUE(differs([](Parser &p) { p.depth = -1; }));
  EXPECT_TRUE(differs([](Parser &p) { p.depth = 1; }));
  EXPECT_TRUE(differs([](Parser &p) { p.ratio = -0.5; }));
  EXPECT_TRUE(differs([](Parser &p) { p.cursor = "x"; }));
  EXPECT_TRUE(differs([](Parser &p) { p.buffer = std::make_unique<int>(0); }));
  EXPECT_TRUE(differs([](Parser &p) { p.text = "x"; }));
  EXPECT_TRUE(differs([](Parser &p) { p.stack.push_back(0); }));
  EXPECT_TRUE(differs([](Parser &p) { p.error = 0; }));
  EXPECT_TRUE(differs([](Parser &p) { p.strict = true; }));
  EXPECT_TRUE(differs([](Parser &p) { p.mode = Mode::Writing; }));
  EXPECT_FALSE(differs([](Parser &p) { p.depth = 0; }));
}

TEST(ObjectProfileTest, AnUnsignedNumberIsZeroOrPositive) {
  ObjectProfile zero, positive, signedPositive;
  zero.field(0u);
  positive.field(size_t{7});
  signedPositive.field(7);
  EXPECT_NE(zero.hash(), positive.hash());
  EXPECT_EQ(positive.hash(), signedPositive.hash()) << "a sign, whatever the type";
}

TEST(ObjectProfileTest, AFieldsKindCountsNotOnlyItsAbstractValue) {
  // A false bool and a zero number are different fields, as are 1 and true.
  ObjectProfile flag, number;
  flag.field(false);
  number.field(0);
  EXPECT_NE(flag.hash(), number.hash());
}

} // namespace
} // namespace unitgen_rt
