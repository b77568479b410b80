// Recorder: what the recording build of a project's tests (learn/RecordingBuild.h) links in —
// the calls the tests make on objects of the model, with their arguments, written to a file.
//
// The pass (pass/CallRecording.h) calls __unitgen_rec_enter and __unitgen_rec_exit around every
// recorded function; a call is recorded when no recorded function is running below it on the
// thread's stack (a method's calls of its own class are the method's business, not the
// test's). Between the two, the generated argument hook of the function reports the receiver
// and each argument through the functions below.
#pragma once

#include "driver/ObjectProfile.h"
#include "driver/ValueEncoding.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

extern "C" {
/// A recorded function started, in the frame `frame`; true when its caller is no recorded
/// function (then its argument hook runs).
bool __unitgen_rec_enter(int32_t callable, void *frame);
/// It returned; `made` is the object it made (a constructor's, a factory's) or returned (an
/// accessor's: not `fresh`, it may be one the test had), or null.
void __unitgen_rec_exit(void *frame, void *made, bool fresh);
}

namespace unitgen_rec {

/// `T` as written, for a parameter of any type.
template <typename T> using Spelled = T;

/// The object the call runs on.
void receiver(const void *self);
/// An argument that is an object of the model: the earlier call that made it, and its abstract
/// object profile as passed (0: not read).
void object(const void *object, uint64_t profile = 0);
/// An argument the recording does not read (an out-parameter, a callback).
void unread();
void encoded(unitgen_rt::EncodedValue value);

/// A number, bool, enum, string or container of them.
template <typename T> void value(const T &argument) {
  encoded(unitgen_rt::ValueEncoder::recordedValue(argument));
}
/// A `const char *` as its text (null as null).
inline void cString(const char *text) {
  if (text)
    value(std::string(text));
  else
    encoded(unitgen_rt::EncodedValue{});
}
/// A pointer to `count` numbers (the count is the next argument).
template <typename T, typename N> void array(const T *first, N count) {
  using Element = std::conditional_t<std::is_void_v<T>, unsigned char, std::remove_cv_t<T>>;
  unitgen_rt::EncodedValue list;
  list.tag = unitgen_protocol::ArgList;
  const auto *element = static_cast<const Element *>(static_cast<const void *>(first));
  bool negative = false;
  if constexpr (std::is_signed_v<N>)
    negative = count < 0;
  if (!first || negative ||
      static_cast<size_t>(count) > unitgen_rt::ValueEncoder::kMaxRecordedString) {
    unread();
    return;
  }
  for (N i = 0; i < count; ++i)
    list.items.push_back(unitgen_rt::ValueEncoder::recordedValue(element[i]));
  encoded(std::move(list));
}

} // namespace unitgen_rec
