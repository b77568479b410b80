// HeapReplay: the heaps of a search rebuilt in allocated objects, and the methods under test
// called on them (with --theories, checked as built and after each call), each in a child
// process so a crash or a hang costs only that call.
#include "exhaustive/ChildRun.h"
#include "exhaustive/KoratProblem.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace unitgen_rt {
namespace korat {
namespace {

/// The objects of one heap, allocated as the class's own `new` would, linked as the value
/// indices say. Only the objects the receiver reaches exist; the receiver is the result.
void *build(const ClassInfo *classes, const Problem &p, const std::vector<uint32_t> &values) {
  std::vector<void *> real(p.objectClass.size(), nullptr);
  std::vector<int> queue{0};
  real[0] = classes[p.objectClass[0]].allocate();
  auto objectFor = [&](const Candidate &c, uint32_t value) -> void * {
    if (value == 0)
      return nullptr;
    int target = p.pools[c.domain.targetClass][value - 1];
    if (!real[target]) {
      real[target] = classes[p.objectClass[target]].allocate();
      queue.push_back(target);
    }
    return real[target];
  };
  for (size_t i = 0; i < queue.size(); ++i)
    for (size_t k = 0; k < p.fields.size(); ++k) {
      const Candidate &c = p.fields[k];
      if (c.object != queue[i])
        continue;
      if (c.domain.objects) {
        c.field->set(real[c.object], 0, objectFor(c, values[k]));
      } else if (c.domain.block >= 0) {
        const Block &block = p.blocks[c.domain.block];
        void *array = values[k] == 0 ? nullptr : c.field->newArray(block.length);
        for (size_t e = 0; array && e < block.elements.size(); ++e) {
          const Candidate &item = p.fields[block.elements[e]];
          long long number = item.domain.low + values[block.elements[e]];
          std::memcpy(static_cast<unsigned char *>(array) + item.index * block.elementSize, &number,
                      block.elementSize);
        }
        c.field->set(real[c.object], 0, array);
      } else {
        c.field->set(real[c.object], c.domain.low + values[k], nullptr);
      }
    }
  return real[0];
}

/// `text` as two hex digits a byte: a theory's name and message as one word of a line.
std::string hexWord(const std::string &text) {
  static const char digits[] = "0123456789abcdef";
  std::string word;
  for (unsigned char c : text) {
    word += digits[c >> 4];
    word += digits[c & 15];
  }
  return word.empty() ? "-" : word;
}

/// The receiver's theories on `self`: ` held`, or ` violated NAME MESSAGE` (hexWord). Sends
/// ` theories` first, so that a theory that crashes or hangs leaves the line ending there.
bool sendTheories(const ClassInfo &receiver, const void *self, const SendText &send) {
  send(" theories");
  std::string theory, violation;
  if (receiver.theories(self, theory, violation)) {
    send(" held");
    return true;
  }
  send(" violated " + hexWord(theory) + " " + hexWord(violation));
  return false;
}

/// A line a theory ended the child in (sendTheories sent no verdict).
bool endsWithTheories(const std::string &text) {
  const std::string marker = " theories";
  return text.size() >= marker.size() &&
         text.compare(text.size() - marker.size(), marker.size(), marker) == 0;
}

/// ` hung` or ` crashed SIGNAL` (` crashed 0`: it exited, or never ran).
std::string howItEnded(const ChildRun &run) {
  if (run.end == ChildRun::End::TimedOut)
    return " hung";
  return " crashed " + std::to_string(run.end == ChildRun::End::Signaled ? run.status : 0);
}

/// The theories on one heap as built, before any call, in a child; `heap H` and its verdict
/// (sendTheories), or how the child ended.
std::string heapTheoriesInChild(const ClassInfo *classes, const Problem &p,
                                const std::vector<uint32_t> &values) {
  ChildRun run = runInChildSending(p.callTimeout, [&](const SendText &send) {
    sendTheories(classes[p.objectClass[0]], build(classes, p, values), send);
  });
  return endsWithTheories(run.text) ? run.text + howItEnded(run) : run.text;
}

/// Runs one call in a child; the line OUTPUT gets for it (without the heap, call, arguments).
std::string callInChild(const ClassInfo *classes, const CallInfo *calls, const CallInfo &call,
                        const Problem &p, const std::vector<uint32_t> &values,
                        const std::vector<long long> &arguments) {
  ChildRun run = runInChildSending(p.callTimeout, [&](const SendText &send) {
    void *self = build(classes, p, values);
    long long result = 0;
    int kind = call.call(self, arguments.data(), &result);
    bool holds = false;
    try {
      holds = classes[p.objectClass[0]].invariant(self);
    } catch (...) {
    }
    char line[96];
    kind == 1   ? std::snprintf(line, sizeof line, "returned %lld %d", result, holds)
    : kind == 0 ? std::snprintf(line, sizeof line, "void %d", holds)
                : std::snprintf(line, sizeof line, "threw %d", holds);
    send(line); // an observer that crashes or hangs next must not take the call's record along
    if (!holds)
      return;
    const ClassInfo &receiver = classes[p.objectClass[0]];
    if (receiver.theories && !sendTheories(receiver, self, send))
      return;
    if (p.observers.empty())
      return;
    send(" observed");
    for (int observer : p.observers) {
      long long reading = 0;
      send(calls[observer].call(self, nullptr, &reading) == 1 ? " " + std::to_string(reading)
                                                              : std::string(" -"));
    }
  });
  if (!run.text.empty()) // the call's record, whether or not every observer ended
    return endsWithTheories(run.text) ? run.text + howItEnded(run) : run.text;
  switch (run.end) {
  case ChildRun::End::TimedOut:
    return "hung";
  case ChildRun::End::Signaled:
    return "crashed " + std::to_string(run.status);
  case ChildRun::End::NoChild:
    return "crashed 0";
  case ChildRun::End::Exited:
    break;
  }
  return "crashed 0"; // it exited without a word: exit() in the code under test
}

} // namespace

int replayHeaps(const ClassInfo *classes, const CallInfo *calls, int numCalls,
                const Problem &problem, const char *outputPath) {
  std::ifstream in(problem.replayFile, std::ios::binary);
  if (!in)
    return fail("cannot read " + problem.replayFile), 2;
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bool wide = false;
  for (const Candidate &c : problem.fields)
    wide |= c.domain.size > 256;
  size_t width = problem.fields.size() * (wide ? 2 : 1);
  FILE *out = std::fopen(outputPath, "w");
  if (!out)
    return fail(std::string("cannot write ") + outputPath), 2;
  for (const Problem::Call &call : problem.calls)
    if (call.index < 0 || call.index >= numCalls ||
        static_cast<int>(call.ranges.size()) != calls[call.index].arity)
      return fail("no call " + std::to_string(call.index) + " with " +
                  std::to_string(call.ranges.size()) + " arguments"),
             2;
  for (int observer : problem.observers)
    if (observer < 0 || observer >= numCalls || calls[observer].arity != 0)
      return fail("observe: no call " + std::to_string(observer) + " without arguments"), 2;
  for (size_t heap = 0; width > 0 && heap * width < bytes.size(); ++heap) {
    std::vector<uint32_t> values(problem.fields.size());
    const unsigned char *record =
        reinterpret_cast<const unsigned char *>(bytes.data()) + heap * width;
    for (size_t k = 0; k < values.size(); ++k)
      values[k] = wide ? record[2 * k] | static_cast<uint32_t>(record[2 * k + 1]) << 8 : record[k];
    if (classes[problem.objectClass[0]].theories)
      std::fprintf(out, "heap %zu%s\n", heap,
                   heapTheoriesInChild(classes, problem, values).c_str());
    for (size_t c = 0; c < problem.calls.size(); ++c) {
      const Problem::Call &call = problem.calls[c];
      std::vector<long long> arguments = call.first();
      do {
        std::string outcome =
            callInChild(classes, calls, calls[call.index], problem, values, arguments);
        std::fprintf(out, "%zu %zu %zu", heap, c, arguments.size());
        for (long long argument : arguments)
          std::fprintf(out, " %lld", argument);
        std::fprintf(out, " %s\n", outcome.c_str());
      } while (call.next(arguments));
    }
  }
  std::fclose(out);
  return 0;
}

} // namespace korat
} // namespace unitgen_rt
