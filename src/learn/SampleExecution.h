// SampleExecution: the recording build of the project's tests run in the sandbox, and the calls
// it recorded (runtime/recorder/Recorder.cpp writes them).
#pragma once

#include "learn/RecordingBuild.h"
#include "model/Sequence.h"

#include <string>
#include <vector>

namespace unitgen {

struct RecordedArgument {
  enum class Kind { Value, Object, Unread };
  Kind kind = Kind::Unread;
  Value value;     ///< Value
  int object = -1; ///< Object: its number in the process
  /// Object: its abstract object profile when passed (runtime/driver/ObjectProfile.h); 0: none
  uint64_t profile = 0;
};

/// One call a test made on the code under test (no recorded function was running below it).
struct RecordedCall {
  int callable = -1;
  int receiver = -1; ///< the object it ran on; -1: none (a constructor, a static method)
  int made = -1;     ///< the object it made (a constructor's, a factory's); -1: none
  std::vector<RecordedArgument> arguments;
};

/// The calls of one process, in order (a death test's child is a process of its own).
struct RecordedProcess {
  std::vector<RecordedCall> calls;
  bool torn = false; ///< it ended in the middle of a record (what came before is kept)
};

struct SampleExecution {
  std::vector<RecordedProcess> processes;
  int exitCode = 0;
  bool timedOut = false;
  int signal = 0;          ///< the signal that ended the tests (0: they exited)
  std::string output;      ///< the tests' output (its end)
  bool ranInPlace = false; ///< the folder was too large to copy (runSampleExecution)
  size_t calls() const;
};

/// Reads one record file's bytes.
RecordedProcess decodeRecords(const std::string &bytes);

/// Runs `binary` in a copy of `workDir` (the folder of the first test source: tests find their
/// data beside them and write their output there, as under ctest) made in `scratch`, where alone
/// it may write; `scratch` also holds its TMPDIR. Of the folder, hidden folders, build folders
/// (holding a CMakeCache.txt) and files over 16 MB are left out; a folder over 256 MB is not
/// copied, and the tests then run in it, unable to write there. Failing tests are no error:
/// what they called is kept.
Expected<SampleExecution> runSampleExecution(const RecordingBinary &binary,
                                             const std::string &workDir, const std::string &scratch,
                                             double timeoutSeconds);

} // namespace unitgen
