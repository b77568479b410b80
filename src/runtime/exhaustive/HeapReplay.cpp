// HeapReplay: the heaps of a search rebuilt in allocated objects, and the methods under test
// called on them, each call in a child process so a crash or a hang costs only that call.
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
    if (!holds || p.observers.empty())
      return;
    send(" observed");
    for (int observer : p.observers) {
      long long reading = 0;
      send(calls[observer].call(self, nullptr, &reading) == 1 ? " " + std::to_string(reading)
                                                              : std::string(" -"));
    }
  });
  if (!run.text.empty())
    return run.text; // the call's record, whether or not every observer ended
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
