// Goals from outcomes: hit-count and busy levels, boundaries, retrieved values, argument classes.
#include "suite/Goals.h"

#include "runtime/driver/BoundaryOrder.h"
#include "suite/Corpus.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace unitgen {
namespace {

ClassModel oneMethodModel() {
  ClassModel model;
  Callable make;
  make.id = 0;
  make.kind = CallableKind::Constructor;
  make.owner = "C";
  Callable poke;
  poke.id = 1;
  poke.kind = CallableKind::Method;
  poke.owner = "C";
  poke.isConst = true;
  model.callables = {make, poke};
  return model;
}

Sequence twoStatements() {
  Sequence sequence;
  Statement make;
  make.callable = 0;
  Statement poke;
  poke.callable = 1;
  poke.receiver = 0;
  sequence.statements = {make, poke};
  return sequence;
}

std::vector<Goal> ofKind(const std::vector<Goal> &goals, GoalKind kind) {
  std::vector<Goal> out;
  std::copy_if(goals.begin(), goals.end(), std::back_inserter(out),
               [&](Goal g) { return goalKind(g) == kind; });
  return out;
}

Outcome withHits(std::vector<uint32_t> edges, std::vector<uint8_t> hits) {
  Outcome outcome;
  outcome.calls.resize(2);
  outcome.calls[0].status = outcome.calls[1].status = CallStatus::Returned;
  outcome.edges = std::move(edges);
  outcome.edgeHits = std::move(hits);
  return outcome;
}

TEST(GoalsTest, HitCountLevelsAreCumulativePowersOfTwo) {
  ClassModel model = oneMethodModel();
  std::vector<Goal> goals = goalsOf(model, twoStatements(), withHits({7, 9}, {1, 5}));
  EXPECT_EQ(ofKind(goals, GoalKind::Edge).size(), 2u);
  std::vector<Goal> repeated = ofKind(goals, GoalKind::EdgeRepeated);
  ASSERT_EQ(repeated.size(), 2u); // edge 9 ran 5 times: levels 2+ and 4+
  EXPECT_EQ(describeGoal(model, twoStatements(), Outcome{}, repeated[0]), "edge 9 run 2+ times");
  EXPECT_EQ(describeGoal(model, twoStatements(), Outcome{}, repeated[1]), "edge 9 run 4+ times");
  EXPECT_TRUE(ofKind(goals, GoalKind::Busy).empty()); // nothing ran 8 times
}

TEST(GoalsTest, LevelsStopAtTheHighestGoal) {
  ClassModel model = oneMethodModel();
  std::vector<Goal> goals = goalsOf(model, twoStatements(), withHits({3}, {255}));
  EXPECT_EQ(ofKind(goals, GoalKind::EdgeRepeated).size(), static_cast<size_t>(kMaxRepeatLevel));
  // The busiest edge ran 255 times: 8+, 16+, 32+, 64+ and 128+.
  std::vector<Goal> busy = ofKind(goals, GoalKind::Busy);
  ASSERT_EQ(busy.size(), static_cast<size_t>(8 - kMinBusyLevel));
  EXPECT_EQ(describeGoal(model, twoStatements(), Outcome{}, busy.back()),
            "some edge run 128+ times");
}

TEST(GoalsTest, OutcomesWithoutHitCountsHaveOnlyEdges) {
  ClassModel model = oneMethodModel();
  Outcome outcome = withHits({1, 2}, {});
  std::vector<Goal> goals = goalsOf(model, twoStatements(), outcome);
  EXPECT_EQ(ofKind(goals, GoalKind::Edge).size(), 2u);
  EXPECT_TRUE(ofKind(goals, GoalKind::EdgeRepeated).empty());
}

TEST(GoalsTest, EachBoundaryIsAGoalNamingItsLine) {
  ClassModel model = oneMethodModel();
  Outcome outcome = withHits({1}, {1});
  outcome.boundaries = {uint64_t{16} << 32 | 0xdeadbeef, uint64_t{40} << 32 | 7};
  std::vector<Goal> boundaries =
      ofKind(goalsOf(model, twoStatements(), outcome), GoalKind::Boundary);
  ASSERT_EQ(boundaries.size(), 2u);
  EXPECT_EQ(describeGoal(model, twoStatements(), outcome, boundaries[0]),
            "equal operands at the comparison on line 16");
  EXPECT_EQ(describeGoal(model, twoStatements(), outcome, boundaries[1]),
            "equal operands at the comparison on line 40");
  // Another site on the same line is another goal.
  Outcome other = withHits({1}, {1});
  other.boundaries = {uint64_t{16} << 32 | 0xdeadbeee};
  EXPECT_NE(ofKind(goalsOf(model, twoStatements(), other), GoalKind::Boundary)[0], boundaries[0]);
}

TEST(GoalsTest, UnequalOperandOrdersAreOrderGoalsApartFromTheBoundary) {
  ClassModel model = oneMethodModel();
  Outcome outcome = withHits({1}, {1});
  outcome.boundaries = {boundaryKey(0xbeef, 54, kOrderLess), boundaryKey(0xbeef, 54, kOrderGreater),
                        boundaryKey(0xbeef, 54, kOrderOneAbove),
                        boundaryKey(0xbeef, 54, kOrderEqual)};
  std::vector<Goal> goals = goalsOf(model, twoStatements(), outcome);
  std::set<std::string> orders;
  for (Goal goal : ofKind(goals, GoalKind::Order))
    orders.insert(describeGoal(model, twoStatements(), outcome, goal));
  EXPECT_EQ(orders, (std::set<std::string>{"left operand smaller at the comparison on line 54",
                                           "right operand smaller at the comparison on line 54",
                                           "left operand one above right at the comparison on "
                                           "line 54"}));
  std::vector<Goal> boundaries = ofKind(goals, GoalKind::Boundary);
  ASSERT_EQ(boundaries.size(), 1u);
  EXPECT_EQ(describeGoal(model, twoStatements(), outcome, boundaries[0]),
            "equal operands at the comparison on line 54");
}

TEST(GoalsTest, ObserversOfHeldObjectsCoverTheirResults) {
  ClassModel model = oneMethodModel();
  Sequence made = twoStatements();
  made.statements.pop_back(); // C c;
  Outcome outcome;
  outcome.calls.resize(1);
  outcome.calls[0].status = CallStatus::Returned;
  outcome.calls[0].producedObject = true;
  ObserverValue poke;
  poke.variable = 0;
  poke.callable = 1;
  poke.value = Value::integer(0);
  outcome.observers = {poke};
  // The test asserts `EXPECT_EQ(c.poke(), 0)`: the same goal as a statement `c.poke()`
  // returning 0, so a test ending in that call is not needed beside it.
  Outcome called = withHits({}, {});
  called.calls[0].producedObject = true;
  called.calls[1].hasValue = true;
  called.calls[1].value = Value::integer(0);
  std::vector<Goal> fromObserver = ofKind(goalsOf(model, made, outcome), GoalKind::Returns);
  ASSERT_EQ(fromObserver.size(), 1u);
  EXPECT_EQ(fromObserver, ofKind(goalsOf(model, twoStatements(), called), GoalKind::Returns));
  // A throwing observer covers the throw; one on an object the test does not hold covers nothing.
  outcome.observers[0].status = CallStatus::Threw;
  outcome.observers[0].exceptionType = "std::out_of_range";
  EXPECT_EQ(ofKind(goalsOf(model, made, outcome), GoalKind::Throws).size(), 1u);
  outcome.calls[0].producedObject = false;
  EXPECT_TRUE(ofKind(goalsOf(model, made, outcome), GoalKind::Throws).empty());
}

/// `C c; c.put(42); c.put(7) ...; c.take()` and a copy `C d(c); d.take()`: callables 0 (make),
/// 1 (put), 2 (take), 3 (copy).
struct Retrieval {
  ClassModel model;
  Sequence sequence;
  Outcome outcome;

