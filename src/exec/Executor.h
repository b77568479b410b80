// Executor: the engine side of a driver process — send a Sequence, receive its Outcome; a crash,
// hang, runaway allocation or sanitizer abort ends only that request and the driver restarts.
#pragma once

#include "exec/Preconditions.h"
#include "model/Error.h"
#include "model/Outcome.h"
#include "model/Sequence.h"
#include "support/Sandbox.h"
#include "support/ScratchDir.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace unitgen {

struct ExecOptions {
  std::string driverPath;
  std::string workDir;           ///< where the driver's stderr log goes
  double callTimeoutSeconds = 1; ///< a call running longer is a hang
  int memoryLimitMb = 2048;      ///< address-space limit (exploration) / malloc limit (ASan)
  bool forkServer = false;       ///< fork per request instead of a persistent child
  bool sanitizerBuild = false;   ///< the driver is the ASan/UBSan replay build
  /// More `NAME=value` settings for the driver's environment (e.g. LLVM_PROFILE_FILE).
  std::vector<std::string> environment;
  /// Folders the driver may write beneath besides its own scratch working directory (the
  /// driver runs sandboxed: support/Sandbox.h).
  std::vector<std::string> writable;
  /// The byte fresh heap memory is filled with (ASan's malloc_fill_byte, over the first MB of
  /// each allocation; glibc's MALLOC_PERTURB_ in a build without ASan); -1: the defaults.
  /// Two drivers with different bytes tell values read from memory no one wrote.
  int mallocFillByte = -1;
  /// Whether a failure is the failing call's own check of its arguments (exec/Preconditions.h):
  /// then the run reports an illegal call (Outcome::illegalCall) instead of the failure.
  std::function<bool(const Sequence &, const Outcome &)> isPreconditionViolation;
  /// For a failure that check leaves open: runs that tell whether it depends only on how the
  /// failing call was made (exec/Preconditions.h); none: nothing to ask. A probe that fails the
  /// same way makes the call illegal too. Asked for every such run: one assert may check an
  /// argument on one path and the receiver's history on another.
  std::function<std::vector<PreconditionProbe>(const Sequence &, const Outcome &)>
      preconditionProbes;
  /// The objects a sequence leaves stale (model/ViewLifetimes.h: a `Slice` of a builder that
  /// changed since): the driver's checks at the end do not read them, as a test does not
  /// (the bytes they view may be freed). None: every object is read.
  std::function<std::vector<int>(const Sequence &)> staleAtEnd;
};

struct ExecStats {
  uint64_t executions = 0;
  uint64_t calls = 0;
  uint64_t restarts = 0;
  uint64_t failures = 0;
  uint64_t preconditionViolations = 0; ///< runs whose failure was an illegal call instead
  uint64_t preconditionProbes = 0;     ///< runs made to ask a precondition probe (not executions)
  double seconds = 0;                  ///< wall time spent inside run()
};

struct RunFlags {
  bool observers = false; ///< observers, final states and contracts on live objects
  /// Also report which code each observer call ran (ObserverValue::coverage); exploration
  /// builds only, costs a scan of the coverage map per observer call.
  bool observerCoverage = false;
  /// Concolic drivers only: the arguments are symbolic and Outcome::symbolic gets the trace.
  bool symbolic = false;
  bool symbolicFloat = false; ///< with `symbolic`: float arguments too (Z3 float theory)
  /// With `symbolic`: the trace also holds variable 0's final state (SymbolicTrace::state).
  bool symbolicState = false;
  /// Canonical states include the contents of heap arrays behind `T*` fields.
  bool arrayContents = false;
};

class Executor {
public:
  static Expected<std::unique_ptr<Executor>> start(const ExecOptions &options);
  ~Executor();
  Executor(const Executor &) = delete;
  Executor &operator=(const Executor &) = delete;

  Outcome run(const Sequence &sequence, RunFlags flags = {});
  const ExecStats &stats() const { return stats_; }
  /// Coverage edges of the code under test in this driver: what `Outcome::edges` is a part of
  /// (0 for a build without coverage).
  uint32_t edgeCount() const;

private:
  explicit Executor(ExecOptions options) : options_(std::move(options)) {}
  bool launch(std::string &error);
  /// After launch: checks that the driver starts and speaks this engine's protocol.
  bool handshake(std::string &error);
  void stop();
  void parseLog(size_t statements, Outcome &outcome) const;
  void classifyDeath(int status, Outcome &outcome);
  std::string newStderr();
  /// Whether `outcome`'s failure is the failing call's broken precondition (ExecOptions).
  bool brokePrecondition(const Sequence &sequence, const Outcome &outcome);

  ExecOptions options_;
  /// The driver's working directory, the one folder it may write to (with options_.writable),
  /// removed with the executor.
  std::unique_ptr<ScratchDir> sandboxDir_;
  SandboxPolicy sandbox_;
  ExecStats stats_;
  int pid_ = -1;
  int requestFd_ = -1;
  int responseFd_ = -1;
  int shmFd_ = -1;
  void *shm_ = nullptr;
  int stderrFd_ = -1;
  std::string stderrPath_;
  long stderrOffset_ = 0;
  bool probing_ = false; ///< a probe's own run asks no probe
};

} // namespace unitgen
