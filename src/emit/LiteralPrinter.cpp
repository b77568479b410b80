// Literal printing: integers with their limits, chars, enums, exact floats, escaped strings.
#include "emit/LiteralPrinter.h"

#include "emit/Identifiers.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>

namespace unitgen {
namespace {

int64_t signedOf(const Value &value) {
  switch (value.kind) {
  case Value::Kind::UInt:
    return static_cast<int64_t>(value.u);
  case Value::Kind::Float:
    return static_cast<int64_t>(value.f);
  default:
    return value.i;
  }
}

uint64_t unsignedOf(const Value &value) {
  switch (value.kind) {
  case Value::Kind::UInt:
    return value.u;
  case Value::Kind::Float:
    return static_cast<uint64_t>(value.f);
  default:
    return static_cast<uint64_t>(value.i);
  }
}

double floatingOf(const Value &value) {
  switch (value.kind) {
  case Value::Kind::Float:
    return value.f;
  case Value::Kind::UInt:
    return static_cast<double>(value.u);
  default:
    return static_cast<double>(value.i);
  }
}

std::string stripConst(std::string spelling) {
  auto trim = [](std::string &text) {
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    while (!text.empty() && text.front() == ' ')
      text.erase(text.begin());
  };
  trim(spelling);
  if (spelling.rfind("const ", 0) == 0)
    spelling.erase(0, 6);
  const std::string suffix = " const";
  if (spelling.size() > suffix.size() &&
      spelling.compare(spelling.size() - suffix.size(), suffix.size(), suffix) == 0)
    spelling.erase(spelling.size() - suffix.size());
  trim(spelling);
  return spelling;
}

std::string integerTypeFallback(int bits, bool isSigned) {
  switch (bits) {
  case 8:
    return isSigned ? "signed char" : "unsigned char";
  case 16:
    return isSigned ? "short" : "unsigned short";
  case 64:
    return isSigned ? "int64_t" : "uint64_t";
  default:
    return isSigned ? "int" : "unsigned";
  }
}

std::string limit(const std::string &typeName, const char *member) {
  return "std::numeric_limits<" + typeName + ">::" + member + "()";
}

/// Makes an integer literal's type exactly `typeName`: suffixes for the builtin spellings a
/// suffix can express, a cast for the rest (short, typedefs such as int64_t). `digits` may
/// already end in `u` (a value above INT64_MAX).
std::string exactInteger(std::string digits, const std::string &typeName) {
  auto withSuffix = [&](const std::string &suffix) {
    if (!digits.empty() && digits.back() == 'u')
      digits.pop_back();
    return digits + suffix;
  };
  if (typeName == "int")
    return digits;
  if (typeName == "long" || typeName == "long int")
    return withSuffix("L");
  if (typeName == "long long" || typeName == "long long int")
    return withSuffix("LL");
  if (typeName == "unsigned" || typeName == "unsigned int")
    return withSuffix("u");
  if (typeName == "unsigned long" || typeName == "unsigned long int")
    return withSuffix("UL");
  if (typeName == "unsigned long long" || typeName == "unsigned long long int")
    return withSuffix("ULL");
  return "static_cast<" + typeName + ">(" + digits + ")";
}

std::string integerLiteral(const Value &value, const TypeDesc &type, LiteralUse use) {
  const int bits = type.bits <= 0 ? 32 : std::min(type.bits, 64);
  const std::string typeName = valueTypeName(type);
  const bool source = use != LiteralUse::Human;
  std::string digits;
  if (type.isSigned) {
    const int64_t x = signedOf(value);
    const int64_t max =
        bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
    const int64_t min = -max - 1;
    // INT64_MIN has no literal (`-9223372036854775808` negates an unsigned value); the other
    // limits read better by name than as digits, but for a byte's (`{0, 255, 7}`).
    if (source && x == min && bits > 8)
      return limit(typeName, "min");
    if (source && x == max && bits > 8)
      return limit(typeName, "max");
    digits = std::to_string(x);
  } else {
    const uint64_t x = unsignedOf(value);
    const uint64_t max =
        bits == 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t(1) << bits) - 1;
    if (source && x == max && bits > 8)
      return limit(typeName, "max");
    digits = std::to_string(x);
    // A decimal literal above INT64_MAX has no signed type; an expected value of an unsigned
    // int or wider type is unsigned too, so EXPECT_EQ compares without -Wsign-compare.
    bool tooBig = x > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if ((source && tooBig) || (use == LiteralUse::Expected && bits >= 32))
      digits += "u";
  }
  if (use == LiteralUse::ExactArgument)
    return exactInteger(digits, typeName);
  return digits;
}

std::string charEscape(uint32_t code, bool wide) {
  switch (code) {
  case '\'':
    return "\\'";
  case '\\':
    return "\\\\";
  case '\n':
    return "\\n";
  case '\t':
    return "\\t";
  case '\r':
    return "\\r";
  case '\0':
    return "\\0";
  default:
    break;
  }
  if (code >= 0x20 && code < 0x7f)
    return std::string(1, static_cast<char>(code));
  return wide ? fmt::format("\\x{:x}", code) : fmt::format("\\x{:02x}", code);
}

std::string charLiteral(const Value &value, const TypeDesc &type, LiteralUse use) {
  const std::string typeName = valueTypeName(type);
  const bool wide = type.bits > 8;
  const int64_t code = type.isSigned ? signedOf(value) : static_cast<int64_t>(unsignedOf(value));
  // `'\xff'` is the char -1: as an expected unsigned char it would compare unequal to 255.
  if (use == LiteralUse::Expected && !wide && !type.isSigned && code > 0x7f)
    return std::to_string(code);
  std::string prefix;
  if (typeName == "wchar_t")
    prefix = "L";
  else if (typeName == "char16_t")
    prefix = "u";
  else if (typeName == "char32_t")
    prefix = "U";
  else if (typeName == "char8_t")
    prefix = "u8";
  const uint32_t unit = wide ? static_cast<uint32_t>(code) : static_cast<uint32_t>(code) & 0xffu;
  std::string text = prefix + "'" + charEscape(unit, wide) + "'";
  bool charTyped = typeName == "char" || !prefix.empty();
  if (use == LiteralUse::ExactArgument && !charTyped)
    return "static_cast<" + typeName + ">(" + text + ")";
  return text;
}

std::string enumLiteral(const Value &value, const TypeDesc &type, LiteralUse use) {
  const int64_t x =
      value.kind == Value::Kind::UInt ? static_cast<int64_t>(value.u) : signedOf(value);
  const std::string typeName = valueTypeName(type);
  for (const auto &[name, enumValue] : type.enumerators) {
    if (enumValue != x)
      continue;
    if (use != LiteralUse::Human)
      return name;
    // Readable: `Color::kRed` for a scoped enumerator, `kRed` for an unscoped one.
    if (name.rfind(typeName + "::", 0) == 0)
      return unqualifiedName(typeName) + name.substr(typeName.size());
    return unqualifiedName(name);
  }
  if (use == LiteralUse::Human)
    return std::to_string(x);
  return "static_cast<" + typeName + ">(" + std::to_string(x) + ")";
}

std::string floatingLiteral(double x, const TypeDesc &type, LiteralUse use) {
  const bool isFloat =
      type.bits == 32 && (std::isnan(x) || static_cast<double>(static_cast<float>(x)) == x);
  const bool human = use == LiteralUse::Human;
  const std::string sign = std::signbit(x) ? "-" : "";
  // A long double holds what the engine carried as a double, so double's limits are exact.
  const std::string limitsType = isFloat ? "float" : "double";
  if (std::isnan(x))
    return human ? sign + "nan" : sign + limit(limitsType, "quiet_NaN");
  if (std::isinf(x))
    return human ? sign + "inf" : sign + limit(limitsType, "infinity");
  if (!human) {
    auto named = [&](auto limits) -> const char * {
      using T = decltype(limits);
      const T y = static_cast<T>(x);
      if (y == std::numeric_limits<T>::max())
        return "max";
      if (y == std::numeric_limits<T>::lowest())
        return "lowest";
      if (y == std::numeric_limits<T>::min())
        return "min";
      if (y == std::numeric_limits<T>::denorm_min())
        return "denorm_min";
      if (y == std::numeric_limits<T>::epsilon())
        return "epsilon";
      return nullptr;
    };
    if (const char *member = isFloat ? named(0.0f) : named(0.0))
      return limit(limitsType, member);
  }
  if (!isFloat)
    return shortestDouble(x);
  std::string text = fmt::format("{}", static_cast<float>(x));
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0";
  return human ? text : text + "f";
}

std::string stringLiteral(const std::string &bytes, LiteralUse use) {
  if (use == LiteralUse::Human) {
    const size_t maxBytes = 40;
    if (bytes.size() > maxBytes)
      return quoteString(bytes.substr(0, maxBytes - 3)) + "...";
    return quoteString(bytes);
  }
  // A literal with an embedded NUL would end at the NUL when converted to std::string.
  if (bytes.find('\0') != std::string::npos)
    return "std::string(" + quoteString(bytes) + ", " + std::to_string(bytes.size()) + ")";
  if (use == LiteralUse::ExactArgument)
    return "std::string(" + quoteString(bytes) + ")";
  return quoteString(bytes);
}

std::string optionalLiteral(const Value &value, const TypeDesc &type, LiteralUse use) {
  assert(type.elements.size() == 1);
  const TypeDesc &element = type.elements.front();
  if (value.kind == Value::Kind::Null)
    return use == LiteralUse::Human ? "nullopt" : "std::nullopt";
  if (use == LiteralUse::Argument || use == LiteralUse::Human)
    return printLiteral(value, element, use);
  return valueTypeName(type) + "(" + printLiteral(value, element, LiteralUse::Argument) + ")";
}

} // namespace

