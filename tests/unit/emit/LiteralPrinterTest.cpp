// LiteralPrinter: every kind of literal, in source and human modes, limits and exact doubles.
#include "EmitFixtures.h"

#include "emit/LiteralPrinter.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>

namespace unitgen {
namespace {

using fixtures::boolType;
using fixtures::charType;
using fixtures::cstringType;
using fixtures::doubleType;
using fixtures::enumType;
using fixtures::floatType;
using fixtures::intType;
using fixtures::optionalType;
using fixtures::stringType;

std::string arg(const Value &value, const TypeDesc &type) {
  return printLiteral(value, type, LiteralUse::Argument);
}
std::string exact(const Value &value, const TypeDesc &type) {
  return printLiteral(value, type, LiteralUse::ExactArgument);
}
std::string expected(const Value &value, const TypeDesc &type) {
  return printLiteral(value, type, LiteralUse::Expected);
}
std::string human(const Value &value, const TypeDesc &type) {
  return printLiteral(value, type, LiteralUse::Human);
}

TEST(LiteralPrinterTest, IntsAsWritten) {
  const TypeDesc i = intType();
  EXPECT_EQ(arg(Value::integer(0), i), "0");
  EXPECT_EQ(arg(Value::integer(42), i), "42");
  EXPECT_EQ(arg(Value::integer(-7), i), "-7");
  EXPECT_EQ(expected(Value::integer(-7), i), "-7");
  EXPECT_EQ(arg(Value::integer(std::numeric_limits<int>::min() + 1), i), "-2147483647");
}

TEST(LiteralPrinterTest, IntLimitsByName) {
  const TypeDesc i = intType();
  EXPECT_EQ(arg(Value::integer(std::numeric_limits<int>::min()), i),
            "std::numeric_limits<int>::min()");
  EXPECT_EQ(expected(Value::integer(std::numeric_limits<int>::max()), i),
            "std::numeric_limits<int>::max()");
  EXPECT_EQ(human(Value::integer(std::numeric_limits<int>::min()), i), "-2147483648");
}

TEST(LiteralPrinterTest, LimitsOfEveryWidthAndSignedness) {
  const TypeDesc i64 = intType(64, true, "int64_t");
  EXPECT_EQ(arg(Value::integer(std::numeric_limits<int64_t>::min()), i64),
            "std::numeric_limits<int64_t>::min()");
  EXPECT_EQ(arg(Value::integer(std::numeric_limits<int64_t>::max()), i64),
            "std::numeric_limits<int64_t>::max()");
  const TypeDesc u64 = intType(64, false, "uint64_t");
  EXPECT_EQ(arg(Value::unsignedInteger(std::numeric_limits<uint64_t>::max()), u64),
            "std::numeric_limits<uint64_t>::max()");
  EXPECT_EQ(arg(Value::unsignedInteger(0), u64), "0"); // 0 is no limit worth naming
  const TypeDesc i16 = intType(16, true, "short");
  EXPECT_EQ(arg(Value::integer(-32768), i16), "std::numeric_limits<short>::min()");
  EXPECT_EQ(arg(Value::integer(-32767), i16), "-32767");
  const TypeDesc u8 = intType(8, false, "uint8_t");
  // A byte's limits read as digits (`{0, 255, 7}`).
  EXPECT_EQ(arg(Value::unsignedInteger(255), u8), "255");
  EXPECT_EQ(arg(Value::integer(-128), intType(8, true, "int8_t")), "-128");
  const TypeDesc u32 = intType(32, false, "unsigned int");
  EXPECT_EQ(expected(Value::unsignedInteger(4294967295u), u32),
            "std::numeric_limits<unsigned int>::max()");
  // Without a spelling, the width decides the name.
  TypeDesc anonymous = intType(64, true, "");
  EXPECT_EQ(arg(Value::integer(std::numeric_limits<int64_t>::min()), anonymous),
            "std::numeric_limits<int64_t>::min()");
}

TEST(LiteralPrinterTest, UnsignedSuffixWhereNeeded) {
  const TypeDesc u64 = intType(64, false, "uint64_t");
  EXPECT_EQ(arg(Value::unsignedInteger(3), u64), "3");
  // Above INT64_MAX no signed type holds the literal.
  EXPECT_EQ(arg(Value::unsignedInteger(9223372036854775809u), u64), "9223372036854775809u");
  // Expected values of unsigned types are unsigned: EXPECT_EQ(size(), 2u) has no sign warning.
  EXPECT_EQ(expected(Value::unsignedInteger(2), u64), "2u");
  const TypeDesc u16 = intType(16, false, "unsigned short");
  EXPECT_EQ(expected(Value::unsignedInteger(2), u16), "2"); // promotes to int
  EXPECT_EQ(human(Value::unsignedInteger(2), u64), "2");
}

TEST(LiteralPrinterTest, ExactLiteralsForOverloads) {
  EXPECT_EQ(exact(Value::integer(5), intType()), "5");
  EXPECT_EQ(exact(Value::integer(5), intType(64, true, "long")), "5L");
  EXPECT_EQ(exact(Value::integer(-5), intType(64, true, "long long")), "-5LL");
  EXPECT_EQ(exact(Value::unsignedInteger(5), intType(32, false, "unsigned int")), "5u");
  EXPECT_EQ(exact(Value::unsignedInteger(5), intType(64, false, "unsigned long")), "5UL");
  EXPECT_EQ(exact(Value::unsignedInteger(5), intType(64, false, "unsigned long long")), "5ULL");
  EXPECT_EQ(exact(Value::integer(5), intType(16, true, "short")), "static_cast<short>(5)");
  EXPECT_EQ(exact(Value::integer(5), intType(64, true, "int64_t")), "static_cast<int64_t>(5)");
  EXPECT_EQ(exact(Value::unsignedInteger(9223372036854775809u), intType(64, false, "uint64_t")),
            "static_cast<uint64_t>(9223372036854775809u)");
  EXPECT_EQ(
      exact(Value::unsignedInteger(9223372036854775809u), intType(64, false, "unsigned long")),
      "9223372036854775809UL");
  EXPECT_EQ(exact(Value::integer(std::numeric_limits<int64_t>::min()), intType(64, true, "long")),
            "std::numeric_limits<long>::min()");
  EXPECT_EQ(exact(Value::string("abc"), stringType()), "std::string(\"abc\")");
  EXPECT_EQ(exact(Value::integer(5), optionalType(intType())), "std::optional<int>(5)");
}

TEST(LiteralPrinterTest, Chars) {
  const TypeDesc c = charType();
  EXPECT_EQ(arg(Value::integer('a'), c), "'a'");
  EXPECT_EQ(arg(Value::integer('"'), c), "'\"'");
  EXPECT_EQ(arg(Value::integer('\n'), c), "'\\n'");
  EXPECT_EQ(arg(Value::integer('\t'), c), "'\\t'");
  EXPECT_EQ(arg(Value::integer(0), c), "'\\0'");
  EXPECT_EQ(arg(Value::integer('\''), c), "'\\''");
  EXPECT_EQ(arg(Value::integer('\\'), c), "'\\\\'");
  EXPECT_EQ(arg(Value::integer(1), c), "'\\x01'");
  EXPECT_EQ(arg(Value::integer(-1), c), "'\\xff'");
  EXPECT_EQ(human(Value::integer('a'), c), "'a'");
  TypeDesc unsignedChar = c;
  unsignedChar.isSigned = false;
  unsignedChar.spelling = unsignedChar.valueSpelling = "unsigned char";
  EXPECT_EQ(arg(Value::unsignedInteger(255), unsignedChar), "'\\xff'");
  // As an expected value '\xff' is the char -1, which would not equal 255.
  EXPECT_EQ(expected(Value::unsignedInteger(255), unsignedChar), "255");
  EXPECT_EQ(exact(Value::unsignedInteger('a'), unsignedChar), "static_cast<unsigned char>('a')");
  TypeDesc wide = c;
  wide.bits = 32;
  wide.spelling = wide.valueSpelling = "wchar_t";
  EXPECT_EQ(arg(Value::integer(0x3b1), wide), "L'\\x3b1'");
}

TEST(LiteralPrinterTest, Bools) {
  EXPECT_EQ(arg(Value::boolean(true), boolType()), "true");
  EXPECT_EQ(expected(Value::boolean(false), boolType()), "false");
  EXPECT_EQ(arg(Value::integer(1), boolType()), "true");
}

TEST(LiteralPrinterTest, Enums) {
  const TypeDesc color = enumType("ds::Color", {{"ds::Color::kRed", 0}, {"ds::Color::kBlue", 4}});
  EXPECT_EQ(arg(Value::integer(0), color), "ds::Color::kRed");
  EXPECT_EQ(expected(Value::integer(4), color), "ds::Color::kBlue");
  EXPECT_EQ(arg(Value::integer(7), color), "static_cast<ds::Color>(7)");
  EXPECT_EQ(human(Value::integer(4), color), "Color::kBlue");
  EXPECT_EQ(human(Value::integer(7), color), "7");
  const TypeDesc unscoped = enumType("ds::Level", {{"ds::kLow", 1}});
  EXPECT_EQ(arg(Value::integer(1), unscoped), "ds::kLow");
  EXPECT_EQ(human(Value::integer(1), unscoped), "kLow");
}

TEST(LiteralPrinterTest, DoublesShortestAndAlwaysDouble) {
  const TypeDesc d = doubleType();
  EXPECT_EQ(arg(Value::floating(0.1), d), "0.1");
  EXPECT_EQ(arg(Value::floating(1.0), d), "1.0");
  EXPECT_EQ(arg(Value::floating(70.0), d), "70.0");
  EXPECT_EQ(arg(Value::floating(-2.5), d), "-2.5");
  EXPECT_EQ(arg(Value::floating(1e300), d), "1e+300");
  EXPECT_EQ(arg(Value::floating(1e-5), d), "1e-05");
  EXPECT_EQ(arg(Value::floating(0.30000000000000004), d), "0.30000000000000004");
  EXPECT_EQ(arg(Value::floating(1e16), d), "1e+16");
  EXPECT_EQ(arg(Value::floating(123456.0), d), "123456.0");
}

TEST(LiteralPrinterTest, DoubleSpecialValues) {
  const TypeDesc d = doubleType();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(arg(Value::floating(inf), d), "std::numeric_limits<double>::infinity()");
  EXPECT_EQ(arg(Value::floating(-inf), d), "-std::numeric_limits<double>::infinity()");
  EXPECT_EQ(arg(Value::floating(std::numeric_limits<double>::quiet_NaN()), d),
            "std::numeric_limits<double>::quiet_NaN()");
  EXPECT_EQ(arg(Value::floating(-0.0), d), "-0.0");
  EXPECT_EQ(arg(Value::floating(0.0), d), "0.0");
  EXPECT_EQ(arg(Value::floating(std::numeric_limits<double>::max()), d),
            "std::numeric_limits<double>::max()");
  EXPECT_EQ(arg(Value::floating(std::numeric_limits<double>::lowest()), d),
            "std::numeric_limits<double>::lowest()");
  EXPECT_EQ(arg(Value::floating(std::numeric_limits<double>::denorm_min()), d),
            "std::numeric_limits<double>::denorm_min()");
  EXPECT_EQ(human(Value::floating(inf), d), "inf");
  EXPECT_EQ(human(Value::floating(-inf), d), "-inf");
  EXPECT_EQ(human(Value::floating(std::numeric_limits<double>::quiet_NaN()), d), "nan");
  EXPECT_EQ(human(Value::floating(std::numeric_limits<double>::max()), d),
            "1.7976931348623157e+308");
  EXPECT_TRUE(isNaNLiteral(Value::floating(std::nan("")), d));
  EXPECT_TRUE(isNaNLiteral(Value::floating(std::nan("")), optionalType(d)));
  EXPECT_FALSE(isNaNLiteral(Value::floating(1.0), d));
}

TEST(LiteralPrinterTest, FloatsWithSuffix) {
  const TypeDesc f = floatType();
  EXPECT_EQ(arg(Value::floating(static_cast<double>(0.1f)), f), "0.1f");
  EXPECT_EQ(arg(Value::floating(1.0), f), "1.0f");
  EXPECT_EQ(arg(Value::floating(std::numeric_limits<double>::infinity()), f),
            "std::numeric_limits<float>::infinity()");
  EXPECT_EQ(arg(Value::floating(static_cast<double>(std::numeric_limits<float>::max())), f),
            "std::numeric_limits<float>::max()");
  // Not a float value (a hand-made model): printed exactly as a double.
  EXPECT_EQ(arg(Value::floating(0.1), f), "0.1");
}

/// The shortest form must read back as the same bits, for any double.
TEST(LiteralPrinterTest, DoublesRoundTrip) {
  std::mt19937_64 random(12345);
  for (int i = 0; i < 20000; ++i) {
    uint64_t bits = random();
    double value;
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value))
      continue;
    const std::string text = shortestDouble(value);
    ASSERT_NE(text.find_first_of(".e"), std::string::npos) << text;
    const double back = std::strtod(text.c_str(), nullptr);
    ASSERT_EQ(std::memcmp(&back, &value, sizeof value), 0) << text;
  }
}

