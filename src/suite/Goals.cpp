// Goal keys from outcomes: edges and their hit-count levels, operand orders, exception kinds per
// callable, output and input classes, state changes, retrieved values, failure kinds.
#include "suite/Goals.h"

#include "runtime/driver/BoundaryOrder.h"

#include <algorithm>
#include <iterator>

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

/// Output coverage (as EvoSuite's output criterion): the class of a returned value (or an
/// argument, for input coverage) —
/// false/true, negative/zero/positive, empty/non-empty, absent — so tests that see different
/// kinds of results are kept even when they run the same code.
/// The class of an out-parameter the call left holding the value it was given.
constexpr int kKeptClass = 14;

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
  case Value::Kind::List:
    return value.items.empty() ? 15 : 16;
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
                                      "no value",
                                      "an object made before the receiver",
                                      "an object made after the receiver",
                                      "the receiver itself",
                                      "an object made before the receiver and changed since",
                                      "an object made after the receiver and changed since",
                                      "the value it was given",
                                      "an empty container",
                                      "a non-empty container"};
  return code >= 0 && static_cast<size_t>(code) < std::size(names) ? names[code] : "a value";
}

/// The input class of an object argument beside the call's receiver: made before it (9),
/// after it (10), or the receiver itself (11). Locals made in that order usually sit at
/// addresses in that order, so both orders reach code that compares `this` with `&other`. An
/// argument that calls have changed since it was made (12: made before, 13: after) is another
/// class: `b = a` with a fresh `a` may change nothing an observer sees (only a capacity), with
/// a filled one it must copy what `a` holds. `firstChange[v]`: the first statement that changed
/// object v as its receiver.
int objectArgumentClass(const std::vector<size_t> &firstChange, size_t statement, int argument,
                        int receiver) {
  if (argument == receiver)
    return 11;
  bool changed = argument >= 0 && static_cast<size_t>(argument) < firstChange.size() &&
                 firstChange[argument] < statement;
  return (argument < receiver ? 9 : 10) + (changed ? 3 : 0);
}

Goal make(GoalKind kind, uint64_t payload) {
  return (static_cast<uint64_t>(kind) << 56) | (payload & ((1ull << 56) - 1));
}

/// The object a statement acts on: its receiver, or the object it constructs.
int objectOf(const Sequence &sequence, size_t statement) {
  int receiver = sequence.statements[statement].receiver;
  return receiver >= 0 ? receiver : static_cast<int>(statement);
}

/// A value too common to say where it came from: a bool, null, -1, 0 or 1 (an index, a
/// count, a status as often as a stored value), an empty string.
bool isCommonplace(const Value &value) {
  switch (value.kind) {
  case Value::Kind::Int:
    return value.i >= -1 && value.i <= 1;
  case Value::Kind::UInt:
    return value.u <= 1;
  case Value::Kind::Float:
    return value.f == 0 || value.f == 1 || value.f == -1;
  case Value::Kind::String:
    return value.s.empty();
  default:
    return true;
  }
}

/// Only a call that writes can store: `contains(7)` or `get(7)` only asked about a 7.
bool canStore(const Callable &callable) {
  return !callable.isConst && (callable.kind == CallableKind::Constructor ||
                               !callable.effects.writes.empty() || callable.effects.reads.empty());
}

