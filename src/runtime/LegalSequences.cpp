// LegalSequences: breadth-first search over public call sequences from the constructor, each
// run in a child process, keeping the sequences that reach canonical states not seen before —
// the states a test can reach without private access.
#include "ChildRun.h"
#include "KoratProblem.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace unitgen_rt {
namespace korat {
namespace {

using Step = std::pair<int, std::vector<long long>>; ///< (index into problem.calls, arguments)

/// The state of a live receiver as (class, object, field, value) lines, objects numbered per
/// class in breadth-first order — the numbering src/explore/FieldSemantics.h gives heaps.
class StateWriter {
public:
  StateWriter(const ClassInfo *classes, const Problem &p) : classes_(classes), p_(p) {
    for (const Candidate &c : p.fields)
      if (c.object >= 0)
        domains_[c.field] = &c;
  }

  std::string write(void *receiver) const {
    std::map<const void *, int> localId;
    std::vector<std::pair<const void *, int>> queue{{receiver, p_.objectClass[0]}};
    std::vector<int> nextId(p_.pools.size(), 0);
    localId[receiver] = nextId[p_.objectClass[0]]++;
    std::string text;
    for (size_t i = 0; i < queue.size(); ++i) {
      auto [object, cls] = queue[i];
      const ClassInfo &info = classes_[cls];
      std::string owner = std::string(info.name) + "::";
      for (int f = 0; f < info.numFields; ++f) {
        const FieldInfo &field = info.fields[f];
        auto found = domains_.find(&field);
        if (found == domains_.end())
          continue;
        const Candidate &c = *found->second;
        long long value = field.get(object);
        if (c.domain.objects) {
          const void *target = reinterpret_cast<const void *>(static_cast<intptr_t>(value));
          if (target) {
            auto [it, added] = localId.emplace(target, nextId[c.domain.targetClass]);
            if (added) {
              ++nextId[c.domain.targetClass];
              queue.push_back({target, c.domain.targetClass});
            }
            value = 1 + it->second;
          }
        } else if (c.domain.block >= 0) {
          const unsigned char *array =
              reinterpret_cast<const unsigned char *>(static_cast<intptr_t>(value));
          value = array ? 1 : 0;
          if (array)
            text += elements(object, cls, localId[object], owner + field.name,
                             p_.blocks[c.domain.block], array);
        }
        text += pair(cls, localId[object], owner + field.name, value);
      }
    }
    return text;
  }

private:
  static std::string pair(int cls, int id, const std::string &name, long long value) {
    return "pair " + std::to_string(cls) + " " + std::to_string(id) + " " + name + " " +
           std::to_string(value) + "\n";
  }

  /// The array's elements below the count field (all of the block without one).
  std::string elements(const void *owner, int cls, int id, const std::string &name,
                       const Block &block, const unsigned char *array) const {
    std::string text;
    for (uint32_t e : block.elements) {
      const Candidate &item = p_.fields[e];
      if (item.count >= 0 && item.index >= p_.fields[item.count].field->get(owner))
        continue;
      long long number = 0;
      std::memcpy(&number, array + item.index * block.elementSize, block.elementSize);
      if (block.elementSize < 8) { // sign-extend the narrower integer
        int shift = static_cast<int>(64 - 8 * block.elementSize);
        number = static_cast<long long>(static_cast<unsigned long long>(number) << shift) >> shift;
      }
      text += pair(cls, id, name + "[" + std::to_string(item.index) + "]", number);
    }
    return text;
  }

  const ClassInfo *classes_;
  const Problem &p_;
  std::map<const FieldInfo *, const Candidate *> domains_;
};

/// Runs the sequence from a new receiver in a child; its state text, empty when it crashed or
/// hung. The timer allows every call its timeout, and the constructor one more.
std::string runSequenceInChild(const ClassInfo *classes, const CallInfo *calls, const Problem &p,
                               const StateWriter &writer, const std::vector<Step> &steps) {
  double seconds = std::floor(p.callTimeout * static_cast<double>(steps.size() + 1)) + 0.1;
  ChildRun run = runInChild(seconds, [&] {
    void *self = classes[p.objectClass[0]].construct();
    long long result = 0;
    for (const Step &step : steps)
      calls[p.calls[step.first].index].call(self, step.second.data(), &result);
    return writer.write(self);
  });
  return run.end == ChildRun::End::Exited && run.status == 0 ? run.text : "";
}

} // namespace

int searchLegalSequences(const ClassInfo *classes, const CallInfo *calls, int numCalls,
                         const Problem &problem, const char *outputPath) {
  if (!classes[problem.objectClass[0]].construct)
    return fail("the class has no constructor without arguments"), 2;
  for (const Problem::Call &call : problem.calls)
    if (call.index < 0 || call.index >= numCalls ||
        static_cast<int>(call.ranges.size()) != calls[call.index].arity)
      return fail("no call " + std::to_string(call.index) + " with " +
                  std::to_string(call.ranges.size()) + " arguments"),
             2;
  FILE *out = std::fopen(outputPath, "w");
  if (!out)
    return fail(std::string("cannot write ") + outputPath), 2;
  StateWriter writer(classes, problem);
  std::set<std::string> seen;
  auto started = std::chrono::steady_clock::now();
  auto late = [&] {
    return problem.deadline > 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >
               problem.deadline;
  };
  std::vector<std::vector<Step>> level{{}};
  for (int length = 0; length <= problem.legalLength && !level.empty(); ++length) {
    std::vector<std::vector<Step>> next;
    for (const std::vector<Step> &steps : level) {
      if (late())
        break; // the states so far still pair with their heaps
      std::string state = runSequenceInChild(classes, calls, problem, writer, steps);
      if (state.empty() || !seen.insert(state).second)
        continue;
      std::fprintf(out, "state %zu", steps.size());
      for (const Step &step : steps) {
        std::fprintf(out, " %d %zu", step.first, step.second.size());
        for (long long argument : step.second)
          std::fprintf(out, " %lld", argument);
      }
      std::fprintf(out, "\n%send\n", state.c_str());
      for (size_t c = 0; c < problem.calls.size(); ++c) {
        std::vector<long long> arguments = problem.calls[c].first();
        do {
          std::vector<Step> longer = steps;
          longer.push_back({static_cast<int>(c), arguments});
          next.push_back(std::move(longer));
        } while (problem.calls[c].next(arguments));
      }
    }
    level = std::move(next);
  }
  std::fclose(out);
  return 0;
}

} // namespace korat
} // namespace unitgen_rt
