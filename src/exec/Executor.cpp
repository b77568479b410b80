// Driver process management: channels (pipes + shared-memory log), per-call time-outs, death
// classification from signals, exit codes and sanitizer reports, and restarts.
#include "exec/Executor.h"

#include "driver/Protocol.h"
#include "exec/SanitizerReport.h"
#include "exec/TraceDecoder.h"
#include "exec/ValueWire.h"
#include "support/Subprocess.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace unitgen {

static_assert(kFirstHeldOutput == unitgen_protocol::kFirstHeldOutput);
namespace {

using namespace unitgen_protocol;

CallStatus toStatus(uint8_t code) {
  switch (code) {
  case StatusReturned:
    return CallStatus::Returned;
  case StatusThrew:
    return CallStatus::Threw;
  case StatusFailed:
    return CallStatus::Failed;
  default:
    return CallStatus::NotRun;
  }
}

FailureKind toFailureKind(uint8_t code) {
  switch (code) {
  case FailCrash:
    return FailureKind::Crash;
  case FailAbort:
    return FailureKind::Abort;
  case FailSanitizer:
    return FailureKind::Sanitizer;
  case FailHang:
    return FailureKind::Hang;
  case FailOutOfMemory:
    return FailureKind::OutOfMemory;
  case FailNonStdException:
    return FailureKind::NonStdException;
  case FailInvariant:
    return FailureKind::InvariantViolated;
  case FailContract:
    return FailureKind::ContractViolated;
  case FailDriver:
    return FailureKind::DriverError;
  case FailResourceLimit:
    return FailureKind::ResourceLimit;
  case FailTheory:
    return FailureKind::TheoryViolated;
  default:
    return FailureKind::None;
  }
}

/// A call whose resident memory grew this much since it last made progress is still working
/// (filling memory, slowly where page faults are slow): the memory limit ends it, not the
/// time-out, so it is reported as running out of memory rather than as a hang.
constexpr size_t kGrowthIsProgress = 8u << 20;

/// Resident bytes of a process (0 when it cannot be read).
size_t residentBytes(int32_t pid) {
  if (pid <= 0)
    return 0;
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/statm", pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  char text[128];
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0)
    return 0;
  text[n] = 0;
  unsigned long size = 0, resident = 0;
  if (std::sscanf(text, "%lu %lu", &size, &resident) != 2)
    return 0;
  return resident * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

/// The C library's report of a failed `assert` in `log`, without the program's name:
/// `<file>:<line>: <function>: Assertion `<condition>' failed.`; empty when there is none.
std::string assertionLine(const std::string &log) {
  size_t at = log.find(": Assertion `");
  if (at == std::string::npos)
    return "";
  size_t begin = log.rfind('\n', at);
  begin = begin == std::string::npos ? 0 : begin + 1;
  size_t end = log.find('\n', at);
  std::string line = log.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
  if (size_t program = line.find(": "); program != std::string::npos && program < at - begin)
    line.erase(0, program + 2); // `driver: file:line: ...`
  return line;
}

} // namespace

Expected<std::unique_ptr<Executor>> Executor::start(const ExecOptions &options) {
  std::unique_ptr<Executor> executor(new Executor(options));
  std::string error;
  if (!executor->launch(error))
    return Error{ExitCode::Internal, "cannot start the driver: " + error};
  if (!executor->handshake(error))
    return Error{ExitCode::Internal, "driver " + options.driverPath + ": " + error};
  return executor;
}