/// Retrieves goals: each returned value traced to the latest earlier call that writes and passed
/// it as an argument, with the number of state changes in between (in levels 0, 1, 2-3, 4-7, 8+)
/// and whether it came back from another object (a copy, an assignment's target). Only the
/// reader's own part of the test counts, for the store and for the changes: objects that never
/// meet it can neither store what it returns nor change it (an unrelated object's calls in
/// between would make a one-object test look deeper than the same test alone). Commonplace
/// values are not traced; a callable that reads only counters (`size()` after `push(2)`)
/// retrieves nothing. The levels are cumulative, as the edge hit counts are. The observers run
/// after the last statement on the objects the test holds read back values too: the test
/// asserts them.
void addRetrievals(const ClassModel &model, const Sequence &sequence, const Outcome &outcome,
                   std::vector<Goal> &goals) {
  size_t count = std::min(sequence.size(), outcome.calls.size());
  std::vector<int> partOf(sequence.size(), 0);
  std::vector<std::vector<int>> parts = sequence.independentParts();
  for (size_t p = 0; p < parts.size(); ++p)
    for (int statement : parts[p])
      partOf[statement] = static_cast<int>(p);
  auto changes = [&](size_t k) {
    return outcome.calls[k].receiverChanged || outcome.calls[k].producedObject;
  };
  // A value `callable` returned from `object` after statement i-1 (i == count: at the end).
  auto traceBack = [&](size_t i, int callable, int object, const Value &value) {
    if (isCommonplace(value) || !model.callables[callable].effects.readsStoredData)
      return;
    const int part = partOf[object];
    for (size_t j = i; j-- > 0;) {
      if (partOf[j] != part || !canStore(model.callables[sequence.statements[j].callable]))
        continue;
      const std::vector<Argument> &args = sequence.statements[j].args;
      bool stored = std::any_of(args.begin(), args.end(), [&](const Argument &arg) {
        return arg.kind == Argument::Kind::Literal && arg.literal == value;
      });
      if (!stored)
        continue;
      size_t between = 0;
      for (size_t k = j + 1; k < i; ++k)
        between += partOf[k] == part && changes(k);
      int level = 0;
      while (level < kMaxRetrieveLevel && between >= (1u << level))
        ++level;
      uint64_t id = static_cast<uint32_t>(callable) & 0xfffff;
      uint64_t crossObject = objectOf(sequence, j) != object;
      for (int reached = 0; reached <= level; ++reached)
        goals.push_back(make(GoalKind::Retrieves, id << 16 | crossObject << 8 | reached));
      return;
    }
  };
  for (size_t i = 0; i < count; ++i) {
    const CallOutcome &call = outcome.calls[i];
    if (call.status == CallStatus::Returned && call.hasValue)
      traceBack(i, sequence.statements[i].callable, objectOf(sequence, i), call.value);
  }
  for (const ObserverValue &observer : outcome.observers)
    if (observer.status == CallStatus::Returned && observer.callable >= 0 &&
        static_cast<size_t>(observer.callable) < model.callables.size() &&
        outcome.holds(observer.variable))
      traceBack(count, observer.callable, observer.variable, observer.value);
}

/// The results of the observers run on the objects a test holds at the end: the test asserts
/// each of them, so `s.size()` returning zero is covered by any test that ends on an empty
/// stack, and a test whose last statement is that call adds nothing to it.
void addObserverResults(const Sequence &sequence, const Outcome &outcome,
                        std::vector<Goal> &goals) {
  for (const ObserverValue &observer : outcome.observers) {
    if (static_cast<size_t>(observer.variable) >= sequence.size() ||
        !outcome.holds(observer.variable))
      continue;
    uint64_t callable = static_cast<uint32_t>(observer.callable) & 0xfffff;
    if (observer.status == CallStatus::Threw)
      goals.push_back(make(GoalKind::Throws, callable << 32 | hash32(observer.exceptionType)));
    else if (observer.status == CallStatus::Returned)
      goals.push_back(make(GoalKind::Returns, callable << 8 | outputClass(observer.value)));
  }
}

