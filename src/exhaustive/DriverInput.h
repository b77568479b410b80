// DriverInput: the engine's side of the exhaustive driver's input file — every line it writes,
// with the keywords declared once in src/runtime/exhaustive/ProblemLines.def, which the driver
// (KoratProblem.cpp) parses with the same declaration.
#pragma once

#include "model/BoundedHeaps.h"

#include <string>
#include <utility>
#include <vector>

namespace unitgen {

/// The candidate heap and how the search runs: the objects, arrays and fields of
/// `finitization`, then a deadline (`deadlineSeconds` > 0), count-only, symbolic numbers, the
/// passes by number of objects, the count fields and the work limit.
std::string driverInput(const Finitization &finitization, double deadlineSeconds, bool countOnly);

/// The search stops once `path` exists.
std::string stopFileLine(const std::string &path);

/// Replay the heaps of `heapsFile`, each call under `callTimeoutSeconds`.
std::string replayLines(const std::string &heapsFile, double callTimeoutSeconds);

/// A `call` line per plan: the method and each argument's range.
std::string callLines(const std::vector<CallPlan> &plans);

/// The methods (indices in replayableMethods, each without parameters and returning a value)
/// read after every call; empty for none.
std::string observeLine(const std::vector<int> &observers);

/// Search public call sequences of up to `maxLength` calls towards the pairs in `targetsFile`.
std::string legalLines(int maxLength, const std::string &targetsFile, double callTimeoutSeconds);

/// The legal sequences' constructor and the range of each of its arguments.
std::string constructLine(const std::vector<std::pair<long long, long long>> &ranges);

} // namespace unitgen