bool Executor::handshake(std::string &error) {
  auto &header = *static_cast<const ShmHeader *>(shm_);
  // An empty request (payload: flags, no statements): the driver answers it once it is up, and
  // has written which protocol it speaks by then.
  const uint32_t request[3] = {8, 0, 0};
  bool answered = write(requestFd_, request, sizeof request) == sizeof request;
  const int waitMs = static_cast<int>(std::max(30.0, options_.callTimeoutSeconds * 10) * 1000);
  if (answered) {
    pollfd pfd{responseFd_, POLLIN, 0};
    int ready;
    while ((ready = poll(&pfd, 1, waitMs)) < 0 && errno == EINTR) {
    }
    char byte = 0;
    if (ready == 0) {
      error = fmt::format("no answer within {} s of starting", waitMs / 1000);
      stop();
      return false;
    }
    ssize_t n = read(responseFd_, &byte, 1);
    if (n == 1 && byte != kDoneByte) {
      error = "answered in an unknown protocol (not a unitgen driver?)";
      stop();
      return false;
    }
    answered = n == 1;
  }
  if (!answered) { // the driver closed its end: it exited
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    stop();
    std::string log(4096, '\0');
    ssize_t n = pread(stderrFd_, log.data(), log.size(), 0);
    log.resize(n > 0 ? static_cast<size_t>(n) : 0);
    error =
        WIFEXITED(status) && WEXITSTATUS(status) == 127
            ? "cannot be executed"
            : fmt::format("ended at start ({})",
                          WIFSIGNALED(status) ? signalDescription(WTERMSIG(status))
                                              : fmt::format("exit status {}", WEXITSTATUS(status)));
    if (!log.empty())
      error += ":\n" + log;
    return false;
  }
  if (header.magic != kShmMagic || header.protocol != kProtocolVersion) {
    error = header.magic != kShmMagic
                ? std::string("not a driver of this unitgen (no protocol header)")
                : fmt::format("speaks protocol version {}, this unitgen version {}",
                              header.protocol, kProtocolVersion);
    error += "; it was built from another unitgen's runtime: delete the driver cache "
             "(--cache-dir) or unset UNITGEN_RUNTIME_DIR";
    stop();
    return false;
  }
  return true;
}

uint32_t Executor::edgeCount() const {
  return shm_ ? static_cast<const ShmHeader *>(shm_)->edgeCount : 0;
}

Executor::~Executor() {
  stop();
  if (stderrFd_ >= 0)
    close(stderrFd_);
  if (!stderrPath_.empty())
    unlink(stderrPath_.c_str());
}

std::string Executor::newStderr() {
  return fmt::format("{}/driver-{}-{}.stderr", options_.workDir.empty() ? "/tmp" : options_.workDir,
                     getpid(), reinterpret_cast<uintptr_t>(this));
}