namespace {

/// `std::variant<int, std::string>(std::string("a"))`: the alternative's value of exactly its
/// type, which the variant's converting constructor picks; `std::in_place_index<1>, "a"` where
/// two alternatives are one type. For people, the alternative's value alone.
std::string variantLiteral(const Value &value, const TypeDesc &type, LiteralUse use) {
  size_t index = 0;
  if (value.kind == Value::Kind::List && value.items.size() == 2)
    index = static_cast<size_t>(value.items[0].kind == Value::Kind::UInt ? value.items[0].u
                                                                         : value.items[0].i);
  if (index >= type.elements.size() || value.items.size() != 2)
    return valueTypeName(type) + "()";
  const TypeDesc &alternative = type.elements[index];
  const Value &held = value.items[1];
  if (use == LiteralUse::Human)
    return printLiteral(held, alternative, use);
  size_t sameType = 0;
  for (const TypeDesc &other : type.elements)
    sameType += other.valueSpelling == alternative.valueSpelling;
  if (sameType > 1)
    return valueTypeName(type) + "(std::in_place_index<" + std::to_string(index) + ">, " +
           printLiteral(held, alternative, LiteralUse::Argument) + ")";
  return valueTypeName(type) + "(" + printLiteral(held, alternative, LiteralUse::ExactArgument) +
         ")";
}

} // namespace

