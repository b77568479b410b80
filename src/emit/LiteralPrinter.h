// LiteralPrinter: the one place that turns a Value of a TypeDesc into C++ source or readable text.
#pragma once

#include "model/Sequence.h"
#include "model/TypeDesc.h"

#include <string>

namespace unitgen {

/// Where a literal goes decides how exact its type must be. Source modes always denote exactly
/// the value the engine saw (doubles round-trip, INT64_MIN via numeric_limits).
enum class LiteralUse {
  /// Passed to a parameter of the type: implicit conversions do the rest, as a person writes it
  /// (`"abc"` for a std::string, `5` for a std::optional<int>, `3` for a size_t).
  Argument,
  /// Passed to an overloaded callable: the literal has exactly the parameter type (`5L`,
  /// `std::string("abc")`, `static_cast<short>(3)`) so overload resolution picks the same callable.
  ExactArgument,
  /// The expected side of an assertion: comparable without warnings (`2u` for unsigned),
  /// optionals spelled out (`std::optional<int>(5)`).
  Expected,
  /// For comments and test names: short and readable, not necessarily valid C++ (`inf`, `nan`).
  Human,
};

/// C++ text for `value` as a value of `type` (see LiteralUse). `type` must be printable or the
/// value Null (printed as `nullptr`, or `std::nullopt` for optionals).
std::string printLiteral(const Value &value, const TypeDesc &type, LiteralUse use);

/// A container's elements in braces, as a braced list initialises one (`{1, 2}`, a map's
/// `{{"a", 1}}`); what printLiteral puts after the container's type.
std::string bracedElements(const Value &value, const TypeDesc &type, LiteralUse use);

/// A C++ string literal holding exactly `bytes`: quotes, backslashes and the usual control
/// characters escaped by name, other non-printable bytes as three-digit octal escapes (which,
/// unlike `\x`, never swallow a following digit).
std::string quoteString(const std::string &bytes);

/// The shortest decimal that reads back as exactly `value`, always recognisable as a floating
/// literal (`0.1`, `70.0`, `1e+300`, `-0.0`). Finite values only.
std::string shortestDouble(double value);

/// True when `value` is a NaN that an assertion must check with std::isnan (directly, or inside
/// an optional): NaN never compares equal, not even to itself.
bool isNaNLiteral(const Value &value, const TypeDesc &type);

/// The type as a test spells it when declaring a local of it (`int`, `std::string`, `ds::Color`).
std::string valueTypeName(const TypeDesc &type);

} // namespace unitgen