TEST(LiteralPrinterTest, StringEscapes) {
  const TypeDesc s = stringType();
  EXPECT_EQ(arg(Value::string("abc"), s), "\"abc\"");
  EXPECT_EQ(arg(Value::string("a\"b\\c\n"), s), "\"a\\\"b\\\\c\\n\"");
  EXPECT_EQ(arg(Value::string("\t\r"), s), "\"\\t\\r\"");
  EXPECT_EQ(arg(Value::string(""), s), "\"\"");
  // An octal escape takes at most three digits: the following `7` stays a character.
  EXPECT_EQ(arg(Value::string("\x01"
                              "7"),
                s),
            "\"\\0017\"");
  EXPECT_EQ(arg(Value::string("caf\xc3\xa9"), s), "\"caf\\303\\251\"");
  EXPECT_EQ(arg(Value::string("\x7f"), s), "\"\\177\"");
  EXPECT_EQ(expected(Value::string("abc"), stringType(Passing::Value)), "\"abc\"");
}

TEST(LiteralPrinterTest, StringsWithNulKeepTheirLength) {
  const std::string withNul("a\0b", 3);
  EXPECT_EQ(arg(Value::string(withNul), stringType()), "std::string(\"a\\000b\", 3)");
  EXPECT_EQ(expected(Value::string(withNul), stringType()), "std::string(\"a\\000b\", 3)");
}

