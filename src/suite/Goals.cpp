// Goal keys from outcomes: edges and their hit-count levels, boundaries, exception kinds per
// callable, output classes, state changes, failure kinds.
#include "suite/Goals.h"

#include <algorithm>

namespace unitgen {
namespace {

uint32_t hash32(const std::string &text) {
  uint32_t h = 2166136261u;
  for (unsigned char c : text) {
    h ^= c;
    h *= 16777619u;
  }
  return h;
}

/// Output coverage (as EvoSuite's output criterion): the class of a returned value —
/// false/true, negative/zero/positive, empty/non-empty, absent — so tests that see different
/// kinds of results are kept even when they run the same code.
int outputClass(const Value &value) {
  switch (value.kind) {
  case Value::Kind::Bool:
    return value.i ? 1 : 0;
  case Value::Kind::Int:
    return value.i < 0 ? 2 : value.i == 0 ? 3 : 4;
  case Value::Kind::UInt:
    return value.u == 0 ? 3 : 4;
  case Value::Kind::Float:
    return value.f < 0 ? 2 : value.f == 0 ? 3 : value.f > 0 ? 4 : 7;
  case Value::Kind::String:
    return value.s.empty() ? 5 : 6;
  case Value::Kind::Null:
    return 8;
  }
  return 8;
}

const char *outputClassName(int code) {
  static const char *const names[] = {"false",
                                      "true",
                                      "a negative value",
                                      "zero",
                                      "a positive value",
                                      "an empty string",
                                      "a non-empty string",
                                      "NaN",
                                      "no value"};
  return code >= 0 && code <= 8 ? names[code] : "a value";
}

Goal make(GoalKind kind, uint64_t payload) {
  return (static_cast<uint64_t>(kind) << 56) | (payload & ((1ull << 56) - 1));
}

} // namespace

std::vector<Goal> goalsOf(const ClassModel &model, const Sequence &sequence,
                          const Outcome &outcome) {
  std::vector<Goal> goals;
  goals.reserve(outcome.edges.size() + 4);
  size_t busiest = 0;
  for (size_t e = 0; e < outcome.edges.size(); ++e) {
    goals.push_back(make(GoalKind::Edge, outcome.edges[e]));
    // Hit counts in powers of two (AFL's buckets, made cumulative so that one long test covers
    // every lower level): a test that runs a loop, or a method, 2, 4, ... 16 times is a
    // different test — it builds bigger objects, whose copies and traversals go further.
    size_t hits = e < outcome.edgeHits.size() ? outcome.edgeHits[e] : 1;
    busiest = std::max(busiest, hits);
    for (int level = 1; level <= kMaxRepeatLevel && hits >= (1u << level); ++level)
      goals.push_back(make(GoalKind::EdgeRepeated, uint64_t{outcome.edges[e]} << 8 | level));
  }
  for (int level = kMinBusyLevel; level <= 7 && busiest >= (1u << level); ++level)
    goals.push_back(make(GoalKind::Busy, level));
  for (uint64_t boundary : outcome.boundaries)
    goals.push_back(make(GoalKind::Boundary, boundary));
  for (size_t i = 0; i < outcome.calls.size() && i < sequence.size(); ++i) {
    const CallOutcome &call = outcome.calls[i];
    uint64_t callable = static_cast<uint32_t>(sequence.statements[i].callable) & 0xfffff;
    if (call.status == CallStatus::Threw)
      goals.push_back(make(GoalKind::Throws, callable << 32 | hash32(call.exceptionType)));
    if (call.status == CallStatus::Returned && call.hasValue)
      goals.push_back(make(GoalKind::Returns, callable << 8 | outputClass(call.value)));
    // A non-const call that changed its receiver and one that left it as it was are different
    // behaviours (e.g. `a = b` with b equal to a or not); a test for each pins both down.
    const Callable &info = model.callables[sequence.statements[i].callable];
    if (call.status == CallStatus::Returned && info.needsReceiver() && !info.isConst)
      goals.push_back(make(GoalKind::Changes, callable << 8 | (call.receiverChanged ? 1 : 0)));
  }
  const Failure &failure = outcome.failure;
  if (failure.kind != FailureKind::None && failure.kind != FailureKind::DriverError &&
      failure.kind != FailureKind::ResourceLimit) {
    uint64_t callable = 0xfffff;
    if (failure.statement >= 0 && static_cast<size_t>(failure.statement) < sequence.size())
      callable = static_cast<uint32_t>(sequence.statements[failure.statement].callable) & 0xfffff;
    goals.push_back(make(GoalKind::Failure, static_cast<uint64_t>(failure.kind) << 48 |
                                                callable << 28 |
                                                (hash32(failureSlug(failure)) & 0xfffffff)));
  }
  std::sort(goals.begin(), goals.end());
  goals.erase(std::unique(goals.begin(), goals.end()), goals.end());
  return goals;
}

std::string describeGoal(const ClassModel &model, const Sequence &sequence, const Outcome &outcome,
                         Goal goal) {
  uint64_t payload = goal & ((1ull << 56) - 1);
  auto callableName = [&](uint64_t id) -> std::string {
    return id < model.callables.size() ? model.callables[id].qualifiedName : "?";
  };
  switch (goalKind(goal)) {
  case GoalKind::Edge:
    return "edge " + std::to_string(payload);
  case GoalKind::Boundary:
    return "equal operands at the comparison on line " + std::to_string(payload >> 32);
  case GoalKind::Busy:
    return "some edge run " + std::to_string(1 << payload) + "+ times";
  case GoalKind::EdgeRepeated:
    return "edge " + std::to_string(payload >> 8) + " run " +
           std::to_string(1 << (payload & 0xff)) + "+ times";
  case GoalKind::Throws: {
    uint64_t callable = payload >> 32;
    for (size_t i = 0; i < outcome.calls.size() && i < sequence.size(); ++i)
      if (static_cast<uint64_t>(sequence.statements[i].callable) == callable &&
          outcome.calls[i].status == CallStatus::Threw)
        return callableName(callable) + " throws " + outcome.calls[i].exceptionType;
    return callableName(callable) + " throws";
  }
  case GoalKind::Returns:
    return callableName(payload >> 8) + " returns " +
           outputClassName(static_cast<int>(payload & 0xff));
  case GoalKind::Changes:
    return callableName(payload >> 8) + ((payload & 1) ? " changes" : " keeps") +
           " its receiver's state";
  case GoalKind::Failure:
    return std::string("failure ") + failureSlug(outcome.failure) + " in " +
           callableName((payload >> 28) & 0xfffff);
  }
  return "goal";
}

} // namespace unitgen
