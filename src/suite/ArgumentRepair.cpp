// ArgumentRepair: plain values tried in the statement whose sanitized replay failed.
#include "suite/ArgumentRepair.h"

#include "exec/Executor.h"

#include <algorithm>
#include <iterator>

namespace unitgen {
namespace {

/// The plain values of `value`'s kind a person would write first, other than `value` itself.
std::vector<Value> plainValues(const Value &value) {
  std::vector<Value> values;
  switch (value.kind) {
  case Value::Kind::Int:
    for (int64_t x : {1, 10, 0, 2, 100})
      values.push_back(Value::integer(x));
    break;
  case Value::Kind::UInt:
    for (uint64_t x : {1, 10, 0, 2, 100})
      values.push_back(Value::unsignedInteger(x));
    break;
  case Value::Kind::Float:
    for (double x : {1.0, 0.5, 10.0})
      values.push_back(Value::floating(x));
    break;
  case Value::Kind::String:
    for (const char *x : {"a", "abc", ""})
      values.push_back(Value::string(x));
    break;
  case Value::Kind::Bool:
    values.push_back(Value::boolean(value.i == 0));
    break;
  default:
    break;
  }
  values.erase(std::remove(values.begin(), values.end(), value), values.end());
  return values;
}

} // namespace

std::optional<RepairedTest> repairArguments(const ClassModel &model, const Sequence &sequence,
                                            const std::vector<Goal> &owned, int statement,
                                            Executor &exploration, Executor &replay,
                                            size_t maxRuns) {
  if (statement < 0 || static_cast<size_t>(statement) >= sequence.size())
    return std::nullopt;
  // The failing call first, then the calls before it, the nearest first: the undefined
  // behaviour may show only in a later call on what an earlier one made (`Finish()` dividing
  // by the size of a filter `NewBloomFilterPolicy(-2)` set up).
  std::optional<RepairedTest> best;
  size_t runs = 0;
  for (int s = statement; s >= 0; --s) {
    const std::vector<Argument> &args = sequence.statements[s].args;
    for (size_t a = 0; a < args.size(); ++a) {
      if (args[a].kind != Argument::Kind::Literal)
        continue;
      for (const Value &plain : plainValues(args[a].literal)) {
        if (runs >= maxRuns)
          return best;
        // The same set-up made twice (two `NewBloomFilterPolicy(-2)`) is repaired in both.
        Sequence repaired = sequence;
        for (Statement &same : repaired.statements)
          if (same.callable == sequence.statements[s].callable && a < same.args.size() &&
              same.args[a].kind == Argument::Kind::Literal &&
              same.args[a].literal == args[a].literal)
            same.args[a].literal = plain;
        ++runs;
        const Outcome explored = exploration.run(repaired, RunFlags{true});
        if (explored.failure.kind != FailureKind::None || explored.illegalCall >= 0)
          continue;
        const std::vector<Goal> goals = goalsOf(model, repaired, explored);
        std::vector<Goal> kept;
        std::set_intersection(owned.begin(), owned.end(), goals.begin(), goals.end(),
                              std::back_inserter(kept));
        if (kept.empty() || (best && kept.size() <= best->owned.size()))
          continue;
        ++runs;
        Outcome replayed = replay.run(repaired, RunFlags{true});
        if (replayed.failure.kind != FailureKind::None || replayed.illegalCall >= 0)
          continue;
        best = RepairedTest{std::move(repaired), std::move(replayed), std::move(kept)};
        if (best->owned.size() == owned.size())
          return best;
      }
    }
  }
  return best;
}

} // namespace unitgen
