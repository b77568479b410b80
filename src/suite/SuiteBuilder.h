// SuiteBuilder: from a Corpus to a Suite — select few tests that keep every goal, minimize them,
// replay them twice in the sanitizer build, keep only deterministic assertions, label failures.
#pragma once

#include "suite/Corpus.h"
#include "suite/TestCase.h"

#include <cstddef>
#include <functional>

namespace unitgen {

class Executor;
struct RunFlags;

struct SuiteOptions {
  bool minimize = true;
  /// Drop observer assertions that repeat, in a longer test, a check a shorter test makes.
  bool pruneAssertions = true;
  /// Ask each object at the end of a test about the values the test stored in it
  /// (suite/ReadBackQueries.h).
  bool readBackQueries = true;
  size_t maxFailureTests = 50;
  /// Runs a sequence on the exploration driver under twice the memory limit. An out-of-memory
  /// failure is reported only if it happens there too: what fits in twice the limit is a
  /// demand of the calls (big arguments, several large objects), not a runaway allocation.
  /// Unset: every confirmed out-of-memory failure is reported.
  std::function<Outcome(const Sequence &, const RunFlags &)> runWithTwiceTheMemory;
  /// Runs a sequence on the exploration driver with ten times the call time-out. A hang is
  /// reported only if it happens there too: a call that finishes given longer is slow because
  /// of what it was asked (a constructor filling 67 million elements), not stuck. Unset: every
  /// confirmed hang is reported.
  std::function<Outcome(const Sequence &, const RunFlags &)> runWithLongerTimeout;
  /// The exploration driver's call time-out, and the longer one runWithLongerTimeout gives. A
  /// hang there too is still not reported when its work grows with an integer argument and,
  /// so measured, needs longer than that (suite/SlowCalls.h). 0: not asked.
  double callTimeoutSeconds = 0;
  double longerTimeoutSeconds = 0;
  /// Another process of the replay build, its heap filled with another byte and its addresses
  /// laid out anew: the second of the two replays runs there, so a value that uninitialised
  /// memory or an address decides differs and is not asserted. Null: both replays in `replay`.
  Executor *freshReplay = nullptr;
  /// Runs that failed only on the sanitizer build during the search (suite/SanitizerWatch.h),
  /// with that build's outcome: failure tests, minimized and confirmed on `replay`.
  std::vector<std::pair<Sequence, Outcome>> sanitizerFindings;
};

struct SuiteStats {
  size_t candidates = 0;        ///< corpus entries that are best for some goal
  size_t selected = 0;          ///< regression tests after set cover
  size_t statementsRemoved = 0; ///< by minimization
  size_t wordsRemoved = 0;      ///< from string arguments, by minimization
  size_t elementsRemoved = 0;   ///< from container arguments, by minimization
  size_t testsSplit = 0;        ///< tests of objects that never meet, split one per group
  size_t nondeterministic = 0;  ///< tests dropped because two replays disagreed
  size_t movedToFailures = 0;   ///< regression tests whose replay failed (sanitizers)
  /// of those, kept as regression tests too with a plain argument where the replay failed
  /// (suite/ArgumentRepair.h)
  size_t repairedArguments = 0;
  size_t fromSanitizerWatch = 0; ///< failure tests from SuiteOptions::sanitizerFindings
  size_t goalsCovered = 0;       ///< goals the regression suite keeps
  size_t readBackQueries = 0;    ///< query calls appended to regression tests
  /// out-of-memory failures not reported: the sequence fits in twice the memory limit
  size_t boundedMemoryDemands = 0;
  /// hangs not reported: the calls finished within ten times the call time-out
  size_t slowCalls = 0;
  /// hangs not reported: work that grows with an integer argument (suite/SlowCalls.h)
  size_t argumentBoundHangs = 0;
  double seconds = 0;
};

/// `exploration` re-runs candidates during minimization; `replay` is the sanitizer build.
Suite buildSuite(const Corpus &corpus, Executor &exploration, Executor &replay,
                 const SuiteOptions &options, SuiteStats &stats);

} // namespace unitgen