bool Executor::launch(std::string &error) {
  signal(SIGPIPE, SIG_IGN);
  if (shmFd_ < 0) {
    shmFd_ = memfd_create("unitgen-outcome", 0);
    if (shmFd_ < 0 || ftruncate(shmFd_, kShmSize) != 0) {
      error = std::string("shared memory: ") + std::strerror(errno);
      return false;
    }
    shm_ = mmap(nullptr, kShmSize, PROT_READ | PROT_WRITE, MAP_SHARED, shmFd_, 0);
    if (shm_ == MAP_FAILED) {
      shm_ = nullptr;
      error = std::string("mmap: ") + std::strerror(errno);
      return false;
    }
  }
  if (stderrFd_ < 0) {
    stderrPath_ = newStderr();
    stderrFd_ = open(stderrPath_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);
    if (stderrFd_ < 0) {
      error = "cannot create " + stderrPath_ + ": " + std::strerror(errno);
      return false;
    }
  }
  if (!sandboxDir_) {
    sandboxDir_ = std::make_unique<ScratchDir>("unitgen-run");
    sandbox_ = {sandboxDir_->path(), options_.writable};
  }
  int request[2], response[2];
  if (pipe2(request, O_CLOEXEC) != 0 || pipe2(response, O_CLOEXEC) != 0) {
    error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  std::string asanOptions = fmt::format(
      "ASAN_OPTIONS=exitcode={}:detect_leaks=0:max_allocation_size_mb={}:"
      "hard_rss_limit_mb={}:allocator_may_return_null=0:abort_on_error=0:"
      "handle_abort=0:symbolize=1:print_summary=1",
      kSanitizerExitCode, std::max(1, options_.memoryLimitMb / 2), options_.memoryLimitMb * 2);
  std::string perturb;
  if (options_.mallocFillByte >= 0) {
    asanOptions += fmt::format(":malloc_fill_byte={}:max_malloc_fill_size={}",
                               options_.mallocFillByte, 1 << 20);
    perturb = fmt::format("MALLOC_PERTURB_={}", options_.mallocFillByte);
  }
  std::string ubsanOptions = fmt::format(
      "UBSAN_OPTIONS=exitcode={}:print_stacktrace=0:halt_on_error=1", kSanitizerExitCode);
  // The driver writes these when it starts: cleared first, they tell whether it did.
  auto &header = *static_cast<ShmHeader *>(shm_);
  header.magic = 0;
  header.protocol = 0;
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    killWhenParentExits(parent);
    // The channels get fixed numbers so the driver finds them through the environment.
    int fixed[3] = {request[0], response[1], shmFd_};
    int target[3] = {100, 101, 102};
    for (int i = 0; i < 3; ++i)
      dup2(fixed[i], target[i]);
    int devNull = open("/dev/null", O_RDWR);
    dup2(devNull, 0);
    dup2(devNull, 1);
    dup2(stderrFd_, 2);
    setenv(kEnvRequestFd, "100", 1);
    setenv(kEnvResponseFd, "101", 1);
    setenv(kEnvShmFd, "102", 1);
    setenv(kEnvMemoryLimitMb, std::to_string(options_.memoryLimitMb).c_str(), 1);
    setenv(kEnvForkServer, options_.forkServer ? "1" : "0", 1);
    putenv(const_cast<char *>(asanOptions.c_str()));
    putenv(const_cast<char *>(ubsanOptions.c_str()));
    if (!perturb.empty())
      putenv(const_cast<char *>(perturb.c_str()));
    for (const std::string &setting : options_.environment)
      putenv(const_cast<char *>(setting.c_str()));
    // The code under test writes only into its scratch folder, and connects nowhere.
    if (!enterSandbox(sandbox_)) {
      const char message[] = "unitgen: cannot confine the driver to its scratch folder\n";
      ssize_t ignored = write(2, message, sizeof message - 1);
      (void)ignored;
      _exit(126);
    }
    execl(options_.driverPath.c_str(), options_.driverPath.c_str(), static_cast<char *>(nullptr));
    _exit(127);
  }
  close(request[0]);
  close(response[1]);
  if (pid < 0) {
    close(request[1]);
    close(response[0]);
    error = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  pid_ = pid;
  requestFd_ = request[1];
  responseFd_ = response[0];
  return true;
}

void Executor::stop() {
  if (requestFd_ >= 0)
    close(requestFd_);
  if (responseFd_ >= 0)
    close(responseFd_);
  requestFd_ = responseFd_ = -1;
  if (pid_ > 0) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
}

namespace {
/// A `u32 count, count × T` record body.
template <typename T> bool readArray(unitgen_protocol::Reader &in, std::vector<T> &out) {
  uint32_t count = 0;
  if (!in.get(count))
    return false;
  out.resize(count);
  return in.bytes(out.data(), count * sizeof(T));
}
} // namespace

void Executor::parseLog(size_t statements, Outcome &outcome) const {
  const auto &header = *static_cast<const ShmHeader *>(shm_);
  const auto *data = static_cast<const unsigned char *>(shm_) + sizeof(ShmHeader);
  size_t size = std::min<size_t>(header.logBytes, kShmSize - sizeof(ShmHeader));
  Reader in(data, size);
  outcome.calls.assign(statements, CallOutcome{});
  while (!in.atEnd() && in.ok()) {
    uint8_t tag = 0;
    if (!in.get(tag))
      break;
    switch (tag) {
    case RecordCall: {
      int32_t index = 0, sameAs = -1;
      uint8_t status = 0, producedObject = 0, producedNull = 0, changed = 0;
      CallOutcome call;
      if (!in.get(index) || !in.get(status) || !decodeValue(in, call.hasValue, call.value) ||
          !in.get(producedObject) || !in.get(producedNull) || !in.str(call.exceptionType) ||
          !in.str(call.exceptionMessage) || !in.get(call.receiverState) || !in.get(changed) ||
          !in.get(sameAs))
        return;
      uint8_t outputs = 0;
      if (!in.get(outputs))
        return;
      for (uint8_t k = 0; k < outputs; ++k) {
        uint8_t parameter = 0;
        OutputValue output;
        bool has = false;
        if (!in.get(parameter) || !decodeValue(in, has, output.value))
          return;
        output.parameter = parameter;
        call.outputs.push_back(std::move(output));
      }
      uint8_t calledBack = 0;
      if (!in.get(calledBack))
        return;
      for (uint8_t k = 0; k < calledBack; ++k) {
        CallbackCalls counted;
        uint8_t recorded = 0;
        if (!in.get(counted.slot) || !in.get(counted.object) || !in.get(counted.calls) ||
            !in.get(recorded))
          return;
        for (uint8_t c = 0; c < recorded; ++c) {
          uint8_t count = 0;
          if (!in.get(count))
            return;
          std::vector<std::optional<Value>> arguments(count);
          for (std::optional<Value> &argument : arguments) {
            bool has = false;
            Value value;
            if (!decodeValue(in, has, value))
              return;
            if (has)
              argument = std::move(value);
          }
          counted.arguments.push_back(std::move(arguments));
        }
        call.callbacks.push_back(std::move(counted));
      }
      call.sameAs = sameAs >= 0 && sameAs < index ? sameAs : -1;
      call.receiverChanged = changed;
      call.status = toStatus(status);
      call.producedObject = producedObject;
      call.producedNull = producedNull;
      if (index >= 0 && static_cast<size_t>(index) < statements)
        outcome.calls[index] = std::move(call);
      break;
    }
    case RecordObserver: {
      ObserverValue observer;
      uint8_t status = 0;
      bool has = false;
      if (!in.get(observer.variable) || !in.get(observer.callable) || !in.get(status) ||
          !decodeValue(in, has, observer.value) || !in.str(observer.exceptionType) ||
          !in.get(observer.coverage))
        return;
      observer.status = toStatus(status);
      if (observer.status == CallStatus::Threw || has)
        outcome.observers.push_back(std::move(observer));
      break;
    }
    case RecordFailure: {
      uint8_t kind = 0;
      Failure failure;
      if (!in.get(kind) || !in.get(failure.statement) || !in.str(failure.detail))
        return;
      failure.kind = toFailureKind(kind);
      outcome.failure = std::move(failure);
      break;
    }
    case RecordTheory:
      if (!in.get(outcome.failure.object) || !in.str(outcome.failure.theory))
        return;
      break;
    case RecordState: {
      ObjectState state;
      if (!in.get(state.variable) || !in.get(state.hash) || !in.get(state.profile))
        return;
      outcome.finalStates.push_back(state);
      break;
    }
    case RecordEdges: {
      uint32_t count = 0;
      if (!in.get(count))
        return;
      outcome.edges.resize(count);
      outcome.edgeHits.resize(count);
      if (!in.bytes(outcome.edges.data(), count * sizeof(uint32_t)) ||
          !in.bytes(outcome.edgeHits.data(), count))
        return;
      break;
    }
    case RecordCompared:
      if (!readArray(in, outcome.comparedValues))
        return;
      break;
    case RecordBoundaries:
      if (!readArray(in, outcome.boundaries))
        return;
      break;
    case RecordSymbolic: {
      uint32_t length = 0;
      if (!in.get(length))
        return;
      std::vector<uint8_t> payload(length);
      if (!in.bytes(payload.data(), length))
        return;
      if (!decodeSymbolicTrace(payload.data(), payload.size(), outcome.symbolic))
        outcome.symbolic = SymbolicTrace{}; // a torn trace is no trace
      break;
    }
    default:
      return;
    }
  }
}

void Executor::classifyDeath(int status, Outcome &outcome) {
  const auto &header = *static_cast<const ShmHeader *>(shm_);
  int statement = header.currentStatement;
  // Sanitizer reports go to stderr; read what this request added.
  std::string log;
  struct stat info {};
  if (fstat(stderrFd_, &info) == 0 && info.st_size > stderrOffset_) {
    size_t length = std::min<size_t>(static_cast<size_t>(info.st_size - stderrOffset_), 1u << 20);
    log.resize(length);
    ssize_t n = pread(stderrFd_, log.data(), length, stderrOffset_);
    log.resize(n > 0 ? static_cast<size_t>(n) : 0);
  }
  bool oom = false, tooBig = false;
  std::string report = sanitizerLine(log, oom, tooBig);
  if (outcome.failure.kind == FailureKind::Abort && outcome.failure.assertion.empty())
    outcome.failure.assertion = assertionLine(log); // the fork server's report of the child
  Failure failure;
  failure.statement = statement;
  if (!report.empty() && overflowsUnsizedBuffer(log)) {
    failure.kind = FailureKind::ResourceLimit;
    failure.detail = fmt::format("wrote past the {} chars a test gives a char * without a length",
                                 kUnsizedOutputBuffer);
  } else if (!report.empty()) {
    failure.kind = tooBig ? FailureKind::ResourceLimit
                   : oom  ? FailureKind::OutOfMemory
                          : FailureKind::Sanitizer;
    failure.detail = report;
    failure.location = sanitizerDefectLocation(log);
    // A report placed in the generated driver's own lines or its runtime (its checks on an
    // object the code under test already freed, its walk over a field no one initialised) says
    // nothing about that code: never a test.
    if (reportedInUnitgenCode(log))
      failure.kind = FailureKind::DriverError;
  } else if (outcome.failure.kind != FailureKind::None) {
    // the fork server already reported how the child ended
    outcome.failure.whileDestroying = header.phase == PhaseDestroy;
    return;
  } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
    failure.kind = FailureKind::ResourceLimit;
    failure.detail = kFileTooBig;
  } else if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    failure.kind = sig == SIGABRT   ? FailureKind::Abort
                   : sig == SIGKILL ? FailureKind::OutOfMemory
                                    : FailureKind::Crash;
    failure.detail = signalDescription(sig);
    if (sig == SIGABRT)
      failure.assertion = assertionLine(log);
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == kOutOfMemoryExitCode) {
    failure.kind = FailureKind::OutOfMemory;
    failure.detail = fmt::format("more than {} MB allocated", options_.memoryLimitMb);
  } else if (WIFEXITED(status)) {
    failure.kind =
        WEXITSTATUS(status) == kSanitizerExitCode ? FailureKind::Sanitizer : FailureKind::Crash;
    failure.detail = fmt::format("the code under test called exit({})", WEXITSTATUS(status));
  }
  if (header.phase == PhaseDestroy) {
    failure.detail += " while destroying the objects";
    failure.whileDestroying = true;
  }
  outcome.failure = failure;
}