/// ArgumentState goals: per object argument that nothing touched after the call (no later call
/// on it that changed it, no later call taking it), the class of each observer's reading at the
/// end — which is its reading when the call took it.
void addArgumentStates(const Sequence &sequence, const Outcome &outcome, std::vector<Goal> &goals) {
  const size_t count = std::min(outcome.calls.size(), sequence.size());
  std::vector<int> lastTouch(count, -1); // the last statement that changed or took an object
  for (size_t i = 0; i < count; ++i) {
    const Statement &statement = sequence.statements[i];
    if (statement.receiver >= 0 && static_cast<size_t>(statement.receiver) < count &&
        outcome.calls[i].receiverChanged)
      lastTouch[statement.receiver] = static_cast<int>(i);
    for (const Argument &arg : statement.args)
      if (arg.kind == Argument::Kind::Variable && arg.variable >= 0 &&
          static_cast<size_t>(arg.variable) < count)
        lastTouch[arg.variable] = static_cast<int>(i);
  }
  for (size_t i = 0; i < count; ++i) {
    const Statement &statement = sequence.statements[i];
    const CallStatus status = outcome.calls[i].status;
    if (status != CallStatus::Returned && status != CallStatus::Threw)
      continue;
    uint64_t callable = static_cast<uint32_t>(statement.callable) & 0xfffff;
    for (size_t a = 0; a < statement.args.size() && a < 256; ++a) {
      const Argument &arg = statement.args[a];
      if (arg.kind != Argument::Kind::Variable || arg.variable == statement.receiver ||
          !outcome.holds(arg.variable) || lastTouch[arg.variable] != static_cast<int>(i))
        continue;
      for (const ObserverValue &observer : outcome.observers)
        if (observer.variable == arg.variable &&
            (observer.status == CallStatus::Returned || observer.status == CallStatus::Threw))
          goals.push_back(make(GoalKind::ArgumentState,
                               callable << 32 | a << 24 |
                                   (static_cast<uint64_t>(observer.callable) & 0xffff) << 8 |
                                   static_cast<uint64_t>(observer.status == CallStatus::Threw
                                                             ? kThrewClass
                                                             : outputClass(observer.value))));
    }
  }
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
    goals.push_back(make(
        boundaryOrder(boundary) == kOrderEqual ? GoalKind::Boundary : GoalKind::Order, boundary));
  // Computed once, not per object argument: goalsOf runs on every execution.
  const size_t count = std::min(outcome.calls.size(), sequence.size());
  std::vector<size_t> firstChange(count, count);
  for (size_t i = 0; i < count; ++i) {
    int receiver = sequence.statements[i].receiver;
    if (receiver >= 0 && static_cast<size_t>(receiver) < count && outcome.calls[i].receiverChanged)
      firstChange[receiver] = std::min(firstChange[receiver], i);
  }
  for (size_t i = 0; i < count; ++i) {
    const CallOutcome &call = outcome.calls[i];
    uint64_t callable = static_cast<uint32_t>(sequence.statements[i].callable) & 0xfffff;
    if (call.status == CallStatus::Threw)
      goals.push_back(make(GoalKind::Throws, callable << 32 | hash32(call.exceptionType)));
    if (call.status == CallStatus::Returned && call.hasValue)
      goals.push_back(make(GoalKind::Returns, callable << 8 | outputClass(call.value)));
    // Each class of what a call wrote into an out-parameter, as of a result; one that kept
    // the value it was given is one behaviour, whatever that value was.
    for (const OutputValue &output : call.outputs) {
      const std::vector<Argument> &args = sequence.statements[i].args;
      const bool kept = static_cast<size_t>(output.parameter) < args.size() &&
                        args[output.parameter].kind == Argument::Kind::Literal &&
                        args[output.parameter].literal == output.value;
      goals.push_back(make(GoalKind::Returns, uint64_t(output.parameter + 1) << 40 | callable << 8 |
                                                  (kept ? kKeptClass : outputClass(output.value))));
    }
    // A call that calls back (an erase running the deleter) is a behaviour of its own.
    for (const CallbackCalls &counted : call.callbacks)
      goals.push_back(make(GoalKind::CallsBack, callable << 16 | (counted.slot & 0xffff)));
    // A non-const call that changed its receiver and one that left it as it was are different
    // behaviours (e.g. `a = b` with b equal to a or not); a test for each pins both down.
    const Callable &info = model.callables[sequence.statements[i].callable];
    if (call.status == CallStatus::Returned && info.needsReceiver() && !info.isConst)
      goals.push_back(make(GoalKind::Changes, callable << 8 | (call.receiverChanged ? 1 : 0)));
    // Input coverage (EvoSuite's input criterion): each class of each argument that a call
    // accepted or rejected, e.g. a negative capacity besides the zero one that also throws.
    if (call.status != CallStatus::Returned && call.status != CallStatus::Threw)
      continue;
    const std::vector<Argument> &args = sequence.statements[i].args;
    const int receiver = sequence.statements[i].receiver;
    for (size_t a = 0; a < args.size() && a < 256; ++a)
      // An out-parameter's starting value is no input class: what the call left in it is a
      // goal above, and the code it ran is edges.
      if (a < info.params.size() && info.params[a].type.isOutParameter())
        continue;
      else if (args[a].kind == Argument::Kind::Literal)
        goals.push_back(
            make(GoalKind::Input, callable << 16 | a << 8 | outputClass(args[a].literal)));
      else if (args[a].kind == Argument::Kind::Variable && receiver >= 0 &&
               (info.isConst || call.receiverChanged || args[a].variable == receiver))
        // `a = b` with b made before a, after a, or b being a: code that orders or compares
        // the two objects (`this == &other`, `this < &other`) sees each case once. A mutating
        // call counts only where it changed the receiver: `a = b` between two empty stacks
        // would show nothing if the assignment were skipped.
        goals.push_back(make(GoalKind::Input,
                             callable << 16 | a << 8 |
                                 objectArgumentClass(firstChange, i, args[a].variable, receiver)));
  }
  addObserverResults(sequence, outcome, goals);
  addArgumentStates(sequence, outcome, goals);
  addRetrievals(model, sequence, outcome, goals);
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

std::string inputParameterName(const ClassModel &model, Goal goal) {
  size_t callable = inputCallable(goal), param = inputParameter(goal);
  return callable < model.callables.size() && param < model.callables[callable].params.size()
             ? model.callables[callable].params[param].name
             : "";
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
    return "equal operands at the comparison on line " + std::to_string(boundaryLine(payload));
  case GoalKind::Order: {
    static const char *const orders[] = {"",
                                         "left operand smaller",
                                         "",
                                         "right operand smaller",
                                         "left operand one below right",
                                         "left operand one above right"};
    return std::string(orders[boundaryOrder(payload) % 6]) + " at the comparison on line " +
           std::to_string(boundaryLine(payload));
  }
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
  case GoalKind::Returns: {
    const uint64_t callable = (payload >> 8) & 0xffffffff, parameter = payload >> 40;
    const std::string what = outputClassName(static_cast<int>(payload & 0xff));
    if (parameter == 0)
      return callableName(callable) + " returns " + what;
    std::string name = "parameter " + std::to_string(parameter);
    if (callable < model.callables.size() && parameter <= model.callables[callable].params.size())
      name = model.callables[callable].params[parameter - 1].name;
    return callableName(callable) + " leaves " + name + " holding " + what;
  }
  case GoalKind::CallsBack: {
    const uint64_t slot = payload & 0xffff;
    const std::vector<CallbackSlot> slots = callbackSlots(model);
    std::string name = "a callback";
    if (slot < slots.size() && slots[slot].callable >= 0)
      name = model.callables[slots[slot].callable].params[slots[slot].parameter].name;
    else if (slot < slots.size())
      name = model.classes[slots[slot].mockClass].qualifiedName +
             "::" + model.classes[slots[slot].mockClass].mockMethods[slots[slot].mockMethod].name;
    return callableName(payload >> 16) + " calls " + name;
  }
  case GoalKind::Changes:
    return callableName(payload >> 8) + ((payload & 1) ? " changes" : " keeps") +
           " its receiver's state";
  case GoalKind::ArgumentState: {
    std::string name = inputParameterName(model, goal);
    return callableName(inputCallable(goal)) + " given " +
           (name.empty() ? "argument " + std::to_string(inputParameter(goal) + 1) : name) +
           " whose " + callableName(argumentObserver(goal)) + "() " +
           (inputClass(goal) == kThrewClass
                ? std::string("throws")
                : std::string("returns ") + outputClassName(inputClass(goal)));
  }
  case GoalKind::Input: {
    std::string name = inputParameterName(model, goal);
    return callableName(inputCallable(goal)) + " given " + outputClassName(inputClass(goal)) +
           " for " + (name.empty() ? "argument " + std::to_string(inputParameter(goal) + 1) : name);
  }
  case GoalKind::Retrieves: {
    int level = static_cast<int>(payload & 0xff);
    return callableName(payload >> 16) + " returns a value stored " +
           ((payload >> 8 & 1) ? "into another object" : "earlier") +
           (level == 0 ? std::string()
                       : " after " + std::to_string(1 << (level - 1)) + "+ state changes");
  }
  case GoalKind::Failure:
    return std::string("failure ") + failureSlug(outcome.failure) + " in " +
           callableName((payload >> 28) & 0xfffff);
  }
  return "goal";
}

} // namespace unitgen
