// LegalSequenceSearch: a search over public call sequences from the constructor, each run in a
// child process, guided towards the target states (distance: the pairs two canonical states do
// not share), keeping the sequences that reach states not seen before — the states a test can
// reach without private access.
#include "exhaustive/ChildRun.h"
#include "exhaustive/KoratProblem.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <queue>
#include <string>
#include <tuple>
#include <utility>

namespace unitgen_rt {
namespace korat {
namespace {

/// (index into problem.calls, arguments); a sequence's first step is the constructor's (-1).
using Step = std::pair<int, std::vector<long long>>;

/// The state of a live receiver as (class, object, field, value) lines, objects numbered per
/// class in breadth-first order — the numbering src/exhaustive/FieldSemantics.h gives heaps.
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

/// Runs the sequence (the constructor, then the calls) in a child; its state text, empty when
/// it crashed, hung or threw from the constructor. The timer allows every step its timeout.
std::string runSequenceInChild(const ClassInfo *classes, const CallInfo *calls, const Problem &p,
                               const StateWriter &writer, const std::vector<Step> &steps) {
  double seconds = std::floor(p.callTimeout * static_cast<double>(steps.size())) + 0.1;
  ChildRun run = runInChild(seconds, [&] {
    void *self = classes[p.objectClass[0]].construct(steps[0].second.data());
    long long result = 0;
    for (size_t s = 1; s < steps.size(); ++s)
      calls[p.calls[steps[s].first].index].call(self, steps[s].second.data(), &result);
    return writer.write(self);
  });
  return run.end == ChildRun::End::Exited && run.status == 0 ? run.text : "";
}

/// The states the engine wants reached (`legal-targets FILE`: `pair` lines, `end` after each),
/// their pair lines numbered, and how far a state is from the nearest one not reached yet: the
/// pairs in one and not the other.
class Targets {
public:
  bool read(const std::string &path) {
    std::ifstream in(path);
    if (!in)
      return false;
    std::string line, text;
    while (std::getline(in, line)) {
      if (line != "end") {
        text += line + "\n";
        continue;
      }
      targets_.push_back(pairsOf(text));
      text.clear();
    }
    reached_.assign(targets_.size(), 0);
    left_ = targets_.size();
    return true;
  }

