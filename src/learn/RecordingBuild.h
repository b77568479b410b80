// RecordingBuild: the project's own tests rebuilt to record the calls they make — their sources
// and the code under test compiled with the pass's call recording (pass/CallRecording.h), the
// argument hooks (RecordingHooks.h) and the recorder (runtime/recorder) linked in, the rest of
// the project as the project compiles it.
#pragma once

#include "harness/DriverBuilder.h"
#include "model/ClassModel.h"
#include "model/Error.h"

#include <string>
#include <vector>

namespace unitgen {

struct RecordingBinary {
  std::string path;
  /// Callables whose argument hook did not compile: their calls are recorded without arguments.
  std::vector<int> withoutHooks;
};

/// Builds, in `scratch`, one test program from `testSources` (the project's test files: one of
/// them may define `main`, else GoogleTest's gtest_main runs them). A test source in the compile
/// database compiles with its own flags, any other with the code under test's (as emitted tests
/// do).
Expected<RecordingBinary> buildRecordingBinary(const ClassModel &model,
                                               const std::vector<std::string> &testSources,
                                               const std::string &scratch,
                                               const BuildOptions &options);

} // namespace unitgen