std::string bracedElements(const Value &value, const TypeDesc &type, LiteralUse use) {
  // Elements convert to the element type from the braces, as in a person's `{1, 2}`; exact
  // spellings only where the whole literal must be (none: the container's type is spelled).
  // A nested container is a braced list again (`{{1, 2}, {}}`).
  auto element = [&](const Value &item, const TypeDesc &itemType) {
    if (use == LiteralUse::Human)
      return printLiteral(item, itemType, use);
    if (itemType.kind == TypeKind::Container)
      return bracedElements(item, itemType, use);
    // An object made from a std::string: `std::string("a")`, one conversion, not two.
    if (type.holdsObjects() && itemType.kind == TypeKind::String)
      return printLiteral(item, itemType, LiteralUse::ExactArgument);
    return printLiteral(item, itemType, LiteralUse::Argument);
  };
  if (type.isProduct()) { // `{1, "a"}`
    std::string text = "{";
    for (size_t k = 0; k < value.items.size() && value.items.size() == type.elements.size(); ++k)
      text += (k ? ", " : "") + element(value.items[k], type.elements[k]);
    return text + "}";
  }
  std::string text = "{";
  for (size_t k = 0; k < value.items.size(); ++k) {
    text += k ? ", " : "";
    const Value &item = value.items[k];
    if (type.elements.size() == 2 && item.items.size() == 2) // a map's entry
      text += "{" + element(item.items[0], type.elements[0]) + ", " +
              element(item.items[1], type.elements[1]) + "}";
    else if (!type.elements.empty())
      text += element(item, type.elements.front());
  }
  return text + "}";
}

