// ValueEncoding: numbers, strings and containers of them as the driver's log carries them — the
// values of results, out-parameters and a mock's arguments, and of the calls a recording build of
// the project's tests sees (runtime/recorder).
#pragma once

#include "driver/Protocol.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace unitgen_rt {

/// A standard container the driver fills with `insert(end(), element)` and reads by iterating
/// (TypeKind::Container in the engine); std::string is a value of its own.
template <typename T, typename = void> struct IsContainer : std::false_type {};
template <typename T>
struct IsContainer<
    T, std::void_t<typename T::value_type, typename T::const_iterator,
                   decltype(std::declval<T &>().insert(
                       std::declval<T &>().end(), std::declval<const typename T::value_type &>()))>>
    : std::bool_constant<!std::is_same_v<T, std::string>> {};
/// `std::array<T, N>`: a container of exactly N elements, filled by index.
template <typename T> struct IsFixedArray : std::false_type {};
template <typename T, size_t N> struct IsFixedArray<std::array<T, N>> : std::true_type {};
template <typename T> constexpr bool isContainer = IsContainer<T>::value || IsFixedArray<T>::value;

template <typename T> struct IsPair : std::false_type {};
template <typename A, typename B> struct IsPair<std::pair<A, B>> : std::true_type {};
template <typename T> struct IsTuple : std::false_type {};
template <typename... E> struct IsTuple<std::tuple<E...>> : std::true_type {};
template <typename T> struct IsVariant : std::false_type {};
template <typename... E> struct IsVariant<std::variant<E...>> : std::true_type {};

/// Unordered containers iterate in an order a test cannot rely on: their elements are recorded
/// sorted.
template <typename T, typename = void> struct IsHashed : std::false_type {};
template <typename T> struct IsHashed<T, std::void_t<typename T::hasher>> : std::true_type {};

/// A value as the log carries it (ValueEncoder::writeValue).
struct EncodedValue {
  uint8_t tag = unitgen_protocol::ArgNull;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
  std::string s;
  std::vector<EncodedValue> items; ///< ArgList
};

