// Options: every command-line setting of every verb in one plain struct (copied by value into
// the stages; the core never parses flags).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace unitgen {

/// Random extends sequences up to this many calls (tests are minimized afterwards).
constexpr int kDefaultRandomLength = 16;
/// Candidate Sequence Search's candidates hold at most this many calls: their number grows
/// exponentially with the length.
constexpr int kDefaultCandidateLength = 6;

struct Options {
  // Where and what.
  std::string buildDir;     ///< -p: folder with compile_commands.json
  std::string className;    ///< --class
  std::string functionName; ///< --function
  std::string source;       ///< --source: disambiguates a class defined twice
  std::string invariant;    ///< --invariant: name of the invariant method
  // generate
  std::string outDir; ///< --out
  std::string budget = "30s";
  uint64_t seed = 1;
  uint64_t maxExecutions = 0;
  int maxLength = 0;             ///< --max-length; 0: each strategy's default (below)
  std::string strategy = "auto"; ///< random | concolic | auto | palus | concrete-state | ...
  /// --learn-from: the project's test sources whose calls teach the palus strategy (src/learn)
  std::vector<std::string> learnFrom;
  /// --guidance model|arguments|full: what of Palus guides (the paper's ablation)
  std::string guidance = "full";
  /// --theories: sources of the user's theories (unitgen/theory.h), checked after every call
  std::vector<std::string> theories;
  // state-space strategies (explore, generate --strategy concrete-state)
  std::vector<std::string> methods; ///< --methods: names to call
  std::vector<std::string> args;    ///< --args: the argument pool (integers)
  size_t maxStates = 1000000;
  size_t maxMemoryMb = 4096;
  bool noSubsumption = false;
  // exhaustive (bounded-exhaustive search; src/exhaustive/Finitization.h)
  int scope = 3;                    ///< --scope: objects per node type
  std::string sizes;                ///< --sizes a..b
  std::string values;               ///< --values a..b
  std::string finitizationFile;     ///< --finitization FILE (JSON)
  bool countOnly = false;           ///< --count-only
  std::string numbers = "symbolic"; ///< --numbers symbolic|concrete
  std::string criterion; ///< --criterion fet|fbt-...: the heaps a field-coverage suite keeps
  int smallScope = 5;    ///< --small-scope: FBT fits scopes 1..this
  /// --heap-order auto|korat|smaller-first|interleaved: the order the exhaustive search gives
  /// the heaps in (parseHeapOrder)
  std::string heapOrder = "auto";
  /// --clock work|seconds: what the time criteria measure and transcope
  std::string clock = "work";
  std::string legalBudget; ///< --legal-budget (empty: what --budget leaves after the heaps)
  std::string callTimeout = "1s";
  int memoryLimitMb = 2048;
  std::string execMode = "persistent";
  std::string cacheDir;
  bool noMinimize = false;
  bool noSanitizerWatch = false;       ///< --no-sanitizer-watch
  std::string assertions = "distinct"; ///< --assertions: all | distinct observer checks
  bool noFormat = false;
  std::string linkTarget;
  std::string dumpModel;
  // coverage
  std::string testsDir; ///< --tests
  bool includeFailures = false;
  // common
  bool json = false;
  bool quiet = false;
  int jobs = 2;
};

} // namespace unitgen