TEST(LiteralPrinterTest, HumanStringsAreShortened) {
  const std::string longText(60, 'x');
  EXPECT_EQ(human(Value::string(longText), stringType()), "\"" + std::string(37, 'x') + "\"...");
  EXPECT_EQ(human(Value::string("ok"), stringType()), "\"ok\"");
}

TEST(LiteralPrinterTest, CStrings) {
  EXPECT_EQ(arg(Value::string("gadget"), cstringType()), "\"gadget\"");
  EXPECT_EQ(expected(Value::string("a\nb"), cstringType()), "\"a\\nb\"");
  EXPECT_EQ(arg(Value::null(), cstringType()), "nullptr");
  // Where the callable is overloaded (`SaveFile(const char *, bool)` and `SaveFile(FILE *,
  // bool)`), its null says which pointer.
  EXPECT_EQ(exact(Value::null(), cstringType()), "static_cast<const char *>(nullptr)");
  EXPECT_EQ(exact(Value::null(), fixtures::classType("ds::Node", Passing::Pointer)),
            "static_cast<ds::Node *>(nullptr)");
  TypeDesc file;
  file.kind = TypeKind::File;
  file.passing = Passing::Pointer;
  file.spelling = "std::FILE *";
  EXPECT_EQ(arg(Value::null(), file), "nullptr");
  EXPECT_EQ(exact(Value::null(), file), "static_cast<std::FILE *>(nullptr)");
}