bool Executor::brokePrecondition(const Sequence &sequence, const Outcome &outcome) {
  // A probe's run reports its failure as it is: that failure is the answer, whatever the rules
  // would call it (a handed-over object's own method failing its own assert).
  if (probing_)
    return false;
  if (options_.isPreconditionViolation && options_.isPreconditionViolation(sequence, outcome))
    return true;
  if (!options_.preconditionProbes)
    return false;
  for (const PreconditionProbe &probe : options_.preconditionProbes(sequence, outcome)) {
    // The probe's run is no execution of the search: only its restarts count.
    const ExecStats before = stats_;
    probing_ = true;
    const Outcome probed = run(probe.sequence, {});
    probing_ = false;
    const uint64_t restarts = stats_.restarts;
    stats_ = before; // the outer run counts the probe's time in its own
    stats_.restarts = restarts;
    ++stats_.preconditionProbes;
    if (probeRepeatsFailure(probe, outcome.failure, probed))
      return true;
  }
  return false;
}

Outcome Executor::run(const Sequence &sequence, RunFlags flags) {
  auto started = std::chrono::steady_clock::now();
  Outcome outcome;
  ++stats_.executions;
  stats_.calls += sequence.size();
  std::string launchError;
  if (pid_ < 0 && !launch(launchError)) {
    outcome.failure = {FailureKind::DriverError, -1, launchError};
    return outcome;
  }
  // Encode the request.
  std::vector<unsigned char> buffer(64 + sequence.size() * 64);
  uint32_t used = 0;
  for (;;) {
    used = 0;
    Writer out(buffer.data(), buffer.size(), &used);
    out.put<uint32_t>(0); // size, patched below
    out.put<uint32_t>((flags.observers ? FlagObservers : 0u) |
                      (flags.observerCoverage ? FlagObserverCoverage : 0u) |
                      (flags.symbolic ? FlagSymbolic : 0u) |
                      (flags.symbolic && flags.symbolicFloat ? FlagSymbolicFloat : 0u) |
                      (flags.symbolic && flags.symbolicState ? FlagSymbolicState : 0u) |
                      (flags.arrayContents ? FlagArrayContents : 0u));
    out.put<uint32_t>(static_cast<uint32_t>(sequence.size()));
    for (const Statement &statement : sequence.statements) {
      out.put<int32_t>(statement.callable);
      out.put<int32_t>(statement.receiver);
      out.put<uint32_t>(static_cast<uint32_t>(statement.args.size()));
      for (const Argument &arg : statement.args) {
        if (arg.kind == Argument::Kind::Variable) {
          out.put<uint8_t>(ArgVariable);
          out.put<int32_t>(arg.variable);
        } else {
          encodeValue(out, arg.literal);
        }
      }
    }
    std::vector<int> stale;
    if (flags.observers && options_.staleAtEnd)
      stale = options_.staleAtEnd(sequence);
    out.put<uint32_t>(static_cast<uint32_t>(stale.size()));
    for (int variable : stale)
      out.put<int32_t>(variable);
    if (!out.overflowed())
      break;
    buffer.resize(buffer.size() * 2);
  }
  uint32_t payloadSize = used - 4;
  std::memcpy(buffer.data(), &payloadSize, 4);

  // Every sequence starts in an empty working directory: a file an earlier one wrote would
  // make this one's results depend on it, and a test runs alone.
  if (sandboxDir_)
    sandboxDir_->clear();
  struct stat info {};
  if (fstat(stderrFd_, &info) == 0) {
    if (info.st_size > (16 << 20)) { // keep the log bounded over long runs
      if (ftruncate(stderrFd_, 0) == 0)
        info.st_size = 0;
    }
    stderrOffset_ = info.st_size;
  }
  auto &header = *static_cast<ShmHeader *>(shm_);
  header.logBytes = 0;
  header.currentStatement = -1;
  header.phase = PhaseIdle;

  bool died = false, hung = false;
  size_t written = 0;
  while (written < used) {
    ssize_t n = write(requestFd_, buffer.data() + written, used - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      died = true;
      break;
    }
    written += static_cast<size_t>(n);
  }
  if (!died) {
    const int tickMs = 20;
    auto lastProgress = std::chrono::steady_clock::now();
    int32_t lastStatement = -2, lastPhase = -1;
    size_t memoryAtProgress = 0;
    for (;;) {
      pollfd pfd{responseFd_, POLLIN, 0};
      int ready = poll(&pfd, 1, tickMs);
      if (ready > 0) {
        char byte = 0;
        ssize_t n = read(responseFd_, &byte, 1);
        if (n == 1 && byte == kDoneByte)
          break;
        if (n < 0 && errno == EINTR)
          continue;
        died = true;
        break;
      }
      auto now = std::chrono::steady_clock::now();
      size_t memory = residentBytes(header.worker);
      if (header.currentStatement != lastStatement || header.phase != lastPhase ||
          memory >= memoryAtProgress + kGrowthIsProgress) {
        lastStatement = header.currentStatement;
        lastPhase = header.phase;
        lastProgress = now;
        memoryAtProgress = memory;
      } else if (std::chrono::duration<double>(now - lastProgress).count() >
                 options_.callTimeoutSeconds) {
        hung = true;
        break;
      }
    }
  }
  parseLog(sequence.size(), outcome);
  if (hung) {
    int statement = header.currentStatement;
    stop();
    ++stats_.restarts;
    outcome.failure = {FailureKind::Hang, statement,
                       fmt::format("no return within {:g} s", options_.callTimeoutSeconds)};
    if (statement >= 0 && static_cast<size_t>(statement) < outcome.calls.size())
      outcome.calls[statement].status = CallStatus::Failed;
  } else if (died) {
    int status = 0;
    kill(-pid_, SIGKILL); // a child of the fork server may still be around
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    stop();
    ++stats_.restarts;
    classifyDeath(status, outcome);
    int statement = outcome.failure.statement;
    if (statement >= 0 && static_cast<size_t>(statement) < outcome.calls.size())
      outcome.calls[statement].status = CallStatus::Failed;
  } else if ((outcome.failure.kind == FailureKind::Sanitizer ||
              outcome.failure.kind == FailureKind::Abort) &&
             options_.forkServer) { // the report or the failed assert is in the child's log
    Outcome refined = outcome;
    classifyDeath(0, refined);
    outcome.failure = refined.failure;
  }
  // The driver's own reading of a mock's argument (an observer's assert on the object the code
  // under test passed): nothing the code under test did to a test's calls.
  if (outcome.failure.kind != FailureKind::None && header.phase == PhaseMockArgument) {
    outcome.failure.kind = FailureKind::DriverError;
    outcome.failure.detail = "reading a mock's argument: " + outcome.failure.detail;
  }
  // A user's theory that crashes, aborts or hangs on an object the calls left valid: the
  // theory's own defect (the calls before it returned), reported, never a test.
  if (outcome.failure.kind != FailureKind::None && header.phase == PhaseTheory) {
    outcome.failure.kind = FailureKind::DriverError;
    outcome.failure.detail = "checking a theory: " + outcome.failure.detail;
  }
  // A process that ran out of memory is not trusted with the next request; one where the code
  // under test left a thread running would run it beside the next request's calls.
  if ((outcome.failure.kind == FailureKind::OutOfMemory ||
       (outcome.failure.kind == FailureKind::ResourceLimit &&
        outcome.failure.detail == kThreadLeftRunning)) &&
      pid_ > 0) {
    stop();
    ++stats_.restarts;
  }
  if (outcome.failure.kind != FailureKind::None && brokePrecondition(sequence, outcome)) {
    ++stats_.preconditionViolations;
    outcome.illegalCall = outcome.failure.statement;
    for (size_t i = static_cast<size_t>(outcome.illegalCall); i < outcome.calls.size(); ++i)
      outcome.calls[i].status = CallStatus::NotRun;
    outcome.failure = Failure{};
  }
  if (outcome.failure.kind != FailureKind::None)
    ++stats_.failures;
  outcome.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  stats_.seconds += outcome.seconds;
  return outcome;
}

} // namespace unitgen
