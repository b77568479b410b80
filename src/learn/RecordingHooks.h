// RecordingHooks: the C++ argument hooks and the symbol table of a recording build — which
// functions of the project report their calls, and how each reads its arguments.
#pragma once

#include "model/ClassModel.h"

#include <map>
#include <string>

namespace unitgen {

struct RecordingHooks {
  /// hooks.cpp: includes the model's headers and defines, per recorded callable,
  /// `__unitgen_rec_args_<id>` (and its `_sret` twin) reporting the receiver and arguments to
  /// the recorder (runtime/recorder/Recorder.h).
  std::string source;
  /// The pass's table (pass/CallRecording.cpp): `<callable> <made> <symbol> <hook>` per line.
  std::string table;
  /// The first line of each callable's hooks in `source`, ascending: a compile error's line
  /// says whose hook it is (hookAt).
  std::map<int, int> firstLines;
};

/// Hooks for every callable of `model` the generator could call that has a symbol, but those in
/// `withoutHooks` (recorded without their arguments, their hooks having failed to compile).
/// With `profiles`, an object argument is recorded with its abstract object profile
/// (harness/ObjectProfiles.h; the hooks then compile with -fno-access-control).
RecordingHooks recordingHooks(const ClassModel &model, const std::vector<int> &withoutHooks = {},
                              bool profiles = true);

/// The callable whose hook `line` of RecordingHooks::source belongs to; -1 for none.
int hookAt(const RecordingHooks &hooks, int line);

/// How the hook reads parameter `index` of `callable`: `value`, `cString`, `array`, `object`
/// or `unread` (exposed for the unit tests).
std::string argumentReading(const Callable &callable, size_t index);

} // namespace unitgen
