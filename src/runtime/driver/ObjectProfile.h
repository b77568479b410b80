// ObjectProfile: Palus's abstract object profile (§3.1.2) — an object's own fields, each mapped
// to an abstract value, hashed. The recorder (arguments as the tests passed them) and the
// drivers (objects as generated sequences left them) include this one header, so the same
// abstract state hashes alike in both.
//
// The abstraction is the paper's: a number by its sign (negative, zero, positive), a pointer
// null or not, a string or container empty or not, an optional engaged or not, a bool or enum
// as it is. Embedded objects add their own fields; a pointed-to object is not followed.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

namespace unitgen_rt {

class ObjectProfile {
public:
  template <typename T> void field(const T &value) {
    if constexpr (std::is_same_v<T, bool>) {
      mix(kBool, value ? 1 : 0);
    } else if constexpr (std::is_enum_v<T>) {
      mix(kEnum, static_cast<uint64_t>(static_cast<std::underlying_type_t<T>>(value)));
    } else if constexpr (std::is_unsigned_v<T>) {
      mix(kNumber, value > 0 ? 2 : 1);
    } else if constexpr (std::is_arithmetic_v<T>) {
      mix(kNumber, value < 0 ? 0 : value > 0 ? 2 : value == 0 ? 1 : 3); // 3: NaN
    } else if constexpr (std::is_pointer_v<T>) {
      mix(kPointer, value != nullptr);
    } else if constexpr (hasGet<T>(0)) {
      mix(kPointer, value.get() != nullptr); // unique_ptr, shared_ptr
    } else if constexpr (hasHasValue<T>(0)) {
      mix(kOptional, value.has_value());
    } else if constexpr (hasEmpty<T>(0)) {
      mix(kContainer, value.empty());
    } else {
      mix(kOther, 0); // a fixed-size array: the same in every object
    }
  }

  /// Never 0, which stands for "no profile" (an object the recorder could not read).
  uint64_t hash() const { return hash_ | 1; }

private:
  enum Kind : uint64_t { kBool = 1, kEnum, kNumber, kPointer, kOptional, kContainer, kOther };

  template <typename T>
  static constexpr auto hasGet(int) -> decltype(std::declval<T>().get(), true) {
    return true;
  }
  template <typename T> static constexpr bool hasGet(...) { return false; }
  template <typename T>
  static constexpr auto hasHasValue(int) -> decltype(std::declval<T>().has_value(), true) {
    return true;
  }
  template <typename T> static constexpr bool hasHasValue(...) { return false; }
  template <typename T>
  static constexpr auto hasEmpty(int) -> decltype(std::declval<T>().empty(), true) {
    return true;
  }
  template <typename T> static constexpr bool hasEmpty(...) { return false; }

  void mix(uint64_t kind, uint64_t abstract) {
    for (uint64_t v : {kind, abstract}) // FNV-1a over the two words
      hash_ = (hash_ ^ v) * 1099511628211ull;
  }

  uint64_t hash_ = 1469598103934665603ull;
};

} // namespace unitgen_rt
