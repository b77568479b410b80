// ChildRun: a piece of work run in a forked child under an interval timer, so a crash or a hang
// in the code under test costs only that child; the driver's replay and legal modes use it.
#pragma once

#include <functional>
#include <string>

namespace unitgen_rt {

/// What the child wrote, and how it ended.
struct ChildRun {
  enum class End {
    Exited,   ///< it returned from the work (or called exit): `status` is its exit code
    TimedOut, ///< the timer's SIGALRM ended it
    Signaled, ///< another signal ended it: `status` is the signal
    NoChild,  ///< no pipe or no fork
  };
  End end = End::NoChild;
  int status = 0;
  std::string text; ///< what the work returned, as far as the child wrote it
};

/// Runs `work` in a child that SIGALRM ends after `seconds` (at least a millisecond); the
/// string it returns comes back through a pipe.
ChildRun runInChild(double seconds, const std::function<std::string()> &work);

} // namespace unitgen_rt
