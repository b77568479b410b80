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

/// Writes a piece of the child's text to the parent at once.
using SendText = std::function<void(const std::string &)>;

/// Runs `work` in a child that SIGALRM ends after `seconds` (at least a millisecond); what it
/// sends comes back through a pipe as it goes, so what it sent before a crash or a hang stays.
ChildRun runInChildSending(double seconds, const std::function<void(const SendText &)> &work);

/// runInChildSending for work that sends all its text at the end: the string it returns.
ChildRun runInChild(double seconds, const std::function<std::string()> &work);

} // namespace unitgen_rt