  /// The state's pair lines as sorted numbers; a line no target has gets a number of its own.
  std::vector<int> pairsOf(const std::string &state) {
    std::vector<int> pairs;
    size_t at = 0;
    while (at < state.size()) {
      size_t end = state.find('\n', at);
      if (end == std::string::npos)
        end = state.size();
      auto [it, added] = numbers_.emplace(state.substr(at, end - at), numbers_.size());
      pairs.push_back(it->second);
      at = end + 1;
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
  }

  void reach(const std::vector<int> &pairs) {
    for (size_t t = 0; t < targets_.size(); ++t)
      if (!reached_[t] && targets_[t] == pairs) {
        reached_[t] = 1;
        --left_;
      }
  }

  bool allReached() const { return !targets_.empty() && left_ == 0; }

  /// 0 when no target is left to reach (nothing to steer towards).
  size_t distance(const std::vector<int> &pairs) const {
    size_t best = SIZE_MAX;
    for (size_t t = 0; t < targets_.size(); ++t)
      if (!reached_[t])
        best = std::min(best, symmetricDifference(pairs, targets_[t]));
    return best == SIZE_MAX ? 0 : best;
  }

private:
  static size_t symmetricDifference(const std::vector<int> &a, const std::vector<int> &b) {
    size_t i = 0, j = 0, apart = 0;
    while (i < a.size() && j < b.size()) {
      if (a[i] == b[j]) {
        ++i;
        ++j;
      } else {
        ++apart;
        a[i] < b[j] ? ++i : ++j;
      }
    }
    return apart + (a.size() - i) + (b.size() - j);
  }

  std::map<std::string, int> numbers_;
  std::vector<std::vector<int>> targets_;
  std::vector<uint8_t> reached_;
  size_t left_ = 0;
};

} // namespace

int searchLegalSequences(const ClassInfo *classes, const CallInfo *calls, int numCalls,
                         const Problem &problem, const char *outputPath) {
  if (!classes[problem.objectClass[0]].construct)
    return fail("the class has no constructor legal sequences can call"), 2;
  if (static_cast<int>(problem.construct.ranges.size()) !=
      classes[problem.objectClass[0]].constructArity)
    return fail("the constructor takes " +
                std::to_string(classes[problem.objectClass[0]].constructArity) +
                " arguments, the construct line gives " +
                std::to_string(problem.construct.ranges.size())),
           2;
  for (const Problem::Call &call : problem.calls)
    if (call.index < 0 || call.index >= numCalls ||
        static_cast<int>(call.ranges.size()) != calls[call.index].arity)
      return fail("no call " + std::to_string(call.index) + " with " +
                  std::to_string(call.ranges.size()) + " arguments"),
             2;
  Targets targets;
  if (!problem.legalTargets.empty() && !targets.read(problem.legalTargets))
    return fail("cannot read " + problem.legalTargets), 2;
  FILE *out = std::fopen(outputPath, "w");
  if (!out)
    return fail(std::string("cannot write ") + outputPath), 2;
  StateWriter writer(classes, problem);
  auto started = std::chrono::steady_clock::now();
  auto late = [&] {
    return problem.deadline > 0 &&
           std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() >
               problem.deadline;
  };
  // Best-first on the distance to the nearest target not reached yet plus the sequence's
  // length, shorter sequences first among equals (without targets: breadth-first). The length
  // keeps the search from wandering: on BinarySearchTree at scope 9 it needs 8,851 sequences
  // where the distance alone needs 118,621. A state's distance is read again when it comes up,
  // since targets reached meanwhile move it.
  struct Entry {
    size_t distance, length, order;
    bool operator>(const Entry &other) const {
      return std::make_tuple(distance + length, length, order) >
             std::make_tuple(other.distance + other.length, other.length, other.order);
    }
  };
  size_t run = 0;
  std::vector<std::vector<Step>> sequences;
  std::vector<std::vector<int>> statePairs;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  // A state found again by a shorter sequence is extended again: its first sequence may have
  // been too long to extend to everything within the length.
  std::map<std::string, size_t> shortest;
  auto visit = [&](std::vector<Step> steps) {
    std::string state = runSequenceInChild(classes, calls, problem, writer, steps);
    ++run;
    if (state.empty())
      return;
    auto [known, added] = shortest.emplace(state, steps.size());
    if (!added && known->second <= steps.size())
      return;
    known->second = steps.size();
    std::vector<int> pairs = targets.pairsOf(state);
    if (added) {
      std::fprintf(out, "state %zu", steps.size());
      for (const Step &step : steps) {
        std::fprintf(out, " %d %zu", step.first, step.second.size());
        for (long long argument : step.second)
          std::fprintf(out, " %lld", argument);
      }
      std::fprintf(out, "\n%send\n", state.c_str());
      targets.reach(pairs);
    }
    size_t length = steps.size() - 1; // the calls after the constructor
    if (static_cast<int>(length) < problem.legalLength) {
      open.push({targets.distance(pairs), length, sequences.size()});
      sequences.push_back(std::move(steps));
      statePairs.push_back(std::move(pairs));
    }
  };
  std::vector<long long> constructorArguments = problem.construct.first();
  do
    visit({{-1, constructorArguments}});
  while (problem.construct.next(constructorArguments));
  while (!open.empty() && !late() && !targets.allReached()) {
    Entry entry = open.top();
    open.pop();
    size_t now = targets.distance(statePairs[entry.order]);
    if (now > entry.distance) {
      open.push({now, entry.length, entry.order});
      continue;
    }
    std::vector<Step> steps = std::move(sequences[entry.order]);
    for (size_t c = 0; c < problem.calls.size() && !late(); ++c) {
      std::vector<long long> arguments = problem.calls[c].first();
      do {
        std::vector<Step> longer = steps;
        longer.push_back({static_cast<int>(c), arguments});
        visit(std::move(longer));
      } while (problem.calls[c].next(arguments));
    }
  }
  std::fclose(out);
  std::printf("sequences %zu\n", run);
  return 0;
}

} // namespace korat
} // namespace unitgen_rt
