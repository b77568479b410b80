// SanitizerReport: what an ASan/UBSan/LSan report on a driver's stderr says — its first line,
// whether it is about memory limits, and the source line of the code under test it blames.
#pragma once

#include <string>

namespace unitgen {

/// The first line of the first sanitizer report in `log`: `AddressSanitizer: heap-use-after-free
/// on address ...`, or `file.cpp:12:5: runtime error: ...` without the file's folder; empty when
/// there is none. `isOutOfMemory`: the report is about an allocation limit; `isTooBig`: one
/// request above the limit (ASan's max_allocation_size_mb).
std::string sanitizerLine(const std::string &log, bool &isOutOfMemory, bool &isTooBig);

/// Whether the first UBSan report in `log` is placed in unitgen's own code: the generated
/// driver (`driver.cpp`, `actions.cpp`) or the driver runtime it compiles in
/// (`.../runtime/driver/StateWalker.h`).
bool reportedInUnitgenCode(const std::string &log);

/// Whether the first AddressSanitizer report in `log` is an access past the chars the driver
/// gave a `char *` without a length (the runtime's unsizedBuffer allocated them): their number
/// is the test's guess, so the access is the test's error.
bool overflowsUnsizedBuffer(const std::string &log);

/// `file.cc:57`, the line of the code under test the first AddressSanitizer report in `log`
/// blames: for a use after free, the first frame of the code under test where the memory was
/// freed (the call that invalidated it, however many later reads trip over it); otherwise the
/// first such frame of the faulting access. Frames of the system's headers and libraries, of
/// the sanitizer runtime and of the generated driver are passed over. Empty when the report
/// has no such frame (or is not ASan's: a UBSan line names its own location).
std::string sanitizerDefectLocation(const std::string &log);

} // namespace unitgen
