// Protocol: the wire format between the engine (exec/) and the driver runtime, declared once.
//
// Requests travel over a pipe as length-prefixed messages; outcomes are appended by the driver to
// a shared-memory log that survives a crash of the driver, followed by one byte on the response
// pipe. Both sides include this header, so the encoding cannot drift.
#pragma once

#include <csignal>
#include <cstdint>
#include <cstring>
#include <string>

namespace unitgen_protocol {

constexpr uint32_t kShmMagic = 0x55474e31; // "UGN1"
/// Bumped whenever a request, record or header field changes: a driver built from another
/// unitgen's runtime is refused at start instead of being misread.
constexpr uint32_t kProtocolVersion = 23;
constexpr size_t kShmSize = 16u << 20;
/// The most a driver may write to one file (RLIMIT_FSIZE): a call that writes more is killed by
/// SIGXFSZ, and that is its arguments asking for it (a printer indenting two billion levels
/// deep), as one huge allocation is, never a test.
constexpr uint64_t kFileSizeLimit = 64u << 20;
/// An output record's parameter from this number on is no parameter of the call: the text of
/// the sequence's held output number (parameter - kFirstHeldOutput) — its `FILE *` files and
/// `std::ostream&` streams, in the order the calls were given them — which this call changed
/// (an object keeps the file or stream and writes to it later).
constexpr uint8_t kFirstHeldOutput = 128;
/// From this number up to kFirstHeldOutput: observer number (parameter -
/// kFirstResultObservation) of the class of an object the call returned besides the object it
/// made through a `T **` (a `Status` next to the `DB` of `DB::Open`), run on that result.
constexpr uint8_t kFirstResultObservation = 64;
constexpr char kDoneByte = 'D';
/// Exit statuses the driver uses so the engine can tell a sanitizer death from exit(1).
constexpr int kSanitizerExitCode = 86;
constexpr int kOutOfMemoryExitCode = 87;

/// Environment variables through which the engine hands the driver its channels and limits.
constexpr const char *kEnvRequestFd = "UNITGEN_REQUEST_FD";
constexpr const char *kEnvResponseFd = "UNITGEN_RESPONSE_FD";
constexpr const char *kEnvShmFd = "UNITGEN_SHM_FD";
constexpr const char *kEnvMemoryLimitMb = "UNITGEN_MEMORY_LIMIT_MB";
constexpr const char *kEnvForkServer = "UNITGEN_FORK_SERVER";

/// Head of the shared-memory region; the log follows it. `magic` and `protocol` stay the first
/// two fields in every version: the driver writes them when it starts.
struct ShmHeader {
  uint32_t magic;
  uint32_t protocol;
  uint32_t logBytes;                 ///< bytes of log written for the current request
  volatile int32_t currentStatement; ///< statement being executed (-1: before the first)
  volatile int32_t phase;            ///< Phase while the request runs
  /// Process running the request (the driver, or its child in fork-server mode): the engine
  /// watches its memory, since a call whose memory keeps growing is not hung.
  volatile int32_t worker;
  /// Coverage edges of the code under test in this driver (0: a build without coverage).
  uint32_t edgeCount;
};

enum Phase : int32_t {
  PhaseIdle = 0,
  PhaseStatements = 1,
  PhaseChecks = 2,
  PhaseDestroy = 3,
  /// The driver reads an argument of a mock's call for the test's matcher (a C string, an
  /// object's text by its observer): a death here is unitgen's reading, never a test.
  PhaseMockArgument = 4,
  /// The driver checks the user's theories (unitgen/theory.h) on an object: a death here is
  /// the theory's, which the call before it left no failure of its own.
  PhaseTheory = 5,
};

/// Request flags.
enum RequestFlags : uint32_t {
  FlagObservers = 1u << 0,        ///< call observers and check contracts on live objects at the end
  FlagObserverCoverage = 1u << 1, ///< report a signature of the code each observer call ran
  /// Concolic drivers: the primitive and string arguments are symbolic inputs and the
  /// statements' path constraints come back in a RecordSymbolic record (SymWire.h).
  FlagSymbolic = 1u << 2,
  FlagSymbolicFloat = 1u << 3, ///< with FlagSymbolic: float arguments and arithmetic too
  /// With FlagSymbolic: the trace also holds the final state of variable 0 (shape and the
  /// expressions of its symbolic fields), for the symbolic-state strategy, and the observers'
  /// path constraints, as statement `count` (one past the last).
  FlagSymbolicState = 1u << 4,
  /// Canonical states read heap arrays behind `T*` fields (StateWalker::heapArray): the
  /// state-space strategies ask for it; random generation keeps the coarser states, whose
  /// novelty it can afford to chase.
  FlagArrayContents = 1u << 5,
};

enum ArgTag : uint8_t {
  ArgNull = 0,
  ArgBool = 1,
  ArgInt = 2,
  ArgUInt = 3,
  ArgFloat = 4,
  ArgString = 5,
  ArgVariable = 6,
  ArgList = 7,      ///< u32 count, then that many values: a container's elements
  ArgAbsent = 0xff, ///< no value: a call's result never recorded, a mock's argument not read
};

/// A mock method's calls during one statement up to this many have their arguments recorded;
/// past it only their number is (MockArguments.h).
constexpr uint8_t kMaxRecordedMockCalls = 16;

/// Log record tags (driver → engine).
enum RecordTag : uint8_t {
  RecordCall = 'C',       ///< i32 stmt, u8 status, value, u8 producedObject, u8 producedNull,
                          ///< str exceptionType, str message, u64 receiverState,
                          ///< u8 receiverChanged, i32 sameAs (the earlier variable whose object
                          ///< a pointer or reference result is; -1: none), u8 count and per
                          ///< out-parameter: u8 parameter index, value (what it held after),
                          ///< u8 count and per callback slot called during the call: i32 slot,
                          ///< i32 object (the mock's statement; -1: a function pointer), i64
                          ///< calls through it so far, u8 count and per call during the call
                          ///< whose arguments were recorded: u8 count, values (ArgAbsent:
                          ///< not read)
  RecordObserver = 'O',   ///< i32 var, i32 callable, u8 status, value, str exceptionType,
                          ///< u64 coverage signature (0 unless FlagObserverCoverage)
  RecordFailure = 'F',    ///< u8 kind, i32 stmt, str detail
  RecordTheory = 'T',     ///< after a FailTheory failure: i32 var (the object), str theory name
  RecordState = 'S',      ///< i32 var, u64 hash, u64 abstract object profile
  RecordEdges = 'E',      ///< u32 count, u32 ids..., u8 hit counts (saturated)...
  RecordCompared = 'V',   ///< u32 count, i64 values...
  RecordBoundaries = 'B', ///< u32 count, u64 (line << 32 | site) of probes that saw equality...
  RecordSymbolic = 'Y',   ///< u32 length, trace payload (layout in SymWire.h)
};

/// Call status codes in records (mirror unitgen::CallStatus).
enum StatusCode : uint8_t {
  StatusNotRun = 0,
  StatusReturned = 1,
  StatusThrew = 2,
  StatusFailed = 3
};

/// Failure codes in records (mirror unitgen::FailureKind).
enum FailureCode : uint8_t {
  FailNone = 0,
  FailCrash = 1,
  FailAbort = 2,
  FailSanitizer = 3,
  FailHang = 4,
  FailOutOfMemory = 5,
  FailNonStdException = 6,
  FailInvariant = 7,
  FailContract = 8,
  FailDriver = 9,
  FailResourceLimit = 10,
  FailTheory = 11,
};

/// How a fatal signal is named in failure reports, by the fork server and the engine alike.
/// The failure detail of a driver SIGXFSZ ended (kFileSizeLimit).
constexpr const char *kFileTooBig = "a file grew past the 64 MB a test may write";
/// The failure detail of a call that returned leaving a thread of the code under test running
/// (a background worker it hands tasks to): what a test asserts after it would depend on when
/// that thread runs. The engine restarts a persistent driver after it, as the thread lives on.
constexpr const char *kThreadLeftRunning =
    "the call left a thread running: what a test checks after it depends on when that runs";

inline const char *signalDescription(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV (segmentation fault)";
  case SIGBUS:
    return "SIGBUS (bus error)";
  case SIGFPE:
    return "SIGFPE (arithmetic exception)";
  case SIGILL:
    return "SIGILL (illegal instruction)";
  case SIGABRT:
    return "SIGABRT (abort)";
  case SIGTRAP:
    return "SIGTRAP (trap)";
  case SIGKILL:
    return "SIGKILL (killed, likely out of memory)";
  default:
    return "fatal signal";
  }
}

