// Threads: how many threads the driver's process runs, to tell a call that left one of the code
// under test's running (kThreadLeftRunning).
#pragma once

namespace unitgen_rt {

/// Whether this process never started a thread (glibc's `__libc_single_threaded`, false where
/// unknown): then no call left one running, and no thread needs counting.
bool singleThreaded();

/// The threads of this process now, from /proc (0 when unknown).
int threadCount();

} // namespace unitgen_rt
