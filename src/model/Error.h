// Error and Expected<T>: user/configuration errors carried up to main as `unitgen: error: ...`.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace unitgen {

/// Documented exit codes (docs/Configuration.md). Distinct codes let scripts tell causes apart.
enum class ExitCode : int {
  Success = 0,
  Internal = 1,    ///< a bug in unitgen
  Usage = 2,       ///< bad command line
  Input = 3,       ///< compile database, class lookup, parse errors, unsupported target
  Build = 4,       ///< the code under test, driver or suite does not compile or link
  TestsFailed = 5, ///< `coverage`: the suite under measurement has failing tests
};

struct Error {
  ExitCode code = ExitCode::Input;
  std::string message;
};

template <typename T> class Expected {
public:
  Expected(T value) : storage_(std::move(value)) {}
  Expected(Error error) : storage_(std::move(error)) {}

  explicit operator bool() const { return std::holds_alternative<T>(storage_); }
  T &operator*() {
    assert(*this);
    return std::get<T>(storage_);
  }
  const T &operator*() const {
    assert(*this);
    return std::get<T>(storage_);
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }
  const Error &error() const {
    assert(!*this);
    return std::get<Error>(storage_);
  }

private:
  std::variant<T, Error> storage_;
};

inline Error inputError(std::string message) { return {ExitCode::Input, std::move(message)}; }
inline Error buildError(std::string message) { return {ExitCode::Build, std::move(message)}; }

} // namespace unitgen