TEST(LiteralPrinterTest, NullAndOptionals) {
  const TypeDesc opt = optionalType(intType());
  EXPECT_EQ(arg(Value::null(), opt), "std::nullopt");
  EXPECT_EQ(expected(Value::null(), opt), "std::nullopt");
  EXPECT_EQ(human(Value::null(), opt), "nullopt");
  EXPECT_EQ(arg(Value::integer(5), opt), "5");
  EXPECT_EQ(expected(Value::integer(5), opt), "std::optional<int>(5)");
  EXPECT_EQ(expected(Value::string("x"), optionalType(stringType(Passing::Value))),
            "std::optional<std::string>(\"x\")");
  EXPECT_EQ(expected(Value::floating(0.5), optionalType(doubleType())),
            "std::optional<double>(0.5)");
  EXPECT_EQ(arg(Value::null(), fixtures::classType("ds::Node", Passing::Pointer)), "nullptr");
}

TEST(LiteralPrinterTest, ContainersAreTheirTypeAndABracedList) {
  using fixtures::containerType;
  const TypeDesc ints = containerType("vector", {intType()});
  const Value oneTwo = Value::list({Value::integer(1), Value::integer(2)});
  EXPECT_EQ(arg(oneTwo, ints), "std::vector<int>{1, 2}");
  EXPECT_EQ(expected(oneTwo, ints), "std::vector<int>{1, 2}");
  EXPECT_EQ(human(oneTwo, ints), "{1, 2}");
  EXPECT_EQ(arg(Value::list({}), ints), "std::vector<int>{}");
  EXPECT_EQ(bracedElements(oneTwo, ints, LiteralUse::Argument), "{1, 2}");
  // A map's entries are key-value lists; elements print as arguments of their own type.
  const TypeDesc counts = containerType("map", {stringType(Passing::Value), doubleType()});
  EXPECT_EQ(expected(Value::list({Value::list({Value::string("a"), Value::floating(1)})}), counts),
            "std::map<std::string, double>{{\"a\", 1.0}}");
  // A nested container is a braced list inside the braces.
  const TypeDesc groups = containerType("vector", {ints});
  EXPECT_EQ(arg(Value::list({oneTwo, Value::list({})}), groups),
            "std::vector<std::vector<int>>{{1, 2}, {}}");
  EXPECT_TRUE(groups.isPrintable());
  // A pair's value is its two values; in a vector, a braced pair each.
  const TypeDesc pair = containerType("pair", {intType(), stringType(Passing::Value)});
  const Value oneA = Value::list({Value::integer(1), Value::string("a")});
  EXPECT_EQ(expected(oneA, pair), "std::pair<int, std::string>{1, \"a\"}");
  EXPECT_EQ(arg(Value::list({oneA, oneA}), containerType("vector", {pair})),
            "std::vector<std::pair<int, std::string>>{{1, \"a\"}, {1, \"a\"}}");
  EXPECT_EQ(human(oneA, pair), "{1, \"a\"}");
  EXPECT_FALSE(containerType("vector", {intType()}, Passing::Pointer).isPrintable());
}

TEST(LiteralPrinterTest, AStringViewIsAStringLiteralOrAViewOfOne) {
  TypeDesc view = stringType(Passing::Value);
  view.spelling = view.valueSpelling = "std::string_view";
  EXPECT_EQ(arg(Value::string("ab"), view), "\"ab\"");
  EXPECT_EQ(exact(Value::string("ab"), view), "std::string_view(\"ab\")"); // its overload
  EXPECT_EQ(expected(Value::string("ab"), view), "\"ab\"");
}

TEST(LiteralPrinterTest, TypeNames) {
  EXPECT_EQ(valueTypeName(stringType()), "std::string");
  TypeDesc constInt = intType();
  constInt.valueSpelling = "const int";
  EXPECT_EQ(valueTypeName(constInt), "int");
  TypeDesc bare;
  bare.kind = TypeKind::Optional;
  bare.elements = {doubleType()};
  EXPECT_EQ(valueTypeName(bare), "std::optional<double>");
}

} // namespace
} // namespace unitgen