/// Encodes values (EncodedValue) and writes them to a log.
struct ValueEncoder {
  using EncodedValue = unitgen_rt::EncodedValue;
  /// A container result or out-parameter with more elements than this is not recorded (its
  /// assertion would be a page long); nor is one holding a NaN (never equal to itself).
  static constexpr size_t kMaxRecordedElements = 64;
  /// Nor a string longer than the log carries one (Writer::str cuts it): its assertion would
  /// compare with a prefix.
  static constexpr size_t kMaxRecordedString = 4096;
  template <typename T> static bool recordable(const EncodedValue &encoded) {
    if (encoded.tag == unitgen_protocol::ArgString)
      return encoded.s.size() <= kMaxRecordedString;
    return !(isContainer<T> || IsPair<T>::value || IsTuple<T>::value || IsVariant<T>::value) ||
           encoded.tag == unitgen_protocol::ArgList;
  }
  /// Encodes a container's elements (a map's entries as key-value lists); null, which is not
  /// recorded, when it is too long or holds a NaN.
  template <typename T> static void encodeContainer(EncodedValue &out, const T &value) {
    out.tag = unitgen_protocol::ArgNull;
    if (value.size() > kMaxRecordedElements)
      return;
    std::vector<EncodedValue> items;
    for (const typename T::value_type &element : value) {
      items.emplace_back();
      if (!encodeElement(items.back(), element))
        return;
    }
    if constexpr (IsHashed<T>::value)
      std::sort(items.begin(), items.end(), encodedLess);
    out.tag = unitgen_protocol::ArgList;
    out.items = std::move(items);
  }
  template <typename T> static bool encodeElement(EncodedValue &out, const T &element) {
    if constexpr (IsPair<T>::value) {
      out.tag = unitgen_protocol::ArgList;
      out.items.resize(2);
      return encodeElement(out.items[0], element.first) &&
             encodeElement(out.items[1], element.second);
    } else if constexpr (IsTuple<T>::value) {
      out.tag = unitgen_protocol::ArgList;
      out.items.resize(std::tuple_size_v<T>);
      size_t k = 0;
      bool recorded = true;
      std::apply(
          [&](const auto &...part) { ((recorded &= encodeElement(out.items[k++], part)), ...); },
          element);
      return recorded;
    } else if constexpr (IsVariant<T>::value) {
      if (element.valueless_by_exception())
        return false;
      out.tag = unitgen_protocol::ArgList;
      out.items.resize(2);
      out.items[0].tag = unitgen_protocol::ArgUInt;
      out.items[0].u = element.index();
      return std::visit([&](const auto &held) { return encodeElement(out.items[1], held); },
                        element);
    } else if constexpr (std::is_floating_point_v<T>) {
      encodeValue(out, element);
      return element == element;
    } else if constexpr (std::is_same_v<T, std::string>) {
      encodeValue(out, element);
      return element.size() <= kMaxRecordedString;
    } else {
      encodeValue(out, element);
      return !isContainer<T> || out.tag == unitgen_protocol::ArgList;
    }
  }
  /// A total order on recorded values, for the elements of unordered containers.
  static bool encodedLess(const EncodedValue &a, const EncodedValue &b) {
    if (a.tag != b.tag)
      return a.tag < b.tag;
    switch (a.tag) {
    case unitgen_protocol::ArgBool:
    case unitgen_protocol::ArgInt:
      return a.i < b.i;
    case unitgen_protocol::ArgUInt:
      return a.u < b.u;
    case unitgen_protocol::ArgFloat:
      return a.f < b.f;
    case unitgen_protocol::ArgString:
      return a.s < b.s;
    case unitgen_protocol::ArgList:
      return std::lexicographical_compare(a.items.begin(), a.items.end(), b.items.begin(),
                                          b.items.end(), encodedLess);
    default:
      return false;
    }
  }
  template <typename T> static constexpr bool isUntypedPointer() {
    return std::is_pointer_v<T> && std::is_void_v<std::remove_cv_t<std::remove_pointer_t<T>>>;
  }
  /// Tokens below this are user data a test passed; no object lives at such an address.
  static constexpr uintptr_t kMaxUserDataToken = 4096;
  template <typename T> static void encodeValue(EncodedValue &out, const T &value) {
    if constexpr (isUntypedPointer<T>()) {
      out.tag = value ? unitgen_protocol::ArgInt : unitgen_protocol::ArgNull;
      out.i = static_cast<int64_t>(reinterpret_cast<uintptr_t>(value));
    } else if constexpr (std::is_same_v<T, bool>) {
      out.tag = unitgen_protocol::ArgBool;
      out.i = value;
    } else if constexpr (std::is_enum_v<T>) {
      out.tag = unitgen_protocol::ArgInt;
      out.i = static_cast<int64_t>(value);
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
      out.tag = unitgen_protocol::ArgInt;
      out.i = value;
    } else if constexpr (std::is_integral_v<T>) {
      out.tag = unitgen_protocol::ArgUInt;
      out.u = value;
    } else if constexpr (std::is_floating_point_v<T>) {
      out.tag = unitgen_protocol::ArgFloat;
      out.f = static_cast<double>(value);
    } else if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, std::string_view>) {
      out.tag = unitgen_protocol::ArgString;
      out.s = std::string(value);
    } else if constexpr (std::is_same_v<T, std::nullopt_t>) {
      out.tag = unitgen_protocol::ArgNull;
    } else if constexpr (isContainer<T>) {
      encodeContainer(out, value);
    } else if constexpr (IsPair<T>::value || IsTuple<T>::value || IsVariant<T>::value) {
      if (!encodeElement(out, value))
        out = EncodedValue{}; // holds a NaN or a string too long: not recorded
    } else {
      if (value)
        encodeValue(out, *value);
      else
        out.tag = unitgen_protocol::ArgNull;
    }
  }
  /// Appends `value` to `log` as the engine's decodeValue reads it.
  static void writeValue(unitgen_protocol::Writer &log, const EncodedValue &value) {
    log.put<uint8_t>(value.tag);
    switch (value.tag) {
    case unitgen_protocol::ArgBool:
    case unitgen_protocol::ArgInt:
      log.put(value.i);
      break;
    case unitgen_protocol::ArgUInt:
      log.put(value.u);
      break;
    case unitgen_protocol::ArgFloat:
      log.put(value.f);
      break;
    case unitgen_protocol::ArgString:
      log.str(value.s);
      break;
    case unitgen_protocol::ArgList:
      log.put<uint32_t>(static_cast<uint32_t>(value.items.size()));
      for (const EncodedValue &item : value.items)
        writeValue(log, item);
      break;
    default:
      break;
    }
  }
  static EncodedValue absent() {
    EncodedValue out;
    out.tag = unitgen_protocol::ArgAbsent;
    return out;
  }
  /// `value` as a recorded value: ArgAbsent when no test could assert it (a NaN, a string
  /// longer than the log carries).
  template <typename T> static EncodedValue recordedValue(const T &value) {
    EncodedValue out;
    if (!encodeElement(out, value) || !recordable<T>(out))
      out = absent();
    return out;
  }
};

} // namespace unitgen_rt
