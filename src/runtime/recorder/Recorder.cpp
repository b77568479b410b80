// Recorder: the call stack of recorded functions per thread, object numbers, the record file.
//
// Each outermost call becomes one record, appended to UNITGEN_RECORD_DIR/calls-<pid>.rec (a
// process forked by a death test writes its own file). A record:
//   u8 'C', i32 callable, i32 receiver, i32 made, u8 count, count arguments
// an argument: u8 0 and a value as ValueEncoder::writeValue writes it, u8 1, an i32 object and
// its u64 abstract object profile, or u8 2 (not read). Objects are numbered per process in the
// order first seen; an object a call made gets a new number, so an address reused by a later object
// is a new object; one an accessor returned keeps the number it has.
#include "recorder/Recorder.h"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

using unitgen_rt::EncodedValue;

struct Argument {
  uint8_t form = 2; ///< 0 value, 1 object, 2 not read
  int32_t object = -1;
  uint64_t profile = 0;
  EncodedValue value;
};

struct Frame {
  void *address = nullptr;
  bool outermost = false;
  int32_t callable = -1;
  int32_t receiver = -1;
  std::vector<Argument> arguments;
};

/// Records per process at most this many calls (a test that loops a million times says no
/// more about legal sequences than its first calls do).
constexpr long kMaxRecords = 200000;

// Never destroyed: recorded functions run in static destructors and thread exits too.
thread_local std::vector<Frame> *threadStack = nullptr;
std::vector<Frame> &callStack() {
  if (!threadStack)
    threadStack = new std::vector<Frame>;
  return *threadStack;
}

std::mutex objectsMutex;
std::unordered_map<const void *, int32_t> &objects = *new std::unordered_map<const void *, int32_t>;
unsigned char *const buffer = new unsigned char[1 << 20];
constexpr size_t kBufferSize = 1 << 20;
int32_t nextObject = 0;
int fileDescriptor = -1;
long records = 0;

void forgetFileInChild() {
  fileDescriptor = -1;
  records = 0;
}

int32_t objectNumber(const void *address, bool made) {
  if (!address)
    return -1;
  std::lock_guard<std::mutex> lock(objectsMutex);
  auto [it, inserted] = objects.emplace(address, nextObject);
  if (inserted || made)
    it->second = nextObject++;
  return it->second;
}

bool openFile() {
  static std::once_flag registered;
  std::call_once(registered, [] { pthread_atfork(nullptr, nullptr, forgetFileInChild); });
  if (fileDescriptor >= 0)
    return true;
  const char *dir = std::getenv("UNITGEN_RECORD_DIR");
  if (!dir || !*dir)
    return false;
  std::string path = std::string(dir) + "/calls-" + std::to_string(getpid()) + ".rec";
  fileDescriptor = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  return fileDescriptor >= 0;
}

void write(const Frame &frame, int32_t made) {
  std::lock_guard<std::mutex> lock(objectsMutex);
  if (records >= kMaxRecords || !openFile())
    return;
  uint32_t used = 0;
  unitgen_protocol::Writer out(buffer, kBufferSize, &used);
  out.put<uint8_t>('C');
  out.put<int32_t>(frame.callable);
  out.put<int32_t>(frame.receiver);
  out.put<int32_t>(made);
  out.put<uint8_t>(static_cast<uint8_t>(frame.arguments.size()));
  for (const Argument &argument : frame.arguments) {
    out.put<uint8_t>(argument.form);
    if (argument.form == 0)
      unitgen_rt::ValueEncoder::writeValue(out, argument.value);
    else if (argument.form == 1) {
      out.put<int32_t>(argument.object);
      out.put<uint64_t>(argument.profile);
    }
  }
  if (out.overflowed())
    return;
  ++records;
  for (size_t done = 0; done < used;) {
    ssize_t n = ::write(fileDescriptor, buffer + done, used - done);
    if (n <= 0)
      return;
    done += static_cast<size_t>(n);
  }
}

/// Ends the frames at or below `frame` on the stack: calls that returned without reaching
/// their exit (an exception, a longjmp). Their records are written with no object made.
void unwindTo(const void *frame) {
  std::vector<Frame> &stack = callStack();
  while (!stack.empty() && stack.back().address <= frame) {
    if (stack.back().outermost)
      write(stack.back(), -1);
    stack.pop_back();
  }
}

Frame *recording() {
  std::vector<Frame> &stack = callStack();
  return !stack.empty() && stack.back().outermost ? &stack.back() : nullptr;
}

void add(Argument argument) {
  if (Frame *frame = recording())
    frame->arguments.push_back(std::move(argument));
}

} // namespace

extern "C" bool __unitgen_rec_enter(int32_t callable, void *frame) {
  unwindTo(frame);
  std::vector<Frame> &stack = callStack();
  Frame entry;
  entry.address = frame;
  entry.callable = callable;
  entry.outermost = stack.empty();
  stack.push_back(std::move(entry));
  return stack.back().outermost;
}

extern "C" void __unitgen_rec_exit(void *frame, void *made, bool fresh) {
  std::vector<Frame> &stack = callStack();
  while (!stack.empty()) {
    Frame top = std::move(stack.back());
    stack.pop_back();
    if (top.address == frame) {
      if (top.outermost)
        write(top, objectNumber(made, fresh));
      return;
    }
    if (top.outermost)
      write(top, -1);
  }
}

namespace unitgen_rec {

void receiver(const void *self) {
  if (Frame *frame = recording())
    frame->receiver = objectNumber(self, false);
}

void object(const void *address, uint64_t profile) {
  Argument argument;
  argument.form = 1;
  argument.object = objectNumber(address, false);
  argument.profile = profile;
  add(std::move(argument));
}

void unread() { add(Argument{}); }

void encoded(EncodedValue value) {
  Argument argument;
  if (value.tag != unitgen_protocol::ArgAbsent) {
    argument.form = 0;
    argument.value = std::move(value);
  }
  add(std::move(argument));
}

} // namespace unitgen_rec
