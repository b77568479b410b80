// The driver's serve loop: decodes requests, runs statements through the generated actions,
// checks invariants and contracts, and logs outcomes to shared memory for the engine.
#include "driver/DriverRuntime.h"
#include "driver/Threads.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <thread>
#include <typeinfo>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || (defined(__has_feature) && __has_feature(address_sanitizer))
#include <sanitizer/allocator_interface.h>
#endif

namespace unitgen_rt {
namespace {

using namespace unitgen_protocol;

std::string demangle(const char *name) {
  int status = 0;
  char *text = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string result = status == 0 && text ? text : name;
  std::free(text);
  // libstdc++'s inline namespace is an implementation detail; tests name the public type.
  const std::string inlineNs = "std::__cxx11::";
  for (size_t pos; (pos = result.find(inlineNs)) != std::string::npos;)
    result.replace(pos, inlineNs.size(), "std::");
  return result;
}

int envInt(const char *name, int fallback) {
  const char *text = std::getenv(name);
  return text ? std::atoi(text) : fallback;
}

bool readAll(int fd, void *buffer, size_t size) {
  auto *out = static_cast<unsigned char *>(buffer);
  while (size > 0) {
    ssize_t n = read(fd, out, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    out += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

/// Reads one argument value; a list nests at most `depth` more levels.
bool decodeArg(Reader &in, ArgValue &a, int depth = 8) {
  if (!in.get(a.tag))
    return false;
  switch (a.tag) {
  case ArgNull:
    return true;
  case ArgBool:
  case ArgInt:
    return in.get(a.i);
  case ArgUInt:
    return in.get(a.u);
  case ArgFloat:
    return in.get(a.f);
  case ArgString:
    return in.str(a.s);
  case ArgVariable:
    return in.get(a.var);
  case ArgList: {
    uint32_t count = 0;
    if (depth == 0 || !in.get(count) || count > (1u << 20))
      return false;
    a.items.resize(count);
    for (ArgValue &item : a.items)
      if (!decodeArg(in, item, depth - 1))
        return false;
    return true;
  }
  default:
    return false;
  }
}

bool decodeRequest(const std::string &payload, uint32_t &flags, std::vector<Stmt> &statements,
                   std::vector<int32_t> &stale) {
  Reader in(reinterpret_cast<const unsigned char *>(payload.data()), payload.size());
  uint32_t count = 0;
  if (!in.get(flags) || !in.get(count))
    return false;
  statements.assign(count, Stmt{});
  for (uint32_t i = 0; i < count; ++i) {
    Stmt &s = statements[i];
    s.index = static_cast<int32_t>(i);
    uint32_t numArgs = 0;
    if (!in.get(s.callable) || !in.get(s.receiver) || !in.get(numArgs))
      return false;
    s.args.resize(numArgs);
    for (ArgValue &a : s.args)
      if (!decodeArg(in, a))
        return false;
  }
  uint32_t staleCount = 0;
  if (!in.get(staleCount) || staleCount > count)
    return false;
  stale.assign(staleCount, -1);
  for (int32_t &variable : stale)
    if (!in.get(variable))
      return false;
  return in.ok();
}

void writeFailure(Writer &log, FailureCode code, int statement, const std::string &detail) {
  log.put<uint8_t>(RecordFailure);
  log.put<uint8_t>(code);
  log.put<int32_t>(statement);
  log.str(detail);
}

#if defined(__SANITIZE_ADDRESS__) || (defined(__has_feature) && __has_feature(address_sanitizer))
#define UNITGEN_ASAN 1
#endif

/// Under the memory limit, operator new throws std::bad_alloc instead of the machine swapping.
/// ASan reserves terabytes of shadow, so there an address-space limit is impossible: a watchdog
/// thread reads the allocator's live bytes instead and ends the process with a distinct status.
void applyMemoryLimit() {
  int megabytes = envInt(kEnvMemoryLimitMb, 0);
  if (megabytes <= 0)
    return;
#ifdef UNITGEN_ASAN
  static size_t limitBytes = static_cast<size_t>(megabytes) << 20;
  std::thread([] {
    for (;;) {
      if (__sanitizer_get_current_allocated_bytes() > limitBytes) {
        static const char message[] = "unitgen driver: out of memory (allocation limit)\n";
        (void)!write(2, message, sizeof message - 1);
        _exit(kOutOfMemoryExitCode);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }).detach();
#else
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(megabytes) << 20;
  setrlimit(RLIMIT_AS, &limit);
  // A single request for half the limit or more is the arguments asking for it (a capacity),
  // not a leak: with it, even two such objects or one and its copy cannot both fit.
  setAllocationLimit((static_cast<size_t>(megabytes) << 20) / 2);
#endif
}

const SymbolicHooks *gSymbolicHooks = nullptr;

} // namespace

void registerSymbolicHooks(const SymbolicHooks *hooks) { gSymbolicHooks = hooks; }

void *Runner::slotObject(int var, int type) {
  if (var < 0 || static_cast<size_t>(var) >= slots_.size())
    throw NotRunSignal{};
  const Slot &slot = slots_[var];
  if (!slot.object || slot.type != type)
    throw NotRunSignal{};
  return slot.object;
}

int32_t Runner::earlierSlotHolding(int var) const {
  const Slot &made = slots_[var];
  if (made.destroy) // a copy the driver owns: a new object
    return -1;
  for (int earlier = 0; earlier < var; ++earlier)
    if (slots_[earlier].object == made.object)
      return earlier;
  return -1;
}

bool Runner::leftAThreadRunning() const {
  // A load per call while no thread was ever started; reading /proc only once one was.
  return !singleThreaded() && threadCount() > threadsAtStart_;
}

void Runner::observeResult(int type, const void *object) {
  const TypeInfo &info = tables_.types[type];
  for (int k = 0; k < info.numObservers && kFirstResultObservation + k < kFirstHeldOutput; ++k) {
    hasResult_ = false;
    try {
      info.observers[k].fn(*this, object);
    } catch (...) { // an observer that throws on this result tells nothing to assert
      continue;
    }
    if (hasResult_) {
      outputs_.emplace_back();
      outputs_.back().first = static_cast<uint8_t>(kFirstResultObservation + k);
      outputs_.back().second = result_;
    }
  }
  hasResult_ = false;
}

void Runner::storeOwned(int type, void *object, void (*destroy)(void *)) {
  producedObject_ = object != nullptr;
  producedNull_ = object == nullptr;
  pendingSlot_ = {type, object, object ? destroy : nullptr};
}

void Runner::storeBorrowed(int type, void *object) {
  producedObject_ = object != nullptr;
  producedNull_ = object == nullptr;
  pendingSlot_ = {type, object, nullptr};
}

uint64_t Runner::stateOf(int var) {
  const Slot &slot = slots_[var];
  return walker_.walk(slot.object, tables_.types[slot.type].walk);
}

void Runner::run(const std::vector<Stmt> &statements, const std::vector<int32_t> &stale,
                 uint32_t flags, Writer &log, ShmHeader &header) {
  symbolic_ = (flags & FlagSymbolic) ? gSymbolicHooks : nullptr;
  symbolicFloats_ = (flags & FlagSymbolicFloat) != 0;
  if (symbolic_)
    symbolic_->begin(symbolicFloats_);
  takeCoverage(more_); // nothing before the first statement counts
  coverage_ = CoverageRecord{};
  walker_.setArrayContents((flags & FlagArrayContents) != 0);
  resetCallbacks();
  threadsAtStart_ = singleThreaded() ? 1 : threadCount();
  bool failed = false;
  runStatements(statements, flags, log, header, failed);
  if (symbolic_ && (flags & FlagSymbolicState) && !failed && !slots_.empty() && slots_[0].object) {
    walker_.setProbe(symbolic_->probeState);
    symbolic_->recordShape(stateOf(0));
    walker_.setProbe(nullptr);
  }
  int last = static_cast<int>(statements.size()) - 1;
  bool observe = !failed && (flags & FlagObservers) && last >= 0;
  // The path constraints are the statements'; checks and destructors are not. Symbolic-state
  // exploration also takes the observers' branches, as statement last + 1: their coverage
  // counts, and the state alone does not decide which of their paths a witness takes.
  bool observeSymbolically = symbolic_ && (flags & FlagSymbolicState) && observe;
  if (symbolic_ && !observeSymbolically)
    symbolic_->suspend();
  takeCoverage(more_);
  coverage_.append(more_);
  if (observe) {
    header.phase = PhaseChecks;
    symbolicObservers_ = observeSymbolically;
    if (observeSymbolically)
      symbolic_->statement(last + 1);
    // A test asserts the observers of every object it holds at the end, so their coverage
    // counts; the contracts are checks only and their coverage does not.
    std::vector<int> checked;
    for (int var : creationOrder_)
      if (std::find(stale.begin(), stale.end(), var) == stale.end())
        checked.push_back(var);
    failed = !runObservers(checked, last, (flags & FlagObserverCoverage) != 0, log);
    if (observeSymbolically)
      symbolic_->suspend();
    symbolicObservers_ = false;
    takeCoverage(more_);
    coverage_.append(more_);
    if (!failed) // final states are recorded here too
      failed = !runContracts(checked, last, log);
  }
  takeCoverage(more_); // contracts: discarded
  CoverageRecord statementCoverage;
  std::swap(statementCoverage, coverage_);
  destroyAll(header);
  takeCoverage(coverage_);
  coverage_.append(statementCoverage);
  logCoverage(log);
  if (symbolic_)
    symbolic_->finish(log);
  symbolic_ = nullptr;
}

void Runner::logCoverage(Writer &log) {
  // The statement, observer and destructor phases each reported their edges; merge them.
  std::vector<EdgeHits> &edges = coverage_.edges;
  std::sort(edges.begin(), edges.end(),
            [](const EdgeHits &a, const EdgeHits &b) { return a.id < b.id; });
  size_t kept = 0;
  for (size_t i = 0; i < edges.size(); ++i) {
    if (kept > 0 && edges[kept - 1].id == edges[i].id)
      edges[kept - 1].hits += edges[i].hits;
    else
      edges[kept++] = edges[i];
  }
  edges.resize(kept);
  auto sortUnique = [](auto &values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
  };
  sortUnique(coverage_.compared);
  sortUnique(coverage_.boundaries);
  log.put<uint8_t>(RecordEdges);
  log.put<uint32_t>(static_cast<uint32_t>(edges.size()));
  for (const EdgeHits &edge : edges)
    log.put<uint32_t>(edge.id);
  for (const EdgeHits &edge : edges)
    log.put<uint8_t>(static_cast<uint8_t>(edge.hits > 255 ? 255 : edge.hits));
  log.put<uint8_t>(RecordCompared);
  log.put<uint32_t>(static_cast<uint32_t>(coverage_.compared.size()));
  log.bytes(coverage_.compared.data(), coverage_.compared.size() * sizeof(int64_t));
  log.put<uint8_t>(RecordBoundaries);
  log.put<uint32_t>(static_cast<uint32_t>(coverage_.boundaries.size()));
  log.bytes(coverage_.boundaries.data(), coverage_.boundaries.size() * sizeof(uint64_t));
}

void Runner::runStatements(const std::vector<Stmt> &statements, uint32_t flags, Writer &log,
                           ShmHeader &header, bool &failed) {
  slots_.assign(statements.size(), Slot{});
  creationOrder_.clear();
  header.phase = PhaseStatements;
  for (const Stmt &s : statements) {
    header.currentStatement = s.index;
    if (symbolic_)
      symbolic_->statement(s.index);
    uint8_t status = StatusReturned;
    std::string exceptionType, message;
    FailureCode failure = FailNone;
    std::string failureDetail;
    hasResult_ = producedObject_ = producedNull_ = false;
    outputs_.clear();
    const std::vector<CalledBack> callsBefore = callbacksSoFar();
    resetMockArguments();
    pendingSlot_ = Slot{};
    uint64_t receiverState = 0;
    bool changed = false;
    int32_t sameAs = -1;
    if (failed || s.callable < 0 || s.callable >= tables_.numActions ||
        !tables_.actions[s.callable].fn) {
      status = StatusNotRun;
    } else {
      const ActionInfo &action = tables_.actions[s.callable];
      bool hasReceiver = action.receiverType >= 0 && s.receiver >= 0 &&
                         static_cast<size_t>(s.receiver) < slots_.size() &&
                         slots_[s.receiver].object &&
                         slots_[s.receiver].type == action.receiverType;
      uint64_t before = hasReceiver ? stateOf(s.receiver) : 0;
      const size_t heldBefore = held_.size();
      try {
        action.fn(*this, s);
        reportHeldOutputs(heldBefore);
        if (leftAThreadRunning()) {
          status = StatusFailed;
          failure = FailResourceLimit;
          failureDetail = kThreadLeftRunning;
        }
      } catch (const NotRunSignal &) {
        status = StatusNotRun;
        // A call never made gave no file or stream: a test, which never writes it, numbers
        // them so.
        for (size_t k = heldBefore; k < held_.size(); ++k)
          if (held_[k].file)
            std::fclose(held_[k].file);
        held_.resize(heldBefore);
      } catch (const std::bad_alloc &) {
        status = StatusFailed;
        if (takeHugeAllocation()) {
          failure = FailResourceLimit;
          failureDetail = "one allocation of half the memory limit or more was requested";
        } else {
          failure = FailOutOfMemory;
          failureDetail = "std::bad_alloc: allocation beyond the memory limit";
        }
      } catch (const std::exception &e) {
        status = StatusThrew;
        exceptionType = demangle(typeid(e).name());
        message = e.what();
      } catch (...) {
        status = StatusFailed;
        failure = FailNonStdException;
        std::type_info *type = abi::__cxa_current_exception_type();
        failureDetail = "uncaught exception of type " +
                        (type ? demangle(type->name()) : std::string("<unknown>"));
      }
      if (status == StatusReturned && pendingSlot_.object) {
        slots_[s.index] = std::move(pendingSlot_);
        creationOrder_.push_back(s.index);
        sameAs = earlierSlotHolding(s.index);
      }
      if (status == StatusReturned && hasReceiver && action.keepsReceiverState &&
          stateOf(s.receiver) != before) {
        status = StatusFailed;
        failure = FailContract;
        failureDetail =
            std::string("const method ") + action.name + " changed the state of its receiver";
      }
      // The invariant must hold after every public call that returned or threw a std exception.
      // A test asserts it only at the end, so what these checks run is not what the test
      // covers: their coverage is discarded, and a test is kept for a boundary inside the
      // invariant only when its final state reaches it (an `EXPECT_TRUE(s.repOK())` on a full
      // stack tells `size_ > capacity_` from `size_ >= capacity_`).
      takeCoverage(more_);
      coverage_.append(more_);
      if (status == StatusReturned || status == StatusThrew) {
        failure = checkAfterCall(s, hasReceiver, action.name, header, failureDetail);
        if (failure != FailNone)
          status = StatusFailed;
      }
      takeCoverage(more_); // the invariant check's: discarded
      if (hasReceiver && (status == StatusReturned || status == StatusThrew)) {
        receiverState = stateOf(s.receiver);
        changed = receiverState != before;
      }
    }
    log.put<uint8_t>(RecordCall);
    log.put<int32_t>(s.index);
    log.put<uint8_t>(status);
    if (hasResult_ && status == StatusReturned)
      writeValue(log, result_);
    else
      log.put<uint8_t>(0xff); // no value
    log.put<uint8_t>(producedObject_ && status == StatusReturned);
    log.put<uint8_t>(producedNull_ && status == StatusReturned);
    log.str(exceptionType);
    log.str(message);
    log.put<uint64_t>(receiverState);
    log.put<uint8_t>(changed);
    log.put<int32_t>(sameAs);
    const bool outputsRead = status == StatusReturned;
    log.put<uint8_t>(outputsRead ? static_cast<uint8_t>(outputs_.size()) : 0);
    for (size_t i = 0; outputsRead && i < outputs_.size(); ++i) {
      log.put<uint8_t>(outputs_[i].first);
      writeValue(log, outputs_[i].second);
    }
    std::vector<CalledBack> calledBack;
    for (const CalledBack &entry : callbacksSoFar())
      if (std::find(callsBefore.begin(), callsBefore.end(), entry) == callsBefore.end())
        calledBack.push_back(entry);
    log.put<uint8_t>(static_cast<uint8_t>(std::min<size_t>(calledBack.size(), 0xff)));
    for (size_t i = 0; i < calledBack.size() && i < 0xff; ++i) {
      log.put<int32_t>(calledBack[i].slot);
      log.put<int32_t>(calledBack[i].object);
      log.put<int64_t>(calledBack[i].calls);
      writeMockArguments(log, calledBack[i].slot, calledBack[i].object);
    }
    if (failure != FailNone) {
      writeFailure(log, failure, s.index, failureDetail);
      if (failure == FailTheory) {
        log.put<uint8_t>(RecordTheory);
        log.put<int32_t>(theorySlot_);
        log.str(theoryName_);
      }
      failed = true;
    }
  }
}

FailureCode Runner::checkAfterCall(const Stmt &s, bool hasReceiver, const char *action,
                                   ShmHeader &header, std::string &detail) {
  const bool made = slots_[s.index].object != nullptr;
  // The checks are no part of the statements' path (their branches would be alternatives no
  // argument can take): the test asserts them once, at the end.
  if (symbolic_)
    symbolic_->suspend();
  FailureCode failure = FailNone;
  const int checked = hasReceiver ? s.receiver : (made ? s.index : -1);
  if (checked >= 0) {
    const TypeInfo &type = tables_.types[slots_[checked].type];
    if (type.invariant) {
      bool holds = false;
      try {
        holds = type.invariant(slots_[checked].object);
      } catch (...) {
      }
      if (!holds) {
        failure = FailInvariant;
        detail = std::string(type.invariantName) + "() is false after " + action;
      }
    }
  }
  if (!theoriesLinked_) {
    if (symbolic_)
      symbolic_->resume();
    return failure;
  }
  // The user's theories hold of the objects a call may have changed and that surely live: its
  // receiver, its result, and every object the test owns (an object it merely points to, a
  // node an accessor returned, the call may have freed).
  std::vector<int> objects;
  for (int object : creationOrder_)
    if (object == s.receiver || object == s.index || slots_[object].destroy || slots_[object].owner)
      objects.push_back(object);
  if (hasReceiver && std::find(objects.begin(), objects.end(), s.receiver) == objects.end())
    objects.insert(objects.begin(), s.receiver);
  for (int object : objects) {
    if (failure != FailNone || !slots_[object].object)
      continue;
    const TypeInfo &type = tables_.types[slots_[object].type];
    if (!type.theories)
      continue;
    const int32_t phase = header.phase;
    header.phase = PhaseTheory;
    std::string theory, violation;
    bool holds = true;
    try {
      holds = type.theories(slots_[object].object, theory, violation);
    } catch (const std::exception &e) {
      failure = FailDriver;
      detail = std::string("a theory threw ") + demangle(typeid(e).name()) + ": " + e.what();
    } catch (...) {
      failure = FailDriver;
      detail = "a theory threw a non-std exception";
    }
    header.phase = phase;
    if (!holds) {
      failure = FailTheory;
      detail = violation;
      theorySlot_ = object;
      theoryName_ = theory;
    }
  }
  if (symbolic_)
    symbolic_->resume();
  return failure;
}

uint64_t Runner::coverageSignature() {
  takeCoverage(more_);
  uint64_t signature = 1469598103934665603ull;
  for (const EdgeHits &edge : more_.edges) {
    int level = 0;
    while (level < 7 && edge.hits >= (2u << level))
      ++level;
    signature = (signature ^ (uint64_t{edge.id} << 3 | level)) * 1099511628211ull;
  }
  // Boundaries too: `repOK()` on a full stack and on one with room run the same edges but
  // check `size_ > capacity_` differently.
  std::vector<uint64_t> boundaries = more_.boundaries;
  std::sort(boundaries.begin(), boundaries.end());
  for (uint64_t boundary : boundaries)
    signature = (signature ^ boundary) * 1099511628211ull;
  coverage_.append(more_);
  return signature;
}

bool Runner::runObservers(const std::vector<int> &vars, int lastStatement, bool observerCoverage,
                          Writer &log) {
  for (int var : vars) {
    if (var < 0 || static_cast<size_t>(var) >= slots_.size() || !slots_[var].object)
      continue;
    const Slot &slot = slots_[var];
    const TypeInfo &type = tables_.types[slot.type];
    uint64_t state = stateOf(var);
    for (int k = 0; k < type.numObservers; ++k) {
      const ObserverInfo &observer = type.observers[k];
      hasResult_ = false;
      if (observerCoverage)
        coverageSignature(); // start the observer's own signature from here
      uint8_t status = StatusReturned;
      std::string exceptionType;
      // Observing symbolically (symbolic-state): not the invariant's paths.
      bool quiet = observer.isInvariant && symbolicObservers_;
      if (quiet)
        symbolic_->suspend();
      try {
        observer.fn(*this, slot.object);
      } catch (const std::exception &e) {
        status = StatusThrew;
        exceptionType = demangle(typeid(e).name());
      } catch (...) {
        writeFailure(log, FailNonStdException, lastStatement,
                     std::string("observer ") + tables_.actions[observer.callable].name +
                         " threw a non-std exception");
        return false;
      }
      if (quiet)
        symbolic_->resume();
      log.put<uint8_t>(RecordObserver);
      log.put<int32_t>(var);
      log.put<int32_t>(observer.callable);
      log.put<uint8_t>(status);
      if (hasResult_ && status == StatusReturned)
        writeValue(log, result_);
      else
        log.put<uint8_t>(0xff);
      log.str(exceptionType);
      log.put<uint64_t>(observerCoverage ? coverageSignature() : 0);
      if (stateOf(var) != state) {
        writeFailure(log, FailContract, lastStatement,
                     std::string("observer ") + tables_.actions[observer.callable].name +
                         " changed the state of its receiver");
        return false;
      }
    }
  }
  return true;
}

bool Runner::runContracts(const std::vector<int> &vars, int lastStatement, Writer &log) {
  for (int var : vars) {
    const Slot &slot = slots_[var];
    const TypeInfo &type = tables_.types[slot.type];
    uint64_t state = stateOf(var);
    log.put<uint8_t>(RecordState);
    log.put<int32_t>(var);
    log.put<uint64_t>(state);
    log.put<uint64_t>(type.profile(slot.object));
    if (type.selfEqual && !type.selfEqual(slot.object)) {
      writeFailure(log, FailContract, lastStatement,
                   std::string("a == a is false for ") + type.name);
      return false;
    }
    if (type.copy) {
      bool equal = true;
      uint64_t copyState = type.copy(slot.object, walker_, equal);
      if (copyState != state || !equal) {
        writeFailure(log, FailContract, lastStatement,
                     std::string("copy of ") + type.name + " differs from the original");
        return false;
      }
    }
  }
  return true;
}

void Runner::destroyAll(ShmHeader &header) {
  header.phase = PhaseDestroy;
  for (auto it = creationOrder_.rbegin(); it != creationOrder_.rend(); ++it) {
    Slot &slot = slots_[*it];
    if (slot.destroy)
      slot.destroy(slot.object);
    slot = Slot{};
  }
  creationOrder_.clear();
  pendingSlot_ = Slot{}; // a shared object a call returned that did not finish
  keptStrings_.clear();  // after the objects that may view them
  keptValues_.clear();
  buffers_.clear();
  for (const HeldOutput &held : held_)
    if (held.file)
      std::fclose(held.file);
  held_.clear();
}

namespace {

/// Everything `file` holds, leaving its position where the code under test left it.
std::string fileText(std::FILE *file) {
  std::fflush(file);
  std::string text;
  char chunk[4096];
  for (off_t at = 0;;) {
    const ssize_t got = pread(fileno(file), chunk, sizeof chunk, at);
    if (got <= 0)
      return text;
    text.append(chunk, static_cast<size_t>(got));
    at += got;
  }
}

} // namespace

std::FILE *Runner::file(const Stmt &s, size_t index) {
  const ArgValue &a = s.args.at(index);
  if (a.tag == unitgen_protocol::ArgNull)
    return nullptr;
  char name[] = "unitgen-file-XXXXXX";
  const int descriptor = mkstemp(name);
  if (descriptor < 0)
    throw NotRunSignal{}; // no file to give: the folder is full or not writable
  unlink(name);
  std::FILE *file = fdopen(descriptor, "w+");
  if (!file) {
    close(descriptor);
    throw NotRunSignal{};
  }
  held_.push_back({file, nullptr, a.s});
  std::fwrite(a.s.data(), 1, a.s.size(), file);
  std::rewind(file);
  return file;
}

std::string Runner::HeldOutput::current() const { return file ? fileText(file) : stream->str(); }

void Runner::heldOutput(int parameter, const void *identity) {
  for (HeldOutput &held : held_)
    if (identity && (held.file == identity || held.stream == identity)) {
      held.text = held.current();
      output(parameter, held.text);
    }
}

void Runner::fileOutput(int parameter, std::FILE *file) { heldOutput(parameter, file); }

std::ostringstream &Runner::outputStream() {
  auto stream = std::make_shared<std::ostringstream>();
  keptValues_.push_back(stream);
  held_.push_back({nullptr, stream.get(), ""});
  return *stream;
}

void Runner::streamOutput(int parameter, const std::ostringstream &stream) {
  heldOutput(parameter, &stream);
}

void Runner::reportHeldOutputs(size_t count) {
  for (size_t k = 0; k < count && k < held_.size() && kFirstHeldOutput + k <= 0xff; ++k) {
    std::string text = held_[k].current();
    if (text == held_[k].text)
      continue;
    held_[k].text = std::move(text);
    output(static_cast<int>(kFirstHeldOutput + k), held_[k].text);
  }
}

int serve(const DriverTables &tables) {
  int requestFd = envInt(kEnvRequestFd, -1);
  int responseFd = envInt(kEnvResponseFd, -1);
  int shmFd = envInt(kEnvShmFd, -1);
  if (requestFd < 0 || responseFd < 0 || shmFd < 0) {
    static const char message[] =
        "unitgen driver: run by the unitgen engine only (missing channel environment)\n";
    (void)!write(2, message, sizeof message - 1);
    return 2;
  }
  void *mapped = mmap(nullptr, kShmSize, PROT_READ | PROT_WRITE, MAP_SHARED, shmFd, 0);
  if (mapped == MAP_FAILED)
    return 3;
  auto &header = *static_cast<ShmHeader *>(mapped);
  setRequestHeader(&header);
  auto *logData = static_cast<unsigned char *>(mapped) + sizeof(ShmHeader);
  const size_t logCapacity = kShmSize - sizeof(ShmHeader);
  header.magic = kShmMagic;
  header.protocol = kProtocolVersion;
  header.worker = getpid();
  header.edgeCount = coverageEdgeCount();
  applyMemoryLimit();
  rlimit fileSize{};
  fileSize.rlim_cur = fileSize.rlim_max = kFileSizeLimit;
  setrlimit(RLIMIT_FSIZE, &fileSize);
  const bool forkServer = envInt(kEnvForkServer, 0) != 0;
  signal(SIGPIPE, SIG_IGN);

  Runner runner(tables);
  std::string payload;
  std::vector<Stmt> statements;
  std::vector<int32_t> stale;
  for (;;) {
    uint32_t size = 0;
    if (!readAll(requestFd, &size, sizeof size))
      return 0;
    payload.resize(size);
    if (!readAll(requestFd, payload.data(), size))
      return 0;
    header.logBytes = 0;
    header.currentStatement = -1;
    Writer log(logData, logCapacity, &header.logBytes);
    uint32_t flags = 0;
    if (!decodeRequest(payload, flags, statements, stale)) {
      writeFailure(log, FailDriver, -1, "malformed request");
    } else if (forkServer) {
      pid_t child = fork();
      if (child == 0) {
        header.worker = getpid();
        runner.run(statements, stale, flags, log, header);
        _exit(0);
      }
      int status = 0;
      while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
      }
      header.worker = getpid();
      // The child's log lives in shared memory; the parent only adds how it ended.
      Writer tail(logData, logCapacity, &header.logBytes);
      if (header.phase == PhaseMockArgument && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        // The child died while the driver read a mock's argument: its own doing.
        writeFailure(tail, FailDriver, header.currentStatement, "died reading a mock's argument");
      } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) {
        writeFailure(tail, FailResourceLimit, header.currentStatement, kFileTooBig);
      } else if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        writeFailure(tail, sig == SIGABRT ? FailAbort : FailCrash, header.currentStatement,
                     signalDescription(sig));
      } else if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
        writeFailure(tail, FailSanitizer, header.currentStatement,
                     "exit status " + std::to_string(WEXITSTATUS(status)));
      }
    } else {
      runner.run(statements, stale, flags, log, header);
    }
    header.phase = PhaseIdle;
    char done = kDoneByte;
    if (write(responseFd, &done, 1) != 1)
      return 0;
  }
}

} // namespace unitgen_rt
