// CallRecording: the recording build of a project's tests (learn/RecordingBuild.h) — each
// function of the recording table reports its calls to the recorder (runtime/recorder).
#pragma once

#include "llvm/IR/Module.h"

#include <string>

namespace unitgen {

/// Instruments every function of `M` the table file `TablePath` names: on entry it calls
/// `__unitgen_rec_enter(callable, frame)` and, when that says the call is one a caller outside
/// the recorded functions made, the entry's argument hook with the function's own arguments;
/// on each return `__unitgen_rec_exit(frame, made, fresh)`. False with `Error` set when the table
/// cannot be read.
bool insertCallRecording(llvm::Module &M, const std::string &TablePath, std::string &Error);

} // namespace unitgen