  Retrieval() {
    for (int id = 0; id < 4; ++id) {
      Callable callable;
      callable.id = id;
      callable.owner = "C";
      callable.kind = id == 0 || id == 3 ? CallableKind::Constructor : CallableKind::Method;
      callable.qualifiedName = std::string("C::") + "ZptpC"[id];
      model.callables.push_back(callable);
    }
    add(0, -1, {});
  }
  /// Appends a call; `changed` marks a call that changed its receiver's state.
  void add(int callable, int receiver, std::vector<Argument> args, bool changed = false) {
    Statement statement;
    statement.callable = callable;
    statement.receiver = receiver;
    statement.args = std::move(args);
    sequence.statements.push_back(statement);
    CallOutcome call;
    call.status = CallStatus::Returned;
    call.receiverChanged = changed;
    call.producedObject = receiver < 0;
    outcome.calls.push_back(call);
  }
  void put(int value) { add(1, 0, {Argument::of(Value::integer(value))}, true); }
  void take(int receiver, Value returned) {
    add(2, receiver, {}, true);
    outcome.calls.back().hasValue = true;
    outcome.calls.back().value = std::move(returned);
  }
  std::vector<std::string> described() const {
    std::vector<std::string> names;
    for (Goal goal : ofKind(goalsOf(model, sequence, outcome), GoalKind::Retrieves))
      names.push_back(describeGoal(model, sequence, outcome, goal));
    return names;
  }
};

TEST(GoalsTest, AValueReadBackIsTracedToTheCallThatStoredIt) {
  Retrieval run;
  run.put(42);
  run.put(7);
  run.put(8);
  run.take(0, Value::integer(8)); // stored by the call just before: level 0 only
  EXPECT_EQ(run.described(), std::vector<std::string>{"C::t returns a value stored earlier"});
  run.take(0, Value::integer(7)); // two state changes (put(8), take()) in between
  EXPECT_EQ(run.described(), (std::vector<std::string>{
                                 "C::t returns a value stored earlier",
                                 "C::t returns a value stored earlier after 1+ state changes",
                                 "C::t returns a value stored earlier after 2+ state changes"}));
}

TEST(GoalsTest, DeepAndCrossObjectRetrievalsAreTheirOwnGoals) {
  Retrieval run;
  run.put(42);
  for (int i = 0; i < 9; ++i)
    run.put(100 + i);
  run.add(3, -1, {Argument::var(0)}); // C d(c): a copy, one more state change
  run.take(11, Value::integer(42));   // 10 changes after put(42), from the copy
  std::vector<std::string> names = run.described();
  ASSERT_EQ(names.size(), static_cast<size_t>(kMaxRetrieveLevel) + 1);
  EXPECT_EQ(names.back(), "C::t returns a value stored into another object after 8+ state changes");
}

TEST(GoalsTest, ObjectsThatNeverMeetTheReaderNeitherStoreNorChange) {
  Retrieval run;
  run.put(42);
  run.add(0, -1, {}); // C e: another object, never meets c
  for (int i = 0; i < 4; ++i)
    run.add(1, 2, {Argument::of(Value::integer(100 + i))}, true); // e.put(...)
  run.take(0, Value::integer(42)); // nothing changed c in between: level 0 only
  EXPECT_EQ(run.described(), std::vector<std::string>{"C::t returns a value stored earlier"});
  run.take(2, Value::integer(42)); // e never got 42: c's put is not its store
  EXPECT_EQ(run.described(), std::vector<std::string>{"C::t returns a value stored earlier"});
}

TEST(GoalsTest, AnObserverAtTheEndReadsBackLikeACall) {
  Retrieval run;
  run.put(42);
  run.put(7);
  ObserverValue take;
  take.variable = 0;
  take.callable = 2;
  take.value = Value::integer(42);
  run.outcome.observers = {take};
  // The test asserts `EXPECT_EQ(c.t(), 42)` after one more change: levels 0 and 1+, as the
  // statement `c.t()` in that place would cover.
  std::vector<std::string> fromObserver = run.described();
  run.outcome.observers.clear();
  EXPECT_TRUE(run.described().empty());
  run.take(0, Value::integer(42));
  EXPECT_EQ(fromObserver, run.described());
  EXPECT_EQ(fromObserver.size(), 2u);
  // An observer on an object the test does not hold (its constructor did not return one) is
  // asserted nowhere: it reads nothing back.
  Retrieval unheld;
  unheld.put(42);
  unheld.put(7);
  unheld.outcome.calls[0].producedObject = false;
  unheld.outcome.observers = {take};
  EXPECT_TRUE(unheld.described().empty());
}

TEST(GoalsTest, AnswersAndValuesNobodyStoredAreNoRetrievals) {
  Retrieval run;
  run.put(42);
  run.take(0, Value::boolean(true)); // a yes/no answer, not a stored value
  run.take(0, Value::integer(5));    // computed, never passed in
  run.put(1);
  run.take(0, Value::integer(1)); // as likely an index or a count as the 1 stored
  EXPECT_TRUE(run.described().empty());
  run.take(0, Value::integer(42));
  EXPECT_EQ(run.described().size(), 4u); // levels 0, 1+, 2+ and 4+: four changes in between
  // A callable that reads only counters (`size()` returning 42 after `put(42)`) retrieves nothing.
  run.model.callables[2].effects.readsStoredData = false;
  EXPECT_TRUE(run.described().empty());
}

TEST(GoalsTest, EachClassOfEachArgumentIsAnInputGoal) {
  Retrieval run;
  run.put(42);
  run.put(-3);
  run.put(7); // positive again: no new goal
  Parameter value;
  value.name = "value";
  run.model.callables[1].params = {value};
  std::vector<std::string> names;
  for (Goal goal : ofKind(goalsOf(run.model, run.sequence, run.outcome), GoalKind::Input))
    names.push_back(describeGoal(run.model, run.sequence, run.outcome, goal));
  EXPECT_EQ(names, (std::vector<std::string>{"C::p given a negative value for value",
                                             "C::p given a positive value for value"}));
}

TEST(GoalsTest, WhatACallWroteIntoAnOutParameterIsAGoalItsStartingValueIsNot) {
  ClassModel model = oneMethodModel();
  model.callables[1].qualifiedName = "C::find";
  Parameter index;
  index.name = "index";
  index.type.kind = TypeKind::Integer;
  index.type.passing = Passing::Pointer;
  model.callables[1].params = {index};
  Sequence sequence = twoStatements();
  Outcome outcome = withHits({}, {});
  auto goalsFor = [&](int64_t given, int64_t left) {
    sequence.statements[1].args = {Argument::of(Value::integer(given))};
    outcome.calls[1].outputs = {{0, Value::integer(left)}};
    std::vector<std::string> names;
    for (Goal goal : goalsOf(model, sequence, outcome))
      if (goalKind(goal) == GoalKind::Returns || goalKind(goal) == GoalKind::Input)
        names.push_back(describeGoal(model, sequence, outcome, goal));
    return names;
  };
  EXPECT_EQ(goalsFor(0, 7),
            std::vector<std::string>{"C::find leaves index holding a positive value"});
  EXPECT_EQ(goalsFor(0, -7),
            std::vector<std::string>{"C::find leaves index holding a negative value"});
  // Left as it was: one behaviour, whatever it started from.
  EXPECT_EQ(goalsFor(-1, -1),
            std::vector<std::string>{"C::find leaves index holding the value it was given"});
  EXPECT_EQ(goalsFor(5, 5), goalsFor(-1, -1));
}

TEST(GoalsTest, AnObjectArgumentIsMadeBeforeOrAfterTheReceiverOrIsIt) {
  // C a; C b; a.take(b); b.take(a); a.take(a);
  ClassModel model = oneMethodModel();
  Parameter other;
  other.name = "other";
  model.callables[1].params = {other};
  model.callables[1].isConst = false;
  model.callables[1].qualifiedName = "C::take";
  Sequence sequence;
  sequence.statements = {{0, -1, {}},
                         {0, -1, {}},
                         {1, 0, {Argument::var(1)}},
                         {1, 1, {Argument::var(0)}},
                         {1, 0, {Argument::var(0)}}};
  Outcome outcome;
  outcome.calls.resize(sequence.size());
  for (CallOutcome &call : outcome.calls) {
    call.status = CallStatus::Returned;
    call.receiverChanged = true;
  }
  auto inputs = [&](size_t statements) {
    Sequence prefix = sequence;
    prefix.statements.resize(statements);
    std::vector<std::string> names;
    for (Goal goal : ofKind(goalsOf(model, prefix, outcome), GoalKind::Input))
      names.push_back(describeGoal(model, prefix, outcome, goal));
    return names;
  };
  EXPECT_EQ(inputs(3),
            std::vector<std::string>{"C::take given an object made after the receiver for other"});
  // b.take(a) comes after a.take(b) changed a: a is another class than a fresh object.
  EXPECT_EQ(inputs(5),
            (std::vector<std::string>{
                "C::take given an object made after the receiver for other",
                "C::take given the receiver itself for other",
                "C::take given an object made before the receiver and changed since for other"}));
  // A mutating call that left its receiver as it was shows nothing about the order.
  outcome.calls[2].receiverChanged = outcome.calls[4].receiverChanged = false;
  EXPECT_EQ(inputs(3), std::vector<std::string>{});
  EXPECT_EQ(inputs(5),
            (std::vector<std::string>{"C::take given an object made before the receiver for other",
                                      "C::take given the receiver itself for other"}));
}

TEST(GoalsTest, AnObjectArgumentsObserverReadingsWhenTakenAreArgumentStateGoals) {
  // C a; C b; a.take(b); with poke() on b reading `reading` at the end.
  ClassModel model = oneMethodModel();
  Parameter other;
  other.name = "other";
  Callable take = model.callables[1];
  take.id = 2;
  take.isConst = false;
  take.params = {other};
  take.qualifiedName = "C::take";
  model.callables[1].qualifiedName = "C::poke";
  model.callables.push_back(take);
  Sequence sequence;
  sequence.statements = {{0, -1, {}}, {0, -1, {}}, {2, 0, {Argument::var(1)}}};
  Outcome outcome;
  outcome.calls.resize(sequence.size());
  for (CallOutcome &call : outcome.calls) {
    call.status = CallStatus::Returned;
    call.producedObject = true;
  }
  outcome.calls[2].producedObject = false;
  auto states = [&](const Sequence &run, Value reading, CallStatus status) {
    ObserverValue poke;
    poke.variable = 1;
    poke.callable = 1;
    poke.status = status;
    poke.value = std::move(reading);
    outcome.observers = {poke};
    std::set<std::string> names;
    for (Goal goal : ofKind(goalsOf(model, run, outcome), GoalKind::ArgumentState))
      names.insert(describeGoal(model, run, outcome, goal));
    return names;
  };
  EXPECT_EQ(states(sequence, Value::boolean(true), CallStatus::Returned),
            std::set<std::string>{"C::take given other whose C::poke() returns true"});
  EXPECT_EQ(states(sequence, Value::integer(0), CallStatus::Returned),
            std::set<std::string>{"C::take given other whose C::poke() returns zero"});
  EXPECT_EQ(states(sequence, Value(), CallStatus::Threw),
            std::set<std::string>{"C::take given other whose C::poke() throws"});
  // b changed after a took it (b.take(a)): its reading at the end is not the one a took.
  Sequence changedAfter = sequence;
  changedAfter.statements.push_back({2, 1, {Argument::var(0)}});
  outcome.calls.push_back(outcome.calls[2]);
  outcome.calls[3].receiverChanged = true;
  std::set<std::string> afterTake =
      states(changedAfter, Value::boolean(true), CallStatus::Returned);
  EXPECT_FALSE(afterTake.count("C::take given other whose C::poke() returns true"));
  // a.take(a): the receiver itself is no argument state.
  Sequence itself = sequence;
  itself.statements[2].args = {Argument::var(0)};
  outcome.calls.pop_back();
  EXPECT_TRUE(states(itself, Value::boolean(true), CallStatus::Returned).empty());
}

TEST(GoalsTest, NewEdgesAreCountedApartFromOtherNewGoals) {
  Retrieval first;
  first.put(42);
  first.outcome.edges = {3, 7};
  first.outcome.edgeHits = {1, 1};
  Corpus corpus(first.model);
  Corpus::AddResult added = corpus.add(first.sequence, first.outcome);
  EXPECT_EQ(added.newEdges, 2u);
  EXPECT_GT(added.newGoals, added.newEdges);
  Retrieval looped; // the same edges, one taken twice: a new hit count, no new edge
  looped.put(42);
  looped.outcome.edges = {3, 7};
  looped.outcome.edgeHits = {1, 2};
  added = corpus.add(looped.sequence, looped.outcome);
  EXPECT_GT(added.newGoals, 0u);
  EXPECT_EQ(added.newEdges, 0u);
}

TEST(GoalsTest, ArgumentClassesSelectTestsButAreNoFeedback) {
  Retrieval positive;
  positive.put(42);
  Corpus corpus(positive.model);
  EXPECT_GT(corpus.add(positive.sequence, positive.outcome).newGoals, 0u);
  Retrieval negative; // the same calls; only the argument's class is new
  negative.put(-5);
  EXPECT_EQ(corpus.add(negative.sequence, negative.outcome).newGoals, 0u);
  size_t inputs = 0;
  for (const auto &[goal, index] : corpus.best())
    inputs += goalKind(goal) == GoalKind::Input;
  EXPECT_EQ(inputs, 2u) << "both classes still have a test to select";
}

} // namespace
} // namespace unitgen