/// Appends little-endian POD values and strings to a byte buffer.
class Writer {
public:
  Writer(unsigned char *data, size_t capacity, uint32_t *used)
      : data_(data), capacity_(capacity), used_(used) {}
  template <typename T> void put(T value) { bytes(&value, sizeof value); }
  void str(const std::string &s) { str(s.data(), s.size()); }
  void str(const char *s, size_t n) {
    if (n > 4096)
      n = 4096; // messages and strings are for humans; keep the log bounded
    put<uint32_t>(static_cast<uint32_t>(n));
    bytes(s, n);
  }
  void bytes(const void *p, size_t n) {
    if (n == 0)
      return;
    if (*used_ + n > capacity_) {
      overflow_ = true;
      return;
    }
    std::memcpy(data_ + *used_, p, n);
    *used_ += static_cast<uint32_t>(n);
  }
  bool overflowed() const { return overflow_; }

private:
  unsigned char *data_;
  size_t capacity_;
  uint32_t *used_;
  bool overflow_ = false;
};

/// Reads what Writer wrote; every read is bounds-checked so a torn log cannot crash the reader.
class Reader {
public:
  Reader(const unsigned char *data, size_t size) : data_(data), size_(size) {}
  template <typename T> bool get(T &value) { return bytes(&value, sizeof value); }
  bool str(std::string &s) {
    uint32_t n;
    if (!get(n) || pos_ + n > size_)
      return ok_ = false;
    s.assign(reinterpret_cast<const char *>(data_ + pos_), n);
    pos_ += n;
    return true;
  }
  bool bytes(void *p, size_t n) {
    if (n == 0)
      return true;
    if (pos_ + n > size_)
      return ok_ = false;
    std::memcpy(p, data_ + pos_, n);
    pos_ += n;
    return true;
  }
  bool atEnd() const { return pos_ >= size_; }
  bool ok() const { return ok_; }

private:
  const unsigned char *data_;
  size_t size_;
  size_t pos_ = 0;
  bool ok_ = true;
};

} // namespace unitgen_protocol