std::string printLiteral(const Value &value, const TypeDesc &type, LiteralUse use) {
  if (type.kind == TypeKind::Optional)
    return optionalLiteral(value, type, use);
  if (type.kind == TypeKind::Array) // `{1, 2}`, as the test's array is initialized
    return bracedElements(value, type, use == LiteralUse::Human ? use : LiteralUse::Argument);
  if (type.isVariant())
    return variantLiteral(value, type, use);
  if (type.kind == TypeKind::Container) {
    const std::string elements = bracedElements(value, type, use);
    // The type spelled: `{}` alone would not say which overload, and in an assertion the
    // literal is an operand of `==`.
    return use == LiteralUse::Human ? elements : valueTypeName(type) + elements;
  }
  // An overload's null says which pointer it is: `SaveFile(nullptr, false)` is ambiguous
  // between `SaveFile(const char *, bool)` and `SaveFile(FILE *, bool)`.
  if (value.kind == Value::Kind::Null)
    return use == LiteralUse::ExactArgument && !type.spelling.empty()
               ? "static_cast<" + type.spelling + ">(nullptr)"
               : "nullptr";
  switch (type.kind) {
  case TypeKind::Bool:
    return signedOf(value) != 0 ? "true" : "false";
  case TypeKind::Char:
    return charLiteral(value, type, use);
  case TypeKind::Integer:
    return integerLiteral(value, type, use);
  case TypeKind::Enum:
    return enumLiteral(value, type, use);
  case TypeKind::Floating:
    return floatingLiteral(floatingOf(value), type, use);
  case TypeKind::String:
    if (type.isStringView() && use == LiteralUse::ExactArgument) // the overload taking a view
      return "std::string_view(" + stringLiteral(value.s, LiteralUse::Argument) + ")";
    return stringLiteral(value.s, use);
  case TypeKind::InputStream: // its text
  case TypeKind::OutputStream:
    return stringLiteral(value.s, use);
  case TypeKind::File: // its text, or no file
    return value.kind == Value::Kind::Null ? "nullptr" : stringLiteral(value.s, use);
  case TypeKind::CString:
    return use == LiteralUse::Human ? stringLiteral(value.s, use) : quoteString(value.s);
  case TypeKind::UserData:
    return "reinterpret_cast<void *>(" + std::to_string(signedOf(value)) + ")";
  case TypeKind::Callback: // the test's counting lambda, which SequenceWriter names
    return "a counting lambda";
  default:
    assert(false && "printLiteral: a value of a type without literals");
    return "{}";
  }
}

std::string quoteString(const std::string &bytes) {
  std::string text = "\"";
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
    case '"':
      text += "\\\"";
      break;
    case '\\':
      text += "\\\\";
      break;
    case '\n':
      text += "\\n";
      break;
    case '\t':
      text += "\\t";
      break;
    case '\r':
      text += "\\r";
      break;
    default:
      if (byte >= 0x20 && byte < 0x7f)
        text += c;
      else
        text += fmt::format("\\{:03o}", byte);
    }
  }
  return text + "\"";
}

std::string shortestDouble(double value) {
  assert(std::isfinite(value));
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0"; // `1` would be an int: overloads and integer division would differ
  return text;
}

bool isNaNLiteral(const Value &value, const TypeDesc &type) {
  if (type.kind == TypeKind::Optional)
    return !type.elements.empty() && isNaNLiteral(value, type.elements.front());
  return type.kind == TypeKind::Floating && value.kind == Value::Kind::Float && std::isnan(value.f);
}

std::string valueTypeName(const TypeDesc &type) {
  std::string spelled = stripConst(type.valueSpelling);
  if (!spelled.empty())
    return spelled;
  switch (type.kind) {
  case TypeKind::Bool:
    return "bool";
  case TypeKind::Char:
    if (type.bits == 16)
      return "char16_t";
    if (type.bits == 32)
      return "char32_t";
    return type.isSigned ? "char" : "unsigned char";
  case TypeKind::Integer:
    return integerTypeFallback(type.bits, type.isSigned);
  case TypeKind::Floating:
    return type.bits == 32 ? "float" : type.bits > 64 ? "long double" : "double";
  case TypeKind::String:
    return "std::string";
  case TypeKind::CString:
    return "const char *";
  case TypeKind::Optional:
    return "std::optional<" +
           (type.elements.empty() ? std::string("int") : valueTypeName(type.elements.front())) +
           ">";
  case TypeKind::Class:
    return type.className;
  default:
    return stripConst(type.spelling);
  }
}

} // namespace unitgen
