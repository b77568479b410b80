// How the driver records the arguments of a mock's calls and the test's EXPECT_CALL matches them.
#pragma once

#include "model/ClassModel.h"

#include <cstddef>

namespace unitgen {

/// How argument `position` of a mock method is recorded in the driver and matched in the test.
struct MockArgumentReading {
  enum class Kind {
    Unrecorded, ///< `testing::_`: a pointer, an object with no text, a callback
    Value,      ///< a number, bool, enum, string or container of them: `3`, `"key"`
    /// An object of a model class whose text an observer gives: `testing::Property(
    /// &leveldb::Slice::ToString, "key")`.
    Text,
  };
  Kind kind = Kind::Unrecorded;
  int observer = -1; ///< Text: the callable that reads the object's text
};

/// How argument `position` of mock method `method` is read: its value when a test can write it
/// (a `const char *` followed by an integer, its length, is not read);
/// for an object of a class of the model, the first observer the tests already assert on it
/// that returns a `std::string` (and is the only method of its name, for `&Class::method`).
MockArgumentReading mockArgumentReading(const ClassModel &model, const MockMethod &method,
                                        size_t position);

/// Whether any argument of `method` is recorded.
bool recordsArguments(const ClassModel &model, const MockMethod &method);

} // namespace unitgen
